import { currencyDecimals, type PriceTypeKind } from '@ec/domain';

// Money on the pricing screens (decision 0017): amounts and unit prices arrive as exact decimal strings and are
// handed to Intl.NumberFormat as strings, so nothing passes through a binary float on the way to the screen.

/** What a unit price is per: energy per kWh, the network's power fee per kW and month. */
export type PriceUnit = 'kwh' | 'kw_month';

/** Most decimals a unit price is shown with (entered and stored with up to nine). */
export const UNIT_PRICE_SHOWN_DECIMALS = 5;

/** The unit of a price-type config kind's prices: DISTRIBUTOR_POWER per kW and month, the others per kWh. */
export function unitOfKind(kind: PriceTypeKind): PriceUnit {
  return kind === 'DISTRIBUTOR_POWER' ? 'kw_month' : 'kwh';
}

/** Intl takes an exact decimal string (ES2023); the lib types only list number and bigint. */
function formatDecimal(format: Intl.NumberFormat, value: string): string {
  return format.format(value as unknown as number);
}

/**
 * An amount of money (a decimal string in major units, e.g. a monthly fee) in `locale`, with exactly the
 * currency's decimals: `12,50 €` for EUR, `1.250 kr.` for ISK (spec 001 §9: ISK has none). A value that is not a
 * decimal is returned as it came.
 */
export function formatMoneyAmount(value: string, currency: string, locale: string): string {
  if (!isPlainDecimal(value)) return value;
  const decimals = currencyDecimals(currency);
  return formatDecimal(
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }),
    value,
  );
}

/**
 * A unit price without its unit: at least the currency's decimals, at most five (`0,12345 €`, `0,10 €`,
 * `3 kr.` for ISK).
 */
export function formatUnitPriceValue(value: string, currency: string, locale: string): string {
  if (!isPlainDecimal(value)) return value;
  const decimals = currencyDecimals(currency);
  return formatDecimal(
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: Math.min(decimals, UNIT_PRICE_SHOWN_DECIMALS),
      maximumFractionDigits: UNIT_PRICE_SHOWN_DECIMALS,
    }),
    value,
  );
}

/** `^-?digits(.digits)?$`: the API's decimal strings. */
export function isPlainDecimal(value: string): boolean {
  return /^-?\d+(?:\.\d+)?$/.test(value);
}
