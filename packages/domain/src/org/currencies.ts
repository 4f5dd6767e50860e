/** A currency and the number of decimals its amounts are shown and rounded with. */
export interface CurrencyEntry {
  /** ISO 4217 code. */
  readonly code: string;
  readonly decimals: number;
}

/** The currencies of spec 001 §9, in its order. */
export const CURRENCY_CODES = [
  'EUR',
  'GBP',
  'SEK',
  'NOK',
  'DKK',
  'CHF',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'HRK',
  'ISK',
  'UAH',
  'CAD',
  'USD',
  'ILS',
  'RUB',
  'TRY',
] as const;
/** One of {@link CURRENCY_CODES}. */
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Currencies without a subunit in use (spec 001 §9: ISK has 0 decimals; the others 2). */
const ZERO_DECIMALS: ReadonlySet<string> = new Set(['ISK']);

/** Decimals for a currency code: 0 for ISK, 2 for every other (also unknown) code. */
export function currencyDecimals(code: string): number {
  return ZERO_DECIMALS.has(code.toUpperCase()) ? 0 : 2;
}

/** Every currency with its decimals (GET /currencies). */
export const CURRENCIES: readonly CurrencyEntry[] = CURRENCY_CODES.map((code) => ({
  code,
  decimals: currencyDecimals(code),
}));
