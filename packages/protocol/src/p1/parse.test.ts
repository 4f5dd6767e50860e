import { describe, expect, it } from 'vitest';
import { MAX_P1_BYTES, telemetrySampleSchema, telemetryValuesSchema } from '../payloads.ts';
import { crc16, formatCrc } from './crc16.ts';
import { parseTelegram, type P1ParseResult, type P1Telegram } from './parse.ts';
import * as fixtures from './telegrams.fixture.ts';
import { toTelemetrySample, toTelemetryValues } from './values.ts';

const RECEIVED = new Date('2026-11-25T16:00:00Z');

function parsed(text: string): P1Telegram {
  const result = parseTelegram(text, { receivedAt: RECEIVED });
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.detail ?? ''}`);
  return result.telegram;
}

function reason(result: P1ParseResult): string {
  return result.ok ? 'accepted' : result.reason;
}

/** `text` with its CRC recomputed (so a test reaches the check after the CRC). */
function withCrc(text: string): string {
  const end = text.indexOf('!');
  const body = text.slice(0, end + 1);
  return `${body}${formatCrc(crc16(body))}\r\n`;
}

describe('crc16 (CRC-16/ARC)', () => {
  it('gives the catalogue check value for "123456789"', () => {
    expect(crc16('123456789')).toBe(0xbb3d);
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
    expect(crc16('')).toBe(0);
  });

  it.each(Object.entries(fixtures).filter(([name]) => name !== 'DSMR_2_2_ISKRA_MT382'))(
    'reproduces the CRC the meter wrote in %s',
    (_name, text) => {
      const end = text.indexOf('!');
      const written = /^!([0-9A-F]{3,4})\r\n$/.exec(text.slice(end))?.[1];
      expect(written).toBeDefined();
      expect(crc16(text.slice(0, end + 1))).toBe(Number.parseInt(written ?? '', 16));
    },
  );

  it('writes four upper-case hex digits', () => {
    expect(formatCrc(0xb9f)).toBe('0B9F');
    expect(formatCrc(0x6eee)).toBe('6EEE');
  });
});

describe('parseTelegram on real telegrams', () => {
  it('DSMR 2.2 (Iskra MT382): no CRC, no timestamp → the receive time, gas in the 24.3.0 form', () => {
    const telegram = parsed(fixtures.DSMR_2_2_ISKRA_MT382);
    expect(telegram).toMatchObject({
      header: 'ISk5\\2MT382-1004',
      version: '2.2',
      standard: 'dsmr',
      timestamp: '2026-11-25T17:00:00+01:00',
      timestampSource: 'received',
      equipmentId: '00000000000000',
      crc: null,
    });
    expect(telegram.registers.gas).toEqual({
      m3: 1.001,
      time: '2016-11-07T19:00:00+01:00',
      channel: 1,
    });
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 2002,
      energy_export_wh: 2002,
      power_w: 1010,
      gas_m3: 1.001,
    });
  });

  it('DSMR 4.2 (Kaifa): winter time, tariffs summed, phases', () => {
    const telegram = parsed(fixtures.DSMR_4_2_KAIFA);
    expect(telegram).toMatchObject({
      header: 'KFM5KAIFA-METER',
      version: '4.2',
      timestamp: '2016-11-13T20:57:57+01:00',
      timestampSource: 'meter',
      equipmentId: '3960221976967177082151037881335713',
      crc: 0x6796,
    });
    expect(telegram.registers.tariff).toBe(2);
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 1_581_123 + 1_435_706,
      energy_export_wh: 0,
      power_w: 2027,
      power_l1_w: 170,
      power_l2_w: 1247,
      power_l3_w: 209,
      current_l1_a: 0,
      current_l2_a: 6,
      current_l3_a: 2,
      gas_m3: 981.443,
    });
    expect(telegram.registers.gas?.time).toBe('2016-11-29T20:00:00+01:00');
  });

  it('DSMR 4.2 (Landis+Gyr E350): a single-phase meter, export registers, whole m³ of gas', () => {
    const telegram = parsed(fixtures.DSMR_4_2_LANDIS_GYR_E350);
    expect(telegram).toMatchObject({
      header: 'XMX5LGBBFG10',
      version: '4.2',
      timestamp: '2017-01-08T16:11:07+01:00',
      equipmentId: 'E0031003001699515',
      crc: 0x63a1,
    });
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 2_074_842 + 881_383,
      energy_export_wh: 10_981 + 28_031,
      power_w: 494,
      power_l1_w: 494,
      current_l1_a: 3,
      gas_m3: 1234,
    });
  });

  it('DSMR 5.0 (Iskra AM550): summer time, gas on M-Bus channel 2, channel 1 empty', () => {
    const telegram = parsed(fixtures.DSMR_5_0_ISKRA_AM550);
    expect(telegram).toMatchObject({
      version: '5.0',
      timestamp: '2020-04-26T22:33:25+02:00',
      equipmentId: 'E0044007382246019',
      crc: 0x56dd,
    });
    expect(telegram.registers.gas).toEqual({
      m3: 246.138,
      time: '2020-04-26T22:30:01+02:00',
      channel: 2,
    });
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 2_130_115 + 245_467,
      energy_export_wh: 0,
      power_w: 111,
      power_l1_w: 56,
      power_l2_w: 0,
      power_l3_w: 55,
      voltage_l1_v: 229.9,
      voltage_l2_v: 229.2,
      voltage_l3_v: 222.9,
      current_l1_a: 0,
      current_l2_a: 0,
      current_l3_a: 1,
      gas_m3: 246.138,
    });
  });

  it('DSMR 5.0 (Iskra, the telegram of domain-si.md §4.1): export registers and fractional currents', () => {
    const telegram = parsed(fixtures.DSMR_5_0_ISKRA_MT382);
    expect(telegram).toMatchObject({
      timestamp: '2017-01-02T19:20:02+01:00',
      equipmentId: 'K8EG004046395507',
      crc: 0x6eee,
    });
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 4426 + 2399,
      energy_export_wh: 2444,
      power_w: 244,
      power_l1_w: 70,
      power_l2_w: 32,
      power_l3_w: 142,
      voltage_l1_v: 230,
      voltage_l2_v: 230,
      voltage_l3_v: 229,
      current_l1_a: 0.48,
      current_l2_a: 0.44,
      current_l3_a: 0.86,
      gas_m3: 0.107,
    });
  });

  it('Sagemcom T210-D-R: registers in Wh and W, the totals 1.8.0/2.8.0 win over the tariff sum', () => {
    const telegram = parsed(fixtures.DSMR_5_0_SAGEMCOM_T210_D);
    expect(telegram.registers.importTotalWh).toBe(6_545_766);
    expect(telegram.registers.importTariffsWh).toEqual({ 1: 5_017_120, 2: 1_528_646 });
    expect(telegram.equipmentId).toBeNull();
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 6_545_766,
      energy_export_wh: 58,
      power_w: 286,
    });
  });

  it('Belgian e-MUCS (Fluvius): version line, capacity tariff, gas 24.2.3, water on channel 2 ignored', () => {
    const telegram = parsed(fixtures.EMUCS_FLUVIUS);
    expect(telegram).toMatchObject({
      header: 'FLU5\\253769484_A',
      version: '50217',
      standard: 'e-mucs',
      timestamp: '2020-05-12T13:54:09+02:00',
      equipmentId: '1SAG3101021605',
      crc: 0x3ad7,
    });
    expect(telegram.registers.capacity).toEqual({
      averageDemandW: 2351,
      monthPeak: { time: '2020-05-09T13:45:58+02:00', w: 2589 },
    });
    // Channel 2 is a water meter (device type 007, 872.234 m³): not gas.
    expect(telegram.registers.gas).toEqual({
      m3: 112.384,
      time: '2020-05-12T13:45:58+02:00',
      channel: 1,
    });
    expect(toTelemetryValues(telegram)).toEqual({
      energy_import_wh: 34 + 15_758,
      energy_export_wh: 11,
      power_w: 0,
      power_l1_w: 0,
      power_l2_w: 0,
      power_l3_w: 0,
      voltage_l1_v: 234.7,
      voltage_l2_v: 234.7,
      voltage_l3_v: 234.7,
      current_l1_a: 0,
      current_l2_a: 0,
      current_l3_a: 0,
      gas_m3: 112.384,
    });
  });

  it('Belgian e-MUCS in winter time, with a garbage date inside a history line it does not use', () => {
    const telegram = parsed(fixtures.EMUCS_FLUVIUS_WINTER);
    expect(telegram.timestamp).toBe('2023-11-02T12:15:48+01:00');
    expect(telegram.registers.capacity?.monthPeak).toEqual({
      time: '2023-11-02T11:45:00+01:00',
      w: 3064,
    });
    expect(toTelemetryValues(telegram)).toMatchObject({
      energy_import_wh: 301_548 + 270_014,
      energy_export_wh: 5,
      power_w: 338,
      current_l2_a: 0.88,
      gas_m3: 92.287,
    });
  });

  it('accepts a CRC written with three digits, and a heat meter yields no grid values', () => {
    const telegram = parsed(fixtures.HEAT_METER_UNPADDED_CRC);
    expect(telegram.crc).toBe(0x0b9f);
    expect(telegram.registers.gas).toBeUndefined();
    expect(toTelemetryValues(telegram)).toEqual({});
  });

  it('keeps every data line as an object, continuation lines joined', () => {
    const telegram = parsed(fixtures.DSMR_2_2_ISKRA_MT382);
    expect(telegram.objects.find((object) => object.obis === '0-1:24.3.0')?.values).toEqual([
      '161107190000',
      '00',
      '60',
      '1',
      '0-1:24.2.1',
      'm3',
      '00001.001',
    ]);
    expect(telegram.objects.find((object) => object.obis === '0-0:96.13.1')?.values).toEqual(['']);
  });

  it('every value and sample it yields passes the protocol schema', () => {
    for (const text of Object.values(fixtures)) {
      expect(telemetryValuesSchema.safeParse(toTelemetryValues(parsed(text))).success).toBe(true);
      const sample = toTelemetrySample(parsed(text), 'grid');
      expect(telemetrySampleSchema.parse(sample)).toEqual(sample);
    }
    expect(toTelemetrySample(parsed(fixtures.DSMR_4_2_KAIFA), 'p1-meter')).toEqual({
      time: '2016-11-13T20:57:57+01:00',
      values: { 'p1-meter': toTelemetryValues(parsed(fixtures.DSMR_4_2_KAIFA)) },
    });
  });
});

describe('parseTelegram refusals', () => {
  const v5 = fixtures.DSMR_5_0_ISKRA_AM550;

  it('refuses a telegram with a bad CRC (one digit of a register changed)', () => {
    expect(reason(parseTelegram(v5.replace('002130.115', '002130.116')))).toBe('crc');
    expect(reason(parseTelegram(v5.replace('!56DD', '!56DE')))).toBe('crc');
    expect(reason(parseTelegram(fixtures.EMUCS_FLUVIUS.replace('234.7*V', '235.7*V')))).toBe('crc');
  });

  it('accepts the CRC in lower case', () => {
    expect(reason(parseTelegram(v5.replace('!56DD', '!56dd')))).toBe('accepted');
  });

  it('refuses a DSMR 4/5 or e-MUCS telegram whose CRC is missing', () => {
    expect(reason(parseTelegram(v5.replace('!56DD', '!')))).toBe('crc-missing');
    expect(reason(parseTelegram(fixtures.DSMR_4_2_KAIFA.replace('!6796', '!')))).toBe(
      'crc-missing',
    );
    expect(reason(parseTelegram(fixtures.EMUCS_FLUVIUS.replace('!3AD7', '!')))).toBe('crc-missing');
    // A 2.2-looking telegram that carries a timestamp claims DSMR 4+, so it needs a CRC too.
    const stamped = fixtures.DSMR_2_2_ISKRA_MT382.replace(
      '0-0:96.1.1',
      '0-0:1.0.0(161107190000W)\r\n0-0:96.1.1',
    );
    expect(reason(parseTelegram(stamped))).toBe('crc-missing');
  });

  it('refuses a truncated telegram', () => {
    expect(reason(parseTelegram(v5.slice(0, v5.length / 2)))).toBe('truncated');
    expect(reason(parseTelegram(v5.slice(0, v5.indexOf('!'))))).toBe('truncated');
    // Cut inside the CRC: the two digits left do not match.
    expect(reason(parseTelegram(v5.slice(0, v5.indexOf('!') + 3)))).toBe('crc');
    expect(reason(parseTelegram(fixtures.DSMR_2_2_ISKRA_MT382.slice(0, 200)))).toBe('truncated');
  });

  it('skips serial noise before the header but refuses garbage lines inside the telegram', () => {
    expect(parsed(`\u0000\u00ff#~noise\r\n!12\r\n${v5}`)).toEqual(parsed(v5));
    // The cut-off start of a previous telegram, then a whole one.
    const cutOff = fixtures.DSMR_4_2_KAIFA.slice(0, 300);
    expect(parsed(`${cutOff}${v5}`)).toEqual(parsed(v5));
    expect(parsed(`${v5.slice(v5.indexOf('!'))}${v5}`)).toEqual(parsed(v5));
    expect(parsed(`\r\n\r\n${fixtures.DSMR_2_2_ISKRA_MT382}`)).toEqual(
      parsed(fixtures.DSMR_2_2_ISKRA_MT382),
    );
    // Without a CRC nothing else protects a DSMR 2.2 telegram: one bad line refuses it.
    const garbled = fixtures.DSMR_2_2_ISKRA_MT382.replace('1-0:1.8.2(', '1-0:1.8?2(');
    expect(reason(parseTelegram(garbled))).toBe('format');
    const inserted = fixtures.DSMR_2_2_ISKRA_MT382.replace(
      '0-0:96.14.0',
      'xx%$garbage\r\n0-0:96.14.0',
    );
    expect(parseTelegram(inserted)).toMatchObject({ ok: false, reason: 'format' });
    // A line that is not OBIS, even under a correct CRC.
    expect(reason(parseTelegram(withCrc(v5.replace('0-0:96.13.0()', 'hello'))))).toBe('format');
  });

  it.each([
    ['an empty text', ''],
    ['no header', '1-0:1.8.1(000001.000*kWh)\r\n!'],
    ['a header of one character', '/I\r\n\r\n1-0:1.8.1(000001.000*kWh)\r\n!\r\n'],
    ['text after the footer', `${fixtures.DSMR_5_0_ISKRA_AM550}  25803103\r\n`],
    ['a non-ASCII character', fixtures.DSMR_2_2_ISKRA_MT382.replace('ISk5', 'ISké')],
    ['a control character', fixtures.DSMR_2_2_ISKRA_MT382.replace('ISk5', 'IS\u0002k5')],
    ['a repeated OBIS reference', withCrc(v5.replace('1-0:1.8.2', '1-0:1.8.1'))],
    ['an unbalanced parenthesis', fixtures.DSMR_2_2_ISKRA_MT382.replace('(0001)', '(0001')],
  ])('refuses %s as format', (_what, text) => {
    expect(reason(parseTelegram(text))).toBe('format');
  });

  it.each(['201345223325S', '200230223325S', '200426243325S', '200426226025S', '2004262233S'])(
    'refuses the invalid timestamp %s',
    (time) => {
      const text = withCrc(v5.replace('200426223325S', time));
      expect(reason(parseTelegram(text))).toBe('timestamp');
    },
  );

  it('refuses a text larger than MAX_P1_BYTES unread', () => {
    expect(reason(parseTelegram(`${' '.repeat(MAX_P1_BYTES)}${v5}`))).toBe('too-large');
  });

  it('never throws on arbitrary input', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 500; round++) {
      const chars = [...v5];
      for (let edit = 0; edit < 5; edit++) {
        chars[Math.floor(random() * chars.length)] = String.fromCharCode(
          Math.floor(random() * 128),
        );
      }
      expect(() => parseTelegram(chars.join(''))).not.toThrow();
    }
  });
});

