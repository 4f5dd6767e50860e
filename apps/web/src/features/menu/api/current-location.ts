import { queryOptions } from '@tanstack/react-query';
import type { Location } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';

/**
 * GET /api/locations/:id, "kept as the current location" (spec 000 §7): the open location's name, company (a super
 * admin's tree opens there) and flags. The key is the one features/locations uses for the same answer, so both
 * share one cache entry and an edit there renames the location here.
 */
export function currentLocationQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['locations', id] as const,
    queryFn: async ({ signal }): Promise<Location> =>
      (await api(routes.locations.get, { params: { id: String(id) }, signal })).location,
    staleTime: 30_000,
    retry: false,
  });
}
