// Solar what-if: the production of a plant per 15-minute interval, netted against the metered consumption, and
// the bill before and after with the network-fee engine.
//
// Production model (README "What-ifs"):
// - Sun position from the instant (Spencer's series for declination and the equation of time, NOAA form), at the
//   plant's latitude/longitude.
// - Global horizontal irradiance (GHI): with hourly history (e.g. Open-Meteo `shortwave_radiation`, the mean of
//   the hour that starts at the given UTC instant), each hour's clearness index kt = GHI / extraterrestrial
//   horizontal is interpolated linearly between hour centres, multiplied by the extraterrestrial horizontal
//   irradiance at each sample, and rescaled so every hour keeps its measured mean. Without history: the standard
//   profile — clear days (Haurwitz clear sky) and overcast days (30 % of it) mixed per month so that the month
//   gets the long-term total of STANDARD_MONTHLY_GHI below (standardDayIsClear).
// - Erbs et al. (1982) splits GHI into beam and diffuse; the plane of the array gets beam·cosθ/cosZ, isotropic sky
//   diffuse·(1 + cos β)/2 and ground-reflected GHI·ρ·(1 − cos β)/2 with albedo ρ = 0.2. Below 5° sun elevation
//   everything counts as diffuse.
// - kW = peak kW × plane irradiance / 1000 W/m² × (1 − losses %). No temperature model: the losses cover it.
// - Each interval is the mean of three samples (at 2.5, 7.5 and 12.5 minutes of its 15).

import type { NetworkFeeResult } from '../network-fee/network-fee.ts';
import type { MeterSeries } from '../network-fee/series.ts';
import { DAY_MS, HOUR_MS, INTERVAL_MS, MINUTE_MS } from '../network-fee/time-zone.ts';
import {
  billAfter,
  billBefore,
  periodDays,
  summary,
  tableFor,
  yearFactor,
  type BillSummary,
  type WhatIfBase,
} from './bills.ts';

/** A plant: peak power, orientation (azimuth 180 = south, 90 = east), tilt from horizontal, losses, location. */
export interface SolarSpec {
  readonly peakKw: number;
  readonly azimuthDeg: number;
  readonly tiltDeg: number;
  /** System losses in % (cables, inverter, soiling, temperature); 14 is the PVGIS default. */
  readonly lossesPct: number;
  readonly latitude: number;
  readonly longitude: number;
}

/** Hourly irradiance history: hour START instants (UTC ms) and the hour's mean GHI in W/m². */
export interface HourlyIrradiance {
  readonly timesMs: ArrayLike<number>;
  readonly ghiWm2: ArrayLike<number>;
}

const RAD = Math.PI / 180;
const SOLAR_CONSTANT = 1361; // W/m²
const ALBEDO = 0.2;
/** Below this cos(zenith) (sun under 5°) beam is not resolved. */
const MIN_COS_Z_BEAM = Math.sin(5 * RAD);

/** Position of the sun: cos of the zenith angle and the azimuth (degrees from north, clockwise). */
export interface SunPosition {
  readonly cosZenith: number;
  readonly azimuthDeg: number;
  /** Extraterrestrial irradiance on a surface normal to the sun, W/m². */
  readonly extraterrestrialWm2: number;
}

