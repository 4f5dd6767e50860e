import { describe, expect, it } from 'vitest';
import {
  computeFlows,
  formatEnergy,
  formatPower,
  sumFlows,
  totalsFrom,
  ZERO_ENERGY,
  type DeviceReading,
} from './flows.ts';

const d = (
  category: DeviceReading['category'],
  values: DeviceReading['values'],
): DeviceReading => ({
  category,
  values,
});

describe('computeFlows', () => {
  it('is all null for a location without devices', () => {
    expect(computeFlows([])).toEqual({
      gridW: null,
      solarW: null,
      batteryW: null,
      homeW: null,
      evW: null,
      hvacW: null,
      socPct: null,
    });
  });

  it('balances grid, solar and battery into the home consumption', () => {
    // Exporting 1 kW while the PV makes 4 kW and the battery charges with 1.5 kW: the house uses 1.5 kW.
    const flows = computeFlows([
      d('GRID', { power_w: -1000 }),
      d('SOLAR_POWER_PLANT', { power_w: 3000 }),
      d('SOLAR_POWER_PLANT', { power_w: 1000 }),
      d('BATTERY', { power_w: -1500, soc_pct: 40 }),
      d('BATTERY', { power_w: 0, soc_pct: 60 }),
      d('EV_CHARGER', { power_w: 700 }),
      d('HVAC', { power_w: 300 }),
    ]);
    expect(flows).toEqual({
      gridW: -1000,
      solarW: 4000,
      batteryW: -1500,
      homeW: 1500,
      evW: 700,
      hvacW: 300,
      socPct: 50,
    });
  });

  it('counts a hybrid inverter’s net AC output in the balance and its state of charge', () => {
    const flows = computeFlows([
      d('GRID', { power_w: 200 }),
      d('HYBRID_INVERTER', { power_w: 2500, soc_pct: 80 }),
    ]);
    expect(flows.homeW).toBe(2700);
    expect(flows.socPct).toBe(80);
    expect(flows.solarW).toBeNull();
    expect(flows.batteryW).toBeNull();
  });

  it('leaves a hybrid inverter out of the balance where PV or battery devices measure what flows through it', () => {
    // The demo's home kit: PV behind a hybrid inverter, both reporting; the sun must count once.
    const flows = computeFlows([
      d('GRID', { power_w: -1000 }),
      d('SOLAR_POWER_PLANT', { power_w: 3000 }),
      d('HYBRID_INVERTER', { power_w: 3000 }),
      d('HVAC', { power_w: 500 }),
    ]);
    expect(flows.homeW).toBe(2000);
    expect(flows.solarW).toBe(3000);
  });

  it('floors a slightly negative balance at 0', () => {
    expect(
      computeFlows([d('GRID', { power_w: -3050 }), d('SOLAR_POWER_PLANT', { power_w: 3000 })])
        .homeW,
    ).toBe(0);
  });

  it('without a grid reading, takes the measured loads as consumption', () => {
    const flows = computeFlows([
      d('SOLAR_POWER_PLANT', { power_w: 3000 }),
      d('EV_CHARGER', { power_w: 7000 }),
      d('OTHER', { power_w: 150 }),
    ]);
    expect(flows.gridW).toBeNull();
    expect(flows.homeW).toBe(7150);
    expect(computeFlows([d('SOLAR_POWER_PLANT', { power_w: 3000 })]).homeW).toBeNull();
  });

  it('ignores devices without power and values that are not finite', () => {
    const flows = computeFlows([
      d('GRID', { energy_import_wh: 12 }),
      d('SOLAR_POWER_PLANT', { power_w: Number.NaN }),
      d('BATTERY', { soc_pct: Number.POSITIVE_INFINITY }),
    ]);
    expect(flows.gridW).toBeNull();
    expect(flows.solarW).toBeNull();
    expect(flows.socPct).toBeNull();
  });
});

describe('sumFlows', () => {
  it('adds terms, keeps null where every location is null, averages the state of charge', () => {
    const a = computeFlows([
      d('GRID', { power_w: 100 }),
      d('BATTERY', { power_w: 0, soc_pct: 20 }),
    ]);
    const b = computeFlows([d('GRID', { power_w: -50 }), d('SOLAR_POWER_PLANT', { power_w: 500 })]);
    expect(sumFlows([a, b])).toEqual({
      gridW: 50,
      solarW: 500,
      batteryW: 0,
      homeW: 550,
      evW: null,
      hvacW: null,
      socPct: 20,
    });
    expect(sumFlows([])).toEqual(computeFlows([]));
  });
});

describe('totalsFrom', () => {
  it('derives self-sufficiency and self-consumption', () => {
    const totals = totalsFrom({
      ...ZERO_ENERGY,
      consumptionWh: 10_000,
      gridImportWh: 2_500,
      gridExportWh: 3_000,
      solarWh: 12_000,
    });
    expect(totals.selfSufficiencyPct).toBe(75);
    expect(totals.selfConsumptionPct).toBe(75);
    expect(totals.consumptionWh).toBe(10_000);
  });

  it('is null without consumption or production', () => {
    expect(totalsFrom(ZERO_ENERGY)).toMatchObject({
      selfSufficiencyPct: null,
      selfConsumptionPct: null,
    });
  });

  it('clamps to 0–100', () => {
    // Grid-charged battery exported again: more export than production, more import than consumption.
    const totals = totalsFrom({
      ...ZERO_ENERGY,
      consumptionWh: 1_000,
      gridImportWh: 3_000,
      solarWh: 500,
      gridExportWh: 2_000,
    });
    expect(totals.selfSufficiencyPct).toBe(0);
    expect(totals.selfConsumptionPct).toBe(0);
    expect(
      totalsFrom({ ...ZERO_ENERGY, consumptionWh: 100, gridImportWh: -5 }).selfSufficiencyPct,
    ).toBe(100);
  });
});

describe('formatPower / formatEnergy (spec 001 §9)', () => {
  it.each([
    [0, 0, 'W'],
    [999, 999, 'W'],
    [1000, 1, 'kW'],
    [1500, 1.5, 'kW'],
    [-2500, -2.5, 'kW'],
    [999_999, 999.999, 'kW'],
    [1_000_000, 1, 'MW'],
    [-3_200_000, -3.2, 'MW'],
  ])('%d W → %d %s', (w, value, unit) => {
    expect(formatPower(w)).toEqual({ value, unit });
  });

  it('scales energy the same way', () => {
    expect(formatEnergy(12)).toEqual({ value: 12, unit: 'Wh' });
    expect(formatEnergy(12_345)).toEqual({ value: 12.345, unit: 'kWh' });
    expect(formatEnergy(4_500_000)).toEqual({ value: 4.5, unit: 'MWh' });
  });
});
