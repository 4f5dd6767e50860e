import { describe, expect, it } from 'vitest';
import { buildTelegram } from '@ec/protocol';
import { parseP1Message, P1_DEVICE_REF } from './p1.ts';

const receivedAt = new Date('2026-11-25T10:00:05Z');

describe('parseP1Message', () => {
  it('turns a DSMR 5 telegram into one sample of the grid meter', () => {
    const text = buildTelegram(
      { power_w: 1250, energy_import_wh: 123_456, energy_export_wh: 7_890, voltage_l1_v: 231.4 },
      { version: '5.0', timestamp: new Date('2026-11-25T10:00:00Z'), equipmentId: 'E0001' },
    );
    const result = parseP1Message({ unitId: 'EC-000003', text, receivedAt });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.samples).toHaveLength(1);
    const sample = result.samples[0];
    expect(new Date(sample?.time ?? '').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(sample?.values[P1_DEVICE_REF]).toMatchObject({
      power_w: 1250,
      energy_import_wh: 123_456,
      energy_export_wh: 7_890,
      voltage_l1_v: 231.4,
    });
  });

  it('refuses a telegram whose CRC does not match, naming the reason', () => {
    const text = buildTelegram(
      { power_w: 100, energy_import_wh: 1000 },
      { version: '5.0', timestamp: new Date('2026-11-25T10:00:00Z'), equipmentId: 'E0001' },
    ).replace('1-0:1.7.0(', '1-0:1.7.0(1');
    expect(parseP1Message({ unitId: 'EC-000003', text, receivedAt })).toEqual({
      ok: false,
      reason: 'crc',
    });
  });
});
