/**
 * From a P1 telegram to the protocol's value fields (the readings of the location's GRID device), with the grid's
 * sign convention: + import, − export.
 */
import { telemetryValuesSchema, type TelemetrySample, type TelemetryValues } from '../payloads.ts';
import type { P1Phase, P1Telegram } from './parse.ts';

function sum(values: Record<number, number>): number | undefined {
  const list = Object.values(values);
  return list.length === 0 ? undefined : list.reduce((total, value) => total + value, 0);
}

function net(imported: number | undefined, exported: number | undefined): number | undefined {
  if (imported === undefined && exported === undefined) return undefined;
  return (imported ?? 0) - (exported ?? 0);
}

/**
 * The telegram's values as protocol fields:
 *
 * | field                              | from                                                                  |
 * | ---------------------------------- | --------------------------------------------------------------------- |
 * | `energy_import_wh`                 | `1-0:1.8.0` if sent, else the sum of `1-0:1.8.1`, `1.8.2`, … (Wh)     |
 * | `energy_export_wh`                 | `1-0:2.8.0` if sent, else the sum of `1-0:2.8.1`, `2.8.2`, … (Wh)     |
 * | `power_w`                          | `1-0:1.7.0` − `1-0:2.7.0` (W)                                         |
 * | `power_l1_w` … `power_l3_w`        | `21.7.0` − `22.7.0`, `41.7.0` − `42.7.0`, `61.7.0` − `62.7.0` (W)     |
 * | `voltage_l1_v` … `voltage_l3_v`    | `32.7.0`, `52.7.0`, `72.7.0` (V)                                      |
 * | `current_l1_a` … `current_l3_a`    | `31.7.0`, `51.7.0`, `71.7.0` (A, unsigned as the meter sends them)    |
 * | `gas_m3`                           | the gas channel's `24.2.1` / `24.2.3` / `24.3.0` (m³)                 |
 *
 * Units are converted whatever the meter wrote (kWh or Wh, kW or W). A field the telegram lacks is absent, and so
 * is a value outside the protocol's range (`telemetryValuesSchema`), so the result always validates.
 */
export function toTelemetryValues(telegram: P1Telegram): TelemetryValues {
  const { registers } = telegram;
  const phase = (p: P1Phase) => net(p.powerImportW, p.powerExportW);
  const candidate: Record<string, number | undefined> = {
    power_w: net(registers.powerImportW, registers.powerExportW),
    energy_import_wh: registers.importTotalWh ?? sum(registers.importTariffsWh),
    energy_export_wh: registers.exportTotalWh ?? sum(registers.exportTariffsWh),
    power_l1_w: phase(registers.l1),
    power_l2_w: phase(registers.l2),
    power_l3_w: phase(registers.l3),
    voltage_l1_v: registers.l1.voltageV,
    voltage_l2_v: registers.l2.voltageV,
    voltage_l3_v: registers.l3.voltageV,
    current_l1_a: registers.l1.currentA,
    current_l2_a: registers.l2.currentA,
    current_l3_a: registers.l3.currentA,
    gas_m3: registers.gas?.m3,
  };
  const values: Record<string, number> = {};
  const shape = telemetryValuesSchema.shape as Record<
    string,
    { safeParse(value: unknown): { success: boolean } }
  >;
  for (const [field, value] of Object.entries(candidate)) {
    if (value !== undefined && shape[field]?.safeParse(value).success) values[field] = value;
  }
  return values as TelemetryValues;
}

/**
 * The telegram as one telemetry sample of the device `deviceRef` (the location's GRID meter), at the telegram's
 * timestamp: what the ingest stores for a `p1` message, exactly as if the controller had sent it as telemetry.
 */
export function toTelemetrySample(telegram: P1Telegram, deviceRef: string): TelemetrySample {
  return { time: telegram.timestamp, values: { [deviceRef]: toTelemetryValues(telegram) } };
}
