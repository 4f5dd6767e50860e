/**
 * P1 meters: what the simulator knows of a DSMR telegram, and the builder it takes as a dependency. The DSMR text
 * itself (OBIS lines, units, CRC16) is built by `buildTelegram` in `@ec/protocol` (packages/protocol/src/p1/); the
 * simulator only derives the meter's registers and instantaneous values from its site model.
 */

import { buildTelegram, type P1BuildVersion, type TelemetryValues } from '@ec/protocol';

/** One phase of a meter's instantaneous values. */
export interface P1Phase {
  voltageV: number;
  currentA: number;
  /** Power drawn from the grid on this phase, W (≥ 0). */
  powerImportW: number;
  /** Power fed into the grid on this phase, W (≥ 0). */
  powerExportW: number;
}

/** A meter reading as a DSMR telegram carries it. */
export interface P1Reading {
  /** The instant of the reading (the telegram's 0-0:1.0.0 timestamp, written in `timezone` with its DST flag). */
  time: Date;
  /** The meter's time zone (IANA). */
  timezone: string;
  /** The meter's equipment identifier (0-0:96.1.1). */
  equipmentId: string;
  /** Registers, Wh: energy delivered to the client (import) and by the client (export), per tariff (1 low, 2 normal). */
  importT1Wh: number;
  importT2Wh: number;
  exportT1Wh: number;
  exportT2Wh: number;
  /** The tariff in force (0-0:96.14.0). */
  tariff: 1 | 2;
  /** Instantaneous power, W (≥ 0 each): import (1.7.0) and export (2.7.0). */
  powerImportW: number;
  powerExportW: number;
  /** L1, L2, L3. */
  phases: P1Phase[];
}

/** Builds a DSMR telegram's text (with CRC) from a reading. The lead wires `@ec/protocol`'s `buildTelegram`. */
export type TelegramBuilder = (reading: P1Reading) => string;

/** How the meter's power splits over the three phases. */
const PHASE_SHARES = [0.42, 0.33, 0.25];

/**
 * Keeps a P1 meter's tariff registers from the grid counters of the site model: each reading adds the counters'
 * growth since the previous reading to the register of the tariff in force (tariff 1 — low — 22:00–06:00 local
 * and at weekends, tariff 2 otherwise).
 */
export class P1Meter {
  private lastImportWh: number | null = null;
  private lastExportWh = 0;
  private readonly registers = { importT1Wh: 0, importT2Wh: 0, exportT1Wh: 0, exportT2Wh: 0 };

  private readonly equipmentId: string;
  private readonly timezone: string;

  constructor(equipmentId: string, timezone: string) {
    this.equipmentId = equipmentId;
    this.timezone = timezone;
  }

  /** A reading at `timeMs` from the grid's power and counters; `localHour`/`weekday` choose the tariff. */
  read(
    timeMs: number,
    grid: { powerW: number; importWh: number; exportWh: number },
    local: { hour: number; weekday: number },
  ): P1Reading {
    const tariff: 1 | 2 =
      local.weekday === 0 || local.weekday === 6 || local.hour >= 22 || local.hour < 6 ? 1 : 2;
    if (this.lastImportWh !== null) {
      const importDelta = Math.max(0, grid.importWh - this.lastImportWh);
      const exportDelta = Math.max(0, grid.exportWh - this.lastExportWh);
      if (tariff === 1) {
        this.registers.importT1Wh += importDelta;
        this.registers.exportT1Wh += exportDelta;
      } else {
        this.registers.importT2Wh += importDelta;
        this.registers.exportT2Wh += exportDelta;
      }
    }
    this.lastImportWh = grid.importWh;
    this.lastExportWh = grid.exportWh;
    const phases = PHASE_SHARES.map((share, i) => {
      const p = grid.powerW * share;
      const voltageV = Math.round((229 + i * 1.3 + 2 * Math.sin(timeMs / 97_000 + i)) * 10) / 10;
      return {
        voltageV,
        currentA: Math.round((Math.abs(p) / voltageV) * 100) / 100,
        powerImportW: Math.max(0, Math.round(p)),
        powerExportW: Math.max(0, Math.round(-p)),
      };
    });
    return {
      time: new Date(timeMs),
      timezone: this.timezone,
      equipmentId: this.equipmentId,
      ...this.registers,
      tariff,
      powerImportW: Math.max(0, Math.round(grid.powerW)),
      powerExportW: Math.max(0, Math.round(-grid.powerW)),
      phases,
    };
  }
}

/**
 * The real DSMR builder of `@ec/protocol` as a {@link TelegramBuilder}: a DSMR 5.0 telegram (or another version)
 * with the reading's tariff registers, per-phase powers, voltages and currents, and a correct CRC16. The meters'
 * clock follows the Central European rule (S/W flag), as DSMR meters do.
 */
export function dsmrTelegramBuilder(version: P1BuildVersion = '5.0'): TelegramBuilder {
  return (reading) => {
    const values: TelemetryValues = {
      power_w: reading.powerImportW - reading.powerExportW,
      energy_import_wh: reading.importT1Wh + reading.importT2Wh,
      energy_export_wh: reading.exportT1Wh + reading.exportT2Wh,
    };
    const phaseKeys = [
      ['power_l1_w', 'voltage_l1_v', 'current_l1_a'],
      ['power_l2_w', 'voltage_l2_v', 'current_l2_a'],
      ['power_l3_w', 'voltage_l3_v', 'current_l3_a'],
    ] as const;
    reading.phases.slice(0, 3).forEach((phase, index) => {
      const [power, voltage, current] = phaseKeys[index] ?? phaseKeys[0];
      values[power] = phase.powerImportW - phase.powerExportW;
      values[voltage] = phase.voltageV;
      values[current] = phase.currentA;
    });
    return buildTelegram(values, {
      version,
      timestamp: reading.time,
      equipmentId: reading.equipmentId,
      tariff: reading.tariff,
      importTariffsWh: [reading.importT1Wh, reading.importT2Wh],
      exportTariffsWh: [reading.exportT1Wh, reading.exportT2Wh],
    });
  };
}
