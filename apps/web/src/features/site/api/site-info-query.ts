import { queryOptions } from '@tanstack/react-query';
import { routes } from 'virtual:ec-contract-routes';
import { api, siteKey } from '../../../shared/api/client.ts';

/** Site branding and status (GET /api/site/info?identifier=). */
export function siteInfoQueryOptions(identifier: string | undefined) {
  return queryOptions({
    queryKey: [...siteKey, 'info', identifier ?? ''] as const,
    queryFn: ({ signal }) =>
      api(routes.site.info, { query: identifier ? { identifier } : {}, signal }),
    // Branding does not change during a visit; the start sequence loads it once.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
