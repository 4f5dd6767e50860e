import { describe, expect, it } from 'vitest';
import { parseTelegram, toTelemetryValues } from '@ec/protocol';
import { dsmrTelegramBuilder, P1Meter } from './p1.ts';

describe('dsmrTelegramBuilder', () => {
  it('writes a telegram the cloud parses back to the meter reading (CRC included)', () => {
    const meter = new P1Meter('E0012345678901234', 'Europe/Ljubljana');
    const start = Date.UTC(2026, 6, 1, 10, 0, 0);
    meter.read(
      start,
      { powerW: 800, importWh: 1_000_000, exportWh: 200_000 },
      { hour: 12, weekday: 3 },
    );
    const reading = meter.read(
      start + 60_000,
      { powerW: -1500, importWh: 1_000_500, exportWh: 200_750 },
      { hour: 12, weekday: 3 },
    );
    for (const version of ['5.0', '4.2', 'e-mucs'] as const) {
      const text = dsmrTelegramBuilder(version)(reading);
      const parsed = parseTelegram(text);
      expect(parsed.ok, version).toBe(true);
      if (!parsed.ok) continue;
      const values = toTelemetryValues(parsed.telegram);
      expect(values.energy_import_wh).toBeCloseTo(reading.importT1Wh + reading.importT2Wh, 0);
      expect(values.energy_export_wh).toBeCloseTo(reading.exportT1Wh + reading.exportT2Wh, 0);
      expect(values.power_w).toBeCloseTo(reading.powerImportW - reading.powerExportW, -1);
      expect(values.voltage_l1_v).toBeCloseTo(reading.phases[0]?.voltageV ?? NaN, 0);
      expect(parsed.telegram.timestamp).toBe('2026-07-01T12:01:00+02:00');
    }
  });

  it('a corrupted telegram from it is refused by its CRC', () => {
    const meter = new P1Meter('E1', 'Europe/Ljubljana');
    const reading = meter.read(
      Date.UTC(2026, 0, 5, 8),
      { powerW: 300, importWh: 10, exportWh: 0 },
      { hour: 9, weekday: 1 },
    );
    const text = dsmrTelegramBuilder()(reading).replace('1-0:32.7.0(', '1-0:32.7.0(9');
    expect(parseTelegram(text)).toMatchObject({ ok: false, reason: 'crc' });
  });
});
