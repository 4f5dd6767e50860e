// Energy cost of a location from its interval energy and its effective-dated price lists (issue 13 "Costs on the
// location's energy"). Pure: no clock, no I/O; the caller passes the lists, their time plans and a spot lookup.
//
// Exactness (decision 0017): prices are decimals parsed to nanos; energy is taken in whole mWh (stored Wh are
// doubles; a thousandth of a Wh is far below any meter's resolution); every interval amount is an exact bigint in
// 10⁻¹⁵ of the currency's major unit ("femto"), so sums never drift. Money appears only in the aggregates, where each
// line (supplier energy, distributor energy, …) of a bucket is summed exactly and rounded ONCE to minor units (half
// away from zero), and the bucket total is the sum of its rounded lines — the bill adds up.

import {
  divideRounded,
  minorUnitDecimals,
  money,
  parseUnitPrice,
  type Money,
} from '../money/money.ts';
import { parseIsoDate, dayNumberOf, DAY_MS, HOUR_MS } from '../network-fee/time-zone.ts';
import { isHoliday } from './holidays.ts';
import { createBlockResolver, type BlockResolver } from './resolve.ts';
import type { Decimal, PriceList, TimePlan } from './types.ts';
import { zoneClock, type ZoneClock } from './zone.ts';

/** Decimal digits of an interval amount: amounts are integers of 10⁻¹⁵ of the major unit. */
export const AMOUNT_DECIMALS = 15;
const AMOUNT_SCALE = 10n ** BigInt(AMOUNT_DECIMALS);
const DEFAULT_INTERVAL_MS = 15 * 60_000;

/** Energy of one interval at the location's grid connection. */
export interface EnergyInterval {
  /** Start, UTC ms. */
  start: number;
  /** End, UTC ms; default start + 15 min. */
  end?: number;
  /** Energy drawn from the grid, Wh (≥ 0). */
  importWh: number;
  /** Energy fed into the grid, Wh (≥ 0). */
  exportWh: number;
}

/** Spot price of the location's zone for the interval starting at `startMs`, per MWh in the list's currency. */
export type SpotPriceLookup = (startMs: number) => Decimal | null;

/** What {@link computeCosts} needs. */
export interface CostInput {
  /** Ascending by start is fastest; any order works. */
  intervals: readonly EnergyInterval[];
  /** The location's price lists (any order; at most one covers an instant). */
  lists: readonly PriceList[];
  /** The time plans the lists refer to (tariffPlanId, distributorPlanId), by id. */
  plans: ReadonlyMap<number, TimePlan>;
  /** The location's IANA time zone: list dates, plans and months are local to it. */
  timeZone: string;
  /** The location's country: its holidays apply to plans without a country of their own. */
  countryCode: string | null;
  /** Spot prices, needed by SPOT_MARKET lists. */
  spot?: SpotPriceLookup;
}

/** The supplier's tariff window of an interval: T0 single tariff, T1 higher (VT), T2 lower (MT). */
export type Tariff = 'T0' | 'T1' | 'T2';

/**
 * The cost of one interval; amounts are exact integers of 10⁻¹⁵ of the currency's major unit
 * ({@link AMOUNT_DECIMALS}), null where they cannot be known (no list; no spot price; no block because the plan
 * is missing or incomplete). `total` = supplierEnergy + supplierFee + distributorEnergy + distributorPower −
 * revenue, null when any of them is null.
 */
export interface IntervalCost {
  start: number;
  end: number;
  importWh: number;
  exportWh: number;
  /** The price list covering the interval's start, or null. */
  listId: number | null;
  currency: string | null;
  /** Supplier energy bought (import × buy price). */
  supplierEnergy: bigint | null;
  /** The supplier's monthly fee, spread over the month by duration. */
  supplierFee: bigint | null;
  /** Network energy charge (import × the block's rate). */
  distributorEnergy: bigint | null;
  /** Network power charge, spread over the month by duration (see {@link computeCosts}). */
  distributorPower: bigint | null;
  /** Paid for exported energy (export × sell price); may be negative with negative spot prices. */
  revenue: bigint | null;
  total: bigint | null;
  /** Block position (1..n) of the distributor plan, null without a plan or slot. */
  block: number | null;
  /** Supplier tariff window; null for spot prices without a tariff plan or where no window is known. */
  tariff: Tariff | null;
}

