import { queryOptions } from '@tanstack/react-query';
import type { LocationGroup } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';

/**
 * GET /api/location-groups/:id for a group opened by an address without its company (`/location-groups/{id}`):
 * its company, so a super admin's tree (companies only until one is opened) opens there and the group gets its name
 * in the breadcrumbs and page frames.
 */
export function currentGroupQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['location-groups', id] as const,
    queryFn: async ({ signal }): Promise<LocationGroup> =>
      (await api(routes.companies.group, { params: { id: String(id) }, signal })).group,
    staleTime: 30_000,
    retry: false,
  });
}