describe('parseTelegram details', () => {
  it('accepts LF-only line ends in a DSMR 2.2 telegram', () => {
    const lf = fixtures.DSMR_2_2_ISKRA_MT382.replaceAll('\r\n', '\n');
    expect(toTelemetryValues(parsed(lf))).toEqual(
      toTelemetryValues(parsed(fixtures.DSMR_2_2_ISKRA_MT382)),
    );
  });

  it('uses the current time for a telegram without timestamp when no receive time is given', () => {
    const before = Date.now();
    const result = parseTelegram(fixtures.DSMR_2_2_ISKRA_MT382);
    const after = Date.now();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const time = Date.parse(result.telegram.timestamp);
    expect(time).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(time).toBeLessThanOrEqual(after);
  });

  it('derives the offset of a timestamp without S/W from the EU rule', () => {
    const noFlag = withCrc(fixtures.DSMR_5_0_ISKRA_AM550.replace('200426223325S', '200426223325'));
    expect(parsed(noFlag).timestamp).toBe('2020-04-26T22:33:25+02:00');
    const winter = withCrc(fixtures.DSMR_5_0_ISKRA_AM550.replace('200426223325S', '200126223325'));
    expect(parsed(winter).timestamp).toBe('2020-01-26T22:33:25+01:00');
  });

  it('takes the offset from the flag, not the date: the repeated hour of October is told apart', () => {
    // 2020-10-25 02:30 happened twice in NL: first in summer time (00:30 UTC), then in winter time (01:30 UTC).
    const first = withCrc(fixtures.DSMR_5_0_ISKRA_AM550.replace('200426223325S', '201025023000S'));
    const second = withCrc(fixtures.DSMR_5_0_ISKRA_AM550.replace('200426223325S', '201025023000W'));
    expect(new Date(parsed(first).timestamp).toISOString()).toBe('2020-10-25T00:30:00.000Z');
    expect(new Date(parsed(second).timestamp).toISOString()).toBe('2020-10-25T01:30:00.000Z');
  });

  it('uses a given zone', () => {
    const zone = { standardOffsetMinutes: -300, summerOffsetMinutes: -240, isSummer: () => false };
    const result = parseTelegram(fixtures.DSMR_4_2_KAIFA, { tz: zone });
    expect(result.ok && result.telegram.timestamp).toBe('2016-11-13T20:57:57-05:00');
  });
});

