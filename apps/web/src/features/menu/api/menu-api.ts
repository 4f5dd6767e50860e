import { queryOptions } from '@tanstack/react-query';
import type { MenuCompany, MenuItem } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';

// The sidebar menu's calls (spec 000 §7, spec 001 §7; docs/organisation.md "Menu").

/** Query-key root of the menu: invalidating it refetches the whole sidebar. */
export const menuKey = ['menu'] as const;

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
    queryKey: [...menuKey, 'root'] as const,
    queryFn: async ({ signal }): Promise<MenuAnswer> => {
      const { structure, company } = await api(routes.menu.menu, { signal });
      return { structure, company };
    },
    staleTime: 60_000,
  });
}

/** GET /api/menu/:companyId: a company's groups and locations (a super admin opening a company). */
export function companyMenuQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...menuKey, 'company', companyId] as const,
    queryFn: async ({ signal }): Promise<MenuItem[]> => {
      const { structure } = await api(routes.menu.company, { signal, params: { companyId } });
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
    queryKey: [...menuKey, 'location', locationId, { level, prefix }] as const,
    queryFn: async ({ signal }): Promise<MenuItem[]> => {
      const { structure } = await api(routes.menu.location, {
        signal,
        params: { id: locationId },
        query: { level, prefix },
      });
      return structure;
    },
    staleTime: 60_000,
  });
}
