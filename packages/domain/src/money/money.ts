// Money without floats (decision 0017). Amounts are integer minor units of their currency; unit prices (EUR/kWh,
// EUR/kW per month, spot prices) are exact decimals with nine fractional digits, held as a bigint of nanos. The
// only place a price meets a quantity is `lineAmount`, which multiplies exactly and rounds once.
import { currencyDecimals } from '../org/currencies.ts';

/** An amount of money: an integer number of the currency's minor units (cents for EUR, whole krónur for ISK). */
export interface Money {
  /** ISO 4217 code, upper case. */
  readonly currency: string;
  /** Minor units, a safe integer; negative for credits. */
  readonly minor: number;
}

/**
 * A price per unit of something (kWh, kW per month, day), exact to nine decimals of the major unit: 0.12345 EUR/kWh
 * is `{ currency: 'EUR', nanos: 123_450_000n }`. Nine digits cover every published tariff (ENTSO-E: EUR/MWh with
 * two decimals = EUR/kWh with five; Octopus: pence with four decimals = GBP with six) with room to spare.
 */
export interface UnitPrice {
  /** ISO 4217 code, upper case. */
  readonly currency: string;
  /** Billionths of the major unit; negative prices exist (spot markets). */
  readonly nanos: bigint;
}

/** Fractional digits a unit price may have (nanos). */
export const UNIT_PRICE_DECIMALS = 9;

const NANOS_PER_UNIT = 10n ** BigInt(UNIT_PRICE_DECIMALS);

/** Why an amount or price was refused. */
export type MoneyProblem =
  /** Not a plain decimal (`12`, `-0.5`, `12.30`): no exponent, no grouping, no `+`. */
  | 'format'
  /** More fractional digits than the currency (amounts) or nine (prices) allow. */
  | 'precision'
  /** The amount does not fit a safe integer of minor units. */
  | 'range'
  /** Not a three-letter currency code. */
  | 'currency';

/** A thrown money error, with a stable code for translation. */
export class MoneyError extends Error {
  readonly code: MoneyProblem;

  constructor(code: MoneyProblem, message: string) {
    super(message);
    this.name = 'MoneyError';
    this.code = code;
  }
}

/** A result: the value, or the problem. */
export type MoneyResult<T> = { ok: true; value: T } | { ok: false; problem: MoneyProblem };

const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * Decimals of a currency's minor unit: 2 for EUR, 0 for ISK, 3 for the dinar currencies (KWD, BHD, …). Delegates to
 * {@link currencyDecimals} so the reference list and the arithmetic never disagree.
 */
export function minorUnitDecimals(currency: string): number {
  return currencyDecimals(currency);
}

function checkCurrency(currency: string): void {
  if (!CURRENCY.test(currency))
    throw new MoneyError('currency', `not a currency code: ${currency}`);
}

/** An amount from minor units; throws a MoneyError for a non-integer or unsafe value or a bad currency code. */
export function money(currency: string, minor: number): Money {
  checkCurrency(currency);
  if (!Number.isSafeInteger(minor)) throw new MoneyError('range', `not a safe integer: ${minor}`);
  // Normalise −0 so that equality and JSON never show "-0".
  return { currency, minor: minor === 0 ? 0 : minor };
}

/** Parses a plain decimal into an integer scaled by 10^maxDecimals (never rounds). */
function parseDecimal(text: string, maxDecimals: number): MoneyResult<bigint> {
  const match = DECIMAL.exec(text.trim());
  if (!match) return { ok: false, problem: 'format' };
  const [, sign = '', whole = '0', fraction = ''] = match;
  // Trailing zeros carry no precision ("12.50" EUR is fine, so is "100.000" ISK).
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > maxDecimals) return { ok: false, problem: 'precision' };
  const scaled = BigInt(whole + significant.padEnd(maxDecimals, '0'));
  return { ok: true, value: sign === '-' ? -scaled : scaled };
}

/**
 * Parses an amount written as a decimal in major units (`'12.34'` EUR → 1234 minor units). Refuses more decimals
 * than the currency has instead of rounding: an entered amount is exact or wrong.
 */
export function parseMoney(currency: string, text: string): MoneyResult<Money> {
  if (!CURRENCY.test(currency)) return { ok: false, problem: 'currency' };
  const parsed = parseDecimal(text, minorUnitDecimals(currency));
  if (!parsed.ok) return parsed;
  if (
    parsed.value > BigInt(Number.MAX_SAFE_INTEGER) ||
    parsed.value < -BigInt(Number.MAX_SAFE_INTEGER)
  ) {
    return { ok: false, problem: 'range' };
  }
  return { ok: true, value: money(currency, Number(parsed.value)) };
}

