import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Controller, ControllerSearchItem, ControllerSummary } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';
import { listQuery, PAGE_SIZE, type ListFilter, type ListPage } from '../../shared/api/paging.ts';

// A controller's queries: one cache entry per controller and one per location's list, whoever shows them (Manage
// Location, the global settings).

/** The controller query-key family. */
export const controllerKeys = {
  /** Root: every controller query (invalidate it after a change to controllers or their devices). */
  all: ['controllers'] as const,
  /** GET /api/controllers/:id. */
  detail: (id: number) => [...controllerKeys.all, id] as const,
  /** Prefix of every controller list. */
  lists: () => [...controllerKeys.all, 'list'] as const,
  /** GET /api/locations/:id/controllers. */
  ofLocation: (locationId: number) => [...controllerKeys.lists(), 'location', locationId] as const,
  /** Prefix of a company's controller lists (every filter and page). */
  ofCompany: (companyId: number) => [...controllerKeys.lists(), 'company', companyId] as const,
};

/** GET /api/controllers/:id with its devices (deleted ones included). */
export function controllerQueryOptions(id: number) {
  return queryOptions({
    queryKey: controllerKeys.detail(id),
    queryFn: async ({ signal }): Promise<Controller> =>
      (await api(routes.locations.getController, { params: { id: String(id) }, signal }))
        .controller,
  });
}

/** GET /api/locations/:id/controllers. */
export function locationControllersQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: controllerKeys.ofLocation(locationId),
    queryFn: async ({ signal }): Promise<ControllerSummary[]> =>
      (await api(routes.locations.controllers, { params: { id: String(locationId) }, signal }))
        .controllers,
  });
}

/** GET /api/search/controllers?companyId — the company's controllers with location and owner. */
export function companyControllersQueryOptions(
  companyId: number,
  filter: ListFilter,
  pageSize = PAGE_SIZE,
) {
  const query = { ...listQuery(filter, pageSize), companyId };
  return queryOptions({
    queryKey: [...controllerKeys.ofCompany(companyId), query] as const,
    queryFn: async ({ signal }): Promise<ListPage<ControllerSearchItem>> =>
      api(routes.search.controllers, { signal, query }),
    placeholderData: keepPreviousData,
  });
}
