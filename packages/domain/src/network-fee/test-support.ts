// Helpers for the engine's own tests (not exported from the package index).

import type { MeterSeries } from './series.ts';
import {
  INTERVAL_MS,
  dayNumberOf,
  localDayStartMs,
  parseIsoDate,
  toLocalDateTime,
  type LocalDateTime,
} from './time-zone.ts';

/**
 * A power series covering local days [from, to] (inclusive). `kw` gives the power of each interval from the local
 * time of its start; return undefined to leave a gap.
 */
export function powerSeries(
  from: string,
  to: string,
  kw: (start: LocalDateTime, index: number) => number | undefined,
): MeterSeries & { intervalEndsMs: number[]; values: number[] } {
  const first = dayNumberOf(parseIsoDate(from) as LocalDateTime);
  const last = dayNumberOf(parseIsoDate(to) as LocalDateTime);
  const intervalEndsMs: number[] = [];
  const values: number[] = [];
  let i = 0;
  for (let t = localDayStartMs(first); t < localDayStartMs(last + 1); t += INTERVAL_MS) {
    const v = kw(toLocalDateTime(t), i++);
    if (v === undefined) continue;
    intervalEndsMs.push(t + INTERVAL_MS);
    values.push(v);
  }
  return { kind: 'power', intervalEndsMs, values };
}

/** `YYYY-MM-DD HH:MM` of a local time, for readable overrides in tests. */
export function stamp(t: LocalDateTime): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.year}-${p(t.month)}-${p(t.day)} ${p(t.hour)}:${p(t.minute)}`;
}

/** The value, or a test failure when it is undefined or null (instead of a non-null assertion). */
export function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`expected a ${what}`);
  return value;
}
