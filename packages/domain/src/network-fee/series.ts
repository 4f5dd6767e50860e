// Turning a meter series into what the calculation needs: one pass assigns every interval its local day, block and
// VT/MT window; a second groups the intervals of the calculation range by month and block, sorted, with suffix
// sums, so the excess power for any agreed power is a binary search and three multiplications.
//
// Powers are held as integers in units of 0.1 W (1e-4 kW, the portal's resolution), so sums of squared
// exceedances are exact integers (below 2^53 for a month-block of a household) and two code paths that add the
// same squares get bit-identical results.

import { dayInfo, type BlockNumber } from './calendar.ts';
import { NetworkFeeError } from './errors.ts';
import { requireTariffYear } from './tariff-year.ts';
import {
  excessFactor,
  networkRatesForMonth,
  oldSystemRatesForMonth,
  type NetworkRatePeriod,
  type OldSystemRates,
} from './rates.ts';
import {
  DAY_MS,
  HOUR_MS,
  INTERVAL_MS,
  dateOfDayNumber,
  dayNumberOf,
  daysInMonth,
  formatIsoDate,
  formatLocalTimestamp,
  formatMonthKey,
  ljubljanaOffsetMs,
  parseIsoDate,
} from './time-zone.ts';

/** Power units per kW inside the engine (0.1 W). */
export const POWER_UNITS_PER_KW = 10_000;
/** Power units in one 0.1 kW step of agreed power. */
export const UNITS_PER_TENTH = POWER_UNITS_PER_KW / 10;

/**
 * A 15-minute meter series. Each value covers the 15 minutes that end at its timestamp (the portal's convention).
 * `kind: 'power'` values are average kW (P+); `kind: 'energy'` values are kWh per interval (A+, power = 4 × energy).
 */
export interface MeterSeries {
  readonly kind: 'power' | 'energy';
  /** Interval end instants, UTC milliseconds. */
  readonly intervalEndsMs: ArrayLike<number>;
  /** kW or kWh, non-negative. */
  readonly values: ArrayLike<number>;
}

/** A series with every interval assigned to its local day, block and supplier window; sorted by time. */
export interface AnnotatedSeries {
  readonly count: number;
  /** Interval start instants (UTC ms). */
  readonly startMs: Float64Array;
  /** Average power in units of 0.1 W (integers). */
  readonly units: Float64Array;
  /** Local day number of the interval start. */
  readonly dayNumber: Int32Array;
  /** Block 1–5, or 0 where no layout is in force. */
  readonly block: Uint8Array;
  /** 1 in the supplier's VT window, else 0. */
  readonly vt: Uint8Array;
  /** The tariff year whose rules the blocks follow (undefined: each interval's own date). */
  readonly tariffYear: number | undefined;
}

/**
 * Sorts, checks and annotates a meter series, under a tariff year's block layout when given (the day type stays the
 * interval's own). Throws INVALID_SERIES, INVALID_INTERVAL, DUPLICATE_INTERVAL, INVALID_VALUE or
 * TARIFF_YEAR_NOT_COVERED.
 */
