import type { FastifyRequest } from 'fastify';
import type { siteRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { TranslationsService } from '../translations/translations.service.ts';
import { toSiteInfo, type SiteMapInfo, type SiteService } from './site.service.ts';
import { NOT_MODIFIED } from '../../plugins/contract-routes.ts';

/** The host name the request was sent to, without port (X-Forwarded-Host only when TRUST_PROXY allows it). */
export function requestHost(request: FastifyRequest): string | undefined {
  return request.hostname ? request.hostname.toLowerCase() : undefined;
}

/** Handlers of the site routes (info and translations); `map` is the configured map tiles. */
export function siteHandlers(
  sites: SiteService,
  translations: TranslationsService,
  map: SiteMapInfo,
): GroupHandlers<typeof siteRoutes> {
  return {
    async info({ query, request, reply }) {
      const resolved = await sites.resolve({
        identifier: query.identifier,
        host: requestHost(request),
      });
      // Site status (maintenance) must reach clients quickly; revalidate every time.
      reply.header('cache-control', 'no-cache');
      return toSiteInfo(resolved, map);
    },

    async translations({ params, query, request, reply }) {
      const { site } = await sites.resolve({
        identifier: query.identifier,
        host: requestHost(request),
      });
      const { catalog, etag } = translations.catalogFor(site, params.locale);
      reply.header('cache-control', 'no-cache');
      reply.header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return NOT_MODIFIED;
      return { locale: params.locale, translations: catalog };
    },
  };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}
