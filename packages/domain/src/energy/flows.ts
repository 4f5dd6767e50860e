// Energy flows of a location (issue 12): the live picture's powers from the latest values of its devices, today's
// totals with the two shares customers ask about (self-sufficiency, self-consumption), and the W/Wh display units
// of spec 001 §9. Pure: no clock, no I/O.
import type { DeviceCategory } from '../org/constants.ts';

/** One device's values as the controller protocol names them (`power_w`, `soc_pct`, …); missing: not reported. */
export interface DeviceReading {
  category: DeviceCategory;
  values: Readonly<Partial<Record<string, number>>>;
}

/**
 * Power flows in W from the location's point of view (the contract's `FlowPowers`); null where the location has
 * no such device or none of them reported. grid: + import / − export; solar: + production; battery: + discharge /
 * − charge; home: the whole location's consumption (EV and heat pump included); ev, hvac: + consumption.
 */
export interface FlowPowers {
  gridW: number | null;
  solarW: number | null;
  batteryW: number | null;
  homeW: number | null;
  evW: number | null;
  hvacW: number | null;
  /** Mean state of charge of the batteries that report one, %. */
  socPct: number | null;
}

/** Sum of `power_w` of the devices of one category that report it (null: none does). */
function sumOf(devices: readonly DeviceReading[], category: DeviceCategory): number | null {
  let sum: number | null = null;
  for (const device of devices) {
    const value = device.values.power_w;
    if (device.category !== category || value === undefined || !Number.isFinite(value)) continue;
    sum = (sum ?? 0) + value;
  }
  return sum;
}

/**
 * The location's power flows from its devices' values (latest readings, or per-device averages).
 *
 * - grid, solar, battery, ev, hvac: the sum of `power_w` over the devices of that category (GRID,
 *   SOLAR_POWER_PLANT, BATTERY, EV_CHARGER, HVAC), in the protocol's sign convention.
 * - A HYBRID_INVERTER (PV and battery behind one inverter) reports its net AC output as `power_w` (+ into the
 *   location, − drawn from it, e.g. while it charges its battery from the grid). It has no line of its own in the
 *   picture. Where the location also has SOLAR_POWER_PLANT or BATTERY devices, those measure what flows through
 *   the inverter, so its output is informational and left out of the balance (counting both would count the sun
 *   twice); only at a location without them does it stand in for them as a source. Its `soc_pct` counts toward
 *   the state of charge either way.
 * - home is the balance of what enters the location: grid + solar + battery + hybrid output (missing terms 0),
 *   floored at 0 (readings taken a moment apart can make the balance slightly negative). Without a grid reading the
 *   balance is unknown; then the measured loads (EV_CHARGER, HVAC and OTHER devices' `power_w`) are the best
 *   figure there is, and null when there are none either.
 * - socPct: the mean `soc_pct` of BATTERY and HYBRID_INVERTER devices that report it (capacities are not known).
 */
export function computeFlows(devices: readonly DeviceReading[]): FlowPowers {
  const gridW = sumOf(devices, 'GRID');
  const solarW = sumOf(devices, 'SOLAR_POWER_PLANT');
  const batteryW = sumOf(devices, 'BATTERY');
  const measuredBehindInverter = devices.some(
    (d) => d.category === 'SOLAR_POWER_PLANT' || d.category === 'BATTERY',
  );
  const hybridW = measuredBehindInverter ? null : sumOf(devices, 'HYBRID_INVERTER');
  const evW = sumOf(devices, 'EV_CHARGER');
  const hvacW = sumOf(devices, 'HVAC');
  let homeW: number | null;
  if (gridW !== null) {
    homeW = Math.max(0, gridW + (solarW ?? 0) + (batteryW ?? 0) + (hybridW ?? 0));
  } else {
    const other = sumOf(devices, 'OTHER');
    homeW =
      evW === null && hvacW === null && other === null
        ? null
        : Math.max(0, (evW ?? 0) + (hvacW ?? 0) + (other ?? 0));
  }
  const socs = devices
    .filter((d) => d.category === 'BATTERY' || d.category === 'HYBRID_INVERTER')
    .map((d) => d.values.soc_pct)
    .filter((v): v is number => v !== undefined && Number.isFinite(v));
  const socPct = socs.length === 0 ? null : socs.reduce((a, b) => a + b, 0) / socs.length;
  return { gridW, solarW, batteryW, homeW, evW, hvacW, socPct };
}

