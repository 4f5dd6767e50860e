import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Log } from '../../logger.ts';
import { requestHost } from '../site/site.routes.ts';
import type { SiteRecord } from '../site/site.repository.ts';
import { DEFAULT_SITE_IDENTIFIER, type SiteService } from '../site/site.service.ts';

/**
 * The origin for links in mail (and OpenID Connect callbacks): PUBLIC_URL when set; otherwise the request's origin
 * only when its host is one of a site's hosts. A forged Host header therefore cannot put an attacker's origin into
 * a password-reset link ("reset poisoning"); unknown hosts fall back to http://localhost:<PORT> with a warning.
 */
export function createOriginResolver(
  config: Pick<Config, 'publicUrl' | 'port'>,
  sites: SiteService,
  log: Log,
) {
  return async (request: FastifyRequest): Promise<string> => {
    if (config.publicUrl) return config.publicUrl;
    const host = requestHost(request);
    if (host) {
      const { matchedHost } = await sites.resolve({ host });
      // Through URL, so a default port ("localhost:80") is dropped and links compare equal everywhere.
      if (matchedHost) return new URL(`${request.protocol}://${request.host}`).origin;
    }
    log.warn(
      { host: request.host },
      'request host is no site host: links use localhost (set PUBLIC_URL)',
    );
    return `http://localhost:${config.port}`;
  };
}

/** Resolves the link origin of a request. */
export type OriginResolver = ReturnType<typeof createOriginResolver>;

/**
 * An absolute link into the SPA. `identifier` is added when the origin's host would not select the user's site,
 * so the page opens in the user's branding.
 */
export function appLink(
  origin: string,
  path: string,
  site: SiteRecord,
  query: Record<string, string> = {},
): string {
  const url = new URL(path, `${origin}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (site.identifier !== DEFAULT_SITE_IDENTIFIER && !site.hosts.includes(url.hostname)) {
    url.searchParams.set('identifier', site.identifier);
  }
  return url.href;
}
