// Deterministic 15-minute load profiles of the Moj Elektro emulator's demo metering places. Every quarter hour is a
// function of (metering place, instant) only, seeded like the price shapes, so a re-read answers the same values and
// a test can recompute them.
import { addDays, localMidnightMs, randomOf, seedOf, wallClock } from '../prices/price-shape.ts';

/** The portal's wall clock. */
export const PORTAL_TIME_ZONE = 'Europe/Ljubljana';

export type DemoProfile = 'household' | 'business' | 'solar';

/** One local day of a place: interval ends and the energies in 0.0001 kWh (so P = 4 × A exactly). */
export interface DemoDay {
  endsMs: number[];
  /** A+ per quarter hour in 0.0001 kWh. */
  importE4: Int32Array;
  /** A− per quarter hour in 0.0001 kWh. */
  exportE4: Int32Array;
}

// Slovenian public holidays on fixed dates (work-free days; Easter Monday left out).
const HOLIDAYS = new Set([
  '01-01',
  '01-02',
  '02-08',
  '05-01',
  '05-02',
  '06-25',
  '08-15',
  '10-31',
  '11-01',
  '12-25',
  '12-26',
]);

const LATITUDE = 46.05;
const LONGITUDE = 14.5;

function bump(hour: number, centre: number, width: number): number {
  const x = (hour - centre) / width;
  return Math.exp(-x * x);
}

function dayOfYear(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
}

/** Outdoor temperature (°C): about 0 °C in January and 22 °C in July, colder at night, a daily anomaly. */
function temperature(doy: number, hour: number, anomaly: number): number {
  return (
    11 -
    11 * Math.cos((2 * Math.PI * (doy - 20)) / 365) +
    anomaly +
    4 * Math.sin((2 * Math.PI * (hour - 9)) / 24)
  );
}

/** Sine of the sun's elevation over Ljubljana at an instant (no equation of time). */
export function sunElevationSine(instantMs: number, doy: number): number {
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  const utcHours = (instantMs % 86_400_000) / 3_600_000;
  const solarHour = utcHours + LONGITUDE / 15;
  const hourAngle = (15 * (solarHour - 12) * Math.PI) / 180;
  const phi = (LATITUDE * Math.PI) / 180;
  return (
    Math.sin(phi) * Math.sin(declination) +
    Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle)
  );
}

/** Fraction of the quarter hour [startH, startH + 0.25) covered by [from, to) (hours). */
function overlap(startH: number, from: number, to: number): number {
  return Math.max(0, Math.min(startH + 0.25, to) - Math.max(startH, from)) / 0.25;
}

/**
 * The average power (kW) imported and exported in the quarter hour starting at `startMs`.
 * - household: base load, cooking and appliance spikes, a heat pump that works hard in winter, an 11 kW EV charger
 *   on about four evenings a week (17:30–21:00 starts, 8–30 kWh);
 * - business (43 kW): weekday daytime 07:00–17:00 with a lunch dip, heating in winter and cooling in summer,
 *   compressor starts, a small night and weekend base, holidays closed;
 * - solar: a small household with an 8 kWp plant; production beyond consumption is exported.
 */
export function quarterHourKw(
  profile: DemoProfile,
  seed: string,
  date: string,
  startMs: number,
): { importKw: number; exportKw: number } {
  const clock = wallClock(startMs, PORTAL_TIME_ZONE);
  const hour = clock.hour + clock.minute / 60;
  const doy = dayOfYear(date);
  const day = randomOf(seedOf(`${seed}|${date}`));
  const anomaly = (day() - 0.5) * 8;
  const slot = randomOf(seedOf(`${seed}|${startMs}`));
  const noise = slot();
  const spike = slot() < 0.05 ? 1.5 + 1.5 * slot() : 0;
  const workFree = clock.weekend || HOLIDAYS.has(date.slice(5));
  const t = temperature(doy, hour + 0.125, anomaly);

  if (profile === 'business') {
    const open = !workFree && hour >= 6.5 && hour < 17.5;
    const level = 0.85 + 0.3 * day();
    let kw = 2.6 + 0.8 * noise;
    if (open) {
      const ramp = Math.min(1, (hour - 6.5) / 0.75, (17.5 - hour) / 0.5);
      kw +=
        ramp *
        level *
        (13 + 7 * bump(hour, 10, 2) + 5 * bump(hour, 14.5, 1.8) - 4 * bump(hour, 12.25, 0.5));
      kw += ramp * (Math.max(0, 12 - t) * 0.45 + Math.max(0, t - 23) * 1.2);
      if (slot() < 0.03) kw += 4 + 3 * slot();
    }
    return { importKw: kw, exportKw: 0 };
  }

  // Household consumption common to both household profiles.
  let consumption =
    0.22 +
    0.12 * noise +
    1.1 * bump(hour, 7.25, 0.6) +
    (workFree ? 1.6 * bump(hour, 12.25, 0.7) : 0.3 * bump(hour, 12.5, 1)) +
    1.3 * bump(hour, 19, 1.5) +
    spike;
  if (profile === 'household') {
    // Heat pump: up to 2.4 kW electric at −8 °C and below, hot water at midday.
    const demand = Math.min(1, Math.max(0, 16 - t) / 24);
    consumption += 2.4 * demand * (0.8 + 0.4 * slot());
    consumption += 1.8 * overlap(hour, 13, 14);
    // EV: 11 kW on about four evenings a week.
    if (day() < 0.57) {
      const start = Math.round((17.5 + 3.5 * day()) * 4) / 4;
      const hours = (8 + 22 * day()) / 11;
      // Starts by 21:00 and lasts at most 2.7 h: a session ends before midnight.
      consumption += 11 * overlap(hour, start, start + hours);
    }
    // The main fuses (3 × 25 A, 17 kW) bound what the house can draw.
    return { importKw: Math.min(consumption, 16.8), exportKw: 0 };
  }
  // solar: 8 kWp, clouds per day with a little variation per quarter hour.
  const clouds = Math.min(1, 0.12 + 0.95 * day() ** 0.6) * (0.9 + 0.2 * slot());
  const sine = sunElevationSine(startMs + 450_000, doy);
  const production = sine <= 0 ? 0 : 8 * 0.8 * Math.min(1, sine * 1.25) * clouds;
  consumption *= 0.9;
  return {
    importKw: Math.max(0, consumption - production),
    exportKw: Math.max(0, production - consumption),
  };
}

const days = new Map<string, DemoDay>();

/** The quarter hours of one local day (92, 96 or 100 of them), cached. */
export function demoDay(profile: DemoProfile, seed: string, date: string): DemoDay {
  const key = `${profile}|${seed}|${date}`;
  const cached = days.get(key);
  if (cached) return cached;
  const start = localMidnightMs(date, PORTAL_TIME_ZONE);
  const end = localMidnightMs(addDays(date, 1), PORTAL_TIME_ZONE);
  const count = (end - start) / 900_000;
  const result: DemoDay = {
    endsMs: [],
    importE4: new Int32Array(count),
    exportE4: new Int32Array(count),
  };
  for (let i = 0; i < count; i++) {
    const t = start + i * 900_000;
    const { importKw, exportKw } = quarterHourKw(profile, seed, date, t);
    result.endsMs.push(t + 900_000);
    // kW over a quarter hour → kWh (÷ 4), in 0.0001 kWh.
    result.importE4[i] = Math.round(importKw * 2500);
    result.exportE4[i] = Math.round(exportKw * 2500);
  }
  if (days.size > 20_000) days.clear();
  days.set(key, result);
  return result;
}
