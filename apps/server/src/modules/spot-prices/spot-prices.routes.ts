import type { spotMarketRoutes } from '@ec/contract';
import { invalidFields } from '../../errors.ts';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { SpotPricesService } from './spot-prices.service.ts';

/** Handlers of the spot-market routes: market data, the same for every signed-in user. */
export function spotMarketHandlers(
  spotPrices: SpotPricesService,
): GroupHandlers<typeof spotMarketRoutes> {
  return {
    async spotMarketPrices({ query }) {
      const from = query.date ?? (query.from as string);
      const to = query.date ?? (query.to as string);
      const days = await spotPrices.days(query.type, query.region, from, to);
      if (!days) throw invalidFields({ 'query.region': 'validation.invalid_value' });
      return days;
    },
  };
}
