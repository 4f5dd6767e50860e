// Battery what-if: a battery behind the meter dispatched over the 15-minute series (perfect foresight within each
// month), then the bill before and after with the network-fee engine.
//
// Strategy (deterministic; README "What-ifs" explains it):
//
// 1. Thresholds. For every month and block, the battery gets a peak threshold T: it discharges whenever the import
//    would exceed T, by at most its power and what it holds. Blocks are decided in order of their power rate
//    (block 1 first). For each, T is the lowest value on the 0.1 kW grid — not below the thresholds of lower
//    blocks already chosen (the agreed powers must satisfy P1 ≤ … ≤ P5, so shaving a block below them buys nothing)
//    — for which a simulation of the month keeps every decided block at or below its threshold. Undecided blocks
//    use their own monthly peak, so charging never raises a block above its peak (nor above its threshold).
// 2. Reserve. A backward pass gives, for each interval, the energy the battery must hold to meet the thresholds
//    from there to the month's end, given what it can recharge under the thresholds on the way.
// 3. Dispatch per interval: (a) shave the import down to T; else (b) store surplus that would be exported;
//    else (c) discharge to the load above the reserve — in "dear" intervals (price·η above the price of the cheap
//    intervals), or with stored surplus energy outside the cheap intervals; else (d) charge from the grid with the
//    import at most the highest threshold of blocks 1…b (the agreed power of block b cannot be lower than those,
//    P1 ≤ … ≤ P5, so this raises nothing the optimiser would pick): to full in "cheap" intervals when the month
//    has dear ones (a price spread that pays after losses), otherwise only up to the reserve. The battery never
//    exports to the grid.
//
// Prices: cheap = at most the middle of the month's lowest and highest marginal price; dear = above the middle and
// dear·η > the cheapest intervals' highest price. Efficiency: √η on the way in and √η on the way out; the state of
// charge stays within [0, capacity]; the battery starts empty.

import type { MeterSeries } from '../network-fee/series.ts';
import {
  billAfter,
  billBefore,
  minimumAgreedKw,
  optimizedBillAfter,
  periodDays,
  summary,
  tableFor,
  yearFactor,
  type BillSummary,
  type WhatIfBase,
} from './bills.ts';
import { intervalTable, type IntervalTable, type PricingOptions } from './intervals.ts';

/** A battery: usable capacity, charge/discharge power and round-trip efficiency (0–1, e.g. 0.9). */
export interface BatterySpec {
  readonly capacityKwh: number;
  readonly powerKw: number;
  readonly roundTripEfficiency: number;
}

/** One month of the dispatch. */
export interface BatteryMonth {
  readonly month: string;
  /** Threshold per block 1–5 (index 0 = block 1), kW; null where the block does not occur. */
  readonly thresholdKw: readonly (number | null)[];
  readonly peakBeforeKw: readonly number[];
  readonly peakAfterKw: readonly number[];
}

/** The series after the battery and what the battery did. */
export interface BatterySimulation {
  /** Interval ends of the result, UTC ms (time order of the input). */
  readonly intervalEndsMs: Float64Array;
  readonly importKw: Float64Array;
  readonly exportKw: Float64Array;
  /** State of charge at the end of each interval, kWh. */
  readonly socKwh: Float64Array;
  /** Energy into the battery (at its terminals), kWh, in total and by origin. */
  readonly chargedKwh: number;
  readonly chargedFromGridKwh: number;
  readonly chargedFromSurplusKwh: number;
  /** Energy delivered to the load, kWh. */
  readonly dischargedKwh: number;
  /** charged·(1 − √η) + discharged·(1/√η − 1). */
  readonly lossesKwh: number;
  /** Equivalent full cycles: discharged / capacity. */
  readonly cycles: number;
  readonly finalSocKwh: number;
  /** Highest 15-minute import per block 1–5 over the whole series, kW. */
  readonly peakBeforeKw: readonly number[];
  readonly peakAfterKw: readonly number[];
  readonly months: readonly BatteryMonth[];
}

