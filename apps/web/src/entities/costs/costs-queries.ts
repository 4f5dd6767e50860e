import { queryOptions } from '@tanstack/react-query';
import type { CostResolutionParam, LocationCosts } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';

// Costs of a location's energy (issue 13): GET /api/locations/:id/costs, one cache entry per location, period and
// resolution. The stored 15-minute energy grows through the day, so the answer is refreshed every 5 minutes.

/** How often the costs are refreshed while shown (the energy behind them arrives every 15 minutes). */
export const COSTS_REFRESH_MS = 5 * 60_000;

/** The costs query-key family. */
export const costsKeys = {
  /** Root: every costs query. */
  all: ['costs'] as const,
  /** Every costs query of one location. */
  location: (locationId: number) => [...costsKeys.all, 'location', locationId] as const,
  /** GET /api/locations/:id/costs for one period and resolution. */
  period: (locationId: number, from: string, to: string, resolution: CostResolutionParam) =>
    [...costsKeys.location(locationId), from, to, resolution] as const,
};

/** GET /api/locations/:id/costs: the location's grid energy priced by its lists, `from`–`to` local dates. */
export function locationCostsQueryOptions(
  locationId: number,
  from: string,
  to: string,
  resolution: CostResolutionParam,
) {
  return queryOptions({
    queryKey: costsKeys.period(locationId, from, to, resolution),
    queryFn: ({ signal }): Promise<LocationCosts> =>
      api(routes.costs.locationCosts, {
        params: { id: String(locationId) },
        query: { from, to, resolution },
        signal,
      }),
    staleTime: COSTS_REFRESH_MS,
    refetchInterval: COSTS_REFRESH_MS,
    // A 404 (no access) is final.
    retry: false,
  });
}
