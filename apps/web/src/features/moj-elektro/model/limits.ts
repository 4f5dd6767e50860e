// Custom agreed powers, checked like the engine (spec 001 §3, DESIGN-14 §6): P1 ≤ P2 ≤ … ≤ P5, each at least the
// minimum power of the consumer info's valid record and at most the connection power.
import type { ConsumerInfo } from './types.ts';

export type LimitErrors = (string | null)[];

/** The valid power-limit record (the latest valid one), if any. */
export function validLimitRecord(info: ConsumerInfo | null | undefined) {
  const valid = (info?.powerLimits ?? []).filter((r) => r.isValid);
  return valid.sort((a, b) => (a.dateFrom < b.dateFrom ? 1 : -1))[0] ?? null;
}

/** The bounds: minimum power (valid record) and connection power (record, else the consumer info's). */
export function limitBounds(info: ConsumerInfo | null | undefined): {
  minimum: number | null;
  maximum: number | null;
} {
  const record = validLimitRecord(info);
  return {
    minimum: record?.minimumPower ?? null,
    maximum: record?.connectionPower ?? info?.connectionPower ?? null,
  };
}

/** Parses the five inputs (comma decimal accepted); null where not a number > 0. */
export function parseLimits(texts: string[]): (number | null)[] {
  return texts.map((text) => {
    const trimmed = text.trim().replace(',', '.');
    if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
    const value = Number(trimmed);
    return value > 0 ? value : null;
  });
}

/** A catalog key per input (null where it is fine). */
export function validateLimits(
  texts: string[],
  bounds: { minimum: number | null; maximum: number | null },
): LimitErrors {
  const values = parseLimits(texts);
  return values.map((value, i) => {
    if (texts[i]?.trim() === '') return 'validation.required';
    if (value === null) return 'moj_elektro.limits.invalid_number';
    if (bounds.minimum !== null && value < bounds.minimum)
      return 'moj_elektro.limits.below_minimum';
    if (bounds.maximum !== null && value > bounds.maximum)
      return 'moj_elektro.limits.above_connection';
    const before = values[i - 1];
    if (i > 0 && before !== null && before !== undefined && value < before)
      return 'moj_elektro.limits.not_ascending';
    return null;
  });
}

/** The five limits when all hold, else null. */
export function limitsOrNull(
  texts: string[],
  bounds: { minimum: number | null; maximum: number | null },
): [number, number, number, number, number] | null {
  if (validateLimits(texts, bounds).some((e) => e !== null)) return null;
  return parseLimits(texts) as [number, number, number, number, number];
}

/** The URL query key of the custom limits ("custom=5.1,6,6,7,7"), shared by the pages (spec 001 §2). */
export const CUSTOM_LIMITS_KEY = 'custom';

/**
 * The custom limits from the URL query: five numbers > 0 in ascending order, else null (a hand-edited, partial or
 * garbled value counts as "toggle off"). The bounds of the consumer info are left to the server.
 */
export function limitsFromQuery(
  query: URLSearchParams,
): [number, number, number, number, number] | null {
  const text = query.get(CUSTOM_LIMITS_KEY);
  if (text === null || text.length > 200) return null;
  const parts = text.split(',');
  if (parts.length !== 5) return null;
  return limitsOrNull(parts, { minimum: null, maximum: null });
}

/** The custom limits into a URL query (other keys kept; null removes them). */
export function limitsToQuery(
  limits: readonly number[] | null,
  base = new URLSearchParams(),
): URLSearchParams {
  const query = new URLSearchParams(base);
  if (limits === null) query.delete(CUSTOM_LIMITS_KEY);
  else query.set(CUSTOM_LIMITS_KEY, limits.map(String).join(','));
  return query;
}
