// Energy cost of a location from its interval energy and its effective-dated price lists (issue 13 "Costs on the
// location's energy"). Pure: no clock, no I/O; the caller passes the lists, their time plans and a spot lookup.
//
// Exactness (decision 0017): prices are decimals parsed to nanos (10⁻⁹ of the major unit per kWh); every interval
// amount is an integer of 10⁻¹² of the major unit ("picos"): price nanos × Wh, exact for whole Wh (fractional Wh, a
// spot price per MWh and the monthly spread are rounded to the nearest pico, far below any meter or invoice).
// Interval amounts are plain safe integers (a quarter hour would have to cost 9 007 units of money to leave that
// range), which keeps a year of quarter hours well inside the 20 ms budget (bench/costs.ts); the aggregates add them
// without loss (bigint carry) and round each line ONCE to minor units (half away from zero); a bucket's total is the
// sum of its rounded lines, so the bill adds up.

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

/** Decimal digits of an interval amount: amounts are integers of 10⁻¹² of the major unit. */
export const AMOUNT_DECIMALS = 12;
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
 * The cost of one interval; amounts are integers of 10⁻¹² of the currency's major unit ({@link AMOUNT_DECIMALS}),
 * null where they cannot be known (no list; no spot price; no block because the plan is missing or incomplete).
 * `total` = supplierEnergy + supplierFee + distributorEnergy + distributorPower − revenue, null when any is null.
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
  supplierEnergy: number | null;
  /** The supplier's monthly fee, spread over the month by duration. */
  supplierFee: number | null;
  /** Network energy charge (import × the block's rate). */
  distributorEnergy: number | null;
  /** Network power charge, spread over the month by duration (see {@link computeCosts}). */
  distributorPower: number | null;
  /** Paid for exported energy (export × sell price); may be negative with negative spot prices. */
  revenue: number | null;
  total: number | null;
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
  /** Prices in nanos per kWh (numbers: exact below 9 007 199 units per kWh). */
  readonly t0: number | null;
  readonly t1: number | null;
  readonly t2: number | null;
  readonly sell0: number | null;
  readonly sell1: number | null;
  readonly sell2: number | null;
  readonly buyMarkup: number;
  readonly sellMarkup: number;
  /** Monthly fee in picos, or 0. */
  readonly feePicos: bigint;
  readonly distributorEnergy: readonly number[];
  /** Per block position − 1: agreed power (W) × rate (nanos per kW) = picos per month. */
  readonly powerPicos: readonly bigint[];
  readonly tariffResolver: BlockResolver | null;
  readonly distributorResolver: BlockResolver | null;
  readonly tariffPlanMissing: boolean;
  readonly distributorPlanMissing: boolean;
}

function nanos(currency: string, text: Decimal | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const parsed = parseUnitPrice(currency, text);
  return parsed.ok ? parsed.value.nanos : null;
}

function priceOf(currency: string, text: Decimal | null | undefined): number | null {
  const n = nanos(currency, text);
  return n === null ? null : Number(n);
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
    t0: priceOf(c, list.tariffs.t0),
    t1: priceOf(c, list.tariffs.t1),
    t2: priceOf(c, list.tariffs.t2),
    sell0: priceOf(c, list.sell.t0),
    sell1: priceOf(c, list.sell.t1),
    sell2: priceOf(c, list.sell.t2),
    buyMarkup: priceOf(c, list.buyMarkup) ?? 0,
    sellMarkup: priceOf(c, list.sellMarkup) ?? 0,
    // nanos × 1000 = picos.
    feePicos: (nanos(c, list.supplierFeePerMonth) ?? 0n) * 1000n,
    distributorEnergy: list.distributorEnergy.map((p) => priceOf(c, p) ?? 0),
    powerPicos: list.distributorPower.map(
      (p, i) => (nanos(c, p) ?? 0n) * watts(list.agreedPowerKw[i]),
    ),
    tariffResolver: tariffResolver ?? null,
    distributorResolver: distributorResolver ?? null,
    tariffPlanMissing: list.tariffPlanId !== null && !tariffResolver,
    distributorPlanMissing: list.distributorPlanId !== null && !distributorResolver,
  };
}

/** price (nanos per kWh) × energy (Wh) = picos; exact for whole Wh, else the nearest pico. */
function energyAmount(priceNanos: number, wh: number): number {
  const product = priceNanos * wh;
  if (Number.isSafeInteger(product)) return product;
  if (Math.abs(product) < Number.MAX_SAFE_INTEGER) return Math.round(product);
  // Beyond 2^53 picos (9 007 units of money in one interval): exact in bigint, then as close as a double gets.
  return Number(BigInt(priceNanos) * BigInt(Math.round(wh)));
}

