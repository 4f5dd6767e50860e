import { describe, expect, it } from 'vitest';
import {
  READING_TYPE_A_PLUS,
  READING_TYPE_P_PLUS,
  parseMeterReadings,
  parseMojElektroReadings,
  parseReadingsCsv,
  parseTimestamp,
} from './parse-readings.ts';
import { must } from './test-support.ts';

const reading = (timestamp: string, value: string | null) => ({
  timestamp,
  value,
  readingQualities: [],
});
const doc = (blocks: { readingType: string; intervalReadings: unknown[] }[]) =>
  JSON.stringify({
    intervalBlocks: blocks,
    messageCreated: '2026-06-07T15:59:33.312031398+02:00',
    usagePoint: '1',
  });

describe('parseTimestamp', () => {
  it.each([
    ['2026-05-30T00:15:00+02:00', '2026-05-29T22:15:00.000Z'],
    ['2026-05-30T00:15+02:00', '2026-05-29T22:15:00.000Z'],
    ['2026-05-30T00:15:00+0200', '2026-05-29T22:15:00.000Z'],
    ['2026-05-30T00:15:00Z', '2026-05-30T00:15:00.000Z'],
    ['2026-06-07T15:59:33.312031398+02:00', '2026-06-07T13:59:33.312Z'],
  ])('%s → %s', (text, iso) => {
    expect(new Date(must(parseTimestamp(text))).toISOString()).toBe(iso);
  });

  it.each([['2026-05-30T00:15:00'], ['2026-05-30'], ['30.5.2026 00:15'], ['2026-13-30T00:15:00Z']])(
    'rejects %s',
    (text) => {
      expect(parseTimestamp(text)).toBeUndefined();
    },
  );
});

describe('parseMojElektroReadings', () => {
  it('prefers P+ (power) over A+ (energy)', () => {
    const r = parseMojElektroReadings(
      doc([
        {
          readingType: READING_TYPE_A_PLUS,
          intervalReadings: [reading('2025-01-15T07:15:00+01:00', '0.2500')],
        },
        {
          readingType: READING_TYPE_P_PLUS,
          intervalReadings: [reading('2025-01-15T07:15:00+01:00', '1.0000')],
        },
      ]),
    );
    expect([r.kind, r.source, r.values, r.intervalEndsMs]).toEqual([
      'power',
      READING_TYPE_P_PLUS,
      [1],
      [Date.parse('2025-01-15T06:15:00Z')],
    ]);
  });

  it('falls back to A+ energies and recognises the 0. and 8. reading-type variants', () => {
    const variant = `8.${READING_TYPE_A_PLUS.split('.').slice(1).join('.')}`;
    const r = parseMojElektroReadings(
      doc([
        {
          readingType: variant,
          intervalReadings: [reading('2025-01-15T07:15:00+01:00', '0.0370')],
        },
        {
          readingType: '32.0.2.4.19.2.12.0.0.0.0.0.0.0.0.3.72.0',
          intervalReadings: [reading('2025-01-15T07:15:00+01:00', '9')],
        },
      ]),
    );
    expect([r.kind, r.values]).toEqual(['energy', [0.037]]);
  });

  it('joins several blocks of the same type (monthly downloads) and skips readings without a value', () => {
    const r = parseMojElektroReadings(
      doc([
        {
          readingType: READING_TYPE_P_PLUS,
          intervalReadings: [
            reading('2025-01-31T23:45:00+01:00', '1.5'),
            reading('2025-02-01T00:00:00+01:00', ''),
          ],
        },
        {
          readingType: READING_TYPE_P_PLUS,
          intervalReadings: [
            reading('2025-02-01T00:15:00+01:00', '2.5'),
            reading('2025-02-01T00:30:00+01:00', null),
          ],
        },
      ]),
    );
    expect([r.values, r.skipped]).toEqual([[1.5, 2.5], 2]);
  });

  it.each([
    ['not JSON', '{"intervalBlocks":', 'INVALID_INPUT_FORMAT'],
    ['no intervalBlocks', '{"foo":1}', 'INVALID_INPUT_FORMAT'],
    [
      'neither P+ nor A+',
      doc([{ readingType: '32.0.2.4.19.2.37.0.0.0.0.0.0.0.0.3.38.0', intervalReadings: [] }]),
      'INVALID_INPUT_FORMAT',
    ],
    [
      'a timestamp without offset',
      doc([
        {
          readingType: READING_TYPE_P_PLUS,
          intervalReadings: [reading('2025-01-15T07:15:00', '1')],
        },
      ]),
      'INVALID_INPUT_FORMAT',
    ],
    [
      'a value that is not a number',
      doc([
        {
          readingType: READING_TYPE_P_PLUS,
          intervalReadings: [reading('2025-01-15T07:15:00+01:00', '1,5')],
        },
      ]),
      'INVALID_VALUE',
    ],
  ])('refuses %s', (_name, text, code) => {
    expect(() => parseMojElektroReadings(text)).toThrow(expect.objectContaining({ code }));
  });
});

describe('parseReadingsCsv', () => {
  it('reads power with CRLF, a BOM, blank lines and gaps', () => {
    const r = parseReadingsCsv(
      '\uFEFFtimestamp,power_kw\r\n2025-01-15T07:15:00+01:00,1.25\r\n\r\n2025-01-15T07:30:00+01:00,\r\n2025-01-15T07:45:00+01:00, 2\r\n',
    );
    expect([r.kind, r.values, r.skipped, r.intervalEndsMs.length]).toEqual([
      'power',
      [1.25, 2],
      1,
      2,
    ]);
  });

  it('reads energy', () => {
    const r = parseReadingsCsv('timestamp,energy_kwh\n2025-01-15T07:15:00+01:00,0.3125\n');
    expect([r.kind, r.values, r.source]).toEqual(['energy', [0.3125], 'energy_kwh']);
  });

  it.each([
    ['a wrong header', 'time,kw\n', 'INVALID_INPUT_FORMAT'],
    [
      'too many fields',
      'timestamp,power_kw\n2025-01-15T07:15:00+01:00,1,2\n',
      'INVALID_INPUT_FORMAT',
    ],
    [
      'a timestamp without offset',
      'timestamp,power_kw\n2025-01-15 07:15,1\n',
      'INVALID_INPUT_FORMAT',
    ],
    ['a bad number', 'timestamp,power_kw\n2025-01-15T07:15:00+01:00,abc\n', 'INVALID_VALUE'],
  ])('refuses %s', (_name, text, code) => {
    expect(() => parseReadingsCsv(text)).toThrow(expect.objectContaining({ code }));
  });
});

describe('parseMeterReadings', () => {
  it('detects JSON and CSV', () => {
    expect(
      parseMeterReadings(`  ${doc([{ readingType: READING_TYPE_P_PLUS, intervalReadings: [] }])}`)
        .source,
    ).toBe(READING_TYPE_P_PLUS);
    expect(parseMeterReadings('timestamp,power_kw\n').source).toBe('power_kw');
  });
});
