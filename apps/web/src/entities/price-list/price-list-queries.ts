import { queryOptions } from '@tanstack/react-query';
import type { PriceListDto, PriceTypeConfigDto, TimePlanDto, TimePlanSummary } from '@ec/contract';
import type { PriceTypeKind } from '@ec/domain';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';

// Price lists, price-type configs and the time plans they are priced by (DESIGN-13 routes). One family of keys
// per kind, so a change refreshes every view of it (the location's history, the overview, the detail page).

/** The pricing query-key families. */
export const pricingKeys = {
  /** Every price-list query. */
  priceLists: ['price-lists'] as const,
  /** GET /api/locations/:id/price-lists. */
  ofLocation: (locationId: number) => [...pricingKeys.priceLists, 'location', locationId] as const,
  /** GET /api/pricing/price-lists (every location the user may view). */
  all: () => [...pricingKeys.priceLists, 'all'] as const,
  /** GET /api/pricing/price-lists/:id. */
  priceList: (id: number) => [...pricingKeys.priceLists, 'detail', id] as const,
  /** Every price-type config query. */
  configs: ['price-type-configs'] as const,
  /** GET /api/price-type-configs with a filter. */
  configList: (filter: ConfigFilter) => [...pricingKeys.configs, 'list', filter] as const,
  /** GET /api/price-type-configs/:id. */
  config: (id: number) => [...pricingKeys.configs, 'detail', id] as const,
  /** GET /api/price-type-configs/defaults. */
  defaults: (countryCode: string) => [...pricingKeys.configs, 'defaults', countryCode] as const,
  /** Time plans as the pricing screens pick them (the editor's own queries are the time-plan entity's). */
  timePlans: ['pricing-time-plans'] as const,
};

/** A location's price lists, newest first, the active one flagged (GET /api/locations/:id/price-lists). */
export function locationPriceListsQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: pricingKeys.ofLocation(locationId),
    queryFn: async ({ signal }): Promise<PriceListDto[]> =>
      (await api(routes.pricing.locationPriceLists, { params: { id: String(locationId) }, signal }))
        .priceLists,
  });
}

/** The price lists of every location the user may view (GET /api/pricing/price-lists). */
export function allPriceListsQueryOptions() {
  return queryOptions({
    queryKey: pricingKeys.all(),
    queryFn: async ({ signal }): Promise<PriceListDto[]> =>
      (await api(routes.pricing.priceLists, { signal })).priceLists,
  });
}

/** One price list (GET /api/pricing/price-lists/:id); not retried (another tenant's answers 404). */
export function priceListQueryOptions(id: number) {
  return queryOptions({
    queryKey: pricingKeys.priceList(id),
    queryFn: async ({ signal }): Promise<PriceListDto> =>
      (await api(routes.pricing.priceList, { params: { id: String(id) }, signal })).priceList,
    retry: false,
  });
}

/** Which configs to list: predefined ones or a company's, of a country and kind. */
export interface ConfigFilter {
  predefined?: boolean;
  companyId?: number;
  countryCode?: string;
  kind?: PriceTypeKind;
}

/** GET /api/price-type-configs with a filter. */
export function priceTypeConfigsQueryOptions(filter: ConfigFilter) {
  return queryOptions({
    queryKey: pricingKeys.configList(filter),
    queryFn: async ({ signal }): Promise<PriceTypeConfigDto[]> =>
      (
        await api(routes.pricing.priceTypeConfigs, {
          signal,
          query: {
            ...(filter.predefined !== undefined
              ? { predefined: filter.predefined ? 'true' : 'false' }
              : {}),
            ...(filter.companyId !== undefined ? { companyId: String(filter.companyId) } : {}),
            ...(filter.countryCode ? { countryCode: filter.countryCode } : {}),
            ...(filter.kind ? { kind: filter.kind } : {}),
          },
        })
      ).configs,
  });
}

/** GET /api/price-type-configs/:id; not retried (404 for another tenant's). */
export function priceTypeConfigQueryOptions(id: number) {
  return queryOptions({
    queryKey: pricingKeys.config(id),
    queryFn: async ({ signal }): Promise<PriceTypeConfigDto> =>
      (await api(routes.pricing.priceTypeConfig, { params: { id: String(id) }, signal })).config,
    retry: false,
  });
}

/** The shipped country defaults (GET /api/price-type-configs/defaults?countryCode). */
export function configDefaultsQueryOptions(countryCode: string) {
  return queryOptions({
    queryKey: pricingKeys.defaults(countryCode),
    queryFn: ({ signal }) =>
      api(routes.pricing.priceTypeConfigDefaults, { signal, query: { countryCode } }),
    staleTime: 5 * 60_000,
  });
}

/** The time plans the user may price with (GET /api/timeplans[?countryCode]). */
export function pricingTimePlansQueryOptions(countryCode: string | null) {
  return queryOptions({
    queryKey: [...pricingKeys.timePlans, 'list', countryCode] as const,
    queryFn: async ({ signal }): Promise<TimePlanSummary[]> =>
      (
        await api(routes.pricing.timePlans, {
          signal,
          query: countryCode ? { countryCode } : {},
        })
      ).timePlans,
  });
}

/** A time plan with its blocks and completeness (GET /api/timeplans/:id/structure). */
export function pricingTimePlanQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...pricingKeys.timePlans, 'structure', id] as const,
    queryFn: async ({ signal }): Promise<TimePlanDto> =>
      (await api(routes.pricing.timePlanStructure, { params: { id: String(id) }, signal }))
        .timePlan,
    retry: false,
  });
}