/** A monthly amount spread over a local month in proportion to duration (see {@link computeCosts}). */
interface Spread {
  /** Month start (UTC ms). */
  readonly startMs: number;
  /** Month length in whole seconds. */
  readonly seconds: number;
  /** charge = whole × seconds + rest (0 ≤ rest < seconds). */
  readonly whole: number;
  readonly rest: number;
  readonly exact: bigint | null;
}

function spreadOf(charge: bigint, startMs: number, lengthMs: number): Spread {
  const seconds = Math.round(lengthMs / 1000);
  const s = BigInt(seconds);
  let whole = charge / s;
  let rest = charge % s;
  if (rest < 0n) {
    whole -= 1n;
    rest += s;
  }
  const safe =
    whole <= BigInt(Number.MAX_SAFE_INTEGER) / s && whole >= -BigInt(Number.MAX_SAFE_INTEGER) / s;
  return {
    startMs,
    seconds,
    whole: Number(whole),
    rest: Number(rest),
    exact: safe ? null : charge,
  };
}

/** F(t) = ⌊charge × (t − month start) / month length⌋, in whole seconds. */
function spreadUntil(spread: Spread, instantMs: number): number {
  const offset = Math.round((instantMs - spread.startMs) / 1000);
  if (spread.exact !== null) {
    const big = spread.exact * BigInt(offset);
    const s = BigInt(spread.seconds);
    const q = big / s;
    return Number(big % s !== 0n && big < 0n ? q - 1n : q);
  }
  // whole × offset ≤ |charge| is safe; rest × offset < seconds² ≈ 7·10¹² is safe.
  return spread.whole * offset + Math.floor((spread.rest * offset) / spread.seconds);
}

interface Month {
  readonly startMs: number;
  readonly endMs: number;
  /** Block positions (1..n) that occur in the month, per distributor resolver. */
  readonly blocks: Map<BlockResolver, ReadonlySet<number>>;
  /** Spreads of the power charge and fee, per list. */
  readonly power: Map<ParsedList, Spread>;
  readonly fee: Map<ParsedList, Spread>;
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
 * - Distributor power: per local calendar month, Σ over the blocks that occur in that month (on any day of the
 *   month in the distributor plan; the single value without a plan) of agreedPowerKw_b × distributorPower_b, spread
 *   over the month in proportion to duration: an interval [s, e) gets F(e) − F(s) with F(t) = ⌊charge × (t − month
 *   start) / month length⌋ (whole seconds), so the intervals of a whole month add up to the charge exactly,
 *   whichever of them are present, and a list changing mid-month charges each part at its own rates. The
 *   supplier's monthly fee is spread the same way. An interval belongs to the month of its start (quarter hours
 *   never cross a month boundary; a longer interval that does is charged at its start month's rates).
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

  const months = new Map<number, Month>();
  let month: Month | undefined;
  const monthOf = (instantMs: number): Month => {
    if (month && instantMs >= month.startMs && instantMs < month.endMs) return month;
    const d = new Date(clock.dayNumberOf(instantMs) * DAY_MS);
    const key = d.getUTCFullYear() * 12 + d.getUTCMonth();
    let found = months.get(key);
    if (!found) {
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
      const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS;
      found = {
        startMs: clock.dayStartMs(first),
        endMs: clock.dayStartMs(next),
        blocks: new Map(),
        power: new Map(),
        fee: new Map(),
      };
      months.set(key, found);
    }
    month = found;
    return found;
  };
  const blocksInMonth = (m: Month, resolver: BlockResolver): ReadonlySet<number> => {
    let set = m.blocks.get(resolver);
    if (set) return set;
    const found = new Set<number>();
    const last = clock.dayNumberOf(m.endMs - 1);
    for (let day = clock.dayNumberOf(m.startMs); day <= last; day++) {
      for (const index of resolver.dayTable(day)) {
        if (index >= 0) found.add((resolver.blocks[index] as { position: number }).position);
      }
    }
    set = found;
    m.blocks.set(resolver, set);
    return set;
  };
  const powerSpread = (l: ParsedList, m: Month): Spread => {
    let spread = m.power.get(l);
    if (spread) return spread;
    let charge = 0n;
    if (l.distributorResolver) {
      for (const position of blocksInMonth(m, l.distributorResolver)) {
        charge += l.powerPicos[position - 1] ?? 0n;
      }
    } else charge = l.powerPicos[0] ?? 0n;
    spread = spreadOf(charge, m.startMs, m.endMs - m.startMs);
    m.power.set(l, spread);
    return spread;
  };
  const feeSpread = (l: ParsedList, m: Month): Spread => {
    let spread = m.fee.get(l);
    if (!spread) m.fee.set(l, (spread = spreadOf(l.feePicos, m.startMs, m.endMs - m.startMs)));
    return spread;
  };

