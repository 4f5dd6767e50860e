// Country defaults: time plans and price-type configs shipped for Slovenia, Austria, Croatia and the Netherlands.

import { AT_DEFAULTS } from './at.ts';
import { HR_DEFAULTS } from './hr.ts';
import { NL_DEFAULTS } from './nl.ts';
import { SI_DEFAULTS } from './si.ts';
import type { CountryDefaults } from './types.ts';

export type { CountryDefaults, DefaultPriceTypeConfig, DefaultTimePlan } from './types.ts';
export { SI_NETWORK_PLAN, SI_VT_MT_PLAN } from './si.ts';
export { AT_HT_NT_PLAN } from './at.ts';
export { HR_VT_NT_PLAN } from './hr.ts';
export { NL_NORMAL_LOW_PLAN } from './nl.ts';

const ALL: readonly CountryDefaults[] = [SI_DEFAULTS, AT_DEFAULTS, HR_DEFAULTS, NL_DEFAULTS];

/** Countries (ISO 3166 alpha-2) with shipped defaults. */
export const DEFAULT_COUNTRY_CODES: readonly string[] = ALL.map((d) => d.countryCode);

/**
 * The shipped time plans and price-type configs of a country (case-insensitive code), or an empty set for a
 * country without defaults. Fresh copies: callers may change them (the server assigns ids) without touching the
 * shared data.
 */
export function countryDefaults(countryCode: string): CountryDefaults {
  const code = countryCode.toUpperCase();
  const found = ALL.find((d) => d.countryCode === code);
  if (!found) return { countryCode: code, timePlans: [], configs: [] };
  return structuredClone(found) as CountryDefaults;
}
