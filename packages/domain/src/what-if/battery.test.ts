import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateNetworkFee } from '../network-fee/network-fee.ts';
import { parseMojElektroReadings } from '../network-fee/parse-readings.ts';
import { powerSeries, stamp } from '../network-fee/test-support.ts';
import { INTERVAL_MS } from '../network-fee/time-zone.ts';
import { batterySweep, batteryWhatIf, simulateBattery, type BatterySimulation } from './battery.ts';
import type { WhatIfBase } from './bills.ts';
import { intervalTable } from './intervals.ts';

const sum = (a: ArrayLike<number>): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] as number;
  return s;
};

/** Energy balance of a simulation against the load it started from (kWh). */
function expectBalanced(sim: BatterySimulation, loadKw: ArrayLike<number>, eta: number): void {
  const etaIn = Math.sqrt(eta);
  const importChange = (sum(sim.importKw) - sum(loadKw)) * 0.25;
  expect(importChange).toBeCloseTo(sim.chargedFromGridKwh - sim.dischargedKwh, 6);
  expect(sim.lossesKwh).toBeCloseTo(
    sim.chargedKwh * (1 - etaIn) + sim.dischargedKwh * (1 / etaIn - 1),
    9,
  );
  // Starts empty: what went in = what came out + losses + what is left.
  expect(sim.chargedKwh - sim.dischargedKwh - sim.lossesKwh).toBeCloseTo(sim.finalSocKwh, 6);
}

function expectWithinLimits(
  sim: BatterySimulation,
  loadKw: ArrayLike<number>,
  capacityKwh: number,
  powerKw: number,
): void {
  const broken: string[] = [];
  for (let i = 0; i < sim.socKwh.length; i++) {
    const soc = sim.socKwh[i] as number;
    if (soc < 0 || soc > capacityKwh + 1e-9) broken.push(`soc ${soc} at ${i}`);
    const change = (sim.importKw[i] as number) - (loadKw[i] as number);
    if (Math.abs(change) > powerKw + 1e-9) broken.push(`power ${change} at ${i}`);
    if ((sim.importKw[i] as number) < -1e-12) broken.push(`import ${sim.importKw[i]} at ${i}`);
  }
  expect(broken).toEqual([]);
}

