/**
 * Heat pumps and air conditioning. Heat demand grows linearly as the outdoor temperature falls below the heating
 * limit (15.5 °C), by the building's heat-loss coefficient; the electrical power is demand / COP, and the COP falls
 * as it gets colder (air-source: ≈ 2.5 at −5 °C, 3.7 at 7 °C, 4.5 at 15 °C). Homes add domestic hot water in the
 * morning and evening; offices heat (and cool above 24 °C) in working hours with a set-back outside them. Below the
 * compressor's smallest modulation the unit cycles on and off.
 */
import type { LocalTime } from './time.ts';

/** How the unit is used. */
export type HvacPattern = 'house' | 'office';

/** A heat pump's or air conditioner's settings. */
export interface HeatPumpSpec {
  pattern: HvacPattern;
  /** Building heat loss, W per K below the heating limit. */
  heatLossWPerK: number;
  /** Largest electrical input, W. */
  maxElectricW: number;
  /** Smallest electrical input while running, W (below it the unit cycles). */
  minElectricW: number;
  /** Domestic hot water heating power (electrical), W; 0 for none. */
  hotWaterW: number;
  /** Cooling load, W per K above the cooling limit (24 °C); 0 for heating only. */
  coolingWPerK: number;
}

/** Outdoor temperature below which buildings need heating, °C. */
export const HEATING_LIMIT_C = 15.5;
/** Outdoor temperature above which offices cool, °C. */
export const COOLING_LIMIT_C = 24;

/** Coefficient of performance of an air-source heat pump at outdoor temperature `outdoorC` (heating). */
export function heatingCop(outdoorC: number): number {
  return Math.min(5, Math.max(1.8, 3 + 0.1 * outdoorC));
}

/** Energy efficiency ratio when cooling at `outdoorC`. */
export function coolingEer(outdoorC: number): number {
  return Math.min(5, Math.max(2, 4.5 - 0.08 * (outdoorC - COOLING_LIMIT_C)));
}

/** Electrical power (W, ≥ 0) at a local time and outdoor temperature; `timeMs` sets the on/off cycling phase. */
export function heatPumpPowerW(
  spec: HeatPumpSpec,
  local: LocalTime,
  outdoorC: number,
  timeMs: number,
): number {
  const weekend = local.weekday === 0 || local.weekday === 6;
  const h = local.hour;
  let occupancy: number;
  if (spec.pattern === 'house')
    occupancy = h >= 22 || h < 5 ? 0.75 : 1; // night set-back
  else occupancy = !weekend && h >= 6 && h < 18 ? 1 : 0.3;

  let electric = 0;
  if (outdoorC < HEATING_LIMIT_C) {
    const heatW = spec.heatLossWPerK * (HEATING_LIMIT_C - outdoorC) * occupancy;
    electric = heatW / heatingCop(outdoorC);
  } else if (spec.coolingWPerK > 0 && outdoorC > COOLING_LIMIT_C && occupancy === 1) {
    electric = (spec.coolingWPerK * (outdoorC - COOLING_LIMIT_C)) / coolingEer(outdoorC);
  }

  if (electric > 0 && electric < spec.minElectricW) {
    // Cycle: run at the minimum for a share of each 30-minute period that delivers the same energy.
    const duty = electric / spec.minElectricW;
    const phase = (timeMs / 1_800_000) % 1;
    electric = phase < duty ? spec.minElectricW : 0;
  }

  if (spec.hotWaterW > 0 && ((h >= 6 && h < 6.75) || (h >= 19 && h < 19.5))) {
    electric += spec.hotWaterW;
  }
  return Math.min(spec.maxElectricW, electric);
}
