import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ControllerSearchItem,
  DeviceSearchItem,
  LocationSearchItem,
  UserSearchItem,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { controllerKeys } from '../../../entities/controller/index.ts';
import { searchKeys } from '../../../entities/search/index.ts';
import { userKeys } from '../../../entities/user/index.ts';
import { apiKindOf, type SearchFilters, type SearchKind } from '../search-filters.ts';

/** Results per page. */
export const SEARCH_PAGE_SIZE = 25;

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
    queryKey: searchKeys.results(kind, query),
    queryFn: async ({ signal }) =>
      (await api(routes.search[apiKindOf(kind)], { signal, query })) as SearchPage<K>,
    // The previous page stays while the next loads — of the same kind only (another kind's items differ).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === kind ? keepPreviousData(previous) : undefined,
    staleTime: 10_000,
  });
}

/**
 * After an action: every result list is fetched again, and so is every query of the changed resource's family
 * (the global settings' user and controller screens show the same users and owners).
 */
async function refresh(
  queryClient: QueryClient,
  changed: typeof userKeys.all | typeof controllerKeys.all,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
    queryClient.invalidateQueries({ queryKey: changed }),
  ]);
}

/** POST /api/users/:id/verify. */
export async function verifyUser(queryClient: QueryClient, userId: number): Promise<void> {
  await api(routes.usersAdmin.verify, { params: { id: String(userId) } });
  await refresh(queryClient, userKeys.all);
}

/** DELETE /api/users/:id (422 org.cannot_delete_self for one's own account). */
export async function deleteUser(queryClient: QueryClient, userId: number): Promise<void> {
  await api(routes.usersAdmin.remove, { params: { id: String(userId) } });
  await refresh(queryClient, userKeys.all);
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
  await refresh(queryClient, userKeys.all);
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
  await refresh(queryClient, controllerKeys.all);
}

/** POST /api/auth/impersonate {data:{userId}}; the caller reloads the page (spec 001 §4). */
export async function impersonate(userId: number): Promise<void> {
  await api(routes.impersonation.impersonate, { body: { data: { userId } } });
}
