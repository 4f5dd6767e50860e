import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ControllerSearchItem,
  DeviceSearchItem,
  LocationSearchItem,
  UserSearchItem,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { apiKindOf, type SearchFilters, type SearchKind } from '../search-filters.ts';

/** Results per page. */
export const SEARCH_PAGE_SIZE = 25;

/** Query-key root of the admin search. */
export const searchKey = ['admin-search'] as const;

/** The result item of each kind. */
export interface SearchItems {
  users: UserSearchItem;
  locations: LocationSearchItem;
  'oem-devices': ControllerSearchItem;
  devices: DeviceSearchItem;
}

/** A page of results of one kind. */
export interface SearchPage<K extends SearchKind> {
  items: SearchItems[K][];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /api/search/<users|locations|controllers|devices>?q&companyId&page&pageSize. `pageSize: 1` asks only for the
 * total (the counts on the other kinds' tabs).
 */
export function searchQueryOptions<K extends SearchKind>(
  kind: K,
  filters: Pick<SearchFilters, 'q' | 'companyId' | 'page'>,
  pageSize = SEARCH_PAGE_SIZE,
) {
  const query = {
    q: filters.q.trim() || undefined,
    companyId: filters.companyId ?? undefined,
    page: filters.page,
    pageSize,
  };
  return queryOptions({
    queryKey: [...searchKey, kind, query] as const,
    queryFn: async ({ signal }) =>
      (await api(routes.search[apiKindOf(kind)], { signal, query })) as SearchPage<K>,
    // The previous page stays while the next loads — of the same kind only (another kind's items differ).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === kind ? keepPreviousData(previous) : undefined,
    staleTime: 10_000,
  });
}

/** After an action: every result list (and the company lists, whose counts may change) is fetched again. */
async function refresh(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: searchKey });
}

/** POST /api/users/:id/verify. */
export async function verifyUser(queryClient: QueryClient, userId: number): Promise<void> {
  await api(routes.usersAdmin.verify, { params: { id: String(userId) } });
  await refresh(queryClient);
}

/** DELETE /api/users/:id (422 org.cannot_delete_self for one's own account). */
export async function deleteUser(queryClient: QueryClient, userId: number): Promise<void> {
  await api(routes.usersAdmin.remove, { params: { id: String(userId) } });
  await refresh(queryClient);
}

/** POST /api/users/:id/company {data:{companyId}}. */
export async function changeUserCompany(
  queryClient: QueryClient,
  userId: number,
  companyId: number,
): Promise<void> {
  await api(routes.usersAdmin.changeCompany, {
    params: { id: String(userId) },
    body: { data: { companyId } },
  });
  await refresh(queryClient);
}

/** POST /api/controllers/:id/owner {data:{userId}} (null clears the owner). */
export async function setControllerOwner(
  queryClient: QueryClient,
  controllerId: number,
  userId: number | null,
): Promise<void> {
  await api(routes.locations.setControllerOwner, {
    params: { id: String(controllerId) },
    body: { data: { userId } },
  });
  await refresh(queryClient);
}

/** POST /api/auth/impersonate {data:{userId}}; the caller reloads the page (spec 001 §4). */
export async function impersonate(userId: number): Promise<void> {
  await api(routes.impersonation.impersonate, { body: { data: { userId } } });
}
