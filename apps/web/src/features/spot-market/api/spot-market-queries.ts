import { queryOptions } from '@tanstack/react-query';
import type { SpotMarketDays } from '@ec/contract';
import type { SpotRegionType } from '@ec/domain';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';

/** The spot-market query-key family. */
export const spotMarketKeys = {
  all: ['spot-market'] as const,
};

/** GET /api/pricing/spot-market?region&type&from&to — a region's stored quarter hours for local days. */
export function spotMarketQueryOptions(
  region: { type: SpotRegionType; code: string },
  from: string,
  to: string,
) {
  const query = { region: region.code, type: region.type, from, to };
  return queryOptions({
    queryKey: [...spotMarketKeys.all, query] as const,
    queryFn: ({ signal }): Promise<SpotMarketDays> =>
      api(routes.spotMarket.spotMarketPrices, { signal, query }),
    // Tomorrow's prices appear in the afternoon: look again every 10 minutes while the page is open.
    staleTime: 60_000,
    refetchInterval: 600_000,
  });
}
