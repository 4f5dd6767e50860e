import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminUser } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';
import { listQuery, PAGE_SIZE, type ListFilter, type ListPage } from '../../shared/api/paging.ts';

// Users as administrators see them (GET /api/users/:id, a company's user list). The signed-in user's own account
// is the session's (features/auth `currentUserKey`), loaded with the start sequence.

/** The user query-key family. */
export const userKeys = {
  /** Root: every user query (invalidate it after a change to a user). */
  all: ['users'] as const,
  /** GET /api/users/:id. */
  detail: (id: number) => [...userKeys.all, id] as const,
  /** Prefix of every user list. */
  lists: () => [...userKeys.all, 'list'] as const,
  /** Prefix of a company's user lists (every filter and page). */
  ofCompany: (companyId: number) => [...userKeys.lists(), 'company', companyId] as const,
};

/** GET /api/users/:id — one user (e.g. a controller owner's name). */
export function userQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: async ({ signal }): Promise<AdminUser> =>
      (await api(routes.usersAdmin.get, { signal, params: { id: String(userId) } })).user,
  });
}

/** GET /api/companies/:id/users?q&page&pageSize — the company's users (admin view with allowed actions). */
export function companyUsersQueryOptions(
  companyId: number,
  filter: ListFilter,
  pageSize = PAGE_SIZE,
) {
  const query = listQuery(filter, pageSize);
  return queryOptions({
    queryKey: [...userKeys.ofCompany(companyId), query] as const,
    queryFn: async ({ signal }): Promise<ListPage<AdminUser>> =>
      api(routes.usersAdmin.list, { signal, params: { id: String(companyId) }, query }),
    placeholderData: keepPreviousData,
  });
}
