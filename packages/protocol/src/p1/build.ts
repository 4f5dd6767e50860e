/**
 * Builds real-format P1 telegrams with a correct CRC: what the simulator's P1 meters publish on
 * `ec/v1/c/{unitId}/p1`, and test input for the parser. Line sets and number widths follow the published telegrams
 * of each kind of meter (telegrams.fixture.ts).
 */
import type { TelemetryValues } from '../payloads.ts';
import { crc16, formatCrc } from './crc16.ts';
import { CENTRAL_EUROPE, offsetAt, toLocal, type P1Zone } from './zone.ts';

/** The kinds of telegram the builder writes. */
export type P1BuildVersion = '2.2' | '4.2' | '5.0' | 'e-mucs';

/** Options of `buildTelegram`. */
export interface P1BuildOptions {
  /** DSMR 2.2 (no CRC, no timestamp, no phases), 4.2, 5.0, or Belgian e-MUCS (ESMR 5 based). */
  version: P1BuildVersion;
  /** The telegram's instant (`0-0:1.0.0`, written in `tz`'s local time with S/W; not written for 2.2). */
  timestamp: Date;
  /** The meter's serial (plain text, written hex-encoded like real meters do). */
  equipmentId: string;
  /** The meter's zone. Default `CENTRAL_EUROPE`. */
  tz?: P1Zone;
  /** The identification line without `/`. Default: a real meter's of that version. */
  header?: string;
  /** Tariff in force (`0-0:96.14.0`). Default 1. */
  tariff?: number;
  /**
   * The registers per tariff (Wh), `[tariff 1, tariff 2]`. Default: `energy_import_wh` / `energy_export_wh` all on
   * tariff 1 and 0 on tariff 2 (the parser sums them back to the same total).
   */
  importTariffsWh?: readonly [number, number];
  exportTariffsWh?: readonly [number, number];
  /** The gas meter's serial. Default: `equipmentId` + `G`. */
  gasEquipmentId?: string;
  /** When the gas meter was last read. Default: `timestamp` rounded down to 5 minutes (DSMR 5, e-MUCS) or 1 hour. */
  gasTimestamp?: Date;
  /** e-MUCS capacity tariff lines `1-0:1.4.0` and `1-0:1.6.0`. */
  capacity?: { averageDemandW: number; monthPeakW: number; monthPeakTime: Date };
}

const HEADERS: Record<P1BuildVersion, string> = {
  '2.2': 'ISk5\\2MT382-1000',
  '4.2': 'KFM5KAIFA-METER',
  '5.0': 'ISK5\\2M550T-1012',
  'e-mucs': 'FLU5\\253769484_A',
};