describe('simulateBattery on small cases', () => {
  it('leaves a flat load alone: nothing to shave and no price spread', () => {
    const series = powerSeries('2025-04-01', '2025-04-30', () => 2);
    const sim = simulateBattery(series, null, {
      capacityKwh: 10,
      powerKw: 5,
      roundTripEfficiency: 0.9,
    });
    expect(Array.from(sim.importKw)).toEqual(series.values);
    expect(sim.peakAfterKw).toEqual(sim.peakBeforeKw);
    expect(sim.chargedKwh).toBe(0);
    expect(sim.dischargedKwh).toBe(0);
  });

  it('shaves one spike by exactly the battery power, charging just enough right before it', () => {
    // April 2025 (lower season): 1 kW flat, 10 kW on Tuesday 15 April 10:00–10:15 (block 2).
    const series = powerSeries('2025-04-01', '2025-04-30', (t) =>
      stamp(t) === '2025-04-15 10:00' ? 10 : 1,
    );
    const spike = series.values.indexOf(10);
    const eta = 0.81; // √η = 0.9 in and out
    const sim = simulateBattery(series, null, {
      capacityKwh: 10,
      powerKw: 5,
      roundTripEfficiency: eta,
    });
    expect(sim.importKw[spike]).toBeCloseTo(5, 9);
    expect(sim.peakBeforeKw).toEqual([0, 10, 1, 1, 1]);
    expect(sim.peakAfterKw[1]).toBeCloseTo(5, 9);
    // 5 kW for 15 min out = 1.25 kWh delivered = 1.25 / 0.9 taken from the cells = 1.25 / 0.81 from the grid.
    expect(sim.dischargedKwh).toBeCloseTo(1.25, 9);
    expect(sim.chargedFromGridKwh).toBeCloseTo(1.25 / 0.81, 9);
    // The backward reserve: the interval before the spike charges at the 4 kW of headroom under 5 kW (0.9 kWh
    // stored), the one before it the rest: (1.25 / 0.9 − 0.9) / 0.9 / 0.25 kW.
    expect(sim.importKw[spike - 1]).toBeCloseTo(5, 9);
    expect(sim.importKw[spike - 2]).toBeCloseTo(1 + (1.25 / 0.9 - 0.9) / 0.9 / 0.25, 9);
    for (let i = 0; i < series.values.length; i++) {
      if (i < spike - 2 || i > spike) expect(sim.importKw[i]).toBe(series.values[i]);
    }
    expect(sim.finalSocKwh).toBeCloseTo(0, 9);
    expect(sim.lossesKwh).toBeCloseTo(1.25 / 0.81 - 1.25, 9);
    expectBalanced(sim, series.values, eta);
  });

  it('shifts energy from VT to MT when the price spread pays after losses', () => {
    // 3 kW in the VT window of working days, 1 kW otherwise; VT 0.20, MT 0.05 EUR/kWh.
    const series = powerSeries('2025-04-01', '2025-04-30', (t) =>
      t.weekday <= 5 && t.hour >= 6 && t.hour < 22 ? 3 : 1,
    );
    const prices = { vt: 0.2, mt: 0.05 };
    const sim = simulateBattery(
      series,
      null,
      { capacityKwh: 5, powerKw: 2, roundTripEfficiency: 0.9 },
      { prices },
    );
    const table = intervalTable(series, null, { prices });
    const cost = (kw: ArrayLike<number>) => {
      let eur = 0;
      for (let i = 0; i < kw.length; i++)
        eur += (kw[i] as number) * 0.25 * (table.priceEurPerKwh[i] as number);
      return eur;
    };
    // Each working day it empties a full battery in VT (at most C·√η delivered) and refills it at night.
    const workingDays = new Set(
      Array.from(table.annotated.dayNumber).filter((_, i) => table.annotated.vt[i] === 1),
    ).size;
    const perDay = 5 * Math.sqrt(0.9);
    expect(sim.dischargedKwh).toBeLessThanOrEqual(workingDays * perDay + 1e-9);
    expect(sim.dischargedKwh).toBeGreaterThan((workingDays - 1) * perDay);
    // Saving per kWh shifted: 0.20 − 0.05 / 0.9 minus the small network energy rate differences.
    expect(cost(series.values) - cost(sim.importKw)).toBeGreaterThan(
      sim.dischargedKwh * (0.2 - 0.05 / 0.9 - 0.01),
    );
    // It charges only at night/weekend (MT) and discharges only in VT.
    for (let i = 0; i < series.values.length; i++) {
      const vt = table.annotated.vt[i] === 1;
      const change = (sim.importKw[i] as number) - (series.values[i] as number);
      if (vt) expect(change).toBeLessThanOrEqual(1e-12);
      else expect(change).toBeGreaterThanOrEqual(-1e-12);
    }
    // Charging never lifts an import above the highest peak of blocks 1…b (3 kW).
    expect(Math.max(...sim.peakAfterKw)).toBeLessThanOrEqual(3 + 1e-9);
    expectWithinLimits(sim, series.values, 5, 2);
    expectBalanced(sim, series.values, 0.9);
  });

  it('stores surplus that would be exported and uses it for the evening load (one tariff)', () => {
    const series = powerSeries('2025-06-01', '2025-06-30', (t) =>
      t.hour >= 19 && t.hour < 21 ? 3 : t.hour >= 11 && t.hour < 15 ? 0 : 0.5,
    );
    const exportSeries = powerSeries('2025-06-01', '2025-06-30', (t) =>
      t.hour >= 11 && t.hour < 15 ? 4 : 0,
    );
    const sim = simulateBattery(
      series,
      exportSeries,
      { capacityKwh: 10, powerKw: 5, roundTripEfficiency: 0.9 },
      // Thresholds not below 1 kW (as the minimum agreed power would).
      { tariffs: 1, prices: { et: 0.15 }, floorKw: 1 },
    );
    expect(sim.chargedFromSurplusKwh).toBeGreaterThan(100);
    expect(sim.chargedFromGridKwh).toBe(0);
    const exportDrop = (sum(exportSeries.values) - sum(sim.exportKw)) * 0.25;
    expect(exportDrop).toBeCloseTo(sim.chargedFromSurplusKwh, 6);
    for (let i = 0; i < sim.exportKw.length; i++)
      expect(sim.exportKw[i] as number).toBeLessThanOrEqual(
        (exportSeries.values[i] as number) + 1e-12,
      );
    // The evening peaks are held at the 1 kW floor, and the stored surplus (16 kWh a day, more than the 10 kWh
    // battery holds) serves the load until it is empty: a full battery's worth (C·√η) a day.
    expect(Math.max(...sim.peakAfterKw)).toBeCloseTo(1, 9);
    expect(sim.dischargedKwh).toBeGreaterThan(29 * 10 * Math.sqrt(0.9));
    expect(sim.dischargedKwh).toBeLessThanOrEqual(30 * 10 * Math.sqrt(0.9) + 1e-9);
    expectWithinLimits(sim, series.values, 10, 5);
    expectBalanced(sim, series.values, 0.9);
  });

  it('refuses an impossible battery', () => {
    const series = powerSeries('2025-04-01', '2025-04-02', () => 1);
    expect(() =>
      simulateBattery(series, null, { capacityKwh: -1, powerKw: 1, roundTripEfficiency: 0.9 }),
    ).toThrow(RangeError);
    expect(() =>
      simulateBattery(series, null, { capacityKwh: 1, powerKw: 1, roundTripEfficiency: 1.2 }),
    ).toThrow(RangeError);
  });

  it('uses the block layout of the tariff year for data from before October 2024', () => {
    // Tuesday 10 January 2023, 08:00: outside any layout by its own date; block 1 with the 2025 layout.
    const series = powerSeries('2023-01-10', '2023-01-10', () => 1);
    const at8 = (t: ReturnType<typeof intervalTable>) =>
      t.block[Array.from(t.endMs).findIndex((e) => e - INTERVAL_MS === t.annotated.startMs[32])];
    expect(at8(intervalTable(series, null))).toBe(0);
    expect(at8(intervalTable(series, null, { tariffYear: 2025 }))).toBe(1);
  });
});

