import type { PriceList, PriceListKind } from '@ec/domain';
import type { FieldError, FieldErrors } from '../../../shared/forms/form-errors.ts';
import { readDecimal, type DecimalRules } from '../../../entities/price-list/index.ts';
import type { WizardStep } from '../components/plan-wizard.tsx';
import { dateError } from './config-form.ts';
import type { PlanChoice } from './plan-choice.ts';

// A location's price list as the wizard edits it (spec 001 §3 price list fields): basic info (name, valid from,
// currency), tariffs (kind, supplier fee, export price rules), plan (supplier prices by kind and the network's
// prices by block of its plan), then the summary.

/** The supplier's prices, by what they price. */
export interface SupplierPrices {
  t0: string;
  t1: string;
  t2: string;
}

/** The wizard's values (prices as typed). */
export interface PriceListFormValues {
  name: string;
  validFrom: string;
  currency: string | null;
  kind: PriceListKind | null;
  supplierFeePerMonth: string;
  differentExportPrice: boolean;
  exportTariff: 'T0' | 'MULTI';
  /** TIME_OF_USE: the plan whose blocks 1 and 2 are the VT and MT windows. */
  tariffPlanId: number | null;
  buy: SupplierPrices;
  sell: SupplierPrices;
  buyMarkup: string;
  sellMarkup: string;
  /** The network's plan (its blocks price energy and power), or null for one value of each. */
  distributorPlanId: number | null;
  distributorEnergy: string[];
  distributorPower: string[];
  agreedPowerKw: string[];
  configIds: PriceList['configIds'];
}

/** Field names for errors: `buy.t1`, `distributorEnergy.2`, … */
export type PriceListField =
  | 'name'
  | 'validFrom'
  | 'currency'
  | 'kind'
  | 'supplierFeePerMonth'
  | 'exportTariff'
  | 'tariffPlanId'
  | 'buy.t0'
  | 'buy.t1'
  | 'buy.t2'
  | 'sell.t0'
  | 'sell.t1'
  | 'sell.t2'
  | 'buyMarkup'
  | 'sellMarkup'
  | 'distributorPlanId'
  | `distributorEnergy.${number}`
  | `distributorPower.${number}`
  | `agreedPowerKw.${number}`;

const NO_CONFIGS: PriceList['configIds'] = {
  supplierEnergyBuyConfigId: null,
  supplierEnergySellConfigId: null,
  distributorEnergyConfigId: null,
  distributorPowerConfigId: null,
};

/** A new list from `validFrom` (the location's today by default). */
export function emptyPriceListForm(
  defaults: Partial<PriceListFormValues> = {},
): PriceListFormValues {
  return {
    name: '',
    validFrom: '',
    currency: 'EUR',
    kind: null,
    supplierFeePerMonth: '',
    differentExportPrice: false,
    exportTariff: 'T0',
    tariffPlanId: null,
    buy: { t0: '', t1: '', t2: '' },
    sell: { t0: '', t1: '', t2: '' },
    buyMarkup: '',
    sellMarkup: '',
    distributorPlanId: null,
    distributorEnergy: [''],
    distributorPower: [''],
    agreedPowerKw: [''],
    configIds: NO_CONFIGS,
    ...defaults,
  };
}

const text = (value: string | null) => value ?? '';

/** The form of a stored list (editing it). */
export function priceListFormOf(list: PriceList): PriceListFormValues {
  const kind = list.kind;
  return {
    name: list.name,
    validFrom: list.validFrom,
    currency: list.currency,
    kind,
    supplierFeePerMonth: text(list.supplierFeePerMonth),
    differentExportPrice: list.differentExportPrice,
    exportTariff: list.exportTariff,
    tariffPlanId: list.tariffPlanId,
    buy: { t0: text(list.tariffs.t0), t1: text(list.tariffs.t1), t2: text(list.tariffs.t2) },
    sell: { t0: text(list.sell.t0), t1: text(list.sell.t1), t2: text(list.sell.t2) },
    buyMarkup: text(list.buyMarkup),
    sellMarkup: text(list.sellMarkup),
    distributorPlanId: list.distributorPlanId,
    distributorEnergy: list.distributorEnergy.length > 0 ? [...list.distributorEnergy] : [''],
    distributorPower: list.distributorPower.length > 0 ? [...list.distributorPower] : [''],
    agreedPowerKw: list.agreedPowerKw.length > 0 ? [...list.agreedPowerKw] : [''],
    configIds: list.configIds,
  };
}

/** How many network blocks the plan step asks for: one per block of the network's plan, or one. */
export function networkBlockCount(plan: PlanChoice | null, planId: number | null): number {
  return planId === null ? 1 : (plan?.blocks.length ?? 0);
}

/** Whether the sell side has its own time-of-use windows (T1/T2): a different export price paid by windows. */
export function sellsByWindows(values: PriceListFormValues): boolean {
  return (
    values.differentExportPrice && values.exportTariff === 'MULTI' && values.kind === 'TIME_OF_USE'
  );
}