/** Result of {@link computeCosts}: per interval costs, and counts of what could not be priced. */
export interface CostResult {
  intervals: IntervalCost[];
  /** Intervals no price list covers. */
  uncovered: number;
  /** Intervals of a SPOT_MARKET list without a spot price. */
  missingSpot: number;
  /** Intervals whose plan (tariff or distributor) is unknown or has no slot there. */
  missingBlock: number;
}

interface ParsedList {
  readonly list: PriceList;
  readonly fromMs: number;
  readonly toMs: number;
  readonly t0: bigint | null;
  readonly t1: bigint | null;
  readonly t2: bigint | null;
  readonly sell0: bigint | null;
  readonly sell1: bigint | null;
  readonly sell2: bigint | null;
  readonly buyMarkup: bigint;
  readonly sellMarkup: bigint;
  /** Monthly fee in femto, or 0. */
  readonly feeFemto: bigint;
  readonly distributorEnergy: readonly bigint[];
  /** Per block position − 1: agreed power (W) × rate (nanos per kW) × 1000 = femto per month. */
  readonly powerFemto: readonly bigint[];
  readonly tariffResolver: BlockResolver | null;
  readonly distributorResolver: BlockResolver | null;
  readonly tariffPlanMissing: boolean;
  readonly distributorPlanMissing: boolean;
}

function price(currency: string, text: Decimal | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const parsed = parseUnitPrice(currency, text);
  return parsed.ok ? parsed.value.nanos : null;
}

/** Agreed power in whole watts (kW decimals beyond three are rounded half away from zero). */
function watts(text: Decimal | undefined): bigint {
  if (text === undefined) return 0n;
  const parsed = parseUnitPrice('XXX', text);
  return parsed.ok ? divideRounded(parsed.value.nanos, 1_000_000n) : 0n;
}

function localDayStart(clock: ZoneClock, iso: string): number {
  const date = parseIsoDate(iso);
  if (!date) return Number.NaN;
  return clock.dayStartMs(dayNumberOf(date));
}

function parseList(
  list: PriceList,
  clock: ZoneClock,
  resolverOf: (planId: number | null) => BlockResolver | null | undefined,
): ParsedList {
  const c = list.currency;
  const tariffResolver = resolverOf(list.tariffPlanId);
  const distributorResolver = resolverOf(list.distributorPlanId);
  return {
    list,
    fromMs: localDayStart(clock, list.validFrom),
    toMs: list.validTo ? localDayStart(clock, list.validTo) : Number.POSITIVE_INFINITY,
    t0: price(c, list.tariffs.t0),
    t1: price(c, list.tariffs.t1),
    t2: price(c, list.tariffs.t2),
    sell0: price(c, list.sell.t0),
    sell1: price(c, list.sell.t1),
    sell2: price(c, list.sell.t2),
    buyMarkup: price(c, list.buyMarkup) ?? 0n,
    sellMarkup: price(c, list.sellMarkup) ?? 0n,
    // nanos × 10⁶ = femto.
    feeFemto: (price(c, list.supplierFeePerMonth) ?? 0n) * 1_000_000n,
    distributorEnergy: list.distributorEnergy.map((p) => price(c, p) ?? 0n),
    powerFemto: list.distributorPower.map(
      (p, i) => (price(c, p) ?? 0n) * watts(list.agreedPowerKw[i]) * 1000n,
    ),
    tariffResolver: tariffResolver ?? null,
    distributorResolver: distributorResolver ?? null,
    tariffPlanMissing: list.tariffPlanId !== null && !tariffResolver,
    distributorPlanMissing: list.distributorPlanId !== null && !distributorResolver,
  };
}

