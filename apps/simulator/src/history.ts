/**
 * Demo history: 15-minute intervals per device from the same site model the live controllers run, so the year
 * behind a demo location and its live data look alike. Pure and deterministic: the same options give the same rows.
 */
import { SiteModel, type SiteConfig } from './model/site.ts';

/** What to generate. */
export interface HistoryOptions extends SiteConfig {
  /** First interval: the 15-minute interval containing this instant. */
  from: Date;
  /** End (exclusive): intervals starting before this instant. */
  to: Date;
  /** Model step in seconds; must divide 900 (default 300: 3 steps per interval; 60 matches the live resolution). */
  stepS?: number;
  /** Battery state of charge at `from` (default 50). */
  initialSocPct?: number;
}

/** One device's 15-minute interval (what the interval_15m table holds). */
export interface HistoryRow {
  /** The device's reference (`KIT_DEVICES`). */
  ref: string;
  /** Start of the interval. */
  ts: Date;
  /** Energy in the + direction of the protocol's sign convention, Wh. */
  importWh: number;
  /** Energy in the − direction, Wh. */
  exportWh: number;
  powerAvgW: number;
  powerMinW: number;
  powerMaxW: number;
  /** Battery state of charge at the interval's end, %. */
  socPct?: number;
  /** Mean temperature the device reports (outdoor for heat pumps, cells for batteries, inverter), °C. */
  temperatureC?: number;
}

const INTERVAL_MS = 900_000;

/** The rows of every device for every 15-minute interval in [from, to), in time order, devices in kit order. */
export function* generateHistory(options: HistoryOptions): Generator<HistoryRow> {
  const stepS = options.stepS ?? 300;
  if (!Number.isInteger(stepS) || stepS <= 0 || 900 % stepS !== 0) {
    throw new RangeError('stepS must divide 900');
  }
  const first = Math.floor(options.from.getTime() / INTERVAL_MS) * INTERVAL_MS;
  const end = options.to.getTime();
  const model = new SiteModel({ ...options, startMs: first, stepS });
  const n = model.devices.length;
  const steps = 900 / stepS;
  const hours = stepS / 3600;
  const imp = new Float64Array(n);
  const exp = new Float64Array(n);
  const sum = new Float64Array(n);
  const min = new Float64Array(n);
  const max = new Float64Array(n);
  const temp = new Float64Array(n);
  for (let start = first; start < end; start += INTERVAL_MS) {
    imp.fill(0);
    exp.fill(0);
    sum.fill(0);
    min.fill(Number.POSITIVE_INFINITY);
    max.fill(Number.NEGATIVE_INFINITY);
    temp.fill(0);
    for (let s = 0; s < steps; s++) {
      for (let i = 0; i < n; i++) {
        const p = model.powerW[i] ?? 0;
        if (p > 0) imp[i] = (imp[i] ?? 0) + p * hours;
        else exp[i] = (exp[i] ?? 0) - p * hours;
        sum[i] = (sum[i] ?? 0) + p;
        if (p < (min[i] ?? 0)) min[i] = p;
        if (p > (max[i] ?? 0)) max[i] = p;
        temp[i] = (temp[i] ?? 0) + (model.temperatureC[i] ?? 0);
      }
      model.step();
    }
    const ts = new Date(start);
    const soc = model.socPct;
    for (let i = 0; i < n; i++) {
      const device = model.devices[i];
      if (!device) continue;
      const row: HistoryRow = {
        ref: device.ref,
        ts,
        importWh: round1(imp[i] ?? 0),
        exportWh: round1(exp[i] ?? 0),
        powerAvgW: round1((sum[i] ?? 0) / steps),
        powerMinW: round1(min[i] ?? 0),
        powerMaxW: round1(max[i] ?? 0),
      };
      if (device.role === 'battery' && soc !== null) row.socPct = round1(soc);
      if (!Number.isNaN(model.temperatureC[i] ?? Number.NaN))
        row.temperatureC = round1((temp[i] ?? 0) / steps);
      yield row;
    }
  }
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
