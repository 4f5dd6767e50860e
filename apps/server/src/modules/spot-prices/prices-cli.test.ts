import { describe, expect, it } from 'vitest';
import { formatFetchResult, parsePricesArgs, PRICES_USAGE } from './prices-cli.ts';
import type { FetchResult } from './spot-prices.service.ts';

describe('prices CLI', () => {
  it('parses a fetch', () => {
    expect(
      parsePricesArgs([
        'fetch',
        '--source',
        'entsoe',
        '--zone',
        '10YSI-ELES-----O',
        '--date',
        '2026-11-29',
      ]),
    ).toEqual({ source: 'ENTSOE', zone: '10YSI-ELES-----O', date: '2026-11-29' });
    expect(
      parsePricesArgs(['fetch', '--source', 'octopus', '--zone', 'C', '--date', '2026-11-29']),
    ).toEqual({
      source: 'OCTOPUS',
      zone: 'C',
      date: '2026-11-29',
    });
  });

  it.each([
    [[], PRICES_USAGE],
    [['fetch', '--source', 'nordpool', '--zone', 'C', '--date', '2026-11-29'], '--source must be'],
    [
      ['fetch', '--source', 'octopus', '--zone', 'I', '--date', '2026-11-29'],
      'Agile region letter',
    ],
    [['fetch', '--source', 'entsoe', '--zone', 'C', '--date', '2026-11-29'], 'EIC code'],
    [
      ['fetch', '--source', 'entsoe', '--zone', '10YSI-ELES-----O', '--date', '2026-02-30'],
      '--date must be',
    ],
    [['fetch', '--bogus'], 'Unknown option'],
  ])('refuses %j', (argv, problem) => {
    expect(parsePricesArgs(argv)).toContain(problem);
  });

  const base: FetchResult = {
    source: 'ENTSOE',
    zone: '10YSI-ELES-----O',
    from: '2026-11-29',
    to: '2026-11-29',
    status: 'stored',
    stored: 2,
    expected: 96,
    startMs: Date.parse('2026-11-28T23:00:00Z'),
    endMs: Date.parse('2026-11-29T23:00:00Z'),
    currency: 'EUR',
    resolutionMinutes: 15,
    min: '-1.5',
    max: '95.5',
    reason: null,
  };

  it('prints a summary and each quarter hour in the zone’s local time', () => {
    const text = formatFetchResult(base, [
      { startMs: base.startMs, pricePerMwh: '95.500000000' },
      { startMs: base.startMs + 900_000, pricePerMwh: '-1.500000000' },
    ]);
    expect(text.split('\n')).toEqual([
      expect.stringMatching(
        /^ENTSOE 10YSI-ELES-----O 2026-11-29: stored 2 of 96 quarter hours .*EUR\/MWh min -1.5 max 95.5$/,
      ),
      '29/11/2026, 00:00 CET  95.5',
      '29/11/2026, 00:15 CET  -1.5',
      '',
    ]);
  });

  it('prints "no data" with the source’s reason', () => {
    expect(
      formatFetchResult(
        { ...base, status: 'no-data', stored: 0, reason: 'No matching data found' },
        [],
      ),
    ).toBe('ENTSOE 10YSI-ELES-----O 2026-11-29: no data (No matching data found)\n');
  });
});
