import type { FieldError } from '../../shared/forms/form-errors.ts';

// Prices are typed as text and kept as text (decision 0017): a value is accepted exactly as written or refused
// with a reason — never rounded, never read through a float.

/** Most fractional digits a price may have (numeric(18,9) in the database). */
export const MAX_PRICE_DECIMALS = 9;

/** What a decimal field accepts. */
export interface DecimalRules {
  /** An empty field is an error (`validation.required`); otherwise empty reads as "no value". */
  required?: boolean;
  /** Negative values allowed (a spot markup may be negative); prices and fees are not negative by default. */
  allowNegative?: boolean;
  /** Most fractional digits; {@link MAX_PRICE_DECIMALS} by default (a money amount: its currency's decimals). */
  maxDecimals?: number;
}

/** The result of reading a decimal field: the normalised value (null when empty and allowed), or its error. */
export type DecimalResult = { ok: true; value: string | null } | { ok: false; error: FieldError };

const DECIMAL = /^(-?)(\d+)(?:[.,](\d+))?$/;

/**
 * Reads a decimal field: trims it, takes a decimal comma as the point ("0,125" → "0.125"), and refuses what is
 * not a plain decimal of at most nine integer digits (`pricing_plans.validation.decimal`), more fractional digits
 * than allowed (`pricing_plans.validation.decimal_places`, with `max`) and a negative value where none is allowed
 * (`pricing_plans.validation.not_negative`). Trailing zeros carry no
 * precision: "0.1200000000" is 0.12.
 */
export function readDecimal(text: string, rules: DecimalRules = {}): DecimalResult {
  const trimmed = text.trim();
  if (trimmed === '') {
    return rules.required
      ? { ok: false, error: { key: 'validation.required' } }
      : { ok: true, value: null };
  }
  const match = DECIMAL.exec(trimmed);
  if (!match) return { ok: false, error: { key: 'pricing_plans.validation.decimal' } };
  const [, sign = '', whole = '0', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  const maxDecimals = rules.maxDecimals ?? MAX_PRICE_DECIMALS;
  if (significant.length > maxDecimals) {
    return {
      ok: false,
      error: { key: 'pricing_plans.validation.decimal_places', values: { max: maxDecimals } },
    };
  }
  const digits = whole.replace(/^0+(?=\d)/, '');
  // numeric(18,9): nine integer digits at most (the contract's decimal).
  if (digits.length > 9) return { ok: false, error: { key: 'pricing_plans.validation.decimal' } };
  const zero = /^0*$/.test(digits + significant);
  if (sign === '-' && !zero && !rules.allowNegative) {
    return { ok: false, error: { key: 'pricing_plans.validation.not_negative' } };
  }
  const value = `${sign === '-' && !zero ? '-' : ''}${digits}${significant ? `.${significant}` : ''}`;
  return { ok: true, value };
}
