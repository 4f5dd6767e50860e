import { queryOptions } from '@tanstack/react-query';
import type { MenuCompany, MenuItem } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';
import { menuKeys } from './menu-keys.ts';

// The sidebar menu's calls (spec 000 §7, spec 001 §7; docs/organisation.md "Menu"). Every feature whose changes
// show in the tree refreshes it with refreshMenu (menu-keys.ts).

/** What GET /api/menu answers. */
export interface MenuAnswer {
  structure: MenuItem[];
  company: MenuCompany | null;
}

/**
 * GET /api/menu: a super admin's companies (children not loaded), an aggregator's company with its tree, or the
 * granted part of the tree for everyone else.
 */
export function menuQueryOptions() {
  return queryOptions({
    queryKey: menuKeys.root(),
    queryFn: async ({ signal }): Promise<MenuAnswer> => {
      const { structure, company } = await api(routes.menu.menu, { signal });
      return { structure, company };
    },
    staleTime: 60_000,
  });
}

/**
 * GET /api/menu/:companyId: a company's groups and locations below its root group (a super admin opening a
 * company in the sidebar; the global settings' group screen takes each group's locations from the same entry).
 */
export function companyMenuQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: menuKeys.company(companyId),
    queryFn: async ({ signal }): Promise<MenuItem[]> => {
      const { structure } = await api(routes.menu.company, {
        signal,
        params: { companyId: String(companyId) },
      });
      return structure;
    },
    staleTime: 60_000,
  });
}

/**
 * GET /api/menu/locations/:id?level&prefix: a location's device groups and devices, hrefs under `prefix` (the
 * location's path the user is under). The request carries the query's AbortSignal: when nobody waits for the
 * children any more (the location was closed, the user moved on), TanStack Query cancels it.
 */
export function locationChildrenQueryOptions(locationId: number, level: number, prefix: string) {
  return queryOptions({
    queryKey: menuKeys.location(locationId, { level, prefix }),
    queryFn: async ({ signal }): Promise<MenuItem[]> => {
      const { structure } = await api(routes.menu.location, {
        signal,
        params: { id: String(locationId) },
        query: { level, prefix },
      });
      return structure;
    },
    staleTime: 60_000,
  });
}

/** How many matches the sidebar asks the server for; more say "refine the filter". */
export const MENU_SEARCH_LIMIT = 100;

/** What the sidebar search answers, with the text it was asked for (the rows mark that text). */
export interface MenuSearchAnswer {
  q: string;
  structure: MenuItem[];
  matches: string[];
  total: number;
}

/**
 * GET /api/menu/search?q&limit: the sidebar filter over the whole tree the user may see (companies never opened,
 * device groups and devices included): the matches with the way to them, as menu items. `q` is the normalised
 * filter (the server compares case-insensitively).
 */
export function menuSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: menuKeys.search(q, MENU_SEARCH_LIMIT),
    queryFn: async ({ signal }): Promise<MenuSearchAnswer> => {
      const { structure, matches, total } = await api(routes.menu.search, {
        signal,
        query: { q, limit: MENU_SEARCH_LIMIT },
      });
      return { q, structure, matches, total };
    },
    staleTime: 30_000,
  });
}
