// Country defaults: time plans and price-type configs shipped for Slovenia, Austria, Croatia and the Netherlands.

import { atDefaults } from './at.ts';
import { hrDefaults } from './hr.ts';
import { nlDefaults } from './nl.ts';
import { siDefaults } from './si.ts';
import type { CountryDefaults } from './types.ts';

export type { CountryDefaults, DefaultPriceTypeConfig, DefaultTimePlan } from './types.ts';
export { SI_NETWORK_PLAN, SI_VT_MT_PLAN } from './si.ts';
export { AT_HT_NT_PLAN } from './at.ts';
export { HR_VT_NT_PLAN } from './hr.ts';
export { NL_NORMAL_LOW_PLAN } from './nl.ts';

// Built on demand (functions, not module constants) so that importing @ec/domain costs nothing until asked.
const BUILDERS: Readonly<Record<string, () => CountryDefaults>> = {
  SI: siDefaults,
  AT: atDefaults,
  HR: hrDefaults,
  NL: nlDefaults,
};

/** Countries (ISO 3166 alpha-2) with shipped defaults. */
export const DEFAULT_COUNTRY_CODES: readonly string[] = ['SI', 'AT', 'HR', 'NL'];

/**
 * The shipped time plans and price-type configs of a country (case-insensitive code), or an empty set for a
 * country without defaults. Fresh copies: callers may change them (the server assigns ids) without touching the
 * shared data.
 */
export function countryDefaults(countryCode: string): CountryDefaults {
  const code = countryCode.toUpperCase();
  const build = BUILDERS[code];
  return build ? build() : { countryCode: code, timePlans: [], configs: [] };
}
