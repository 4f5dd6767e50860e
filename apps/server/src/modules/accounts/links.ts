import type { FastifyRequest } from 'fastify';
import type { Log } from '../../logger.ts';
import { requestHost } from '../site/site.routes.ts';
import { fallbackOrigin, siteHostOrigin, type OriginConfig } from '../site/site-origin.ts';
import {
  DEFAULT_SITE_IDENTIFIER,
  type SiteRecord,
  type SiteService,
} from '../site/site.service.ts';

/**
 * The origin for links in mail (and OpenID Connect callbacks), never taken from request headers
 * (docs/decisions/0013): when the request's host name is one of a site's hosts, that host's configured origin
 * (PUBLIC_URL's scheme and port, or http and PORT in development); otherwise PUBLIC_URL, or http://localhost:<PORT>
 * with a warning. A forged Host or X-Forwarded-Host therefore cannot put an attacker's origin into a password-reset
 * link ("reset poisoning"); the security plugin refuses a Host that is not a plain host[:port] before this runs.
 */
export function createOriginResolver(config: OriginConfig, sites: SiteService, log: Log) {
  return async (request: FastifyRequest): Promise<string> => {
    const host = requestHost(request);
    if (host) {
      const { matchedHost } = await sites.resolve({ host });
      // Built from the stored host and the configuration only: the request contributes nothing but the match.
      const origin = matchedHost ? siteHostOrigin(matchedHost, config) : null;
      if (origin) return origin;
    }
    if (!config.publicUrl) {
      log.warn(
        { host: request.host },
        'request host is no site host: links use localhost (set PUBLIC_URL)',
      );
    }
    return fallbackOrigin(config);
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
