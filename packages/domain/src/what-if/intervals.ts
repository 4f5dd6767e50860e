// The interval facts both what-ifs need, computed once per series: time order, load, existing export, block,
// month and the marginal price of an imported kWh (supplier VT/MT or ET price + the block's network energy rate).

import type { BlockNumber, TariffCount } from '../network-fee/calendar.ts';
import { dayInfo } from '../network-fee/calendar.ts';
import type { EnergyPrices } from '../network-fee/calculate.ts';
import { networkRatesForMonth } from '../network-fee/rates.ts';
import {
  POWER_UNITS_PER_KW,
  annotateSeries,
  type AnnotatedSeries,
  type MeterSeries,
} from '../network-fee/series.ts';
import {
  DAY_MS,
  HOUR_MS,
  INTERVAL_MS,
  dateOfDayNumber,
  dayNumberOf,
  daysInMonth,
  formatMonthKey,
  ljubljanaOffsetMs,
  parseIsoDate,
} from '../network-fee/time-zone.ts';

/** Options shared by the what-ifs: how energy is priced and which tariff year's blocks and rates apply. */
export interface PricingOptions {
  /**
   * Price the data with the block layout and rates of this tariff year (the engine's `tariffYear`): each interval's
   * month/day is mapped to the same month of the tariff year; the day type stays the real date's.
   */
  readonly tariffYear?: number;
  /** 1 (ET) or 2 (VT/MT, default). */
  readonly tariffs?: TariffCount;
  /** Supplier energy prices EUR/kWh; missing ones are 0. */
  readonly prices?: Partial<EnergyPrices>;
}

/** One calendar month of the series: interval range and its block power rates. */
export interface IntervalMonth {
  /** `YYYY-MM` (the real month of the data). */
  readonly key: string;
  /** Index range [start, end). */
  readonly start: number;
  readonly end: number;
  /** Power rate EUR/kW/month per block, index 1–5 (index 0 unused). */
  readonly powerRate: readonly number[];
}

/** The series in time order with everything the dispatch needs. */
export interface IntervalTable {
  readonly count: number;
  readonly annotated: AnnotatedSeries;
  /** Interval ends, UTC ms. */
  readonly endMs: Float64Array;
  /** Imported power, kW (as the engine rounds it: 0.1 W). */
  readonly loadKw: Float64Array;
  /** Exported power before any change, kW (0 where no export series or no reading). */
  readonly exportKw: Float64Array;
  /** Block 1–5 (0 where no layout is known). */
  readonly block: Uint8Array;
  /** Marginal price of an imported kWh, EUR. */
  readonly priceEurPerKwh: Float64Array;
  readonly months: readonly IntervalMonth[];
}

/** Block of every interval with the layout of a tariff year (see PricingOptions.tariffYear). */
function blocksForTariffYear(a: AnnotatedSeries, tariffYear: number): Uint8Array {
  const out = new Uint8Array(a.count);
  let day = Number.NaN;
  let hours: readonly BlockNumber[] | undefined;
  for (let i = 0; i < a.count; i++) {
    const d = a.dayNumber[i] as number;
    if (d !== day) {
      day = d;
      const date = dateOfDayNumber(d);
      const mapped = dayNumberOf({
        year: tariffYear,
        month: date.month,
        day: Math.min(date.day, daysInMonth(tariffYear, date.month)),
      });
      const layout = dayInfo(mapped).layout;
      const working = dayInfo(d).working;
      if (!layout) hours = undefined;
      else {
        const higher = layout.higherSeasonMonths.includes(date.month);
        const h = layout.hours;
        hours = higher
          ? working
            ? h.higherWorking
            : h.higherNonWorking
          : working
            ? h.lowerWorking
            : h.lowerNonWorking;
      }
    }
    const s = a.startMs[i] as number;
    const hour = Math.floor((s + ljubljanaOffsetMs(s) - d * DAY_MS) / HOUR_MS);
    out[i] = hours?.[hour] ?? 0;
  }
  return out;
}