/** price (nanos per kWh) × energy (mWh) = femto; plain numbers while exact, bigint beyond. */
function energyAmount(priceNanos: bigint, mWh: number): bigint {
  const p = Number(priceNanos);
  const product = p * mWh;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return BigInt(product);
  return priceNanos * BigInt(mWh);
}

/** floor(a / b) for bigints (b > 0), also for negative a. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

interface MonthInfo {
  readonly startMs: number;
  readonly lengthMs: bigint;
  /** Block positions (1..n) that occur in the month, per distributor resolver. */
  readonly blocks: Map<BlockResolver, ReadonlySet<number>>;
}

/**
 * Costs of every interval under the location's effective-dated price lists.
 *
 * - The list is the one covering the interval's start: validFrom ≤ local date < validTo (dates local to
 *   `timeZone`, validTo exclusive, null open). No list: every amount null, counted in `uncovered`.
 * - Supplier energy (import): FIXED → tariffs.t0 (tariff T0); TIME_OF_USE → t1 in block position 1 of
 *   tariffPlanId (T1, VT), t2 in any other position (T2, MT); SPOT_MARKET → spot/1000 per kWh + buyMarkup. A
 *   missing spot price leaves supplier energy, revenue and total null (counted in `missingSpot`).
 * - Revenue (export): without differentExportPrice the buy price of the same instant (spot lists: spot/1000 −
 *   sellMarkup); with it, sell.t0 ('T0') or sell.t1/sell.t2 by the tariff windows ('MULTI').
 * - Distributor energy: import × distributorEnergy[block position − 1] of distributorPlanId (or [0] without a plan).
 * - Distributor power: per local calendar month, Σ over the blocks that occur in that month (any day of the month
 *   in the distributor plan; block 1 without a plan) of agreedPowerKw_b × distributorPower_b, spread over the month
 *   in proportion to duration: an interval [s, e) gets F(e) − F(s) with F(t) = ⌊charge × (t − month start) /
 *   month length⌋, so the intervals of a whole month add up to the charge exactly, whichever of them are present,
 *   and a list changing mid-month charges each part at its own rates. The supplier's monthly fee is spread the
 *   same way.
 */
