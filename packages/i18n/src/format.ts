import type { Locale } from '@ec/domain';

import { intlLocale } from './intl-locale.ts';

/**
 * Fraction digits per currency (spec 001 §9): the listed currencies have subunits shown with 2 decimals except ISK,
 * shown without; any other currency also gets 2. Fixed here rather than left to ICU, whose defaults differ (ICU
 * shows HUF and JPY without decimals and KWD with 3) and vary between browser versions.
 */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  EUR: 2,
  GBP: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  CHF: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  BGN: 2,
  HRK: 2,
  ISK: 0,
  UAH: 2,
  CAD: 2,
  USD: 2,
  ILS: 2,
  RUB: 2,
  TRY: 2,
};

/** Decimals for currencies missing from CURRENCY_DECIMALS (spec 001 §9: "others 2 decimals"). */
export const DEFAULT_CURRENCY_DECIMALS = 2;

/** Anything the date helpers accept: a Date, epoch milliseconds or an ISO 8601 string. */
export type DateInput = Date | number | string;

/** Whether an amount is given in the currency's main unit (euros) or its minor unit (cents). */
export type AmountUnit = 'major' | 'minor';

/** Options for formatCurrency. */
export interface CurrencyFormatOptions {
  /** Unit of the amount passed in; `minor` divides by 10^decimals first. Default `major`. */
  unit?: AmountUnit;
  /** How the currency is shown (symbol, code, name); Intl's default is `symbol`. */
  currencyDisplay?: Intl.NumberFormatOptions['currencyDisplay'];
}

// Building Intl formatters is costly compared with using one, and lists format many values per render.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateFormats.set(key, format);
  }
  return format;
}

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

/** Fraction digits shown for a currency code (ISO 4217, any case). */
export function currencyDecimals(currency: string): number {
  return CURRENCY_DECIMALS[currency.toUpperCase()] ?? DEFAULT_CURRENCY_DECIMALS;
}

/** A number in the locale's notation (decimal separator, grouping); `options` go to Intl.NumberFormat. */
export function formatNumber(
  locale: Locale,
  value: number,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(locale, options).format(value);
}

/**
 * A date in the locale's notation; `options` go to Intl.DateTimeFormat (default `{ dateStyle: 'medium' }`). Pass
 * `timeZone` to show the date where the location is rather than where the browser is. Throws on an invalid date.
 */
export function formatDate(
  locale: Locale,
  date: DateInput,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateFormat(locale, options).format(toDate(date));
}

/** A date and time in the locale's notation (default `{ dateStyle: 'medium', timeStyle: 'short' }`). */
export function formatDateTime(
  locale: Locale,
  date: DateInput,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return dateFormat(locale, options).format(toDate(date));
}

/**
 * A money amount in the locale's notation with the currency's fixed decimals (ISK 0, others 2; spec 001 §9).
 * The amount is in main units unless `options.unit` is `minor` (e.g. cents from the API).
 */
export function formatCurrency(
  locale: Locale,
  amount: number,
  currency: string,
  options: CurrencyFormatOptions = {},
): string {
  const code = currency.toUpperCase();
  const decimals = currencyDecimals(code);
  const major = options.unit === 'minor' ? amount / 10 ** decimals : amount;
  return numberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    ...(options.currencyDisplay ? { currencyDisplay: options.currencyDisplay } : {}),
  }).format(major);
}