/** Tuning of the dispatch. */
export interface DispatchOptions {
  /**
   * No threshold below this, kW (the minimum agreed power: the agreed powers cannot go lower, so shaving below it
   * only costs losses). Default 0.
   */
  readonly floorKw?: number;
}

const DT = 0.25; // hours per interval
const EPS = 1e-9;

function checkSpec(b: BatterySpec): void {
  const ok = (v: number) => Number.isFinite(v) && v >= 0;
  if (!ok(b.capacityKwh) || !ok(b.powerKw))
    throw new RangeError('battery capacity and power must be non-negative numbers');
  if (!(b.roundTripEfficiency > 0 && b.roundTripEfficiency <= 1))
    throw new RangeError('round-trip efficiency must be in (0, 1]');
}

/** Per-run state of the dispatch kernel (arrays reused between the threshold searches). */
interface Kernel {
  readonly t: IntervalTable;
  readonly capacity: number;
  readonly power: number;
  readonly etaIn: number;
  readonly etaOut: number;
  readonly cheap: Uint8Array;
  readonly dear: Uint8Array;
  /** Whether the month of each interval has dear intervals (grid charging to full pays). */
  readonly spread: Uint8Array;
  readonly reserve: Float64Array;
  /** Charging cap per block for the current thresholds (scratch). */
  readonly cap: Float64Array;
}

interface RunOutput {
  importKw: Float64Array;
  exportKw: Float64Array;
  socKwh: Float64Array;
  fromGrid: number;
  fromSurplus: number;
  discharged: number;
}

/**
 * Simulates intervals [a, b) from state of charge `s0` (and surplus-origin energy `solar0`) with thresholds per
 * block (`threshold[block]`, kW). Returns the final state and a bit mask of the blocks whose threshold was exceeded.
 */
function run(
  k: Kernel,
  a: number,
  b: number,
  threshold: Float64Array,
  s0: number,
  solar0: number,
  out?: RunOutput,
  stopOn = 0,
): { s: number; solar: number; violated: number } {
  const { t, capacity: C, power: P, etaIn, etaOut, reserve: R } = k;
  const load = t.loadKw;
  const surplus = t.exportKw;
  const block = t.block;
  const { cheap, dear, spread } = k;
  // Charging cap per block: the agreed power of block b is at least those of blocks 1…b (P1 ≤ … ≤ P5), so
  // charging up to the highest threshold of blocks 1…b does not raise what the optimiser would pick.
  const cap = k.cap;
  cap[0] = threshold[0] as number;
  let highest = 0;
  for (let blk = 1; blk <= 5; blk++) {
    highest = Math.max(highest, threshold[blk] as number);
    cap[blk] = highest;
  }
  // Backward pass: energy needed at the start of each interval to hold the thresholds until b.
  R[b] = 0;
  for (let i = b - 1; i >= a; i--) {
    const L = load[i] as number;
    const T = threshold[block[i] as number] as number;
    let r = R[i + 1] as number;
    if (L > T) r += (Math.min(P, L - T) * DT) / etaOut;
    else
      r -=
        Math.min(P, (surplus[i] as number) + (cap[block[i] as number] as number) - L) * DT * etaIn;
    // More than the capacity even with every possible recharge: the thresholds cannot be held (only blocks with
    // a threshold below their peak need energy, and in a search those are the decided ones).
    if (stopOn !== 0 && r > C + 1e-6) return { s: s0, solar: solar0, violated: stopOn };
    R[i] = r < 0 ? 0 : r > C ? C : r;
  }
  if (stopOn !== 0 && (R[a] as number) > s0 + 1e-6)
    return { s: s0, solar: solar0, violated: stopOn };
  let s = s0;
  let solar = solar0;
  let violated = 0;
  for (let i = a; i < b; i++) {
    const L = load[i] as number;
    const X = surplus[i] as number;
    const blk = block[i] as number;
    const T = threshold[blk] as number;
    let imp = L;
    let exp = X;
    if (L > T + EPS) {
      // (a) shave
      const d = Math.min(P, L - T, (s * etaOut) / DT);
      if (d > 0) {
        const removed = (d * DT) / etaOut;
        s -= removed;
        solar = Math.max(0, solar - removed);
        imp = L - d;
        if (out) out.discharged += d * DT;
      }
      if (imp > T + 1e-7) {
        violated |= 1 << blk;
        // A threshold search only needs to know whether a decided block fails.
        if (violated & stopOn) return { s, solar, violated };
      }
    } else {
      const room = (C - s) / (etaIn * DT);
      const c1 = Math.min(P, X, room);
      if (c1 > 0) {
        // (b) store surplus
        s += c1 * DT * etaIn;
        solar += c1 * DT * etaIn;
        exp = X - c1;
        if (out) out.fromSurplus += c1 * DT;
      } else {
        const keep = R[i + 1] as number;
        let limit = 0;
        if (dear[i] === 1) limit = s - keep;
        else if (cheap[i] === 0 || spread[i] === 0) limit = Math.min(solar, s - keep);
        const d = limit > 0 ? Math.min(P, L, (limit * etaOut) / DT) : 0;
        if (d > 0) {
          // (c) discharge to the load
          const removed = (d * DT) / etaOut;
          s -= removed;
          solar = Math.max(0, solar - removed);
          imp = L - d;
          if (out) out.discharged += d * DT;
        } else {
          // (d) charge from the grid under the threshold
          const target = cheap[i] === 1 && spread[i] === 1 ? C : keep;
          const c2 = Math.min(P, (cap[blk] as number) - L, (target - s) / (etaIn * DT));
          if (c2 > 0) {
            s += c2 * DT * etaIn;
            imp = L + c2;
            if (out) out.fromGrid += c2 * DT;
          }
        }
      }
    }
    if (s < 0) s = 0;
    if (s > C) s = C;
    if (out) {
      out.importKw[i] = imp;
      out.exportKw[i] = exp;
      out.socKwh[i] = s;
    }
  }
  return { s, solar, violated };
}

