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

/**
 * Currencies without a subunit in use: ISK (spec 001 §9: ISK has 0 decimals, the others of its list 2) and the other
 * ISO 4217 zero-decimal codes, so that money arithmetic (decision 0017) is right for any currency a later list adds.
 */
const ZERO_DECIMALS: ReadonlySet<string> = new Set([
  'ISK',
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** ISO 4217 currencies with three decimals (the dinars and the Omani rial); none is in the spec's list. */
const THREE_DECIMALS: ReadonlySet<string> = new Set([
  'BHD',
  'IQD',
  'JOD',
  'KWD',
  'LYD',
  'OMR',
  'TND',
]);

/** Decimals of a currency's minor unit per ISO 4217 (ISK 0, JPY 0, KWD 3, EUR 2); 2 for an unknown code. */
export function currencyDecimals(code: string): number {
  const upper = code.toUpperCase();
  if (ZERO_DECIMALS.has(upper)) return 0;
  return THREE_DECIMALS.has(upper) ? 3 : 2;
}

/** Every currency with its decimals (GET /currencies). */
export const CURRENCIES: readonly CurrencyEntry[] = CURRENCY_CODES.map((code) => ({
  code,
  decimals: currencyDecimals(code),
}));