/** The sun's position at an instant (UTC ms) seen from a latitude/longitude (degrees, east positive). */
export function sunPosition(instantMs: number, latitude: number, longitude: number): SunPosition {
  const date = new Date(instantMs);
  const year = date.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const dayOfYear = Math.floor((instantMs - startOfYear) / DAY_MS); // 0-based
  const hours = (instantMs - startOfYear - dayOfYear * DAY_MS) / HOUR_MS;
  const g = ((2 * Math.PI) / (leap ? 366 : 365)) * (dayOfYear + (hours - 12) / 24);
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const eqTimeMin =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const trueSolarMin = hours * 60 + eqTimeMin + 4 * longitude;
  const hourAngle = (trueSolarMin / 4 - 180) * RAD;
  const lat = latitude * RAD;
  const cosZ =
    Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
  // Azimuth from south (west positive), then from north.
  const fromSouth = Math.atan2(
    Math.sin(hourAngle),
    Math.cos(hourAngle) * Math.sin(lat) - Math.tan(decl) * Math.cos(lat),
  );
  const eccentricity =
    1.00011 +
    0.034221 * Math.cos(g) +
    0.00128 * Math.sin(g) +
    0.000719 * Math.cos(2 * g) +
    0.000077 * Math.sin(2 * g);
  return {
    cosZenith: Math.max(-1, Math.min(1, cosZ)),
    azimuthDeg: (fromSouth / RAD + 540) % 360,
    extraterrestrialWm2: SOLAR_CONSTANT * eccentricity,
  };
}

/** Haurwitz (1945) clear-sky GHI, W/m². */
export function haurwitzGhi(cosZenith: number): number {
  return cosZenith > 0 ? 1098 * cosZenith * Math.exp(-0.057 / cosZenith) : 0;
}

/** Erbs et al. (1982): diffuse fraction of GHI from the clearness index. */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8)
    return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

/** Irradiance on the plane of the array (W/m²) from GHI at a sun position. */
export function planeIrradiance(spec: SolarSpec, ghi: number, sun: SunPosition): number {
  if (ghi <= 0 || sun.cosZenith <= 0) return 0;
  const beta = spec.tiltDeg * RAD;
  const g0h = sun.extraterrestrialWm2 * sun.cosZenith;
  const kt = Math.min(1, ghi / g0h);
  let diffuse = ghi * erbsDiffuseFraction(kt);
  let beamPlane = 0;
  if (sun.cosZenith >= MIN_COS_Z_BEAM) {
    const sinZ = Math.sqrt(1 - sun.cosZenith ** 2);
    const cosTheta =
      sun.cosZenith * Math.cos(beta) +
      sinZ * Math.sin(beta) * Math.cos((sun.azimuthDeg - spec.azimuthDeg) * RAD);
    beamPlane = Math.max(0, cosTheta) * ((ghi - diffuse) / sun.cosZenith);
  } else {
    diffuse = ghi;
  }
  return (
    beamPlane + (diffuse * (1 + Math.cos(beta))) / 2 + (ghi * ALBEDO * (1 - Math.cos(beta))) / 2
  );
}

/**
 * Long-term mean monthly global horizontal irradiation for Ljubljana (46.05° N, 14.51° E), kWh/m², January first:
 * rounded values of the order of the PVGIS (SARAH) and ARSO climate figures for central Slovenia (≈ 1,230 kWh/m²
 * a year; winter months low because of the basin's fog). The standard profile scales the Haurwitz clear sky by
 * month so that, at Ljubljana, each month gets this total; the same factors are used anywhere in the country.
 */
export const STANDARD_MONTHLY_GHI: readonly number[] = [
  33, 55, 98, 132, 162, 172, 182, 157, 110, 68, 35, 26,
];
/** Where STANDARD_MONTHLY_GHI applies. */
export const STANDARD_REFERENCE = { latitude: 46.05, longitude: 14.51 } as const;

let clearness: number[] | undefined;

/** Monthly clearness factors: STANDARD_MONTHLY_GHI / the Haurwitz clear-sky total at the reference (2025). */
export function standardClearness(): readonly number[] {
  if (clearness) return clearness;
  const sums = new Array<number>(12).fill(0);
  const start = Date.UTC(2025, 0, 1);
  const end = Date.UTC(2026, 0, 1);
  for (let t = start + INTERVAL_MS / 2; t < end; t += INTERVAL_MS) {
    const sun = sunPosition(t, STANDARD_REFERENCE.latitude, STANDARD_REFERENCE.longitude);
    const m = new Date(t).getUTCMonth();
    sums[m] = (sums[m] as number) + (haurwitzGhi(sun.cosZenith) * 0.25) / 1000;
  }
  clearness = sums.map((s, m) => (STANDARD_MONTHLY_GHI[m] as number) / s);
  return clearness;
}

