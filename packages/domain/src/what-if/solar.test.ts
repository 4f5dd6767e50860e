import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateNetworkFee } from '../network-fee/network-fee.ts';
import { parseMojElektroReadings } from '../network-fee/parse-readings.ts';
import { powerSeries } from '../network-fee/test-support.ts';
import { HOUR_MS, INTERVAL_MS, MINUTE_MS, localDayStartMs } from '../network-fee/time-zone.ts';
import type { WhatIfBase } from './bills.ts';
import {
  haurwitzGhi,
  solarProduction,
  solarWhatIf,
  standardClearness,
  STANDARD_MONTHLY_GHI,
  sunPosition,
  type SolarSpec,
} from './solar.ts';

const LJUBLJANA = { latitude: 46.05, longitude: 14.51 };
const south35: SolarSpec = { peakKw: 1, azimuthDeg: 180, tiltDeg: 35, lossesPct: 14, ...LJUBLJANA };

/** Interval ends of a whole UTC year. */
function yearEnds(year: number): number[] {
  const ends: number[] = [];
  for (let t = Date.UTC(year, 0, 1) + INTERVAL_MS; t <= Date.UTC(year + 1, 0, 1); t += INTERVAL_MS)
    ends.push(t);
  return ends;
}
const kwh = (kw: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < kw.length; i++) s += (kw[i] as number) * 0.25;
  return s;
};

/** Solar noon (UTC ms) of a UTC day at a longitude: the highest sun, by ternary search. */
function solarNoon(dayStartUtc: number, latitude: number, longitude: number): number {
  let lo = dayStartUtc + 8 * HOUR_MS;
  let hi = dayStartUtc + 14 * HOUR_MS;
  while (hi - lo > 10) {
    const a = lo + (hi - lo) / 3;
    const b = hi - (hi - lo) / 3;
    if (
      sunPosition(a, latitude, longitude).cosZenith < sunPosition(b, latitude, longitude).cosZenith
    )
      lo = a;
    else hi = b;
  }
  return (lo + hi) / 2;
}