/** Cheap / dear / spread flags per interval from each month's marginal prices (see the header). */
function priceFlags(t: IntervalTable, eta: number) {
  const cheap = new Uint8Array(t.count);
  const dear = new Uint8Array(t.count);
  const spread = new Uint8Array(t.count);
  const price = t.priceEurPerKwh;
  for (const m of t.months) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = m.start; i < m.end; i++) {
      const p = price[i] as number;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    const mid = (lo + hi) / 2;
    let cheapMax = -Infinity;
    for (let i = m.start; i < m.end; i++) {
      if ((price[i] as number) <= mid) {
        cheap[i] = 1;
        if ((price[i] as number) > cheapMax) cheapMax = price[i] as number;
      }
    }
    let any = 0;
    for (let i = m.start; i < m.end; i++) {
      const p = price[i] as number;
      if (p > mid && p * eta > cheapMax) {
        dear[i] = 1;
        any = 1;
      }
    }
    if (any) spread.fill(1, m.start, m.end);
  }
  return { cheap, dear, spread };
}

const tenthsUp = (kw: number) => Math.ceil(kw * 10 - 1e-9);

/** Per-block peaks of [a, b) of a power array, index 1–5. */
function peaks(t: IntervalTable, kw: Float64Array, a: number, b: number): number[] {
  const p = [0, 0, 0, 0, 0, 0];
  for (let i = a; i < b; i++) {
    const blk = t.block[i] as number;
    if ((kw[i] as number) > (p[blk] as number)) p[blk] = kw[i] as number;
  }
  return p;
}