/** kW per interval of an optional second series, aligned to the intervals of `a` (missing → 0). */
export function alignToIntervals(
  a: AnnotatedSeries,
  series: MeterSeries | null | undefined,
): Float64Array {
  const out = new Float64Array(a.count);
  if (!series) return out;
  const other = annotateSeries(series);
  // Both are sorted: merge.
  let j = 0;
  for (let i = 0; i < a.count; i++) {
    const s = a.startMs[i] as number;
    while (j < other.count && (other.startMs[j] as number) < s) j++;
    if (j < other.count && other.startMs[j] === s)
      out[i] = (other.units[j] as number) / POWER_UNITS_PER_KW;
  }
  return out;
}

/** The intervals of local days [from, to] (inclusive; open ends keep everything). */
function restrict(a: AnnotatedSeries, from?: string, to?: string): AnnotatedSeries {
  const day = (text: string | undefined) => {
    const d = text === undefined ? undefined : parseIsoDate(text);
    return d ? dayNumberOf(d) : undefined;
  };
  const fromDay = day(from);
  const toDay = day(to);
  if (fromDay === undefined && toDay === undefined) return a;
  let lo = 0;
  while (lo < a.count && fromDay !== undefined && (a.dayNumber[lo] as number) < fromDay) lo++;
  let hi = lo;
  while (hi < a.count && (toDay === undefined || (a.dayNumber[hi] as number) <= toDay)) hi++;
  return {
    count: hi - lo,
    startMs: a.startMs.subarray(lo, hi),
    units: a.units.subarray(lo, hi),
    dayNumber: a.dayNumber.subarray(lo, hi),
    block: a.block.subarray(lo, hi),
    vt: a.vt.subarray(lo, hi),
    tariffYear: a.tariffYear,
  };
}

/**
 * Builds the interval table of an import series (and an optional export series), restricted to the local days
 * [range.from, range.to] when given (the engine's calculation range).
 */
export function intervalTable(
  series: MeterSeries,
  exportSeries: MeterSeries | null | undefined,
  options: PricingOptions = {},
  range: { readonly from?: string; readonly to?: string } = {},
): IntervalTable {
  const annotated = restrict(annotateSeries(series), range.from, range.to);
  const n = annotated.count;
  const block =
    options.tariffYear === undefined
      ? annotated.block
      : blocksForTariffYear(annotated, options.tariffYear);
  const loadKw = new Float64Array(n);
  const endMs = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    loadKw[i] = (annotated.units[i] as number) / POWER_UNITS_PER_KW;
    endMs[i] = (annotated.startMs[i] as number) + INTERVAL_MS;
  }
  const tariffs = options.tariffs ?? 2;
  const vt = options.prices?.vt ?? 0;
  const mt = options.prices?.mt ?? 0;
  const et = options.prices?.et ?? 0;
  const priceEurPerKwh = new Float64Array(n);
  const months: IntervalMonth[] = [];
  let i = 0;
  while (i < n) {
    const date = dateOfDayNumber(annotated.dayNumber[i] as number);
    const start = i;
    const rates = ratesOrUndefined(options.tariffYear ?? date.year, date.month);
    while (i < n) {
      const d = dateOfDayNumber(annotated.dayNumber[i] as number);
      if (d.month !== date.month || d.year !== date.year) break;
      const b = block[i] as number;
      const supplier = tariffs === 1 ? et : annotated.vt[i] === 1 ? vt : mt;
      priceEurPerKwh[i] =
        supplier + (b > 0 && rates ? (rates.energyEurPerKwh[b - 1] as number) : 0);
      i++;
    }
    months.push({
      key: formatMonthKey(date.year, date.month),
      start,
      end: i,
      powerRate: [0, ...(rates ? rates.powerEurPerKwMonth : [0, 0, 0, 0, 0])],
    });
  }
  return {
    count: n,
    annotated,
    endMs,
    loadKw,
    exportKw: alignToIntervals(annotated, exportSeries),
    block,
    priceEurPerKwh,
    months,
  };
}

function ratesOrUndefined(year: number, month: number) {
  try {
    return networkRatesForMonth(year, month);
  } catch {
    // Months without published rates: priced by the supplier price only (the engine refuses them anyway).
    return undefined;
  }
}
