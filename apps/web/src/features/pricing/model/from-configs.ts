import type { PriceTypeConfigDto } from '@ec/contract';
import type { PriceList } from '@ec/domain';
import { emptyPriceListForm, type PriceListFormValues } from './price-list-form.ts';

/** The four configs a list is made from (spec 001 §3 setup configuration ids); any may be missing. */
export interface SetupConfigs {
  buy: PriceTypeConfigDto | null;
  sell: PriceTypeConfigDto | null;
  distributorEnergy: PriceTypeConfigDto | null;
  distributorPower: PriceTypeConfigDto | null;
}

/** The setup configuration ids of the chosen configs. */
export function configIdsOf(configs: SetupConfigs): PriceList['configIds'] {
  return {
    supplierEnergyBuyConfigId: configs.buy?.id ?? null,
    supplierEnergySellConfigId: configs.sell?.id ?? null,
    distributorEnergyConfigId: configs.distributorEnergy?.id ?? null,
    distributorPowerConfigId: configs.distributorPower?.id ?? null,
  };
}

/** A network column of `count` values from a config: its per-block prices, or its one price repeated. */
function column(config: PriceTypeConfigDto | null, count: number): string[] {
  if (!config) return Array.from({ length: count }, () => '');
  if (config.prices.length >= count) return config.prices.slice(0, count);
  return Array.from({ length: count }, (_, i) => config.prices[i] ?? config.prices[0] ?? '');
}

/**
 * A new list's values from the chosen configs (the configs stay provenance: their ids go with the list, and a later
 * change to a config never changes the list). Buy: FIXED → T0, TIME_OF_USE → T1/T2 by its plan, SPOT_MARKET → the
 * buy markup; its monthly fee is the supplier fee. Sell (optional): a different export price — FIXED → T0,
 * TIME_OF_USE → T1/T2 by the windows, SPOT_MARKET → the sell markup. Network: the energy config's plan (or the
 * power config's) with one price per block; a fixed config's one price stands for every block. The agreed power
 * is the location's and is left for the user.
 */
export function priceListFromConfigs(
  configs: SetupConfigs,
  networkBlockCount: (planId: number) => number,
  defaults: Partial<PriceListFormValues> = {},
): PriceListFormValues {
  const { buy, sell } = configs;
  const values = emptyPriceListForm(defaults);
  values.configIds = configIdsOf(configs);
  if (buy) {
    values.currency = buy.currency;
    values.kind = buy.model;
    values.supplierFeePerMonth = buy.feePerMonth ?? '';
    if (buy.model === 'FIXED') values.buy.t0 = buy.prices[0] ?? '';
    if (buy.model === 'TIME_OF_USE') {
      values.tariffPlanId = buy.timePlanId;
      values.buy.t1 = buy.prices[0] ?? '';
      values.buy.t2 = buy.prices[1] ?? '';
    }
    if (buy.model === 'SPOT_MARKET') values.buyMarkup = buy.prices[0] ?? '';
  }
  if (sell) {
    if (sell.model === 'SPOT_MARKET') values.sellMarkup = sell.prices[0] ?? '';
    else {
      values.differentExportPrice = true;
      if (sell.model === 'TIME_OF_USE' && values.kind === 'TIME_OF_USE') {
        values.exportTariff = 'MULTI';
        values.sell.t1 = sell.prices[0] ?? '';
        values.sell.t2 = sell.prices[1] ?? '';
      } else {
        values.exportTariff = 'T0';
        values.sell.t0 = sell.prices[0] ?? '';
      }
    }
  }
  const energy = configs.distributorEnergy;
  const power = configs.distributorPower;
  const planId =
    (energy?.model === 'TIME_OF_USE' ? energy.timePlanId : null) ??
    (power?.model === 'TIME_OF_USE' ? power.timePlanId : null);
  const count = planId === null ? 1 : networkBlockCount(planId);
  values.distributorPlanId = planId;
  values.distributorEnergy = column(energy, count);
  values.distributorPower = column(power, count);
  values.agreedPowerKw = Array.from({ length: count }, () => '');
  return values;
}