/** `value` with `decimals` decimals and at least `integers` integer digits, e.g. fixed(1.5, 6, 3) = `000001.500`. */
function fixed(value: number, integers: number, decimals: number): string {
  const [integer = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  return fraction === undefined
    ? integer.padStart(integers, '0')
    : `${integer.padStart(integers, '0')}.${fraction}`;
}

function hex(text: string): string {
  return [...text]
    .map((char) => (char.charCodeAt(0) & 0xff).toString(16).toUpperCase().padStart(2, '0'))
    .join('');
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as a DSMR timestamp in `tz`: `YYMMDDhhmmss` and, unless `flag` is false, `S` or `W`. */
export function formatP1Time(instant: Date, tz: P1Zone = CENTRAL_EUROPE, flag = true): string {
  const { offsetMinutes, summer } = offsetAt(instant, tz);
  const local = toLocal(instant, offsetMinutes);
  const text = [local.year % 100, local.month, local.day, local.hour, local.minute, local.second]
    .map(pad2)
    .join('');
  return flag ? `${text}${summer ? 'S' : 'W'}` : text;
}

function splitPower(value: number | undefined): [number, number] {
  const power = value ?? 0;
  return [Math.max(power, 0) / 1000, Math.max(-power, 0) / 1000];
}

/**
 * A telegram with these values (the grid meter's, sign convention + import / − export) and a correct CRC. Energy
 * is written in kWh with 3 decimals (Wh resolution), power in kW with 3 decimals (2 for DSMR 2.2), voltage with 1
 * decimal, current in whole amperes (2 decimals for e-MUCS), gas in m³ with 3 decimals. Per-phase lines, voltages
 * and currents are written only for the values given; DSMR 2.2 has none of them. Gas lines only with `gas_m3`.
 */
export function buildTelegram(values: TelemetryValues, options: P1BuildOptions): string {
  const tz = options.tz ?? CENTRAL_EUROPE;
  const { version } = options;
  const legacy = version === '2.2';
  const emucs = version === 'e-mucs';
  const energyWidth = legacy ? 5 : 6;
  const kWh = (wh: number) => `${fixed(wh / 1000, energyWidth, 3)}*kWh`;
  const kW = (kw: number) => (legacy ? `${fixed(kw, 4, 2)}*kW` : `${fixed(kw, 2, 3)}*kW`);
  const time = (instant: Date) => formatP1Time(instant, tz);
  const importTariffs = options.importTariffsWh ?? [values.energy_import_wh ?? 0, 0];
  const exportTariffs = options.exportTariffsWh ?? [values.energy_export_wh ?? 0, 0];
  const [importKw, exportKw] = splitPower(values.power_w);

  const lines = [`/${options.header ?? HEADERS[version]}`, ''];
  if (emucs) {
    lines.push('0-0:96.1.4(50217)', `0-0:96.1.1(${hex(options.equipmentId)})`);
    lines.push(`0-0:1.0.0(${time(options.timestamp)})`);
  } else if (legacy) {
    lines.push(`0-0:96.1.1(${hex(options.equipmentId)})`);
  } else {
    lines.push(`1-3:0.2.8(${version.replace('.', '')})`, `0-0:1.0.0(${time(options.timestamp)})`);
    lines.push(`0-0:96.1.1(${hex(options.equipmentId)})`);
  }
  lines.push(
    `1-0:1.8.1(${kWh(importTariffs[0])})`,
    `1-0:1.8.2(${kWh(importTariffs[1])})`,
    `1-0:2.8.1(${kWh(exportTariffs[0])})`,
    `1-0:2.8.2(${kWh(exportTariffs[1])})`,
    `0-0:96.14.0(${String(options.tariff ?? 1).padStart(4, '0')})`,
  );
  if (emucs && options.capacity) {
    lines.push(
      `1-0:1.4.0(${kW(options.capacity.averageDemandW / 1000)})`,
      `1-0:1.6.0(${time(options.capacity.monthPeakTime)})(${kW(options.capacity.monthPeakW / 1000)})`,
    );
  }
  lines.push(`1-0:1.7.0(${kW(importKw)})`, `1-0:2.7.0(${kW(exportKw)})`);
  if (legacy) {
    lines.push('0-0:17.0.0(0999.00*kW)', '0-0:96.3.10(1)', '0-0:96.13.1()', '0-0:96.13.0()');
  } else {
    if (!emucs) {
      lines.push(
        '0-0:96.7.21(00004)',
        '0-0:96.7.9(00002)',
        '1-0:99.97.0(0)(0-0:96.7.19)',
        '1-0:32.32.0(00000)',
        '1-0:52.32.0(00000)',
        '1-0:72.32.0(00000)',
        '1-0:32.36.0(00000)',
        '1-0:52.36.0(00000)',
        '1-0:72.36.0(00000)',
        '0-0:96.13.0()',
      );
    }
    const phases = [
      [values.power_l1_w, values.voltage_l1_v, values.current_l1_a, 21, 22, 32, 31],
      [values.power_l2_w, values.voltage_l2_v, values.current_l2_a, 41, 42, 52, 51],
      [values.power_l3_w, values.voltage_l3_v, values.current_l3_a, 61, 62, 72, 71],
    ] as const;
    for (const [, voltage, , , , code] of phases) {
      if (voltage !== undefined)
        lines.push(`1-0:${code}.7.0(${fixed(voltage, emucs ? 3 : 4, 1)}*V)`);
    }
    for (const [, , current, , , , code] of phases) {
      if (current !== undefined) {
        lines.push(`1-0:${code}.7.0(${emucs ? fixed(current, 3, 2) : fixed(current, 3, 0)}*A)`);
      }
    }
    for (const [power, , , importCode] of phases) {
      if (power !== undefined) lines.push(`1-0:${importCode}.7.0(${kW(splitPower(power)[0])})`);
    }
    for (const [power, , , , exportCode] of phases) {
      if (power !== undefined) lines.push(`1-0:${exportCode}.7.0(${kW(splitPower(power)[1])})`);
    }
    if (emucs) {
      lines.push('0-0:96.3.10(1)', '0-0:17.0.0(999.9*kW)', '1-0:31.4.0(999*A)', '0-0:96.13.0()');
    }
  }
  if (values.gas_m3 !== undefined) {
    const gasId = hex(options.gasEquipmentId ?? `${options.equipmentId}G`);
    const step = version === '5.0' || emucs ? 300_000 : 3_600_000;
    const gasTime =
      options.gasTimestamp ?? new Date(Math.floor(options.timestamp.getTime() / step) * step);
    const m3 = fixed(values.gas_m3, 5, 3);
    if (legacy) {
      lines.push(
        '0-1:24.1.0(3)',
        `0-1:96.1.0(${gasId})`,
        `0-1:24.3.0(${formatP1Time(gasTime, tz, false)})(00)(60)(1)(0-1:24.2.1)(m3)`,
        `(${m3})`,
        '0-1:24.4.0(1)',
      );
    } else if (emucs) {
      lines.push(
        '0-1:24.1.0(003)',
        `0-1:96.1.1(${gasId})`,
        '0-1:24.4.0(1)',
        `0-1:24.2.3(${time(gasTime)})(${m3}*m3)`,
      );
    } else {
      lines.push(
        '0-1:24.1.0(003)',
        `0-1:96.1.0(${gasId})`,
        `0-1:24.2.1(${time(gasTime)})(${m3}*m3)`,
      );
    }
  }
  const body = `${lines.join('\r\n')}\r\n!`;
  return legacy ? `${body}\r\n` : `${body}${formatCrc(crc16(body))}\r\n`;
}
