import { queryOptions } from '@tanstack/react-query';
import type { LocationGroup } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';

/** The location-group query-key family. */
export const locationGroupKeys = {
  /** Root: every location-group query. */
  all: ['location-groups'] as const,
  /** GET /api/location-groups/:id. */
  detail: (id: number) => [...locationGroupKeys.all, id] as const,
  /** GET /api/companies/:id/location-groups. */
  ofCompany: (companyId: number) => [...locationGroupKeys.all, 'company', companyId] as const,
};

/**
 * GET /api/location-groups/:id, e.g. for a group opened by an address without its company
 * (`/location-groups/{id}`): its company, so a super admin's tree (companies only until one is opened) opens there
 * and the group gets its name in the breadcrumbs and page frames. Not retried: 404 means no access.
 */
export function locationGroupQueryOptions(id: number) {
  return queryOptions({
    queryKey: locationGroupKeys.detail(id),
    queryFn: async ({ signal }): Promise<LocationGroup> =>
      (await api(routes.companies.group, { params: { id: String(id) }, signal })).group,
    staleTime: 30_000,
    retry: false,
  });
}

/** GET /api/companies/:id/location-groups — the company's group tree as a list, parents before children. */
export function companyLocationGroupsQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: locationGroupKeys.ofCompany(companyId),
    queryFn: async ({ signal }): Promise<LocationGroup[]> =>
      (await api(routes.companies.locationGroups, { signal, params: { id: String(companyId) } }))
        .groups,
  });
}