  const spotCache = new Map<string, number | null>();
  const spotNanos = (text: Decimal, currency: string): number | null => {
    let v = spotCache.get(text);
    if (v === undefined) {
      v = priceOf(currency, text);
      spotCache.set(text, v);
    }
    return v;
  };

  const out: IntervalCost[] = new Array<IntervalCost>(input.intervals.length);
  let uncovered = 0;
  let missingSpot = 0;
  let missingBlock = 0;
  let current: ParsedList | undefined;
  let n = 0;
  let lastSpread: Spread | undefined;
  let lastEnd = Number.NaN;
  let lastF = 0;
  for (const interval of input.intervals) {
    const start = interval.start;
    const end = interval.end ?? start + DEFAULT_INTERVAL_MS;
    const importWh = interval.importWh;
    const exportWh = interval.exportWh;
    if (!current || start < current.fromMs || start >= current.toMs) {
      current = lists.find((l) => start >= l.fromMs && start < l.toMs);
    }
    const l = current;
    if (!l) {
      uncovered++;
      out[n++] = {
        start,
        end,
        importWh,
        exportWh,
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
      };
      continue;
    }
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

    let supplierEnergy: number | null = null;
    let revenue: number | null = null;
    if (list.kind === 'SPOT_MARKET') {
      const text = input.spot?.(start) ?? null;
      const s = text === null ? null : spotNanos(text, list.currency);
      if (s === null) missingSpot++;
      else {
        // spot (nanos per MWh) × Wh = 10⁻¹⁵; ÷ 1000 = picos.
        supplierEnergy = Math.round((s * importWh) / 1000) + energyAmount(l.buyMarkup, importWh);
        if (!list.differentExportPrice) {
          revenue = Math.round((s * exportWh) / 1000) - energyAmount(l.sellMarkup, exportWh);
        }
      }
    } else {
      const buy =
        list.kind === 'FIXED' ? l.t0 : window === 'T1' ? l.t1 : window === 'T2' ? l.t2 : null;
      if (buy !== null) {
        supplierEnergy = energyAmount(buy, importWh);
        if (!list.differentExportPrice) revenue = energyAmount(buy, exportWh);
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
      revenue = sell === null ? null : energyAmount(sell, exportWh);
    }

    let block: number | null = null;
    let distributorEnergy: number | null = null;
    if (l.distributorResolver) {
      block = l.distributorResolver.at(start)?.position ?? null;
      if (block === null) blockMissing = true;
      else distributorEnergy = energyAmount(l.distributorEnergy[block - 1] ?? 0, importWh);
    } else if (l.distributorPlanMissing) blockMissing = true;
    else distributorEnergy = energyAmount(l.distributorEnergy[0] ?? 0, importWh);

    const m = monthOf(start);
    let distributorPower: number | null = null;
    if (!l.distributorPlanMissing) {
      const p = powerSpread(l, m);
      // Contiguous intervals: F(start) is the previous interval's F(end).
      const from = p === lastSpread && start === lastEnd ? lastF : spreadUntil(p, start);
      const to = spreadUntil(p, end);
      distributorPower = to - from;
      lastSpread = p;
      lastEnd = end;
      lastF = to;
    }
    const f = feeSpread(l, m);
    const supplierFee =
      f.whole === 0 && f.rest === 0 ? 0 : spreadUntil(f, end) - spreadUntil(f, start);

    if (blockMissing) missingBlock++;
    const total =
      supplierEnergy === null ||
      revenue === null ||
      distributorEnergy === null ||
      distributorPower === null
        ? null
        : supplierEnergy + supplierFee + distributorEnergy + distributorPower - revenue;
    out[n++] = {
      start,
      end,
      importWh,
      exportWh,
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
    };
  }
  return { intervals: out, uncovered, missingSpot, missingBlock };
}

/** How {@link aggregateCosts} groups intervals, by the location's local calendar. */
export type CostResolution = 'hour' | 'day' | 'month' | 'total';

/** The lines of one bucket, each rounded once to minor units; null lines of intervals count as nothing. */
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

/** A lossless sum of safe integers: a number part carried into a bigint before it can lose precision. */
class Sum {
  big = 0n;
  small = 0;
  add(value: number): void {
    this.small += value;
    if (this.small > 2 ** 52 || this.small < -(2 ** 52)) {
      this.big += BigInt(this.small);
      this.small = 0;
    }
  }
  value(): bigint {
    return this.big + BigInt(this.small);
  }
}

interface Acc {
  start: number;
  end: number;
  currency: string;
  intervals: number;
  incomplete: number;
  importWh: number;
  exportWh: number;
  supplierEnergy: Sum;
  supplierFee: Sum;
  distributorEnergy: Sum;
  distributorPower: Sum;
  revenue: Sum;
  blocks: Map<number, { importWh: number; distributorEnergy: Sum }>;
}

/** Rounds an exact amount in picos ({@link AMOUNT_DECIMALS}) once to minor units (half away from zero). */
export function picosToMoney(currency: string, picos: bigint | number): Money {
  const minorPerMajor = 10n ** BigInt(minorUnitDecimals(currency));
  const minor = divideRounded(BigInt(picos) * minorPerMajor, AMOUNT_SCALE);
  return money(currency, Number(minor));
}

/**
 * Groups interval costs into local hours, days, months or one total (per currency, in time order) and rounds each
 * line once. Intervals without a list are skipped; a null line of an interval counts as nothing and the interval
 * as `incomplete`. The repeated hour at the end of summer time is two hour buckets.
 */
export function aggregateCosts(
  costs: readonly IntervalCost[],
  timeZone: string,
  resolution: CostResolution,
): CostBucket[] {
  const clock = zoneClock(timeZone);
  const buckets = new Map<string, Acc>();
  let acc: Acc | undefined;
  const open = (start: number, end: number, currency: string): Acc => {
    const key = `${start}|${currency}`;
    let found = buckets.get(key);
    if (!found) {
      found = {
        start,
        end,
        currency,
        intervals: 0,
        incomplete: 0,
        importWh: 0,
        exportWh: 0,
        supplierEnergy: new Sum(),
        supplierFee: new Sum(),
        distributorEnergy: new Sum(),
        distributorPower: new Sum(),
        revenue: new Sum(),
        blocks: new Map(),
      };
      buckets.set(key, found);
    }
    return found;
  };
  for (const c of costs) {
    if (c.currency === null) continue;
    if (resolution === 'total') {
      acc = open(0, 0, c.currency);
      if (acc.intervals === 0 || c.start < acc.start) acc.start = c.start;
      if (acc.intervals === 0 || c.end > acc.end) acc.end = c.end;
    } else if (!acc || c.start < acc.start || c.start >= acc.end || acc.currency !== c.currency) {
      let start: number;
      let end: number;
      if (resolution === 'hour') {
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
      acc = open(start, end, c.currency);
    }
    acc.intervals++;
    if (c.total === null) acc.incomplete++;
    acc.importWh += c.importWh;
    acc.exportWh += c.exportWh;
    if (c.supplierEnergy !== null) acc.supplierEnergy.add(c.supplierEnergy);
    if (c.supplierFee !== null) acc.supplierFee.add(c.supplierFee);
    if (c.distributorEnergy !== null) acc.distributorEnergy.add(c.distributorEnergy);
    if (c.distributorPower !== null) acc.distributorPower.add(c.distributorPower);
    if (c.revenue !== null) acc.revenue.add(c.revenue);
    if (c.block !== null) {
      let b = acc.blocks.get(c.block);
      if (!b) acc.blocks.set(c.block, (b = { importWh: 0, distributorEnergy: new Sum() }));
      b.importWh += c.importWh;
      if (c.distributorEnergy !== null) b.distributorEnergy.add(c.distributorEnergy);
    }
  }
  return [...buckets.values()]
    .sort((a, b) => a.start - b.start || (a.currency < b.currency ? -1 : 1))
    .map((a) => {
      const cur = a.currency;
      const lines = {
        supplierEnergy: picosToMoney(cur, a.supplierEnergy.value()),
        supplierFee: picosToMoney(cur, a.supplierFee.value()),
        distributorEnergy: picosToMoney(cur, a.distributorEnergy.value()),
        distributorPower: picosToMoney(cur, a.distributorPower.value()),
        revenue: picosToMoney(cur, a.revenue.value()),
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
        start: a.start,
        end: a.end,
        currency: cur,
        intervals: a.intervals,
        incomplete: a.incomplete,
        importWh: a.importWh,
        exportWh: a.exportWh,
        ...lines,
        total,
        blocks: [...a.blocks]
          .sort((x, y) => x[0] - y[0])
          .map(([position, b]) => ({
            position,
            importWh: b.importWh,
            distributorEnergy: picosToMoney(cur, b.distributorEnergy.value()),
          })),
      };
    });
}