export function computeCosts(input: CostInput): CostResult {
  const clock = zoneClock(input.timeZone);
  const resolvers = new Map<number, BlockResolver>();
  const resolverOf = (planId: number | null): BlockResolver | null | undefined => {
    if (planId === null) return null;
    let r = resolvers.get(planId);
    if (r) return r;
    const plan = input.plans.get(planId);
    if (!plan) return undefined;
    const country = plan.countryCode ?? input.countryCode;
    r = createBlockResolver(plan, input.timeZone, (d) => isHoliday(country, d));
    resolvers.set(planId, r);
    return r;
  };
  const lists = input.lists
    .map((l) => parseList(l, clock, resolverOf))
    .filter((l) => !Number.isNaN(l.fromMs))
    .sort((a, b) => a.fromMs - b.fromMs);

  const months = new Map<number, MonthInfo>();
  const monthOf = (instantMs: number): MonthInfo => {
    const dayNumber = clock.dayNumberOf(instantMs);
    const d = new Date(dayNumber * DAY_MS);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth();
    const key = y * 12 + m;
    let info = months.get(key);
    if (!info) {
      const first = Date.UTC(y, m, 1) / DAY_MS;
      const next = Date.UTC(y, m + 1, 1) / DAY_MS;
      const startMs = clock.dayStartMs(first);
      info = {
        startMs,
        lengthMs: BigInt(clock.dayStartMs(next) - startMs),
        blocks: new Map(),
      };
      months.set(key, info);
    }
    return info;
  };
  const blocksInMonth = (month: MonthInfo, resolver: BlockResolver): ReadonlySet<number> => {
    let set = month.blocks.get(resolver);
    if (set) return set;
    const found = new Set<number>();
    const first = clock.dayNumberOf(month.startMs);
    const last = clock.dayNumberOf(month.startMs + Number(month.lengthMs) - 1);
    for (let day = first; day <= last; day++) {
      for (const index of resolver.dayTable(day)) {
        if (index >= 0) found.add((resolver.blocks[index] as { position: number }).position);
      }
    }
    set = found;
    month.blocks.set(resolver, set);
    return set;
  };
  // Monthly charge (power, fee) per list and month, femto.
  const monthlyPower = new Map<ParsedList, Map<MonthInfo, bigint>>();
  const powerCharge = (l: ParsedList, month: MonthInfo): bigint => {
    let byMonth = monthlyPower.get(l);
    if (!byMonth) monthlyPower.set(l, (byMonth = new Map()));
    let charge = byMonth.get(month);
    if (charge !== undefined) return charge;
    charge = 0n;
    if (l.distributorResolver) {
      for (const position of blocksInMonth(month, l.distributorResolver)) {
        charge += l.powerFemto[position - 1] ?? 0n;
      }
    } else if (!l.distributorPlanMissing) charge = l.powerFemto[0] ?? 0n;
    byMonth.set(month, charge);
    return charge;
  };
  const share = (charge: bigint, month: MonthInfo, from: number, to: number): bigint => {
    if (charge === 0n) return 0n;
    const a = floorDiv(charge * BigInt(from - month.startMs), month.lengthMs);
    const b = floorDiv(charge * BigInt(to - month.startMs), month.lengthMs);
    return b - a;
  };

  const spotCache = new Map<string, bigint | null>();
  const spotNanos = (text: Decimal, currency: string): bigint | null => {
    let v = spotCache.get(text);
    if (v === undefined) {
      v = price(currency, text);
      spotCache.set(text, v);
    }
    return v;
  };

  const out: IntervalCost[] = [];
  let uncovered = 0;
  let missingSpot = 0;
  let missingBlock = 0;
  let current: ParsedList | undefined;
  for (const interval of input.intervals) {
    const start = interval.start;
    const end = interval.end ?? start + DEFAULT_INTERVAL_MS;
    if (!current || start < current.fromMs || start >= current.toMs) {
      current = lists.find((l) => start >= l.fromMs && start < l.toMs);
    }
    const base = {
      start,
      end,
      importWh: interval.importWh,
      exportWh: interval.exportWh,
    };
    const l = current;
    if (!l) {
      uncovered++;
      out.push({
        ...base,
        listId: null,
        currency: null,
        supplierEnergy: null,
        supplierFee: null,
        distributorEnergy: null,
        distributorPower: null,
        revenue: null,
        total: null,
        block: null,
        tariff: null,
      });
      continue;
    }
    const importMWh = Math.round(interval.importWh * 1000);
    const exportMWh = Math.round(interval.exportWh * 1000);
    const list = l.list;
    let blockMissing = false;

    // Supplier tariff window (T1/T2 from tariffPlanId); a FIXED list buys at T0 whatever the window.
    let window: 'T1' | 'T2' | null = null;
    if (l.tariffResolver) {
      const b = l.tariffResolver.at(start);
      if (b) window = b.position === 1 ? 'T1' : 'T2';
    }
    const tariff: Tariff | null = list.kind === 'FIXED' ? 'T0' : window;
    const needsWindow =
      list.kind === 'TIME_OF_USE' || (list.differentExportPrice && list.exportTariff === 'MULTI');
    if (needsWindow && window === null) blockMissing = true;

    // Buy and sell prices (nanos per kWh) and spot (femto arithmetic below).
    let supplierEnergy: bigint | null = null;
    let revenue: bigint | null = null;
    let spotMissing = false;
    if (list.kind === 'SPOT_MARKET') {
      const text = input.spot?.(start) ?? null;
      const s = text === null ? null : spotNanos(text, list.currency);
      if (s === null) spotMissing = true;
      else {
        // spot (nanos per MWh) × mWh = 10⁻¹⁸; ÷ 1000 → femto (exact for spot prices with ≤ 6 decimals).
        supplierEnergy =
          divideRounded(s * BigInt(importMWh), 1000n) + energyAmount(l.buyMarkup, importMWh);
        if (!list.differentExportPrice) {
          revenue =
            divideRounded(s * BigInt(exportMWh), 1000n) - energyAmount(l.sellMarkup, exportMWh);
        }
      }
    } else {
      const buy =
        list.kind === 'FIXED' ? l.t0 : tariff === 'T1' ? l.t1 : tariff === 'T2' ? l.t2 : null;
      if (buy !== null) {
        supplierEnergy = energyAmount(buy, importMWh);
        if (!list.differentExportPrice) revenue = energyAmount(buy, exportMWh);
      }
    }
    if (list.differentExportPrice) {
      const sell =
        list.exportTariff === 'T0'
          ? l.sell0
          : window === 'T1'
            ? l.sell1
            : window === 'T2'
              ? l.sell2
              : null;
      revenue = sell === null ? null : energyAmount(sell, exportMWh);
    }

    // Distributor.
    let block: number | null = null;
    let distributorEnergy: bigint | null = null;
    if (l.distributorResolver) {
      block = l.distributorResolver.at(start)?.position ?? null;
      if (block === null) blockMissing = true;
      else distributorEnergy = energyAmount(l.distributorEnergy[block - 1] ?? 0n, importMWh);
    } else if (l.distributorPlanMissing) blockMissing = true;
    else distributorEnergy = energyAmount(l.distributorEnergy[0] ?? 0n, importMWh);

    const month = monthOf(start);
    const distributorPower = l.distributorPlanMissing
      ? null
      : share(powerCharge(l, month), month, start, end);
    const supplierFee = share(l.feeFemto, month, start, end);

    if (spotMissing) missingSpot++;
    if (blockMissing) missingBlock++;
    const total =
      supplierEnergy === null ||
      revenue === null ||
      distributorEnergy === null ||
      distributorPower === null
        ? null
        : supplierEnergy + supplierFee + distributorEnergy + distributorPower - revenue;
    out.push({
      ...base,
      listId: list.id,
      currency: list.currency,
      supplierEnergy,
      supplierFee,
      distributorEnergy,
      distributorPower,
      revenue,
      total,
      block,
      tariff,
    });
  }
  return { intervals: out, uncovered, missingSpot, missingBlock };
}