function planError(
  planId: number | null,
  plan: PlanChoice | null,
  required: boolean,
  minBlocks = 1,
): FieldError | null {
  if (planId === null) return required ? { key: 'validation.required' } : null;
  if (!plan) return { key: 'pricing_plans.validation.plan_loading' };
  if (!plan.complete) return { key: 'pricing_plans.validation.plan_incomplete' };
  if (plan.blocks.length < minBlocks)
    return { key: 'pricing_plans.validation.plan_blocks', values: { min: minBlocks } };
  return null;
}

/**
 * The field errors of one step. `tariffPlan` and `networkPlan` are the chosen plans (null while loading or none).
 */
export function priceListStepErrors(
  step: WizardStep,
  values: PriceListFormValues,
  tariffPlan: PlanChoice | null,
  networkPlan: PlanChoice | null,
): FieldErrors<PriceListField> {
  const errors: FieldErrors<PriceListField> = {};
  const set = (field: PriceListField, error: FieldError | null) => {
    if (error) errors[field] = error;
  };
  const price = (field: PriceListField, value: string, rules: DecimalRules = {}) => {
    const result = readDecimal(value, { required: true, ...rules });
    if (!result.ok) set(field, result.error);
  };
  if (step === 'basic') {
    const name = values.name.trim();
    set(
      'name',
      name === ''
        ? { key: 'validation.required' }
        : name.length > 120
          ? { key: 'validation.too_long', values: { max: 120 } }
          : null,
    );
    set('validFrom', dateError(values.validFrom, true));
    set('currency', values.currency ? null : { key: 'validation.required' });
  }
  if (step === 'tariffs') {
    set('kind', values.kind ? null : { key: 'validation.required' });
    const fee = readDecimal(values.supplierFeePerMonth);
    if (!fee.ok) set('supplierFeePerMonth', fee.error);
    if (
      values.differentExportPrice &&
      values.exportTariff === 'MULTI' &&
      values.kind !== 'TIME_OF_USE'
    )
      set('exportTariff', { key: 'pricing_plans.validation.multi_needs_tou' });
  }
  if (step === 'plan') {
    if (values.kind === 'FIXED') price('buy.t0', values.buy.t0);
    if (values.kind === 'TIME_OF_USE') {
      set('tariffPlanId', planError(values.tariffPlanId, tariffPlan, true, 2));
      price('buy.t1', values.buy.t1);
      price('buy.t2', values.buy.t2);
    }
    if (values.kind === 'SPOT_MARKET') {
      price('buyMarkup', values.buyMarkup, { allowNegative: true });
      price('sellMarkup', values.sellMarkup, { allowNegative: true });
    }
    if (values.differentExportPrice && values.kind !== 'SPOT_MARKET') {
      if (sellsByWindows(values)) {
        price('sell.t1', values.sell.t1);
        price('sell.t2', values.sell.t2);
      } else price('sell.t0', values.sell.t0);
    }
    set('distributorPlanId', planError(values.distributorPlanId, networkPlan, false));
    const count = networkBlockCount(networkPlan, values.distributorPlanId);
    for (let i = 0; i < count; i++) {
      price(`distributorEnergy.${i}`, values.distributorEnergy[i] ?? '');
      price(`distributorPower.${i}`, values.distributorPower[i] ?? '');
      price(`agreedPowerKw.${i}`, values.agreedPowerKw[i] ?? '', { maxDecimals: 3 });
    }
  }
  return errors;
}

/** A checked decimal field's value ("" → null). */
function value(text: string): string | null {
  const result = readDecimal(text, { allowNegative: true });
  return result.ok ? result.value : null;
}

/** The price list (body of POST/PUT /pricing/price-lists) from checked values. */
export function priceListBody(
  values: PriceListFormValues,
  locationId: number,
  networkPlan: PlanChoice | null,
) {
  const kind = values.kind as PriceListKind;
  const tou = kind === 'TIME_OF_USE';
  const spot = kind === 'SPOT_MARKET';
  const different = values.differentExportPrice && !spot;
  const windows = sellsByWindows(values);
  const count = networkBlockCount(networkPlan, values.distributorPlanId);
  const column = (list: string[]) => list.slice(0, count).map((text) => value(text) ?? '0');
  return {
    locationId,
    name: values.name.trim(),
    kind,
    currency: values.currency as string,
    validFrom: values.validFrom,
    multiTariff: tou,
    tariffPlanId: tou ? values.tariffPlanId : null,
    tariffs: {
      t0: kind === 'FIXED' ? value(values.buy.t0) : null,
      t1: tou ? value(values.buy.t1) : null,
      t2: tou ? value(values.buy.t2) : null,
    },
    differentExportPrice: different,
    exportTariff: windows ? ('MULTI' as const) : ('T0' as const),
    sell: {
      t0: different && !windows ? value(values.sell.t0) : null,
      t1: windows ? value(values.sell.t1) : null,
      t2: windows ? value(values.sell.t2) : null,
    },
    buyMarkup: spot ? value(values.buyMarkup) : null,
    sellMarkup: spot ? value(values.sellMarkup) : null,
    supplierFeePerMonth: value(values.supplierFeePerMonth),
    distributorPlanId: values.distributorPlanId,
    distributorEnergy: column(values.distributorEnergy),
    distributorPower: column(values.distributorPower),
    agreedPowerKw: column(values.agreedPowerKw),
    configIds: values.configIds,
  };
}