/** Dispatches a battery over an interval table (see the header for the strategy). */
export function simulateBatteryOnTable(
  t: IntervalTable,
  battery: BatterySpec,
  options: DispatchOptions = {},
): BatterySimulation {
  checkSpec(battery);
  const n = t.count;
  const eta = battery.roundTripEfficiency;
  const k: Kernel = {
    t,
    capacity: battery.capacityKwh,
    power: battery.powerKw,
    etaIn: Math.sqrt(eta),
    etaOut: Math.sqrt(eta),
    ...priceFlags(t, eta),
    reserve: new Float64Array(n + 1),
    cap: new Float64Array(6),
  };
  const out: RunOutput = {
    importKw: new Float64Array(n),
    exportKw: new Float64Array(n),
    socKwh: new Float64Array(n),
    fromGrid: 0,
    fromSurplus: 0,
    discharged: 0,
  };
  const months: BatteryMonth[] = [];
  const threshold = new Float64Array(6);
  let s = 0;
  let solar = 0;
  const active = battery.capacityKwh > 0 && battery.powerKw > 0;
  for (const m of t.months) {
    const before = peaks(t, t.loadKw, m.start, m.end);
    const occurs = [false, false, false, false, false, false];
    for (let i = m.start; i < m.end; i++) occurs[t.block[i] as number] = true;
    for (let blk = 0; blk <= 5; blk++) threshold[blk] = before[blk] as number;
    if (active) {
      const order = [1, 2, 3, 4, 5]
        .filter((blk) => occurs[blk] && (m.powerRate[blk] as number) > 0)
        .sort((x, y) => (m.powerRate[y] as number) - (m.powerRate[x] as number) || x - y);
      let decided = 0;
      for (const blk of order) {
        decided |= 1 << blk;
        // Below peak − power no interval can be held; below the minimum agreed power shaving buys nothing.
        let floor = Math.max(options.floorKw ?? 0, (before[blk] as number) - battery.powerKw);
        for (let lower = 1; lower < blk; lower++)
          if (decided & (1 << lower) && occurs[lower])
            floor = Math.max(floor, threshold[lower] as number);
        const peak = before[blk] as number;
        let lo = Math.min(tenthsUp(floor), tenthsUp(peak));
        let hi = tenthsUp(peak);
        const holds = (tenths: number) => {
          threshold[blk] = Math.min(peak, tenths / 10);
          return (
            (run(k, m.start, m.end, threshold, s, solar, undefined, decided).violated & decided) ===
            0
          );
        };
        // Lowest holding value on the 0.1 kW grid (holding is monotone in the threshold).
        if (!holds(lo)) {
          while (hi - lo > 1) {
            const mid = (lo + hi) >> 1;
            if (holds(mid)) hi = mid;
            else lo = mid;
          }
          lo = hi;
        }
        threshold[blk] = Math.min(peak, lo / 10);
        if (!holds(lo)) threshold[blk] = peak;
      }
    }
    const r = run(k, m.start, m.end, threshold, s, solar, out);
    s = r.s;
    solar = r.solar;
    months.push({
      month: m.key,
      thresholdKw: [1, 2, 3, 4, 5].map((blk) => (occurs[blk] ? (threshold[blk] as number) : null)),
      peakBeforeKw: before.slice(1),
      peakAfterKw: peaks(t, out.importKw, m.start, m.end).slice(1),
    });
  }
  const etaIn = k.etaIn;
  const charged = out.fromGrid + out.fromSurplus;
  const lossesKwh = charged * (1 - etaIn) + out.discharged * (1 / k.etaOut - 1);
  return {
    intervalEndsMs: t.endMs,
    importKw: out.importKw,
    exportKw: out.exportKw,
    socKwh: out.socKwh,
    chargedKwh: charged,
    chargedFromGridKwh: out.fromGrid,
    chargedFromSurplusKwh: out.fromSurplus,
    dischargedKwh: out.discharged,
    lossesKwh,
    cycles: battery.capacityKwh > 0 ? out.discharged / battery.capacityKwh : 0,
    finalSocKwh: s,
    peakBeforeKw: peaks(t, t.loadKw, 0, n).slice(1),
    peakAfterKw: peaks(t, out.importKw, 0, n).slice(1),
    months,
  };
}

/**
 * Dispatches a battery over a 15-minute import series (and the export series, whose surplus it stores first).
 * `options` price the intervals (supplier prices, tariff count, tariff year) so the battery knows cheap and dear.
 */
export function simulateBattery(
  series: MeterSeries,
  exportSeries: MeterSeries | null,
  battery: BatterySpec,
  options: PricingOptions & DispatchOptions = {},
): BatterySimulation {
  return simulateBatteryOnTable(intervalTable(series, exportSeries, options), battery, options);
}