/** How {@link aggregateCosts} groups intervals, by the location's local calendar. */
export type CostResolution = 'hour' | 'day' | 'month' | 'total';

/** The lines of one bucket, each rounded once to minor units; null where an interval's line was unknown. */
export interface CostBucket {
  /** Bucket start (UTC ms): local hour, local midnight, first of the local month, or the first interval. */
  start: number;
  /** Bucket end (UTC ms, exclusive). */
  end: number;
  currency: string;
  intervals: number;
  /** Intervals of the bucket with a null total (their known lines still count). */
  incomplete: number;
  importWh: number;
  exportWh: number;
  supplierEnergy: Money;
  supplierFee: Money;
  distributorEnergy: Money;
  distributorPower: Money;
  revenue: Money;
  /** supplierEnergy + supplierFee + distributorEnergy + distributorPower − revenue of the rounded lines. */
  total: Money;
  /** Import and distributor energy per distributor block position (ascending). */
  blocks: { position: number; importWh: number; distributorEnergy: Money }[];
}

interface Acc {
  start: number;
  end: number;
  currency: string;
  intervals: number;
  incomplete: number;
  importWh: number;
  exportWh: number;
  supplierEnergy: bigint;
  supplierFee: bigint;
  distributorEnergy: bigint;
  distributorPower: bigint;
  revenue: bigint;
  blocks: Map<number, { importWh: number; distributorEnergy: bigint }>;
}

/** Rounds an exact femto amount once to minor units (half away from zero). */
export function femtoToMoney(currency: string, femto: bigint): Money {
  const minorPerMajor = 10n ** BigInt(minorUnitDecimals(currency));
  const minor = divideRounded(femto * minorPerMajor, AMOUNT_SCALE);
  return money(currency, Number(minor));
}

/**
 * Groups interval costs into local hours, days, months or one total (per currency, in time order) and rounds each
 * line once. Intervals without a list are skipped; a null line of an interval counts as nothing and the interval
 * as `incomplete`.
 */
