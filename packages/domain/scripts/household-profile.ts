// A synthetic but plausible 15-minute load profile of a Slovenian household with an air-to-water heat pump and an
// electric car (11 kW charger), 3 × 25 A (17 kW) connection. Deterministic: the same options give the same series.
// Used for the shipped sample, the benchmark and tests; it models no real customer.

import { isWorkingDay } from '../src/network-fee/calendar.ts';
import {
  INTERVAL_MS,
  dateOfDayNumber,
  dayNumberOf,
  localDayStartMs,
  parseIsoDate,
  toLocalDateTime,
} from '../src/network-fee/time-zone.ts';

/** Options of the generator. */
export interface HouseholdProfileOptions {
  /** First local day `YYYY-MM-DD`. */
  readonly startDate: string;
  /** Number of local days. */
  readonly days: number;
  /** PRNG seed; the default gives the shipped sample. */
  readonly seed?: number;
}

/** Interval ends (UTC ms) and 15-minute average powers in kW with four decimals, as the portal reports them. */
export interface HouseholdProfile {
  readonly intervalEndsMs: number[];
  readonly powersKw: number[];
}

/** Mulberry32: a small, fast 32-bit PRNG with a fixed seed (deterministic across platforms). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface LoadEvent {
  /** Local minutes after midnight (may exceed 1440 for events running past midnight). */
  readonly from: number;
  readonly to: number;
  readonly kw: number;
}

/** Generates the profile. */
export function generateHouseholdProfile(options: HouseholdProfileOptions): HouseholdProfile {
  const rnd = mulberry32(options.seed ?? 20241001);
  const between = (a: number, b: number): number => a + (b - a) * rnd();
  const start = parseIsoDate(options.startDate);
  if (!start) throw new Error(`invalid start date ${options.startDate}`);
  const firstDay = dayNumberOf(start);
  const intervalEndsMs: number[] = [];
  const powersKw: number[] = [];
  let weather = 0;
  let carried: LoadEvent[] = [];

  for (let day = firstDay; day < firstDay + options.days; day++) {
    const date = dateOfDayNumber(day);
    const working = isWorkingDay(date);
    const doy = day - dayNumberOf({ year: date.year, month: 1, day: 1 }) + 1;
    // Ljubljana: about 0 °C daily mean in mid-January, 22 °C in late July, with weather persisting for days.
    weather = 0.7 * weather + between(-2.5, 2.5);
    const dailyMean = 11 - 11 * Math.cos((2 * Math.PI * (doy - 15)) / 365) + weather;

    const events: LoadEvent[] = carried.map((e) => ({
      from: e.from - 1440,
      to: e.to - 1440,
      kw: e.kw,
    }));
    carried = [];
    const add = (from: number, minutes: number, kw: number): void => {
      const e = { from, to: from + minutes, kw };
      events.push(e);
      if (e.to > 1440) carried.push(e);
    };
    // Cooking and kitchen appliances.
    add(between(6 * 60, 7 * 60 + 30), between(10, 25), between(1.5, 2.2));
    add(between(17 * 60 + 30, 19 * 60), between(30, 70), between(1.5, 3.2));
    if (!working || rnd() < 0.2)
      add(between(11 * 60, 12 * 60 + 30), between(40, 90), between(1.8, 3.5));
    if (rnd() < 0.25) add(between(17 * 60, 19 * 60), between(40, 70), between(2.0, 2.6));
    // Dishwasher most evenings, washing machine and dryer a few times a week.
    if (rnd() < 0.8) add(between(20 * 60 + 30, 22 * 60), between(40, 60), between(1.7, 2.0));
    if (rnd() < 0.4) {
      const t = working ? between(18 * 60, 20 * 60) : between(9 * 60, 12 * 60);
      add(t, between(30, 50), 2.1);
      if (rnd() < 0.5) add(t + 100, between(60, 90), between(1.2, 2.4));
    }
    // Hot water: the heat pump heats the tank in the early afternoon, a legionella cycle on Sundays.
    add(13 * 60 + between(0, 30), between(40, 70), between(1.6, 2.1));
    if ((day + 4) % 7 === 6) add(14 * 60 + 30, 60, 2.8);
    // The car (11 kW wallbox): charged on about half of the working-day evenings on a timer from 22:00, now and
    // then topped up on arrival with the 3.7 kW portable charger, and sometimes around noon at the weekend.
    const charge = (from: number, kwh: number, kw: number): void => add(from, (kwh / kw) * 60, kw);
    if (working && rnd() < 0.5) {
      if (rnd() < 0.1) charge(between(17 * 60 + 30, 18 * 60 + 45), between(3, 8), 3.7);
      else charge(22 * 60 + between(0, 45), between(8, 30), rnd() < 0.8 ? 11 : 7.4);
    } else if (!working && rnd() < 0.25) {
      charge(between(10 * 60, 14 * 60), between(10, 35), 11);
    }

    const dayStart = localDayStartMs(day);
    const dayEnd = localDayStartMs(day + 1);
    for (let t = dayStart; t < dayEnd; t += INTERVAL_MS) {
      const local = toLocalDateTime(t);
      const minute = local.hour * 60 + local.minute;
      // Outdoor temperature: lowest around 06:00, highest around 15:00.
      const temp = dailyMean + 4.5 * Math.cos((2 * Math.PI * (minute / 60 - 15)) / 24);
      let kw = between(0.12, 0.22);
      if (minute >= 6 * 60 && minute < 23 * 60)
        kw += between(0.05, 0.25) + (temp < 10 && minute > 16 * 60 ? 0.2 : 0);
      // Space heating below 16 °C (building loss 0.45 kW/K, COP falling with the cold), with a night setback;
      // some cooling on hot afternoons.
      if (temp < 16) {
        const heat = 0.45 * (16 - temp) * (minute < 5 * 60 || minute >= 22 * 60 ? 0.8 : 1);
        const cop = Math.max(2.2, 3.6 + 0.08 * temp);
        kw += Math.min(3.8, (heat / cop) * between(0.85, 1.15));
      } else if (temp > 26 && minute >= 11 * 60 && minute < 20 * 60) {
        kw += Math.min(1.5, 0.18 * (temp - 24)) * between(0.8, 1.1);
      }
      for (const e of events) {
        const overlap = Math.min(e.to, minute + 15) - Math.max(e.from, minute);
        if (overlap > 0) kw += (e.kw * overlap) / 15;
      }
      intervalEndsMs.push(t + INTERVAL_MS);
      powersKw.push(Math.round(kw * 10_000) / 10_000);
    }
  }
  return { intervalEndsMs, powersKw };
}