describe('toTelemetryValues', () => {
  const v5 = fixtures.DSMR_5_0_ISKRA_MT382;

  it('gives negative power while exporting, per phase too', () => {
    const exporting = withCrc(
      v5
        .replace('1-0:1.7.0(00.244*kW)', '1-0:1.7.0(00.000*kW)')
        .replace('1-0:2.7.0(00.000*kW)', '1-0:2.7.0(03.456*kW)')
        .replace('1-0:22.7.0(00.000*kW)', '1-0:22.7.0(01.200*kW)'),
    );
    expect(toTelemetryValues(parsed(exporting))).toMatchObject({
      power_w: -3456,
      power_l1_w: 70 - 1200,
    });
  });

  it('leaves out a value outside the protocol range instead of failing the telegram', () => {
    const huge = withCrc(v5.replace('1-0:1.7.0(00.244*kW)', '1-0:1.7.0(99999999.000*kW)'));
    const values = toTelemetryValues(parsed(huge));
    expect(values.power_w).toBeUndefined();
    expect(values.energy_import_wh).toBe(6825);
  });

  it('ignores a register in an unknown unit', () => {
    const odd = withCrc(v5.replace('1-0:32.7.0(0230.0*V)', '1-0:32.7.0(0230.0*mV)'));
    expect(toTelemetryValues(parsed(odd)).voltage_l1_v).toBeUndefined();
  });

  it('converts without binary rounding errors', () => {
    const telegram = parsed(fixtures.DSMR_4_2_KAIFA);
    expect(telegram.registers.importTariffsWh[1]).toBe(1_581_123);
    expect(Number.isInteger(toTelemetryValues(telegram).energy_import_wh)).toBe(true);
  });
});
