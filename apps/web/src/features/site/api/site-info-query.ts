import { queryOptions } from '@tanstack/react-query';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { siteKeys } from '../../../shared/api/site-keys.ts';

/** Site branding and status (GET /api/site/info?identifier=). */
export function siteInfoQueryOptions(identifier: string | undefined) {
  return queryOptions({
    queryKey: siteKeys.info(identifier),
    queryFn: ({ signal }) =>
      api(routes.site.info, { query: identifier ? { identifier } : {}, signal }),
    // Branding does not change during a visit; the start sequence loads it once.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
