// Blocks and monthly block peaks for showing a meter series (the data chart): which block each interval falls in,
// and the highest 15-minute power per month and block.

import { dayInfo, type BlockNumber } from './calendar.ts';
import type { MeterSeries } from './series.ts';
import { requireTariffYear } from './tariff-year.ts';
import {
  DAY_MS,
  HOUR_MS,
  INTERVAL_MS,
  formatMonthKey,
  ljubljanaOffsetMs,
  dateOfDayNumber,
} from './time-zone.ts';

/**
 * The block (1–5) of a metering interval given by its end instant (UTC ms), under a tariff year's layout when given;
 * 0 where no layout is in force (for charts; the calculation refuses such days instead). Throws
 * TARIFF_YEAR_NOT_COVERED for a tariff year the data tables do not cover.
 */
export function blockOfInterval(intervalEndMs: number, tariffYear?: number): BlockNumber | 0 {
  if (tariffYear !== undefined) requireTariffYear(tariffYear);
  const start = intervalEndMs - INTERVAL_MS;
  const local = start + ljubljanaOffsetMs(start);
  const day = Math.floor(local / DAY_MS);
  return dayInfo(day, tariffYear).blocks?.[Math.floor((local - day * DAY_MS) / HOUR_MS)] ?? 0;
}

/** The highest 15-minute power of one block in one month. */
export interface MonthlyBlockPeak {
  /** `YYYY-MM` of the intervals' start (the month they are billed in). */
  readonly month: string;
  readonly block: BlockNumber;
  readonly peakKw: number;
  /** End instant (UTC ms) of the interval with the peak; the earliest one when several share it. */
  readonly atMs: number;
}

/**
 * The highest 15-minute power per month and block (power series as is, energy series × 4), ordered by month and
 * block. Intervals outside every block layout and values that are not finite non-negative numbers are left out.
 */
export function monthlyBlockPeaks(series: MeterSeries, tariffYear?: number): MonthlyBlockPeak[] {
  if (tariffYear !== undefined) requireTariffYear(tariffYear);
  const { intervalEndsMs: ends, values } = series;
  const factor = series.kind === 'energy' ? 4 : 1;
  // key = monthIndex × 8 + block, monthIndex = year × 12 + month − 1
  const peaks = new Map<number, { kw: number; at: number }>();
  let currentDay = Number.NaN;
  let blocks = dayInfo(0, tariffYear).blocks;
  let monthIndex = 0;
  const n = Math.min(ends.length, values.length);
  for (let i = 0; i < n; i++) {
    const end = ends[i] as number;
    const kw = (values[i] as number) * factor;
    if (!Number.isFinite(end) || !Number.isFinite(kw) || kw < 0) continue;
    const start = end - INTERVAL_MS;
    const local = start + ljubljanaOffsetMs(start);
    const day = Math.floor(local / DAY_MS);
    if (day !== currentDay) {
      currentDay = day;
      blocks = dayInfo(day, tariffYear).blocks;
      const date = dateOfDayNumber(day);
      monthIndex = date.year * 12 + date.month - 1;
    }
    const block = blocks?.[Math.floor((local - day * DAY_MS) / HOUR_MS)];
    if (block === undefined) continue;
    const key = monthIndex * 8 + block;
    const best = peaks.get(key);
    if (!best || kw > best.kw || (kw === best.kw && end < best.at)) peaks.set(key, { kw, at: end });
  }
  return [...peaks]
    .sort((a, b) => a[0] - b[0])
    .map(([key, p]) => {
      const mi = Math.floor(key / 8);
      return {
        month: formatMonthKey(Math.floor(mi / 12), (mi % 12) + 1),
        block: (key % 8) as BlockNumber,
        peakKw: p.kw,
        atMs: p.at,
      };
    });
}