/** GHI of an overcast day of the standard profile, as a share of the clear sky. */
export const OVERCAST_SHARE = 0.3;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * Whether a UTC day is clear in the standard profile: a month with clearness K has a share
 * f = (K − OVERCAST_SHARE) / (1 − OVERCAST_SHARE) of clear days (clear sky) and the rest overcast
 * (OVERCAST_SHARE × clear sky), so the month's total is K × clear sky. Which days are clear follows a golden-ratio
 * sequence over the day number, which spreads them evenly and is the same on every run.
 */
export function standardDayIsClear(dayNumber: number, monthIndex: number): boolean {
  const k = standardClearness()[monthIndex] as number;
  const f = Math.max(0, Math.min(1, (k - OVERCAST_SHARE) / (1 - OVERCAST_SHARE)));
  const x = ((dayNumber + 0.5) * GOLDEN) % 1;
  return (x < 0 ? x + 1 : x) < f;
}

/** Standard-profile GHI at an instant: Haurwitz on clear days, OVERCAST_SHARE of it on overcast days. */
function standardGhi(t: number, sun: SunPosition): number {
  const clear = standardDayIsClear(Math.floor(t / DAY_MS), new Date(t).getUTCMonth());
  return (clear ? 1 : OVERCAST_SHARE) * haurwitzGhi(sun.cosZenith);
}

const SAMPLE_OFFSETS = [12.5 * MINUTE_MS, 7.5 * MINUTE_MS, 2.5 * MINUTE_MS];

/** Weather-driven GHI per sample: hourly clearness interpolated, rescaled to each hour's mean (see header). */
function weatherGhi(spec: SolarSpec, irradiance: HourlyIrradiance) {
  const index = new Map<number, number>();
  for (let j = 0; j < irradiance.timesMs.length; j++) index.set(irradiance.timesMs[j] as number, j);
  const g0h = (t: number) => {
    const sun = sunPosition(t, spec.latitude, spec.longitude);
    return Math.max(0, sun.cosZenith) * sun.extraterrestrialWm2;
  };
  const ktCache = new Map<number, number>();
  // The hour's clearness: its mean GHI over the mean extraterrestrial horizontal (four quarter samples).
  const kt = (hourStart: number): number => {
    const cached = ktCache.get(hourStart);
    if (cached !== undefined) return cached;
    const j = index.get(hourStart);
    let value = Number.NaN;
    if (j !== undefined) {
      let e = 0;
      for (let q = 0; q < 4; q++) e += g0h(hourStart + (q + 0.5) * INTERVAL_MS) / 4;
      const ghi = irradiance.ghiWm2[j] as number;
      if (e > 1 && Number.isFinite(ghi)) value = Math.max(0, Math.min(1, ghi / e));
    }
    ktCache.set(hourStart, value);
    return value;
  };
  const ktAt = (t: number): number => {
    const hourStart = Math.floor(t / HOUR_MS) * HOUR_MS;
    const centre = hourStart + HOUR_MS / 2;
    const other = t < centre ? hourStart - HOUR_MS : hourStart + HOUR_MS;
    const a = kt(hourStart);
    const b = kt(other);
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : b;
    if (Number.isNaN(b)) return a;
    const w = Math.abs(t - centre) / HOUR_MS;
    return a * (1 - w) + b * w;
  };
  const scaleCache = new Map<number, number>();
  const hourScale = (hourStart: number): number => {
    const cached = scaleCache.get(hourStart);
    if (cached !== undefined) return cached;
    const j = index.get(hourStart) as number;
    let shape = 0;
    for (let q = 0; q < 4; q++)
      for (const off of SAMPLE_OFFSETS) {
        const t = hourStart + (q + 1) * INTERVAL_MS - off;
        shape += (ktAt(t) * g0h(t)) / 12;
      }
    const ghi = Math.max(0, irradiance.ghiWm2[j] as number);
    const scale = shape > 0 && Number.isFinite(ghi) ? ghi / shape : 0;
    scaleCache.set(hourStart, scale);
    return scale;
  };
  /** GHI at a sample, or undefined when the history does not cover its hour. */
  return (t: number): number | undefined => {
    const hourStart = Math.floor(t / HOUR_MS) * HOUR_MS;
    if (!index.has(hourStart)) return undefined;
    return ktAt(t) * g0h(t) * hourScale(hourStart);
  };
}