export function annotateSeries(series: MeterSeries, tariffYear?: number): AnnotatedSeries {
  if (tariffYear !== undefined) requireTariffYear(tariffYear);
  const { intervalEndsMs: ends, values } = series;
  if (ends.length !== values.length) {
    throw new NetworkFeeError('INVALID_SERIES', 'timestamps and values differ in length', {
      timestamps: ends.length,
      values: values.length,
    });
  }
  const factor = series.kind === 'energy' ? 4 * POWER_UNITS_PER_KW : POWER_UNITS_PER_KW;
  let order: number[] | undefined;
  for (let i = 1; i < ends.length; i++) {
    if ((ends[i] as number) < (ends[i - 1] as number)) {
      order = Array.from({ length: ends.length }, (_, k) => k).sort(
        (a, b) => (ends[a] as number) - (ends[b] as number),
      );
      break;
    }
  }
  const startMs = new Float64Array(ends.length);
  const units = new Float64Array(ends.length);
  let n = 0;
  for (let k = 0; k < ends.length; k++) {
    const i = order ? (order[k] as number) : k;
    const end = ends[i] as number;
    const value = values[i] as number;
    if (!Number.isFinite(end) || end % INTERVAL_MS !== 0) {
      throw new NetworkFeeError(
        'INVALID_INTERVAL',
        `interval end ${Number.isFinite(end) ? formatLocalTimestamp(end) : String(end)} is not on a 15-minute boundary`,
        {
          timestamp: Number.isFinite(end) ? formatLocalTimestamp(end) : String(end),
        },
      );
    }
    if (!Number.isFinite(value) || value < 0) {
      throw new NetworkFeeError(
        'INVALID_VALUE',
        `invalid value ${value} at ${formatLocalTimestamp(end)}`,
        {
          timestamp: formatLocalTimestamp(end),
          value: String(value),
        },
      );
    }
    const u = Math.round(value * factor);
    const start = end - INTERVAL_MS;
    if (n > 0 && startMs[n - 1] === start) {
      // The same interval twice is harmless when both readings agree (overlapping downloads); otherwise refuse.
      if (units[n - 1] === u) continue;
      throw new NetworkFeeError(
        'DUPLICATE_INTERVAL',
        `two different values for the interval ending ${formatLocalTimestamp(end)}`,
        {
          timestamp: formatLocalTimestamp(end),
        },
      );
    }
    startMs[n] = start;
    units[n] = u;
    n++;
  }
  const dayNumber = new Int32Array(n);
  const block = new Uint8Array(n);
  const vt = new Uint8Array(n);
  let currentDay = Number.NaN;
  let info = dayInfo(0);
  for (let i = 0; i < n; i++) {
    const s = startMs[i] as number;
    const local = s + ljubljanaOffsetMs(s);
    const d = Math.floor(local / DAY_MS);
    if (d !== currentDay) {
      currentDay = d;
      info = dayInfo(d, tariffYear);
    }
    const hour = Math.floor((local - d * DAY_MS) / HOUR_MS);
    dayNumber[i] = d;
    block[i] = info.blocks?.[hour] ?? 0;
    vt[i] = info.vt[hour] ?? 0;
  }
  return {
    count: n,
    startMs: startMs.subarray(0, n),
    units: units.subarray(0, n),
    dayNumber,
    block,
    vt,
    tariffYear,
  };
}

/** One calendar month of the calculation range. */
export interface PeriodMonth {
  /** `YYYY-MM`. */
  readonly key: string;
  readonly year: number;
  readonly month: number;
  /** First and last day numbers of the month that lie in the range. */
  readonly firstDay: number;
  readonly lastDay: number;
  readonly daysInMonth: number;
  /** Days of the month inside the range; monthly power fees are prorated by coveredDays / daysInMonth. */
  readonly coveredDays: number;
  /** Exactly 1 for a complete month. */
  readonly prorate: number;
  /** Whether each block 1–5 occurs in the month (index 0 unused). */
  readonly blockOccurs: readonly boolean[];
  readonly rates: NetworkRatePeriod;
  readonly excessFactor: number;
  readonly oldRates: OldSystemRates;
  /** Index range [start, end) of this month's intervals in the period arrays. */
  readonly start: number;
  readonly end: number;
  /** Energy per block (index 1–5) and in the VT / MT windows, in power units × intervals (divide by 40 000 for kWh). */
  readonly blockUnits: readonly number[];
  readonly vtUnits: number;
  readonly mtUnits: number;
}

/** The intervals of the calculation range grouped by month and block, ready for any scenario. */
export interface PreparedPeriod {
  /** First and last local day (inclusive) as day numbers and `YYYY-MM-DD`. */
  readonly fromDay: number;
  readonly toDay: number;
  readonly from: string;
  readonly to: string;
  readonly months: readonly PeriodMonth[];
  /** The range's intervals in time order. */
  readonly units: Float64Array;
  readonly block: Uint8Array;
  readonly dayNumber: Int32Array;
  /** Group g = monthIndex × 5 + (block − 1): sorted units in groupValues[groupStart[g] … groupStart[g + 1]). */
  readonly groupStart: Int32Array;
  readonly groupValues: Float64Array;
  /** Suffix sums over each group's sorted values: Σ v and Σ v² from position k to the group's end. */
  readonly suffix1: Float64Array;
  readonly suffix2: Float64Array;
  /** Largest power in the range, in power units. */
  readonly maxUnits: number;
}

