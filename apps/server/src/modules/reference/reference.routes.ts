import type { referenceRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { ReferenceService } from './reference.service.ts';

/** Handlers of the reference-data routes (public lists). */
export function referenceHandlers(
  reference: ReferenceService,
): GroupHandlers<typeof referenceRoutes> {
  return {
    async countries({ query }) {
      return { countries: await reference.countries(query.visible === 'true') };
    },
    async timezones({ query }) {
      return { timezones: reference.timezones(query.countryCode) };
    },
    async spotMarketRegions() {
      return { entries: reference.spotMarketRegions() };
    },
    async currencies() {
      return { currencies: reference.currencies() };
    },
  };
}
