import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/** Hashed build output: safe to cache for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves a non-API GET/HEAD that matched no file: the SPA's index.html (history fallback). */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const NOT_BUILT =
  'The web app is not built yet.\n\nRun `npm run build` (or `npm start`, which builds first), then restart the server.\n' +
  'The API is available under /api (documentation: /api/docs).\n';

/**
 * Serves the built SPA from `distDir`: files as they are (hashed /assets/* cached immutably, other files for an
 * hour), and every other non-API path answered with index.html, uncached, so client-side routes survive a reload.
 * Without a build, non-API pages explain how to make one instead of failing.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { distDir: string; csp: (request: FastifyRequest) => Promise<string> },
): Promise<SpaFallback> {
  const { distDir } = options;
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`');
    return async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
  }
  const assetsDir = join(distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    // index.html (and directories, '/' included) only through the fallback, which adds the page's CSP; /api is
    // never a file.
    allowedPath: (pathname) =>
      pathname !== '/index.html' && !pathname.endsWith('/') && !pathname.startsWith('/api/'),
    setHeaders(reply, path) {
      if (path.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
      else if (path.endsWith(`${sep}index.html`)) reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  return async (request, reply) => {
    // A missing file (a stale hashed chunk, a typo) is a 404, not the app: a script tag must not receive HTML.
    const path = request.url.split('?')[0] ?? '';
    if (path !== '/index.html' && /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1))) {
      return sendError(reply, 404, 'NOT_FOUND');
    }
    reply.header('content-security-policy', await options.csp(request));
    return reply.sendFile('index.html');
  };
}
