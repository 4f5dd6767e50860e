import type { PriceModel, PriceTypeConfig, PriceTypeKind } from '@ec/domain';
import type { FieldError, FieldErrors } from '../../../shared/forms/form-errors.ts';
import { readDecimal } from '../../../entities/price-list/index.ts';
import type { WizardStep } from '../components/plan-wizard.tsx';
import type { PlanChoice } from './plan-choice.ts';

// The price-type config form (predefined configs of super admins, company plans of aggregators): what the wizard
// keeps between its steps, each step's checks, and the request body it becomes.

/** The wizard's values; prices are kept as typed (text) until saved. */
export interface ConfigFormValues {
  name: string;
  kind: PriceTypeKind | null;
  countryCode: string | null;
  currency: string | null;
  validFrom: string;
  validTo: string;
  model: PriceModel | null;
  feePerMonth: string;
  timePlanId: number | null;
  /** FIXED: [price]; TIME_OF_USE: one per block position; SPOT_MARKET: [markup]. */
  prices: string[];
}

/** The fields of the form (error names). `prices.N` names block N's price. */
export type ConfigField =
  | 'name'
  | 'kind'
  | 'countryCode'
  | 'currency'
  | 'validFrom'
  | 'validTo'
  | 'model'
  | 'feePerMonth'
  | 'timePlanId'
  | `prices.${number}`;

/** A supplier's components carry a monthly fee. */
export function isSupplierKind(kind: PriceTypeKind | null): boolean {
  return kind === 'SUPPLIER_ENERGY_BUY' || kind === 'SUPPLIER_ENERGY_SELL';
}

/** The models a kind may use: spot market only for the two supplier kinds (DESIGN-13). */
export function modelsOfKind(kind: PriceTypeKind | null): PriceModel[] {
  return isSupplierKind(kind) ? ['FIXED', 'TIME_OF_USE', 'SPOT_MARKET'] : ['FIXED', 'TIME_OF_USE'];
}

/** An empty form (a new config). */
export function emptyConfigForm(defaults: Partial<ConfigFormValues> = {}): ConfigFormValues {
  return {
    name: '',
    kind: null,
    countryCode: null,
    currency: 'EUR',
    validFrom: '',
    validTo: '',
    model: null,
    feePerMonth: '',
    timePlanId: null,
    prices: [''],
    ...defaults,
  };
}

/** The form of a stored config (editing). */
export function configFormOf(config: PriceTypeConfig): ConfigFormValues {
  return {
    name: config.name,
    kind: config.kind,
    countryCode: config.countryCode,
    currency: config.currency,
    validFrom: config.validFrom,
    validTo: config.validTo ?? '',
    model: config.model,
    feePerMonth: config.feePerMonth ?? '',
    timePlanId: config.timePlanId,
    prices: config.prices.length > 0 ? [...config.prices] : [''],
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function requiredText(value: string, max: number): FieldError | null {
  const trimmed = value.trim();
  if (trimmed === '') return { key: 'validation.required' };
  if (trimmed.length > max) return { key: 'validation.too_long', values: { max } };
  return null;
}

/** Checks a date field: YYYY-MM-DD, a real day. */
export function dateError(value: string, required: boolean): FieldError | null {
  if (value === '') return required ? { key: 'validation.required' } : null;
  if (!DATE.test(value)) return { key: 'validation.invalid' };
  // A real day: Date rolls 2026-02-30 over into March, so the parts must come back as written.
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { key: 'validation.invalid' };
  return null;
}

/** How many prices the plan step asks for: one per block of a time-of-use plan, else one. */
export function priceCount(model: PriceModel | null, plan: PlanChoice | null): number {
  return model === 'TIME_OF_USE' ? (plan?.blocks.length ?? 0) : 1;
}

/**
 * The field errors of one step (empty when it may be left). `plan` is the chosen time plan (time of use), null
 * while it loads or when none is chosen.
 */
export function configStepErrors(
  step: WizardStep,
  values: ConfigFormValues,
  plan: PlanChoice | null,
): FieldErrors<ConfigField> {
  const errors: FieldErrors<ConfigField> = {};
  const set = (field: ConfigField, error: FieldError | null) => {
    if (error) errors[field] = error;
  };
  if (step === 'basic') {
    set('name', requiredText(values.name, 120));
    set('kind', values.kind ? null : { key: 'validation.required' });
    set('countryCode', values.countryCode ? null : { key: 'validation.required' });
    set('currency', values.currency ? null : { key: 'validation.required' });
    set('validFrom', dateError(values.validFrom, true));
    const to = dateError(values.validTo, false);
    set(
      'validTo',
      to ??
        (values.validTo && values.validFrom && values.validTo <= values.validFrom
          ? { key: 'pricing_plans.validation.to_after_from' }
          : null),
    );
  }
  if (step === 'tariffs') {
    if (!values.model || !modelsOfKind(values.kind).includes(values.model))
      set('model', { key: 'validation.required' });
    if (isSupplierKind(values.kind)) {
      const fee = readDecimal(values.feePerMonth);
      if (!fee.ok) set('feePerMonth', fee.error);
    }
  }
  if (step === 'plan') {
    if (values.model === 'TIME_OF_USE') {
      if (values.timePlanId === null) set('timePlanId', { key: 'validation.required' });
      else if (plan && !plan.complete)
        set('timePlanId', { key: 'pricing_plans.validation.plan_incomplete' });
      else if (!plan) set('timePlanId', { key: 'pricing_plans.validation.plan_loading' });
    }
    const count = priceCount(values.model, plan);
    for (let i = 0; i < count; i++) {
      const result = readDecimal(values.prices[i] ?? '', {
        required: true,
        allowNegative: values.model === 'SPOT_MARKET',
      });
      if (!result.ok) set(`prices.${i}`, result.error);
    }
  }
  return errors;
}

/** The body of POST/PUT /price-type-configs from checked values (`companyId`: null for a predefined config). */
export function configBody(
  values: ConfigFormValues,
  plan: PlanChoice | null,
  companyId: number | null,
) {
  const count = priceCount(values.model, plan);
  const prices = values.prices
    .slice(0, count)
    .map((text) => readDecimal(text, { allowNegative: true }))
    .map((result) => (result.ok ? (result.value ?? '0') : '0'));
  const fee = readDecimal(values.feePerMonth);
  return {
    name: values.name.trim(),
    kind: values.kind as PriceTypeKind,
    countryCode: values.countryCode as string,
    companyId,
    currency: values.currency as string,
    model: values.model as PriceModel,
    timePlanId: values.model === 'TIME_OF_USE' ? values.timePlanId : null,
    prices,
    feePerMonth: isSupplierKind(values.kind) && fee.ok ? fee.value : null,
    validFrom: values.validFrom,
    validTo: values.validTo === '' ? null : values.validTo,
  };
}
