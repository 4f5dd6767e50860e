import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Location,
  LocationInvitation,
  LocationSearchItem,
  LocationStructure,
  LocationUser,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';
import { listQuery, PAGE_SIZE, type ListFilter, type ListPage } from '../../shared/api/paging.ts';

// A location's queries. One location is one cache entry (GET /api/locations/:id), whoever shows it: the sidebar's
// current location, the page frames, Manage Location and the global settings' location page.

/** The location query-key family. */
export const locationKeys = {
  /** Root: every location query. */
  all: ['locations'] as const,
  /** GET /api/locations/:id; also the prefix of what is cached under the location (users, structure). */
  detail: (id: number) => [...locationKeys.all, id] as const,
  /** GET /api/locations/:id/users. */
  users: (id: number) => [...locationKeys.detail(id), 'users'] as const,
  /** GET /api/locations/:id/structure. */
  structure: (id: number) => [...locationKeys.detail(id), 'structure'] as const,
  /** Prefix of every location list. */
  lists: () => [...locationKeys.all, 'list'] as const,
  /** Prefix of a company's location lists (every filter and page). */
  ofCompany: (companyId: number) => [...locationKeys.lists(), 'company', companyId] as const,
};

/**
 * GET /api/locations/:id: the location with the user's flags on it ("kept as the current location", spec 000 §7).
 * Not retried: a location the user may not see answers 404, and the frames say so at once.
 */
export function locationQueryOptions(id: number) {
  return queryOptions({
    queryKey: locationKeys.detail(id),
    queryFn: async ({ signal }): Promise<Location> =>
      (await api(routes.locations.get, { params: { id: String(id) }, signal })).location,
    staleTime: 30_000,
    retry: false,
  });
}

/** The location's users and invitations (GET /api/locations/:id/users, edit). */
export interface LocationUsers {
  users: LocationUser[];
  invitations: LocationInvitation[];
}

/** GET /api/locations/:id/users. */
export function locationUsersQueryOptions(id: number) {
  return queryOptions({
    queryKey: locationKeys.users(id),
    queryFn: ({ signal }): Promise<LocationUsers> =>
      api(routes.locations.users, { params: { id: String(id) }, signal }),
  });
}

/** GET /api/locations/:id/structure: device groups with their devices, then the ungrouped devices. */
export function locationStructureQueryOptions(id: number) {
  return queryOptions({
    queryKey: locationKeys.structure(id),
    queryFn: ({ signal }): Promise<LocationStructure> =>
      api(routes.locations.structure, { params: { id: String(id) }, signal }),
  });
}

/** GET /api/search/locations?companyId — the company's locations with group, owner and controller count. */
export function companyLocationsQueryOptions(
  companyId: number,
  filter: ListFilter,
  pageSize = PAGE_SIZE,
) {
  const query = { ...listQuery(filter, pageSize), companyId };
  return queryOptions({
    queryKey: [...locationKeys.ofCompany(companyId), query] as const,
    queryFn: async ({ signal }): Promise<ListPage<LocationSearchItem>> =>
      api(routes.search.locations, { signal, query }),
    placeholderData: keepPreviousData,
  });
}