describe('solarProduction', () => {
  it('gives nothing at night, with the standard profile and with weather', () => {
    // Local night of 21 June 2025 (22:00–04:00 Ljubljana, the sun is below the horizon).
    const night = localDayStartMs(20260) - 2 * HOUR_MS; // 2025-06-21 is day 20260
    const ends = Array.from({ length: 24 }, (_, i) => night + (i + 1) * INTERVAL_MS);
    expect(Array.from(solarProduction(south35, ends))).toEqual(new Array(24).fill(0));
    const hours = Array.from({ length: 8 }, (_, i) => night - HOUR_MS + i * HOUR_MS);
    const weather = { timesMs: hours, ghiWm2: hours.map(() => 0) };
    expect(Array.from(solarProduction(south35, ends, weather))).toEqual(new Array(24).fill(0));
  });

  it('is symmetric around solar noon for a south plant, and east mirrors west', () => {
    const day = Date.UTC(2025, 2, 20);
    const noon = solarNoon(day, LJUBLJANA.latitude, LJUBLJANA.longitude);
    // Solar noon at 14.51° E on 20 March is near 11:10 UTC (−58 min for the longitude, +7.5 min equation of time).
    expect(Math.abs(noon - (day + 11 * HOUR_MS + 10 * MINUTE_MS))).toBeLessThan(3 * MINUTE_MS);
    const east = { ...south35, azimuthDeg: 90 };
    const west = { ...south35, azimuthDeg: 270 };
    for (const x of [HOUR_MS, 2 * HOUR_MS, 3.5 * HOUR_MS]) {
      // The interval [noon + x − 15 min, noon + x) mirrors [noon − x, noon − x + 15 min).
      const after = [noon + x];
      const before = [noon - x + INTERVAL_MS];
      const a = solarProduction(south35, after)[0] as number;
      const b = solarProduction(south35, before)[0] as number;
      expect(a).toBeGreaterThan(0.05);
      expect(Math.abs(a - b) / a).toBeLessThan(2e-3);
      const e = solarProduction(east, before)[0] as number;
      const w = solarProduction(west, after)[0] as number;
      expect(Math.abs(e - w) / w).toBeLessThan(2e-3);
      // In the morning the east plant beats the west one.
      expect(e).toBeGreaterThan(solarProduction(west, before)[0] as number);
    }
  });

  it('never exceeds the peak after losses by more than a small margin', () => {
    const ends = yearEnds(2025);
    const limit = 1 * (1 - 0.14);
    for (const spec of [south35, { ...south35, tiltDeg: 60 }, { ...south35, tiltDeg: 0 }]) {
      const kw = solarProduction(spec, ends);
      const max = Math.max(...kw);
      expect(max).toBeLessThanOrEqual(limit * 1.1);
      // Clear days exist: close to the peak at midday in spring/summer.
      expect(max).toBeGreaterThan(limit * 0.85);
    }
    // Weather: a clear-sky hourly history gives the same bound.
    const june = Date.UTC(2025, 5, 1);
    const hours = Array.from({ length: 30 * 24 }, (_, i) => june + i * HOUR_MS);
    const ghi = hours.map(
      (h) =>
        haurwitzGhi(
          sunPosition(h + HOUR_MS / 2, LJUBLJANA.latitude, LJUBLJANA.longitude).cosZenith,
        ) * 1.05,
    );
    const juneEnds = yearEnds(2025).filter((e) => e > june && e <= june + 30 * 24 * HOUR_MS);
    const kw = solarProduction(south35, juneEnds, { timesMs: hours, ghiWm2: ghi });
    expect(Math.max(...kw)).toBeLessThanOrEqual(limit * 1.1);
  });

  it('gives a plausible yearly yield at Ljubljana with the standard profile', () => {
    const ends = yearEnds(2025);
    const south = kwh(solarProduction(south35, ends));
    // PVGIS puts a 1 kWp south 35° plant with 14 % losses in Ljubljana at roughly 1,100–1,200 kWh a year.
    expect(south).toBeGreaterThan(1100);
    expect(south).toBeLessThan(1250);
    const flat = kwh(solarProduction({ ...south35, tiltDeg: 0 }, ends));
    const east = kwh(solarProduction({ ...south35, azimuthDeg: 90 }, ends));
    expect(flat).toBeLessThan(south);
    expect(east).toBeLessThan(south);
    expect(east / south).toBeGreaterThan(0.75);
    // A horizontal plant without losses receives exactly the table's GHI (the factors are fitted to it).
    const horizontal = kwh(solarProduction({ ...south35, tiltDeg: 0, lossesPct: 0 }, ends));
    const table = STANDARD_MONTHLY_GHI.reduce((a, b) => a + b, 0);
    expect(Math.abs(horizontal - table) / table).toBeLessThan(0.01);
    expect(standardClearness().every((k) => k > 0.3 && k < 0.8)).toBe(true);
  });

  it('keeps each hour of weather history at its measured mean (horizontal plant, no losses)', () => {
    const flat: SolarSpec = { ...south35, tiltDeg: 0, lossesPct: 0 };
    const day = Date.UTC(2025, 4, 12);
    // 06:00–16:00 UTC, the sun is up in every sample.
    const hours = Array.from({ length: 10 }, (_, i) => day + (6 + i) * HOUR_MS);
    const ghi = [120, 260, 410, 180, 90, 640, 700, 520, 300, 150];
    const ends = hours.flatMap((h) => [1, 2, 3, 4].map((q) => h + q * INTERVAL_MS));
    const kw = solarProduction(flat, ends, { timesMs: hours, ghiWm2: ghi });
    hours.forEach((_, j) => {
      const mean = (kw.subarray(j * 4, j * 4 + 4).reduce((a, b) => a + b, 0) / 4) * 1000;
      expect(mean).toBeCloseTo(ghi[j] as number, 6);
    });
    // Hours the history does not cover use the standard profile.
    const later = [day + 17 * HOUR_MS];
    expect(solarProduction(flat, later, { timesMs: hours, ghiWm2: ghi })[0]).toBe(
      solarProduction(flat, later)[0],
    );
  });
});