describe('battery what-if on the shipped sample year', () => {
  const series = parseMojElektroReadings(
    readFileSync(
      new URL('../../samples/household-heat-pump-ev.json', import.meta.url).pathname,
      'utf8',
    ),
  );
  const base: WhatIfBase = {
    series,
    connection: { phases: 3, connectionPowerKw: 17 },
    prices: { vt: 0.11, mt: 0.08 },
  };
  const battery = { capacityKwh: 10, powerKw: 5, roundTripEfficiency: 0.9 };

  it('saves money with the engine bill before and after, and stays within the physics', () => {
    const r = batteryWhatIf({ base, battery });
    const engine = calculateNetworkFee(base);
    expect(r.before.optimizedTotalEur).toBe(engine.scenarios.optimized.total);
    expect(r.before.totalEur).toBe(engine.scenarios.new.total);
    expect(r.after.currentAgreedKw).toEqual(r.before.currentAgreedKw);
    expect(r.periodDays).toBe(365);
    expect(r.yearlySavingEur).toBeCloseTo(
      r.before.optimizedTotalEur - r.after.optimizedTotalEur,
      9,
    );
    expect(r.yearlySavingEur).toBeGreaterThan(0);
    expect(r.yearlySavingKeepCurrentEur).toBeGreaterThan(0);
    // Peaks go down in the expensive blocks and the optimiser follows.
    expect(r.after.peakKw[0] as number).toBeLessThan(r.before.peakKw[0] as number);
    expect(r.after.optimizedAgreedKw[0] as number).toBeLessThan(
      r.before.optimizedAgreedKw[0] as number,
    );
    expect(r.cycles).toBeCloseTo(r.dischargedKwh / 10, 9);

    const sim = simulateBattery(series, null, battery, {
      prices: base.prices ?? {},
      floorKw: 4.6,
    });
    expectWithinLimits(sim, series.values, 10, 5);
    expectBalanced(sim, series.values, 0.9);
  });

  it('a battery of no capacity changes nothing', () => {
    const r = batteryWhatIf({
      base,
      battery: { capacityKwh: 0, powerKw: 5, roundTripEfficiency: 0.9 },
    });
    expect(r.yearlySavingEur).toBe(0);
    expect(r.yearlySavingKeepCurrentEur).toBe(0);
    expect(r.after.peakKw).toEqual(r.before.peakKw);
    expect(r.chargedKwh).toBe(0);
    expect(r.cycles).toBe(0);
  });

  it('scales a shorter period to a year', () => {
    const r = batteryWhatIf({ base: { ...base, from: '2025-01-01', to: '2025-01-31' }, battery });
    expect(r.periodDays).toBe(31);
    expect(r.yearlySavingEur).toBeCloseTo(
      ((r.before.optimizedTotalEur - r.after.optimizedTotalEur) * 365) / 31,
      9,
    );
  });

  it('sweeps 20 capacities: never worse with more capacity, and the same figure as the single what-if', () => {
    const capacities = Array.from({ length: 20 }, (_, i) => i + 1);
    const { points } = batterySweep({ base, battery }, capacities, (c) => Math.max(1, c / 2));
    expect(points.map((p) => p.capacityKwh)).toEqual(capacities);
    expect(points[0]?.yearlySavingEur).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < points.length; i++)
      expect(points[i]?.yearlySavingEur).toBeGreaterThanOrEqual(
        points[i - 1]?.yearlySavingEur as number,
      );
    const ten = points[9];
    const single = batteryWhatIf({ base, battery });
    expect(ten?.yearlySavingEur).toBeCloseTo(single.yearlySavingEur, 9);
    expect(ten?.optimizedAgreedKw).toEqual(single.after.optimizedAgreedKw);
  });
});