/** Parses a unit price written as a decimal in major units (`'0.12345'`), exact to nine decimals. */
export function parseUnitPrice(currency: string, text: string): MoneyResult<UnitPrice> {
  if (!CURRENCY.test(currency)) return { ok: false, problem: 'currency' };
  const parsed = parseDecimal(text, UNIT_PRICE_DECIMALS);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { currency, nanos: parsed.value } };
}

/** Writes a scaled integer as a plain decimal with exactly `decimals` digits after the point (none for 0). */
function formatScaled(value: bigint, decimals: number): string {
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * An amount as a plain decimal in major units with the currency's decimals (`'12.30'`, `'-0.05'`, `'1500'` ISK), for
 * APIs and exports. Screens format with `Intl.NumberFormat` in the user's locale instead.
 */
export function moneyToDecimal(amount: Money): string {
  return formatScaled(BigInt(amount.minor), minorUnitDecimals(amount.currency));
}

/** A unit price as the shortest plain decimal (`'0.12345'`, `'-0.0015'`, `'3'`). */
export function unitPriceToDecimal(price: UnitPrice): string {
  const text = formatScaled(price.nanos, UNIT_PRICE_DECIMALS);
  return text.replace(/\.?0+$/, '');
}

/**
 * Divides and rounds half away from zero (commercial rounding: 0.5 cent → 1 cent, −0.5 cent → −1 cent), the rule of
 * Slovenian and most EU invoices; symmetric, so a credit and the charge it reverses round to the same size.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  // Adding half the divisor before the truncating division rounds to nearest with halves up (an odd divisor has no
  // exact half, so floor(d/2) still rounds to nearest); the sign is put back afterwards, hence "away from zero".
  const quotient = (n + d / 2n) / d;
  return negative ? -quotient : quotient;
}

function toMoney(currency: string, minor: bigint): Money {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MoneyError('range', `amount out of range: ${minor}`);
  }
  return money(currency, Number(minor));
}

/**
 * The amount of one bill line: `price` per unit times `quantity` units, where `quantity` is an integer count of
 * 1/`perUnit` units — energy in Wh against a price per kWh is `lineAmount(price, energyWh, 1000)`, agreed power in
 * 0.1 kW against a price per kW is `lineAmount(price, tenthsKw, 10)`. Exact until one final rounding (half away
 * from zero) to the currency's minor units.
 */
export function lineAmount(
  price: UnitPrice,
  quantity: number | bigint,
  perUnit: number | bigint = 1,
): Money {
  const q = BigInt(quantity);
  const per = BigInt(perUnit);
  if (per <= 0n) throw new RangeError('perUnit must be positive');
  const minorPerMajor = 10n ** BigInt(minorUnitDecimals(price.currency));
  const minor = divideRounded(price.nanos * q * minorPerMajor, NANOS_PER_UNIT * per);
  return toMoney(price.currency, minor);
}

/**
 * A share of an amount given in basis points (1 % = 100): VAT at 22 % is `percentage(net, 2200)`, at 9.5 %
 * `percentage(net, 950)`. Rounded half away from zero to minor units.
 */
export function percentage(amount: Money, basisPoints: number): Money {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError('basis points must be an integer');
  return toMoney(
    amount.currency,
    divideRounded(BigInt(amount.minor) * BigInt(basisPoints), 10_000n),
  );
}

/** The sum of amounts in one currency (zero for none); throws a MoneyError when currencies differ or it overflows. */
export function sumMoney(currency: string, amounts: readonly Money[]): Money {
  checkCurrency(currency);
  let total = 0n;
  for (const amount of amounts) {
    if (amount.currency !== currency) {
      throw new MoneyError('currency', `cannot add ${amount.currency} to ${currency}`);
    }
    total += BigInt(amount.minor);
  }
  return toMoney(currency, total);
}

/** `a + b`, same currency. */
export function addMoney(a: Money, b: Money): Money {
  return sumMoney(a.currency, [a, b]);
}

/** `a − b`, same currency. */
export function subtractMoney(a: Money, b: Money): Money {
  return sumMoney(a.currency, [a, { currency: b.currency, minor: -b.minor }]);
}