export function aggregateCosts(
  costs: readonly IntervalCost[],
  timeZone: string,
  resolution: CostResolution,
): CostBucket[] {
  const clock = zoneClock(timeZone);
  const buckets = new Map<string, Acc>();
  for (const c of costs) {
    if (c.currency === null) continue;
    let start: number;
    let end: number;
    if (resolution === 'total') {
      start = Number.NEGATIVE_INFINITY;
      end = Number.POSITIVE_INFINITY;
    } else if (resolution === 'hour') {
      // The local hour: the repeated hour of a DST end is two buckets (different instants).
      const offset = clock.offsetMs(c.start);
      start = Math.floor((c.start + offset) / HOUR_MS) * HOUR_MS - offset;
      end = start + HOUR_MS;
    } else {
      const day = clock.dayNumberOf(c.start);
      if (resolution === 'day') {
        start = clock.dayStartMs(day);
        end = clock.dayStartMs(day + 1);
      } else {
        const d = new Date(day * DAY_MS);
        start = clock.dayStartMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS);
        end = clock.dayStartMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS);
      }
    }
    const key = `${start}|${c.currency}`;
    let acc = buckets.get(key);
    if (!acc) {
      acc = {
        start,
        end,
        currency: c.currency,
        intervals: 0,
        incomplete: 0,
        importWh: 0,
        exportWh: 0,
        supplierEnergy: 0n,
        supplierFee: 0n,
        distributorEnergy: 0n,
        distributorPower: 0n,
        revenue: 0n,
        blocks: new Map(),
      };
      buckets.set(key, acc);
    }
    if (resolution === 'total') {
      acc.start = Math.min(acc.start === Number.NEGATIVE_INFINITY ? c.start : acc.start, c.start);
      acc.end = Math.max(acc.end === Number.POSITIVE_INFINITY ? c.end : acc.end, c.end);
    }
    acc.intervals++;
    if (c.total === null) acc.incomplete++;
    acc.importWh += c.importWh;
    acc.exportWh += c.exportWh;
    acc.supplierEnergy += c.supplierEnergy ?? 0n;
    acc.supplierFee += c.supplierFee ?? 0n;
    acc.distributorEnergy += c.distributorEnergy ?? 0n;
    acc.distributorPower += c.distributorPower ?? 0n;
    acc.revenue += c.revenue ?? 0n;
    if (c.block !== null) {
      const b = acc.blocks.get(c.block) ?? { importWh: 0, distributorEnergy: 0n };
      b.importWh += c.importWh;
      b.distributorEnergy += c.distributorEnergy ?? 0n;
      acc.blocks.set(c.block, b);
    }
  }
  return [...buckets.values()]
    .sort((a, b) => a.start - b.start || (a.currency < b.currency ? -1 : 1))
    .map((acc) => {
      const cur = acc.currency;
      const lines = {
        supplierEnergy: femtoToMoney(cur, acc.supplierEnergy),
        supplierFee: femtoToMoney(cur, acc.supplierFee),
        distributorEnergy: femtoToMoney(cur, acc.distributorEnergy),
        distributorPower: femtoToMoney(cur, acc.distributorPower),
        revenue: femtoToMoney(cur, acc.revenue),
      };
      const total = money(
        cur,
        lines.supplierEnergy.minor +
          lines.supplierFee.minor +
          lines.distributorEnergy.minor +
          lines.distributorPower.minor -
          lines.revenue.minor,
      );
      return {
        start: acc.start,
        end: acc.end,
        currency: cur,
        intervals: acc.intervals,
        incomplete: acc.incomplete,
        importWh: acc.importWh,
        exportWh: acc.exportWh,
        ...lines,
        total,
        blocks: [...acc.blocks]
          .sort((a, b) => a[0] - b[0])
          .map(([position, b]) => ({
            position,
            importWh: b.importWh,
            distributorEnergy: femtoToMoney(cur, b.distributorEnergy),
          })),
      };
    });
}