/** Adds flows term by term (a group's flows over its locations); a term is null only when it is null everywhere. */
export function sumFlows(flows: readonly FlowPowers[]): FlowPowers {
  const keys = ['gridW', 'solarW', 'batteryW', 'homeW', 'evW', 'hvacW'] as const;
  const out: FlowPowers = {
    gridW: null,
    solarW: null,
    batteryW: null,
    homeW: null,
    evW: null,
    hvacW: null,
    socPct: null,
  };
  for (const flow of flows) {
    for (const key of keys) {
      const value = flow[key];
      if (value !== null) out[key] = (out[key] ?? 0) + value;
    }
  }
  const socs = flows.map((f) => f.socPct).filter((v): v is number => v !== null);
  out.socPct = socs.length === 0 ? null : socs.reduce((a, b) => a + b, 0) / socs.length;
  return out;
}

/** Energy sums of a period in Wh, as the location roll-ups hold them. */
export interface EnergySums {
  consumptionWh: number;
  gridImportWh: number;
  gridExportWh: number;
  solarWh: number;
  batteryChargeWh: number;
  batteryDischargeWh: number;
  evWh: number;
  hvacWh: number;
}

/** {@link EnergySums} with the derived shares (the contract's `FlowTotals`). */
export interface FlowTotals extends EnergySums {
  /** Share of consumption not bought from the grid, % (null without consumption). */
  selfSufficiencyPct: number | null;
  /** Share of solar production used on site rather than exported, % (null without production). */
  selfConsumptionPct: number | null;
}

/** No energy at all. */
export const ZERO_ENERGY: EnergySums = {
  consumptionWh: 0,
  gridImportWh: 0,
  gridExportWh: 0,
  solarWh: 0,
  batteryChargeWh: 0,
  batteryDischargeWh: 0,
  evWh: 0,
  hvacWh: 0,
};

const clampPct = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Totals with the usual definitions of the two shares (as PV monitoring portals and the HTW Berlin
 * "Unabhängigkeitsrechner" use them):
 * - self-sufficiency (autarky) = (consumption − grid import) / consumption: how much of what the location used did
 *   not come from the grid;
 * - self-consumption = (solar production − grid export) / solar production: how much of its own solar energy the
 *   location used (directly or through its battery) instead of exporting it.
 * Both are clamped to 0–100 (a battery charged from the grid and discharged into it can push the raw figures out
 * of range) and null when the denominator is 0 (no consumption; no production, e.g. at night or without PV).
 */
export function totalsFrom(sums: EnergySums): FlowTotals {
  return {
    ...sums,
    selfSufficiencyPct:
      sums.consumptionWh > 0
        ? clampPct(((sums.consumptionWh - sums.gridImportWh) / sums.consumptionWh) * 100)
        : null,
    selfConsumptionPct:
      sums.solarWh > 0 ? clampPct(((sums.solarWh - sums.gridExportWh) / sums.solarWh) * 100) : null,
  };
}

/** Adds energy sums term by term. */
export function addEnergy(a: EnergySums, b: EnergySums): EnergySums {
  return {
    consumptionWh: a.consumptionWh + b.consumptionWh,
    gridImportWh: a.gridImportWh + b.gridImportWh,
    gridExportWh: a.gridExportWh + b.gridExportWh,
    solarWh: a.solarWh + b.solarWh,
    batteryChargeWh: a.batteryChargeWh + b.batteryChargeWh,
    batteryDischargeWh: a.batteryDischargeWh + b.batteryDischargeWh,
    evWh: a.evWh + b.evWh,
    hvacWh: a.hvacWh + b.hvacWh,
  };
}

/** A value scaled for display with its unit. */
export interface ScaledValue<U extends string> {
  value: number;
  unit: U;
}

function scale<B extends string>(amount: number, base: B): ScaledValue<B | `k${B}` | `M${B}`> {
  const size = Math.abs(amount);
  if (size >= 1e6) return { value: amount / 1e6, unit: `M${base}` };
  if (size >= 1e3) return { value: amount / 1e3, unit: `k${base}` };
  return { value: amount, unit: base };
}

/** A power for display (spec 001 §9): W below 1 000, kW from 1 000, MW from 1 000 000 (by magnitude; sign kept). */
export function formatPower(watts: number): ScaledValue<'W' | 'kW' | 'MW'> {
  return scale(watts, 'W');
}

/** An energy for display (spec 001 §9): Wh below 1 000, kWh from 1 000, MWh from 1 000 000. */
export function formatEnergy(wattHours: number): ScaledValue<'Wh' | 'kWh' | 'MWh'> {
  return scale(wattHours, 'Wh');
}
