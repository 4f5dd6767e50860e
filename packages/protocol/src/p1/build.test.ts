import { describe, expect, it } from 'vitest';
import type { TelemetryValues } from '../payloads.ts';
import { buildTelegram, formatP1Time, type P1BuildVersion } from './build.ts';
import { crc16 } from './crc16.ts';
import { parseTelegram, type P1Telegram } from './parse.ts';
import { toTelemetryValues } from './values.ts';

const WINTER = new Date('2026-11-25T15:04:05Z');
const SUMMER = new Date('2026-07-01T10:00:00Z');

const FULL: TelemetryValues = {
  power_w: 1234,
  energy_import_wh: 12_345_678,
  energy_export_wh: 2_345_678,
  power_l1_w: 1500,
  power_l2_w: -400,
  power_l3_w: 134,
  voltage_l1_v: 230.1,
  voltage_l2_v: 229.8,
  voltage_l3_v: 231.4,
  current_l1_a: 7,
  current_l2_a: 2,
  current_l3_a: 1,
  gas_m3: 1234.567,
};

function parse(text: string, receivedAt = WINTER): P1Telegram {
  const result = parseTelegram(text, { receivedAt });
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.detail ?? ''}\n${text}`);
  return result.telegram;
}

describe('buildTelegram → parseTelegram round trip', () => {
  it.each(['4.2', '5.0', 'e-mucs'] as const)('DSMR %s keeps every value', (version) => {
    const text = buildTelegram(FULL, {
      version,
      timestamp: WINTER,
      equipmentId: 'E0044007382246019',
    });
    const telegram = parse(text);
    expect(toTelemetryValues(telegram)).toEqual(FULL);
    expect(telegram).toMatchObject({
      timestamp: '2026-11-25T16:04:05+01:00',
      timestampSource: 'meter',
      equipmentId: 'E0044007382246019',
      standard: version === 'e-mucs' ? 'e-mucs' : 'dsmr',
      version: version === 'e-mucs' ? '50217' : version,
    });
  });

  it('DSMR 2.2 keeps energy, power and gas, has no CRC and takes the receive time', () => {
    const text = buildTelegram(FULL, { version: '2.2', timestamp: WINTER, equipmentId: 'X1' });
    expect(text.endsWith('\r\n!\r\n')).toBe(true);
    expect(text).not.toContain('0-0:1.0.0');
    const telegram = parse(text, SUMMER);
    expect(telegram.timestamp).toBe('2026-07-01T12:00:00+02:00');
    expect(telegram.crc).toBeNull();
    // Power with 10 W resolution; no phases, voltages or currents in DSMR 2.2.
    expect(toTelemetryValues(telegram)).toEqual({
      power_w: 1230,
      energy_import_wh: FULL.energy_import_wh,
      energy_export_wh: FULL.energy_export_wh,
      gas_m3: FULL.gas_m3,
    });
    expect(telegram.registers.gas?.time).toBe('2026-11-25T16:00:00+01:00');
  });

  it.each(['2.2', '4.2', '5.0', 'e-mucs'] as P1BuildVersion[])(
    'DSMR %s: writes a correct CRC (or none for 2.2) and CRLF line ends',
    (version) => {
      const text = buildTelegram(FULL, { version, timestamp: WINTER, equipmentId: 'A' });
      expect(text.replaceAll('\r\n', '')).not.toContain('\n');
      const footer = /!([0-9A-F]{4})?\r\n$/.exec(text);
      expect(footer).not.toBeNull();
      if (version === '2.2') expect(footer?.[1]).toBeUndefined();
      else
        expect(Number.parseInt(footer?.[1] ?? '', 16)).toBe(
          crc16(text.slice(0, text.lastIndexOf('!') + 1)),
        );
    },
  );

  it('writes export as the 2.7.0 registers and a positive import of zero', () => {
    const text = buildTelegram(
      { power_w: -3456, power_l1_w: -3456, energy_import_wh: 0, energy_export_wh: 10 },
      { version: '5.0', timestamp: WINTER, equipmentId: 'A' },
    );
    expect(text).toContain('1-0:1.7.0(00.000*kW)');
    expect(text).toContain('1-0:2.7.0(03.456*kW)');
    expect(text).toContain('1-0:22.7.0(03.456*kW)');
    expect(toTelemetryValues(parse(text))).toEqual({
      power_w: -3456,
      power_l1_w: -3456,
      energy_import_wh: 0,
      energy_export_wh: 10,
    });
  });

  it('splits the registers by tariff when asked, and the parser sums them back', () => {
    const text = buildTelegram(
      { energy_import_wh: 300, energy_export_wh: 30 },
      {
        version: '5.0',
        timestamp: WINTER,
        equipmentId: 'A',
        tariff: 2,
        importTariffsWh: [100, 200],
        exportTariffsWh: [10, 20],
      },
    );
    expect(text).toContain('1-0:1.8.1(000000.100*kWh)');
    expect(text).toContain('1-0:1.8.2(000000.200*kWh)');
    expect(text).toContain('0-0:96.14.0(0002)');
    const telegram = parse(text);
    expect(telegram.registers.tariff).toBe(2);
    expect(toTelemetryValues(telegram)).toMatchObject({
      energy_import_wh: 300,
      energy_export_wh: 30,
    });
  });

  it('rounds to the resolution real meters have', () => {
    const text = buildTelegram(
      { power_w: 1234.4, energy_import_wh: 1000.6, current_l1_a: 6.6, voltage_l1_v: 229.96 },
      { version: '5.0', timestamp: WINTER, equipmentId: 'A' },
    );
    expect(toTelemetryValues(parse(text))).toMatchObject({
      power_w: 1234,
      energy_import_wh: 1001,
      current_l1_a: 7,
      voltage_l1_v: 230,
    });
  });

  it('writes e-MUCS capacity lines and gas as 24.2.3, and the parser reads them back', () => {
    const text = buildTelegram(
      { gas_m3: 12.5 },
      {
        version: 'e-mucs',
        timestamp: SUMMER,
        equipmentId: '1SAG3101021605',
        capacity: {
          averageDemandW: 2351,
          monthPeakW: 4100,
          monthPeakTime: new Date('2026-06-03T17:15:00Z'),
        },
      },
    );
    expect(text).toContain('0-1:24.2.3(260701120000S)(00012.500*m3)');
    const telegram = parse(text);
    expect(telegram.timestamp).toBe('2026-07-01T12:00:00+02:00');
    expect(telegram.registers.capacity).toEqual({
      averageDemandW: 2351,
      monthPeak: { time: '2026-06-03T19:15:00+02:00', w: 4100 },
    });
    expect(telegram.registers.gas).toMatchObject({ m3: 12.5, channel: 1 });
  });

  it('rounds the gas time down to 5 minutes (DSMR 5) or to the hour (DSMR 4), or takes the given one', () => {
    const at = new Date('2026-11-25T15:07:59Z');
    const gasTime = (version: P1BuildVersion, gasTimestamp?: Date) =>
      parse(
        buildTelegram({ gas_m3: 1 }, { version, timestamp: at, equipmentId: 'A', gasTimestamp }),
      ).registers.gas?.time;
    expect(gasTime('5.0')).toBe('2026-11-25T16:05:00+01:00');
    expect(gasTime('4.2')).toBe('2026-11-25T16:00:00+01:00');
    expect(gasTime('5.0', new Date('2026-11-25T14:00:00Z'))).toBe('2026-11-25T15:00:00+01:00');
  });

  it('uses the given header', () => {
    const text = buildTelegram(
      {},
      { version: '5.0', timestamp: WINTER, equipmentId: 'A', header: 'XMX5LGBBFG1009' },
    );
    expect(text.startsWith('/XMX5LGBBFG1009\r\n\r\n')).toBe(true);
    expect(parse(text).header).toBe('XMX5LGBBFG1009');
  });
});

describe('formatP1Time', () => {
  it('writes local time with S in summer and W in winter (Europe/Amsterdam and Brussels)', () => {
    expect(formatP1Time(WINTER)).toBe('261125160405W');
    expect(formatP1Time(SUMMER)).toBe('260701120000S');
    expect(formatP1Time(SUMMER, undefined, false)).toBe('260701120000');
  });

  it('switches exactly at 01:00 UTC on the last Sundays of March and October', () => {
    expect(formatP1Time(new Date('2026-03-29T00:59:59Z'))).toBe('260329015959W');
    expect(formatP1Time(new Date('2026-03-29T01:00:00Z'))).toBe('260329030000S');
    expect(formatP1Time(new Date('2026-10-25T00:59:59Z'))).toBe('261025025959S');
    expect(formatP1Time(new Date('2026-10-25T01:00:00Z'))).toBe('261025020000W');
  });
});