function checkSolar(spec: SolarSpec): void {
  const finite = [
    spec.peakKw,
    spec.azimuthDeg,
    spec.tiltDeg,
    spec.lossesPct,
    spec.latitude,
    spec.longitude,
  ];
  if (finite.some((v) => !Number.isFinite(v))) throw new RangeError('solar spec needs numbers');
  if (spec.peakKw < 0) throw new RangeError('peak power must not be negative');
  if (spec.tiltDeg < 0 || spec.tiltDeg > 90) throw new RangeError('tilt must be 0–90°');
  if (spec.lossesPct < 0 || spec.lossesPct >= 100) throw new RangeError('losses must be 0–100 %');
  if (Math.abs(spec.latitude) > 90) throw new RangeError('latitude must be −90…90');
}

/**
 * Production in kW (mean over each 15-minute interval, given by its END instant) of a plant. With hourly
 * irradiance the weather of each hour is used (hours it does not cover fall back to the standard profile);
 * without it, the standard profile.
 */
export function solarProduction(
  spec: SolarSpec,
  intervalEndsMs: ArrayLike<number>,
  irradiance?: HourlyIrradiance | null,
): Float64Array {
  checkSolar(spec);
  const out = new Float64Array(intervalEndsMs.length);
  const weather = irradiance ? weatherGhi(spec, irradiance) : undefined;
  const factor = (spec.peakKw / 1000) * (1 - spec.lossesPct / 100);
  for (let i = 0; i < intervalEndsMs.length; i++) {
    const end = intervalEndsMs[i] as number;
    let poa = 0;
    for (const off of SAMPLE_OFFSETS) {
      const t = end - off;
      const sun = sunPosition(t, spec.latitude, spec.longitude);
      if (sun.cosZenith <= 0) continue;
      const ghi = weather?.(t) ?? standardGhi(t, sun);
      poa += planeIrradiance(spec, ghi, sun) / SAMPLE_OFFSETS.length;
    }
    out[i] = poa * factor;
  }
  return out;
}

/** Input of the solar what-if. */
export interface SolarWhatIfInput {
  readonly base: WhatIfBase;
  /** The metered export (an existing plant); the new plant's export adds to it. */
  readonly exportSeries?: MeterSeries | null;
  readonly solar: SolarSpec;
  /** Hourly irradiance history; absent: the standard profile. */
  readonly irradiance?: HourlyIrradiance | null;
  /** What an exported kWh earns, EUR. */
  readonly exportPriceEurPerKwh: number;
}

/** One month of the solar what-if. */
export interface SolarMonth {
  readonly month: string;
  readonly productionKwh: number;
  readonly selfConsumedKwh: number;
  readonly exportedKwh: number;
  readonly importBeforeKwh: number;
  readonly importAfterKwh: number;
}

