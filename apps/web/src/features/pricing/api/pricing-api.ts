import type { QueryClient } from '@tanstack/react-query';
import type {
  PriceListCreateForm,
  PriceListDto,
  PriceListUpdateForm,
  PriceTypeConfigDto,
  PriceTypeConfigForm,
  PriceTypeConfigUpdateForm,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { pricingKeys } from '../../../entities/price-list/index.ts';

// The pricing changes (DESIGN-13 routes). Each throws ApiError / NetworkError; the server authorizes every call on
// the resource (409 with its own message for the delete rules). After a change the affected queries refresh.

/** POST /api/price-type-configs. */
export async function createConfig(
  queryClient: QueryClient,
  data: PriceTypeConfigForm,
): Promise<PriceTypeConfigDto> {
  const { config } = await api(routes.pricing.createPriceTypeConfig, { body: { data } });
  queryClient.setQueryData(pricingKeys.config(config.id), config);
  await queryClient.invalidateQueries({ queryKey: pricingKeys.configs });
  return config;
}

/** PUT /api/price-type-configs/:id (lists made from it keep their prices). */
export async function updateConfig(
  queryClient: QueryClient,
  id: number,
  data: PriceTypeConfigUpdateForm,
): Promise<PriceTypeConfigDto> {
  const { config } = await api(routes.pricing.updatePriceTypeConfig, {
    params: { id: String(id) },
    body: { data },
  });
  queryClient.setQueryData(pricingKeys.config(id), config);
  await queryClient.invalidateQueries({ queryKey: pricingKeys.configs });
  return config;
}

/** DELETE /api/price-type-configs/:id; 409 pricing.errors.config_in_use while lists reference it. */
export async function deleteConfig(queryClient: QueryClient, id: number): Promise<void> {
  await api(routes.pricing.deletePriceTypeConfig, { params: { id: String(id) } });
  queryClient.removeQueries({ queryKey: pricingKeys.config(id) });
  await queryClient.invalidateQueries({ queryKey: pricingKeys.configs });
}

/** POST /api/pricing/price-lists: a list from its date on (the open list covering that date ends there). */
export async function createPriceList(
  queryClient: QueryClient,
  data: PriceListCreateForm,
): Promise<PriceListDto> {
  const { priceList } = await api(routes.pricing.createPriceList, { body: { data } });
  queryClient.setQueryData(pricingKeys.priceList(priceList.id), priceList);
  // The list before it changed too (its end): the whole family refreshes.
  await queryClient.invalidateQueries({ queryKey: pricingKeys.priceLists });
  return priceList;
}

/** PUT /api/pricing/price-lists/:id. */
export async function updatePriceList(
  queryClient: QueryClient,
  id: number,
  data: PriceListUpdateForm,
): Promise<PriceListDto> {
  const { priceList } = await api(routes.pricing.updatePriceList, {
    params: { id: String(id) },
    body: { data },
  });
  queryClient.setQueryData(pricingKeys.priceList(id), priceList);
  await queryClient.invalidateQueries({ queryKey: pricingKeys.priceLists });
  return priceList;
}

/** DELETE /api/pricing/price-lists/:id; 409 pricing.errors.active_list_delete for the active list. */
export async function deletePriceList(queryClient: QueryClient, id: number): Promise<void> {
  await api(routes.pricing.deletePriceList, { params: { id: String(id) } });
  queryClient.removeQueries({ queryKey: pricingKeys.priceList(id) });
  await queryClient.invalidateQueries({ queryKey: pricingKeys.priceLists });
}