function dayOf(text: string, what: string): number {
  const date = parseIsoDate(text);
  if (!date)
    throw new NetworkFeeError('INVALID_DATE', `${what} must be a date YYYY-MM-DD, got "${text}"`, {
      value: text,
    });
  return dayNumberOf(date);
}

/**
 * Restricts an annotated series to the local days [from, to] (inclusive; default: the days of the first and last
 * interval) and prepares it for calculation. Throws if a day of the range has no block layout or a month has no
 * rates, or if the range holds no data. Under the series' tariff year, each month takes the layout, rates and excess
 * factor of the same month of the tariff year; the old system keeps its own rules (its VT/MT windows by the real
 * day) with the old-system rates that apply in the tariff year.
 */
export function preparePeriod(series: AnnotatedSeries, from?: string, to?: string): PreparedPeriod {
  if (series.count === 0)
    throw new NetworkFeeError('NO_DATA_IN_RANGE', 'the input holds no intervals', {});
  const tariffYear = series.tariffYear;
  const fromDay = from === undefined ? (series.dayNumber[0] as number) : dayOf(from, 'from');
  const toDay = to === undefined ? (series.dayNumber[series.count - 1] as number) : dayOf(to, 'to');
  if (toDay < fromDay) {
    throw new NetworkFeeError(
      'INVALID_RANGE',
      `the range ends (${formatIsoDate(dateOfDayNumber(toDay))}) before it starts (${formatIsoDate(dateOfDayNumber(fromDay))})`,
      {
        from: formatIsoDate(dateOfDayNumber(fromDay)),
        to: formatIsoDate(dateOfDayNumber(toDay)),
      },
    );
  }
  for (let d = fromDay; d <= toDay; d++) {
    if (!dayInfo(d, tariffYear).blocks) {
      const date = formatIsoDate(dateOfDayNumber(d));
      throw new NetworkFeeError(
        'OUTSIDE_BLOCK_LAYOUT',
        `no time-block layout is defined for ${date}`,
        { date },
      );
    }
  }
  // Intervals are sorted, so the range is one contiguous slice.
  let lo = 0;
  while (lo < series.count && (series.dayNumber[lo] as number) < fromDay) lo++;
  let hi = lo;
  while (hi < series.count && (series.dayNumber[hi] as number) <= toDay) hi++;
  if (hi === lo) {
    throw new NetworkFeeError(
      'NO_DATA_IN_RANGE',
      'the input holds no intervals in the requested range',
      {
        from: formatIsoDate(dateOfDayNumber(fromDay)),
        to: formatIsoDate(dateOfDayNumber(toDay)),
      },
    );
  }
  const units = series.units.subarray(lo, hi);
  const block = series.block.subarray(lo, hi);
  const vt = series.vt.subarray(lo, hi);
  const dayNumber = series.dayNumber.subarray(lo, hi);
  const n = hi - lo;

  // Months of the range.
  const months: PeriodMonth[] = [];
  const first = dateOfDayNumber(fromDay);
  let y = first.year;
  let m = first.month;
  let i = 0;
  for (;;) {
    const monthFirst = dayNumberOf({ year: y, month: m, day: 1 });
    if (monthFirst > toDay) break;
    const dim = daysInMonth(y, m);
    const firstDay = Math.max(fromDay, monthFirst);
    const lastDay = Math.min(toDay, monthFirst + dim - 1);
    const coveredDays = lastDay - firstDay + 1;
    const blockOccurs = [false, false, false, false, false, false];
    for (let d = monthFirst; d < monthFirst + dim; d++)
      for (const b of dayInfo(d, tariffYear).blocks ?? []) blockOccurs[b] = true;
    const start = i;
    const blockUnits = [0, 0, 0, 0, 0, 0];
    let vtUnits = 0;
    let mtUnits = 0;
    while (i < n && (dayNumber[i] as number) <= lastDay) {
      const u = units[i] as number;
      const b = block[i] as number;
      blockUnits[b] = (blockUnits[b] as number) + u;
      if (vt[i] === 1) vtUnits += u;
      else mtUnits += u;
      i++;
    }
    months.push({
      key: formatMonthKey(y, m),
      year: y,
      month: m,
      firstDay,
      lastDay,
      daysInMonth: dim,
      coveredDays,
      prorate: coveredDays === dim ? 1 : coveredDays / dim,
      blockOccurs,
      rates: networkRatesForMonth(tariffYear ?? y, m),
      excessFactor: excessFactor(tariffYear ?? y),
      oldRates: oldSystemRatesForMonth(tariffYear ?? y, m),
      start,
      end: i,
      blockUnits,
      vtUnits,
      mtUnits,
    });
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }

  // Group by (month, block): counting sort into one flat array, then sort each group and build suffix sums.
  const groupCount = months.length * 5;
  const groupStart = new Int32Array(groupCount + 1);
  const groupOf = new Int32Array(n);
  for (let mi = 0; mi < months.length; mi++) {
    const mo = months[mi] as PeriodMonth;
    for (let k = mo.start; k < mo.end; k++) {
      const g = mi * 5 + (block[k] as number) - 1;
      groupOf[k] = g;
      (groupStart[g + 1] as number)++;
    }
  }
  for (let g = 0; g < groupCount; g++)
    groupStart[g + 1] = (groupStart[g + 1] as number) + (groupStart[g] as number);
  const fill = groupStart.slice(0, groupCount);
  const groupValues = new Float64Array(n);
  let maxUnits = 0;
  for (let k = 0; k < n; k++) {
    const g = groupOf[k] as number;
    const u = units[k] as number;
    groupValues[(fill[g] as number)++] = u;
    if (u > maxUnits) maxUnits = u;
  }
  // One extra slot per group for the empty suffix: group g's suffix k lives at groupStart[g] + g + k.
  const suffix1 = new Float64Array(n + groupCount);
  const suffix2 = new Float64Array(n + groupCount);
  for (let g = 0; g < groupCount; g++) {
    const a = groupStart[g] as number;
    const b = groupStart[g + 1] as number;
    groupValues.subarray(a, b).sort();
    let s1 = 0;
    let s2 = 0;
    suffix1[b + g] = 0;
    suffix2[b + g] = 0;
    for (let k = b - 1; k >= a; k--) {
      const v = groupValues[k] as number;
      s1 += v;
      s2 += v * v;
      suffix1[k + g] = s1;
      suffix2[k + g] = s2;
    }
  }
  return {
    fromDay,
    toDay,
    from: formatIsoDate(dateOfDayNumber(fromDay)),
    to: formatIsoDate(dateOfDayNumber(toDay)),
    months,
    units,
    block,
    dayNumber,
    groupStart,
    groupValues,
    suffix1,
    suffix2,
    maxUnits,
  };
}

/** Size of a (month, block) group. */
export function groupSize(period: PreparedPeriod, monthIndex: number, block: BlockNumber): number {
  const g = monthIndex * 5 + block - 1;
  return (period.groupStart[g + 1] as number) - (period.groupStart[g] as number);
}

/** Σ (v − a)² and the count over the values v > a of one (month, block) group, for a threshold a in power units. */
export function groupExcess(
  period: PreparedPeriod,
  monthIndex: number,
  block: BlockNumber,
  thresholdUnits: number,
): { readonly squares: number; readonly count: number } {
  const g = monthIndex * 5 + block - 1;
  const a = period.groupStart[g] as number;
  const b = period.groupStart[g + 1] as number;
  const values = period.groupValues;
  // First position with a value above the threshold.
  let lo = a;
  let hi = b;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) > thresholdUnits) hi = mid;
    else lo = mid + 1;
  }
  const count = b - lo;
  if (count === 0) return { squares: 0, count: 0 };
  const s1 = period.suffix1[lo + g] as number;
  const s2 = period.suffix2[lo + g] as number;
  const squares = s2 - 2 * thresholdUnits * s1 + count * thresholdUnits * thresholdUnits;
  return { squares: squares > 0 ? squares : 0, count };
}
