import type { FastifyReply, FastifyRequest } from 'fastify';
import type { menuRoutes } from '@ec/contract';
import {
  NOT_MODIFIED,
  preSerialised,
  type GroupHandlers,
  type PreSerialised,
} from '../../plugins/contract-routes.ts';
import type { CachedAnswer, MenuService } from './menu.service.ts';

/** Whether `If-None-Match` names the ETag (or `*`); weak and strong forms compare equal. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

/** Whether the client takes gzip (a q=0 entry refuses it). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends a cached answer (access was checked before): 304 when the client holds it, else the pre-serialised bytes
 * (gzip ones, made once, when the client takes gzip: compressing per request costs more than the whole rest of
 * the request). The answer depends on who asks, so shared caches must not keep it.
 */
async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedAnswer,
): Promise<typeof NOT_MODIFIED | PreSerialised> {
  reply.header('etag', cached.etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'Cookie, Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return NOT_MODIFIED;
  if (acceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return preSerialised(await cached.gzip());
  }
  return preSerialised(cached.body);
}

/** Handlers of the menu routes. */
export function menuHandlers(service: MenuService): GroupHandlers<typeof menuRoutes> {
  return {
    async menu({ actor, request, reply }) {
      const answer = await service.menu(actor);
      if ('cached' in answer) return sendCached(request, reply, answer.cached);
      reply.header('cache-control', 'no-store');
      return answer.value;
    },

    async search({ actor, query, reply }) {
      // The answer depends on who asks and changes with any tree change: never cached.
      reply.header('cache-control', 'no-store');
      // Its items come from the builders of the cached trees (validated when built) and are copied, never made
      // up: serialised directly, like the cached menu answers, instead of parsed again by the response schema
      // (a hundred paths of nested items; menu-search.test.ts checks the answers against the schema).
      return preSerialised(JSON.stringify({ data: await service.search(actor, query) }));
    },

    async company({ actor, params, request, reply }) {
      const answer = await service.company(actor, params.companyId);
      if ('cached' in answer) return sendCached(request, reply, answer.cached);
      reply.header('cache-control', 'no-store');
      return answer.value;
    },

    async location({ actor, params, query, request, reply }) {
      const { cached } = await service.location(actor, params.id, query);
      return sendCached(request, reply, cached);
    },
  };
}