describe('solarWhatIf', () => {
  // June 2025: 0.4 kW base, 2 kW in the evening; an existing small export at noon.
  const series = powerSeries('2025-06-01', '2025-06-30', (t) =>
    t.hour >= 18 && t.hour < 21 ? 2 : 0.4,
  );
  const exportSeries = powerSeries('2025-06-01', '2025-06-30', (t) => (t.hour === 12 ? 0.3 : 0));
  const base: WhatIfBase = {
    series,
    connection: { phases: 3, connectionPowerKw: 17 },
    current: [{ valuesKw: [7, 7, 7, 7, 7], determinedBy: 'DISTRIBUTER' }],
    prices: { vt: 0.12, mt: 0.08 },
  };
  const solar: SolarSpec = { ...south35, peakKw: 5 };

  it('nets production against the load: every kWh is self-consumed, imported or exported', () => {
    const r = solarWhatIf({ base, exportSeries, solar, exportPriceEurPerKwh: 0.05 });
    expect(r.profile).toBe('standard');
    expect(r.importBeforeKwh).toBeCloseTo(kwh(series.values), 9);
    expect(r.selfConsumedKwh + r.importAfterKwh).toBeCloseTo(r.importBeforeKwh, 9);
    expect(r.selfConsumedKwh + r.exportedKwh).toBeCloseTo(r.productionKwh, 9);
    expect(r.productionKwh).toBeCloseTo(
      kwh(
        solarProduction(
          solar,
          series.intervalEndsMs.map((e) => e),
        ),
      ),
      9,
    );
    expect(r.selfConsumptionPct).toBeCloseTo((r.selfConsumedKwh / r.productionKwh) * 100, 9);
    expect(r.exportBeforeKwh).toBeCloseTo(kwh(exportSeries.values), 9);
    expect(r.exportAfterKwh).toBeCloseTo(r.exportBeforeKwh + r.exportedKwh, 9);
    expect(r.monthly.map((m) => m.month)).toEqual(['2025-06']);
    expect(r.monthly[0]?.productionKwh).toBeCloseTo(r.productionKwh, 9);
    // The bill: engine totals before and after, the saving with the export revenue, scaled to a year.
    const engineBefore = calculateNetworkFee(base);
    expect(r.before.optimizedTotalEur).toBe(engineBefore.scenarios.optimized.total);
    expect(r.after.optimizedTotalEur).toBeLessThan(r.before.optimizedTotalEur);
    expect(r.exportRevenueEur).toBeCloseTo(r.exportedKwh * 0.05, 9);
    expect(r.periodDays).toBe(30);
    expect(r.yearlySavingEur).toBeCloseTo(
      ((r.before.optimizedTotalEur - r.after.optimizedTotalEur + r.exportRevenueEur) * 365) / 30,
      9,
    );
    expect(r.after.currentAgreedKw).toEqual([7, 7, 7, 7, 7]);
  });

  it('refuses a negative export price', () => {
    expect(() => solarWhatIf({ base, solar, exportPriceEurPerKwh: -1 })).toThrow(RangeError);
  });

  it('saves money on the shipped sample year, and a bigger plant produces more but self-consumes a smaller share', () => {
    const sample = parseMojElektroReadings(
      readFileSync(
        new URL('../../samples/household-heat-pump-ev.json', import.meta.url).pathname,
        'utf8',
      ),
    );
    const sampleBase: WhatIfBase = {
      series: sample,
      connection: { phases: 3, connectionPowerKw: 17 },
      prices: { vt: 0.11, mt: 0.08 },
    };
    const small = solarWhatIf({
      base: sampleBase,
      solar: { ...south35, peakKw: 3 },
      exportPriceEurPerKwh: 0.04,
    });
    const big = solarWhatIf({
      base: sampleBase,
      solar: { ...south35, peakKw: 10 },
      exportPriceEurPerKwh: 0.04,
    });
    expect(small.yearlySavingEur).toBeGreaterThan(0);
    expect(big.yearlySavingEur).toBeGreaterThan(small.yearlySavingEur);
    expect(big.productionKwh).toBeCloseTo((small.productionKwh * 10) / 3, 6);
    expect(big.selfConsumptionPct).toBeLessThan(small.selfConsumptionPct);
    expect(small.periodDays).toBe(365);
    expect(small.monthly).toHaveLength(12);
  });
});
