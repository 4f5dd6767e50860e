/**
 * Load profiles: household and office consumption by local hour and weekday, with seasonal scaling, slow
 * fluctuations and (for households) short appliance peaks — a kettle, an oven, a washing machine's heater.
 *
 * The hourly shapes follow the usual standard load profiles (households: morning and evening peaks, weekends
 * flatter and later; offices: working hours on weekdays, ~35 % base load at night and on weekends). They are
 * normalised to a weekly mean of 1, so `annualKWh` is the expected yearly consumption.
 */
import { uniform, valueNoise } from './random.ts';
import type { LocalTime } from './time.ts';

export type LoadProfile = 'household' | 'office';

// prettier-ignore
const HOUSEHOLD_WEEKDAY = [0.45, 0.4, 0.38, 0.37, 0.38, 0.5, 0.9, 1.3, 1.1, 0.85, 0.8, 0.85, 0.95, 0.9, 0.8, 0.8, 0.95, 1.3, 1.7, 1.9, 1.8, 1.5, 1.1, 0.7];
// prettier-ignore
const HOUSEHOLD_WEEKEND = [0.5, 0.45, 0.4, 0.38, 0.38, 0.42, 0.55, 0.8, 1.15, 1.3, 1.3, 1.35, 1.4, 1.25, 1.1, 1.0, 1.05, 1.3, 1.6, 1.8, 1.7, 1.45, 1.1, 0.75];
// prettier-ignore
const OFFICE_WEEKDAY = [0.35, 0.35, 0.35, 0.35, 0.35, 0.4, 0.55, 0.9, 1.6, 1.9, 1.95, 1.95, 1.8, 1.9, 1.95, 1.9, 1.75, 1.4, 0.9, 0.6, 0.45, 0.4, 0.38, 0.36];
// prettier-ignore
const OFFICE_WEEKEND = [0.35, 0.35, 0.35, 0.35, 0.35, 0.35, 0.36, 0.38, 0.42, 0.45, 0.45, 0.45, 0.45, 0.45, 0.45, 0.42, 0.4, 0.38, 0.37, 0.36, 0.36, 0.35, 0.35, 0.35];

function normalised(weekday: number[], weekend: number[]): [number[], number[]] {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const mean = (5 * sum(weekday) + 2 * sum(weekend)) / (7 * 24);
  return [weekday.map((v) => v / mean), weekend.map((v) => v / mean)];
}

const SHAPES: Record<LoadProfile, [number[], number[]]> = {
  household: normalised(HOUSEHOLD_WEEKDAY, HOUSEHOLD_WEEKEND),
  office: normalised(OFFICE_WEEKDAY, OFFICE_WEEKEND),
};

/** The profile's shape factor (weekly mean 1) at a local time, linearly interpolated between hours. */
export function loadShape(profile: LoadProfile, local: LocalTime): number {
  const [weekday, weekend] = SHAPES[profile];
  const isWeekend = local.weekday === 0 || local.weekday === 6;
  const table = isWeekend ? weekend : weekday;
  const h = Math.floor(local.hour) % 24;
  const f = local.hour - Math.floor(local.hour);
  // The next hour's value, from the same day type (the midnight seam is small in every table).
  return (table[h] ?? 1) * (1 - f) + (table[(h + 1) % 24] ?? 1) * f;
}

/** Seasonal factor: +18 % in mid-January (light, longer evenings indoors), −18 % in mid-July. */
export function seasonalFactor(dayOfYear: number): number {
  return 1 + 0.18 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
}

/**
 * Consumption (W) of the base load at an instant: mean × shape × season × slow noise (±25 %, ~20-minute scale),
 * plus, for households, appliance peaks of 1.2–2.8 kW lasting a few minutes, more likely when the shape is high.
 */
export function baseLoadW(
  seed: number,
  stream: number,
  profile: LoadProfile,
  annualKWh: number,
  local: LocalTime,
  timeMs: number,
): number {
  const meanW = (annualKWh * 1000) / 8760;
  const shape = loadShape(profile, local);
  const minute = Math.floor(timeMs / 60_000);
  const slow = 1 + 0.25 * valueNoise(seed, stream, timeMs / 1_200_000);
  let watts = meanW * shape * seasonalFactor(local.dayOfYear) * slow;
  if (profile === 'household') watts += appliancePeakW(seed, stream + 1, shape, minute);
  return Math.max(0, watts);
}

/**
 * A short appliance peak: each 10-minute block holds at most one, with probability 5 % × shape, starting at a random
 * minute of the block and lasting 2–6 minutes (cut at the block's end), at 1.2–2.8 kW. Stateless: any minute is
 * answered without simulating the ones before.
 */
function appliancePeakW(seed: number, stream: number, shape: number, minute: number): number {
  const block = Math.floor(minute / 10);
  if (uniform(seed, stream, block * 4) >= 0.05 * shape) return 0;
  const start = Math.floor(uniform(seed, stream, block * 4 + 1) * 10);
  const length = 2 + Math.floor(uniform(seed, stream, block * 4 + 2) * 5);
  const offset = minute - block * 10;
  if (offset < start || offset >= start + length) return 0;
  return 1200 + 1600 * uniform(seed, stream, block * 4 + 3);
}
