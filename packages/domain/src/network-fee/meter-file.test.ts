import { describe, expect, it } from 'vitest';
import { NetworkFeeError } from './errors.ts';
import { importSeriesOf, parseMeterFile } from './meter-file.ts';
import { calculateNetworkFee } from './network-fee.ts';
import {
  READING_TYPE_A_MINUS,
  READING_TYPE_A_PLUS,
  READING_TYPE_P_MINUS,
  READING_TYPE_P_PLUS,
  parseMojElektroReadings,
} from './parse-readings.ts';

const reading = (timestamp: string, value: string | null) => ({
  timestamp,
  value,
  readingQualities: [],
});
const doc = (blocks: { readingType: string; intervalReadings: unknown[] }[]) =>
  JSON.stringify({ intervalBlocks: blocks, usagePoint: '383100000000000017' });

const T1 = '2025-06-15T12:15:00+02:00';
const T2 = '2025-06-15T12:30:00+02:00';

describe('Moj Elektro JSON with export', () => {
  it('returns P− aligned with P+ (NaN where an interval has none)', () => {
    const r = parseMojElektroReadings(
      doc([
        {
          readingType: READING_TYPE_P_PLUS,
          intervalReadings: [reading(T1, '0.5000'), reading(T2, '0.7500')],
        },
        { readingType: READING_TYPE_P_MINUS, intervalReadings: [reading(T2, '3.2000')] },
        { readingType: READING_TYPE_A_MINUS, intervalReadings: [reading(T1, '9.0000')] },
      ]),
    );
    expect(r.kind).toBe('power');
    expect(r.exportSource).toBe(READING_TYPE_P_MINUS);
    expect(r.exportValues?.[0]).toBeNaN();
    expect(r.exportValues?.[1]).toBe(3.2);
  });

  it('uses A− when P− is absent, converted to the import unit (kWh × 4 = kW)', () => {
    const r = parseMojElektroReadings(
      doc([
        { readingType: READING_TYPE_P_PLUS, intervalReadings: [reading(T1, '0.5000')] },
        { readingType: READING_TYPE_A_MINUS, intervalReadings: [reading(T1, '0.8000')] },
      ]),
    );
    expect(r.exportValues).toEqual([3.2]);
    expect(r.exportSource).toBe(READING_TYPE_A_MINUS);
  });

  it('has no export without P− / A− readings', () => {
    const r = parseMojElektroReadings(
      doc([{ readingType: READING_TYPE_A_PLUS, intervalReadings: [reading(T1, '0.5000')] }]),
    );
    expect(r.exportValues).toBeNull();
  });
});

describe('parseMeterFile', () => {
  it('recognises the API JSON answer', () => {
    const f = parseMeterFile(
      doc([
        {
          readingType: READING_TYPE_A_PLUS,
          intervalReadings: [reading(T1, '0.2500'), reading(T2, null)],
        },
        { readingType: READING_TYPE_A_MINUS, intervalReadings: [reading(T1, '0.1000')] },
      ]),
      'readings.json',
    );
    expect(f).toEqual({
      kind: 'energy',
      intervalEndsMs: [Date.parse(T1)],
      importValues: [0.25],
      exportValues: [0.1],
      source: 'api-json',
      skipped: 1,
    });
  });

  it('recognises the CLI CSV', () => {
    const f = parseMeterFile(`timestamp,power_kw\n${T1},1.5\n${T2},2\n`);
    expect(f).toMatchObject({
      kind: 'power',
      importValues: [1.5, 2],
      exportValues: null,
      source: 'cli-csv',
    });
  });

  it('recognises the portal export (with a BOM and Slovene headers)', () => {
    const f = parseMeterFile(
      '\uFEFFČasovna značka;Energija A+;Energija A-;P+ Prejeta delovna moč;P- Oddana delovna moč;Blok\n' +
        '2025-06-15 12:15:00;0,1250;0,0000;0,5000;0,0000;2\n',
      'export.csv',
    );
    expect(f).toMatchObject({
      kind: 'power',
      intervalEndsMs: [Date.parse(T1)],
      importValues: [0.5],
      exportValues: [0],
      source: 'portal-csv',
    });
    // It goes straight into the engine (Sunday 15 June 2025 at noon: lower season, non-working → block 3).
    const r = calculateNetworkFee({
      series: importSeriesOf(f),
      connection: { phases: 1, connectionPowerKw: 8 },
      current: [{ valuesKw: [2.5, 2.5, 2.5, 2.5, 2.5], determinedBy: 'DISTRIBUTER' }],
    });
    expect(r.scenarios.new.months[0]?.blocks.find((b) => b.block === 3)?.energyKwh).toBe(0.125);
  });

  it.each([
    ['PK\u0003\u0004binary', 'x.xlsx', 'workbook'],
    ['whatever', 'Meritve.XLSX', 'workbook'],
    ['a\u0000b', 'x.csv', 'binary'],
    ['   \n', 'x.csv', 'empty'],
  ])('refuses %j (%s) with UNKNOWN_FILE_FORMAT', (text, fileName, reason) => {
    try {
      parseMeterFile(text, fileName);
      throw new Error('expected a NetworkFeeError');
    } catch (e) {
      expect(e).toBeInstanceOf(NetworkFeeError);
      expect((e as NetworkFeeError).code).toBe('UNKNOWN_FILE_FORMAT');
      expect((e as NetworkFeeError).params).toEqual({ fileName, reason });
    }
  });

  it('reports portal rows by their line in the file, leading blank lines included', () => {
    expect(() => parseMeterFile('\n\nČasovna značka;Energija A+\n2025-01-15 10:15;x\n')).toThrow(
      expect.objectContaining({
        code: 'CSV_INVALID_NUMBER',
        params: expect.objectContaining({ row: 4 }),
      }),
    );
  });

  it('reports a CSV that is neither format with the portal parser’s header error', () => {
    expect(() => parseMeterFile('date;kwh\n2025-01-01;1\n')).toThrow(
      expect.objectContaining({ code: 'CSV_HEADER_NOT_FOUND' }),
    );
  });
});
