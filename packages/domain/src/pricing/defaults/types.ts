// Shapes of the shipped country defaults (GET /price-type-configs/defaults?countryId): time plans and price-type
// configs as data with a stable `code` each, not yet stored. The server assigns ids when it stores them.

import type { PriceTypeConfig, TimePlan } from '../types.ts';

/** A shipped time plan. `plan.id` is 0 and its blocks, seasons and slots have ids local to the plan. */
export interface DefaultTimePlan {
  /** Stable key, e.g. `SI-NETWORK-5-BLOCKS-2024`; configs refer to plans by it. */
  readonly code: string;
  /** Where the windows come from (law, operator page) — shown to super admins. */
  readonly source: string;
  readonly plan: TimePlan;
}

/** A shipped price-type config. `config.id` is 0 and `config.timePlanId` null; the plan is `timePlanCode`. */
export interface DefaultPriceTypeConfig {
  /** Stable key, e.g. `SI-DISTRIBUTOR-ENERGY-2026`. */
  readonly code: string;
  /** Published source of the prices, or "typical, source …" where the value is indicative. */
  readonly source: string;
  /** TIME_OF_USE: the code of the default plan the prices follow; else null. */
  readonly timePlanCode: string | null;
  readonly config: PriceTypeConfig;
}

/** The defaults of one country. */
export interface CountryDefaults {
  /** ISO 3166 alpha-2. */
  readonly countryCode: string;
  readonly timePlans: readonly DefaultTimePlan[];
  readonly configs: readonly DefaultPriceTypeConfig[];
}
