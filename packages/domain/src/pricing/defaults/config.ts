// A helper that fills the fields every shipped config shares (predefined, no id yet, plan linked by code).

import type { PriceTypeConfig } from '../types.ts';
import type { DefaultPriceTypeConfig } from './types.ts';

/** Fields a default config spells out; the rest is filled in. */
export type ConfigSpec = Omit<PriceTypeConfig, 'id' | 'companyId' | 'timePlanId' | 'currency'> & {
  readonly currency?: string;
};

/** A default config: id 0, companyId null (predefined), timePlanId null (the plan is `timePlanCode`), EUR. */
export function defaultConfig(
  code: string,
  source: string,
  timePlanCode: string | null,
  spec: ConfigSpec,
): DefaultPriceTypeConfig {
  return {
    code,
    source,
    timePlanCode,
    config: { id: 0, companyId: null, timePlanId: null, currency: 'EUR', ...spec },
  };
}
