/**
 * PV output: plane-of-array irradiance → DC power with a temperature coefficient → AC after system losses, clipped
 * at the inverter's rating.
 */

/** A PV array. */
export interface PvSpec {
  /** Peak power, kWp (STC). */
  kWp: number;
  /** Panel tilt from horizontal, degrees. */
  tiltDeg: number;
  /** Panel azimuth, degrees clockwise from north (180 = south). */
  azimuthDeg: number;
  /** Inverter AC limit, W. */
  inverterW: number;
}

/** Power temperature coefficient of crystalline silicon, per K. */
const TEMPERATURE_COEFFICIENT = -0.004;
/** Soiling, mismatch, wiring and inverter losses together. */
const SYSTEM_EFFICIENCY = 0.82;

/**
 * AC output (W, ≥ 0) of `spec` for plane-of-array irradiance `poa` (W/m²) and outdoor temperature `airC`. Cell
 * temperature: air + 25 K at 800 W/m² (a typical NOCT rise for a roof mount).
 */
export function pvPowerW(spec: PvSpec, poa: number, airC: number): number {
  if (poa <= 0) return 0;
  const cellC = airC + (poa / 800) * 25;
  const dc = spec.kWp * poa * (1 + TEMPERATURE_COEFFICIENT * (cellC - 25));
  return Math.min(spec.inverterW, Math.max(0, dc * SYSTEM_EFFICIENCY));
}