/** Input of the battery what-if. */
export interface BatteryWhatIfInput {
  readonly base: WhatIfBase;
  readonly exportSeries?: MeterSeries | null;
  readonly battery: BatterySpec;
}

/** Result of the battery what-if. */
export interface BatteryWhatIfResult {
  readonly battery: BatterySpec;
  readonly before: BillSummary;
  readonly after: BillSummary;
  /** (before − after) of the optimized totals, scaled to 365 days. */
  readonly yearlySavingEur: number;
  /** The same with the current agreed powers kept, scaled to 365 days. */
  readonly yearlySavingKeepCurrentEur: number;
  readonly periodDays: number;
  readonly chargedKwh: number;
  readonly chargedFromGridKwh: number;
  readonly chargedFromSurplusKwh: number;
  readonly dischargedKwh: number;
  readonly lossesKwh: number;
  readonly cycles: number;
  readonly months: readonly BatteryMonth[];
}

function whatIfOnTable(
  input: BatteryWhatIfInput,
  t: IntervalTable,
  before: ReturnType<typeof billBefore>,
  days: number,
): BatteryWhatIfResult {
  const sim = simulateBatteryOnTable(t, input.battery, { floorKw: minimumAgreedKw(input.base, t) });
  const after = billAfter(input.base, before.current, sim.intervalEndsMs, sim.importKw);
  const f = yearFactor(days);
  const b = before.result.scenarios;
  const a = after.scenarios;
  return {
    battery: input.battery,
    before: summary(before.result, sim.peakBeforeKw),
    after: summary(after, sim.peakAfterKw),
    yearlySavingEur: (b.optimized.total - a.optimized.total) * f,
    yearlySavingKeepCurrentEur: (b.new.total - a.new.total) * f,
    periodDays: days,
    chargedKwh: sim.chargedKwh,
    chargedFromGridKwh: sim.chargedFromGridKwh,
    chargedFromSurplusKwh: sim.chargedFromSurplusKwh,
    dischargedKwh: sim.dischargedKwh,
    lossesKwh: sim.lossesKwh,
    cycles: sim.cycles,
    months: sim.months,
  };
}

/** The bill before and after a battery (engine: optimized and keep-current), the yearly saving and the stats. */
export function batteryWhatIf(input: BatteryWhatIfInput): BatteryWhatIfResult {
  const t = tableFor(input);
  return whatIfOnTable(input, t, billBefore(input.base), periodDays(input.base, t));
}

/** One point of the saving-against-capacity curve. */
export interface BatterySweepPoint {
  readonly capacityKwh: number;
  readonly powerKw: number;
  /** (before − after) of the optimized totals, scaled to 365 days. */
  readonly yearlySavingEur: number;
  readonly optimizedAgreedKw: readonly number[];
  readonly cycles: number;
}

/**
 * The battery what-if for several capacities (power from `powerKwOf(capacity)`, efficiency from input.battery),
 * sharing the interval table and the "before" bill; each point's saving is that of batteryWhatIf.
 */
export function batterySweep(
  input: BatteryWhatIfInput,
  capacitiesKwh: readonly number[],
  powerKwOf: (capacityKwh: number) => number,
): { points: BatterySweepPoint[] } {
  const t = tableFor(input);
  const before = billBefore(input.base);
  const f = yearFactor(periodDays(input.base, t));
  const floorKw = minimumAgreedKw(input.base, t);
  const beforeTotal = before.result.scenarios.optimized.total;
  const points = capacitiesKwh.map((capacityKwh): BatterySweepPoint => {
    const battery: BatterySpec = {
      capacityKwh,
      powerKw: powerKwOf(capacityKwh),
      roundTripEfficiency: input.battery.roundTripEfficiency,
    };
    const sim = simulateBatteryOnTable(t, battery, { floorKw });
    const after = optimizedBillAfter(input.base, t, sim.importKw, before.current);
    return {
      capacityKwh,
      powerKw: battery.powerKw,
      yearlySavingEur: (beforeTotal - after.totalEur) * f,
      optimizedAgreedKw: after.agreedKw,
      cycles: sim.cycles,
    };
  });
  return { points };
}
