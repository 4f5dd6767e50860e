import { queryOptions } from '@tanstack/react-query';
import type { RouteData } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';

// Reference data (docs/organisation.md "Reference data"): lists that change only with a deployment, so they are
// fetched once per visit and shared by every form that offers them (company, location, setup, global settings).

/** A country as GET /api/countries answers it. */
export type ReferenceCountry = RouteData<typeof routes.reference.countries>['countries'][number];
/** A time zone as GET /api/timezones answers it. */
export type ReferenceTimezone = RouteData<typeof routes.reference.timezones>['timezones'][number];
/** A spot-market region (EIC bidding zone or Octopus Agile region). */
export type SpotMarketRegion = RouteData<
  typeof routes.reference.spotMarketRegions
>['entries'][number];
/** A currency with its number of decimals. */
export type ReferenceCurrency = RouteData<typeof routes.reference.currencies>['currencies'][number];

/** Query-key root of everything in this feature. */
export const referenceKey = ['reference'] as const;

const referenceDefaults = { staleTime: Infinity, gcTime: Infinity } as const;

/** GET /api/countries; `visible` limits the list to the countries the product is offered in. */
export function countriesQueryOptions(options: { visible?: boolean } = {}) {
  const visible = options.visible ?? false;
  return queryOptions({
    queryKey: [...referenceKey, 'countries', { visible }] as const,
    queryFn: async ({ signal }) => {
      const { countries } = await api(routes.reference.countries, {
        signal,
        query: visible ? { visible: 'true' } : {},
      });
      return countries;
    },
    ...referenceDefaults,
  });
}

/** GET /api/timezones?countryCode=; every IANA zone when no country is given. */
export function timezonesQueryOptions(countryCode?: string | null) {
  const code = countryCode || null;
  return queryOptions({
    queryKey: [...referenceKey, 'timezones', code] as const,
    queryFn: async ({ signal }) => {
      const { timezones } = await api(routes.reference.timezones, {
        signal,
        query: code ? { countryCode: code } : {},
      });
      return timezones;
    },
    ...referenceDefaults,
  });
}

/** GET /api/pricing/spot-market/regions: the ENTSO-E bidding zones (EIC) and the Octopus Agile regions. */
export function spotMarketRegionsQueryOptions() {
  return queryOptions({
    queryKey: [...referenceKey, 'spot-market-regions'] as const,
    queryFn: async ({ signal }) => {
      const { entries } = await api(routes.reference.spotMarketRegions, { signal });
      return entries;
    },
    ...referenceDefaults,
  });
}

/** GET /api/currencies. */
export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: [...referenceKey, 'currencies'] as const,
    queryFn: async ({ signal }) => {
      const { currencies } = await api(routes.reference.currencies, { signal });
      return currencies;
    },
    ...referenceDefaults,
  });
}
