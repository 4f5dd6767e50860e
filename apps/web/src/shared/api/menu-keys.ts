import type { QueryClient } from '@tanstack/react-query';

// The sidebar menu's query keys, shared: the menu feature reads with them, and every feature whose changes show
// in the tree (locations, groups, device groups, devices, company names, accepted invitations) refreshes the menu
// through {@link refreshMenu}, so no feature spells the keys itself.

/** Query-key root of everything the sidebar menu loads: invalidating it refreshes the whole tree. */
export const menuKey = ['menu'] as const;

/** The menu's query keys (features/menu/api/menu-api.ts builds its queries with them). */
export const menuKeys = {
  /** GET /api/menu. */
  root: () => [...menuKey, 'root'] as const,
  /** GET /api/menu/:companyId (a super admin's company; the global settings' group screen shares it). */
  company: (companyId: number) => [...menuKey, 'company', companyId] as const,
  /** GET /api/menu/locations/:id?level&prefix. */
  location: (locationId: number, options: { level: number; prefix: string }) =>
    [...menuKey, 'location', locationId, options] as const,
  /** GET /api/menu/search?q&limit. */
  search: (q: string, limit: number) => [...menuKey, 'search', { q, limit }] as const,
};

/**
 * Marks every menu query stale after a change the tree shows; the queries the sidebar observes refetch at once
 * (the server answers the new tree: its cache follows the company's menu_version), the others when next used.
 * Resolves when the active ones are back; callers that must not wait for the sidebar need not await it.
 */
export async function refreshMenu(queryClient: QueryClient): Promise<void> {
  // A menu request already under way may carry the tree from before the change, and invalidating a query whose
  // first fetch is in flight joins that fetch instead of starting another. Cancel it first (the query keeps what it
  // had), so the invalidation asks again.
  await queryClient.cancelQueries({ queryKey: menuKey });
  await queryClient.invalidateQueries({ queryKey: menuKey });
}