/** Result of the solar what-if. */
export interface SolarWhatIfResult {
  readonly solar: SolarSpec;
  readonly profile: 'standard' | 'weather';
  readonly productionKwh: number;
  /** Production used behind the meter in the same 15 minutes. */
  readonly selfConsumedKwh: number;
  /** Production sent to the grid (on top of any existing export). */
  readonly exportedKwh: number;
  /** selfConsumed / production × 100 (0 without production). */
  readonly selfConsumptionPct: number;
  readonly importBeforeKwh: number;
  readonly importAfterKwh: number;
  /** Existing export before, and existing + new after, kWh. */
  readonly exportBeforeKwh: number;
  readonly exportAfterKwh: number;
  readonly before: BillSummary;
  readonly after: BillSummary;
  /** The new plant's export × the export price, EUR over the period. */
  readonly exportRevenueEur: number;
  /** (optimized before − optimized after + export revenue), scaled to 365 days. */
  readonly yearlySavingEur: number;
  /** The same with the current agreed powers kept. */
  readonly yearlySavingKeepCurrentEur: number;
  readonly periodDays: number;
  readonly monthly: readonly SolarMonth[];
}

/** Nets a plant's production against the 15-minute consumption and prices both sides with the engine. */
export function solarWhatIf(input: SolarWhatIfInput): SolarWhatIfResult {
  if (!(input.exportPriceEurPerKwh >= 0))
    throw new RangeError('export price must be a non-negative number');
  const t = tableFor(input);
  const production = solarProduction(input.solar, t.endMs, input.irradiance);
  const importAfter = new Float64Array(t.count);
  const monthly: SolarMonth[] = [];
  let prodSum = 0;
  let selfSum = 0;
  let expSum = 0;
  let impBefore = 0;
  let impAfter = 0;
  let existingExport = 0;
  for (const m of t.months) {
    let p = 0;
    let sc = 0;
    let before = 0;
    let after = 0;
    for (let i = m.start; i < m.end; i++) {
      const load = t.loadKw[i] as number;
      const prod = production[i] as number;
      const self = Math.min(load, prod);
      importAfter[i] = load - self;
      p += prod;
      sc += self;
      before += load;
      after += load - self;
      existingExport += t.exportKw[i] as number;
    }
    const q = (kw: number) => kw * 0.25;
    monthly.push({
      month: m.key,
      productionKwh: q(p),
      selfConsumedKwh: q(sc),
      exportedKwh: q(p - sc),
      importBeforeKwh: q(before),
      importAfterKwh: q(after),
    });
    prodSum += q(p);
    selfSum += q(sc);
    expSum += q(p - sc);
    impBefore += q(before);
    impAfter += q(after);
  }
  const beforeBill = billBefore(input.base);
  const afterBill: NetworkFeeResult = billAfter(
    input.base,
    beforeBill.current,
    t.endMs,
    importAfter,
  );
  const peaks = (kw: ArrayLike<number>) => {
    const p = [0, 0, 0, 0, 0];
    for (let i = 0; i < t.count; i++) {
      const b = t.block[i] as number;
      if (b > 0 && (kw[i] as number) > (p[b - 1] as number)) p[b - 1] = kw[i] as number;
    }
    return p;
  };
  const days = periodDays(input.base, t);
  const f = yearFactor(days);
  const revenue = expSum * input.exportPriceEurPerKwh;
  const b = beforeBill.result.scenarios;
  const a = afterBill.scenarios;
  return {
    solar: input.solar,
    profile: input.irradiance ? 'weather' : 'standard',
    productionKwh: prodSum,
    selfConsumedKwh: selfSum,
    exportedKwh: expSum,
    selfConsumptionPct: prodSum > 0 ? (selfSum / prodSum) * 100 : 0,
    importBeforeKwh: impBefore,
    importAfterKwh: impAfter,
    exportBeforeKwh: existingExport * 0.25,
    exportAfterKwh: existingExport * 0.25 + expSum,
    before: summary(beforeBill.result, peaks(t.loadKw)),
    after: summary(afterBill, peaks(importAfter)),
    exportRevenueEur: revenue,
    yearlySavingEur: (b.optimized.total - a.optimized.total + revenue) * f,
    yearlySavingKeepCurrentEur: (b.new.total - a.new.total + revenue) * f,
    periodDays: days,
    monthly,
  };
}
