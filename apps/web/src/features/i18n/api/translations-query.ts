import { queryOptions } from '@tanstack/react-query';
import { routes } from 'virtual:ec-contract-routes';
import type { Locale } from '@ec/domain';
import { api, siteKey } from '../../../shared/api/client.ts';

/** The catalog for `locale` merged with the site's overrides (GET /api/site/translations/:locale). */
export function translationsQueryOptions(locale: Locale, identifier: string | undefined) {
  return queryOptions({
    queryKey: [...siteKey, 'translations', locale, identifier ?? ''] as const,
    queryFn: ({ signal }) =>
      api(routes.site.translations, {
        params: { locale },
        query: identifier ? { identifier } : {},
        signal,
      }),
    // A catalog changes only with a deploy or a site edit; a reload picks that up.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
