import { describe, expect, it } from 'vitest';
import {
  agreedPowerLimits,
  deriveDistributorAgreedPower,
  requireValidAgreedPowers,
  validateAgreedPowers,
  type AgreedPowerLimits,
} from './agreed-power.ts';
import { NetworkFeeError } from './errors.ts';
import { annotateSeries } from './series.ts';
import { powerSeries, stamp, must } from './test-support.ts';
import { dayNumberOf, parseIsoDate } from './time-zone.ts';

const day = (text: string) => dayNumberOf(must(parseIsoDate(text)));
const limits: AgreedPowerLimits = { minimumTenths: 46, connectionTenths: 170 };

describe('validateAgreedPowers', () => {
  it.each([
    ['valid', [4.6, 5, 5, 5, 5], limits, []],
    [
      'valid without a known connection',
      [4.6, 5, 6, 20, 30],
      { minimumTenths: 46, connectionTenths: undefined },
      [],
    ],
    [
      'too few values',
      [4.6, 5, 5],
      limits,
      [{ code: 'AGREED_POWER_COUNT', expected: 5, actual: 3 }],
    ],
    [
      'not a number',
      [4.6, Number.NaN, 5, 5, 5],
      limits,
      [{ code: 'AGREED_POWER_NOT_NUMBER', block: 2 }],
    ],
    [
      'off the 0.1 kW grid',
      [4.6, 5.05, 5.1, 5.1, 5.1],
      limits,
      [{ code: 'AGREED_POWER_STEP', block: 2, valueKw: 5.05 }],
    ],
    [
      'below the minimum',
      [4.5, 5, 5, 5, 5],
      limits,
      [{ code: 'AGREED_POWER_BELOW_MINIMUM', block: 1, valueKw: 4.5, minimumKw: 4.6 }],
    ],
    [
      'order 1 > 2',
      [6, 5, 5, 5, 5],
      limits,
      [{ code: 'AGREED_POWER_ORDER', block: 2, valueKw: 5, previousKw: 6 }],
    ],
    [
      'order 3 > 4',
      [5, 6, 7, 6.9, 8],
      limits,
      [{ code: 'AGREED_POWER_ORDER', block: 4, valueKw: 6.9, previousKw: 7 }],
    ],
    [
      'above the connection power',
      [5, 6, 7, 8, 17.1],
      limits,
      [{ code: 'AGREED_POWER_ABOVE_CONNECTION', block: 5, valueKw: 17.1, connectionPowerKw: 17 }],
    ],
    [
      'several problems at once',
      [4, 3, 18, 18, 18],
      limits,
      [
        { code: 'AGREED_POWER_BELOW_MINIMUM', block: 1, valueKw: 4, minimumKw: 4.6 },
        { code: 'AGREED_POWER_ORDER', block: 2, valueKw: 3, previousKw: 4 },
        { code: 'AGREED_POWER_ABOVE_CONNECTION', block: 3, valueKw: 18, connectionPowerKw: 17 },
        { code: 'AGREED_POWER_ABOVE_CONNECTION', block: 4, valueKw: 18, connectionPowerKw: 17 },
        { code: 'AGREED_POWER_ABOVE_CONNECTION', block: 5, valueKw: 18, connectionPowerKw: 17 },
      ],
    ],
  ] as const)('%s', (_name, values, lim, issues) => {
    expect(validateAgreedPowers(values, lim)).toEqual(issues);
  });

  it('accepts float noise such as 0.1 + 0.2 and returns 0.1 kW steps', () => {
    expect(requireValidAgreedPowers([4.6, 0.1 + 4.9, 5.1, 5.2, 5.3], limits, 'custom')).toEqual([
      46, 50, 51, 52, 53,
    ]);
  });

  it('throws INVALID_AGREED_POWER carrying the issues', () => {
    try {
      requireValidAgreedPowers([5, 6, 5, 6, 7], limits, 'custom');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(NetworkFeeError);
      expect((e as NetworkFeeError).code).toBe('INVALID_AGREED_POWER');
      expect((e as NetworkFeeError).params).toEqual({ scenario: 'custom' });
      expect((e as NetworkFeeError).issues).toEqual([
        { code: 'AGREED_POWER_ORDER', block: 3, valueKw: 5, previousKw: 6 },
      ]);
    }
  });
});

describe('agreedPowerLimits', () => {
  it.each([
    ['2025 only', { phases: 3, connectionPowerKw: 17 }, '2025-01-01', '2025-12-31', 46, 170],
    ['2026 only', { phases: 3, connectionPowerKw: 17 }, '2026-01-01', '2026-06-30', 34, 170],
    [
      'across the 2026 rule change: the stricter minimum',
      { phases: 3, connectionPowerKw: 17 },
      '2025-12-01',
      '2026-01-31',
      46,
      170,
    ],
    [
      'explicit minimum overrides',
      { phases: 3, connectionPowerKw: 17, minimumPowerKw: 3.05 },
      '2025-01-01',
      '2025-01-31',
      31,
      170,
    ],
    [
      'explicit minimum without a connection',
      { minimumPowerKw: 2 },
      '2025-01-01',
      '2025-01-31',
      20,
      undefined,
    ],
    // 27 % × 14.25 kW = 3.8475 kW → 3.8 kW; the ceiling 14.25 kW rounds down to 14.2 kW.
    [
      'connection power off the grid',
      { phases: 3, connectionPowerKw: 14.25 },
      '2025-01-01',
      '2025-01-31',
      38,
      142,
    ],
    [
      '34 % above 17 kW',
      { phases: 3, connectionPowerKw: 17.25 },
      '2025-01-01',
      '2025-01-31',
      59,
      172,
    ],
  ] as const)('%s', (_name, connection, from, to, minimumTenths, connectionTenths) => {
    expect(agreedPowerLimits(connection, day(from), day(to))).toEqual({
      minimumTenths,
      connectionTenths,
    });
  });

  it.each([
    ['nothing known', {}, 'MINIMUM_POWER_UNKNOWN'],
    ['phases missing', { connectionPowerKw: 17 }, 'MINIMUM_POWER_UNKNOWN'],
    ['negative connection', { phases: 3, connectionPowerKw: -1 }, 'INVALID_CONNECTION'],
    ['zero minimum', { minimumPowerKw: 0 }, 'INVALID_CONNECTION'],
  ] as const)('refuses %s', (_name, connection, code) => {
    expect(() => agreedPowerLimits(connection, day('2025-01-01'), day('2025-01-31'))).toThrow(
      expect.objectContaining({ code }),
    );
  });
});

describe('deriveDistributorAgreedPower', () => {
  // Base load 1 kW over the 2024/25 higher season with peaks placed in known blocks (2025-01-15 is a Wednesday).
  const peaks: Record<string, number> = {
    '2025-01-15 10:00': 6.0, // block 1
    '2025-01-16 10:00': 6.3,
    '2025-01-17 10:00': 6.6,
    '2025-01-16 11:00': 5.0, // block 1, fourth highest: ignored
    '2025-01-18 10:00': 4.0, // Saturday: block 2
    '2025-01-19 10:00': 4.0,
    '2025-01-25 10:00': 4.1,
    '2025-01-15 23:00': 8.0, // working-day night: block 3
    '2025-01-16 23:00': 8.0,
    '2025-01-17 23:15': 8.15,
    '2025-01-18 03:00': 2.0, // weekend night: block 4
  };
  const season = powerSeries('2024-11-01', '2025-02-28', (t) => peaks[stamp(t)] ?? 1);

  it('averages the three highest powers per block, rounds to 0.1 kW and applies the order (P5 = P4)', () => {
    const derived = deriveDistributorAgreedPower(annotateSeries(season), {
      minimumTenths: 20,
      connectionTenths: 170,
    });
    // Block 2: 4.03 → 4.0, raised to P1 = 6.3; block 3: 8.05 → 8.1 (half up); block 4: 1.33 → raised to 8.1.
    expect(derived.valuesKw).toEqual([6.3, 6.3, 8.1, 8.1, 8.1]);
    expect(derived.peakAveragesKw.map((v) => Math.round(v * 1e4) / 1e4)).toEqual([
      6.3, 4.0333, 8.05, 1.3333,
    ]);
    expect([derived.seasonFrom, derived.seasonTo, derived.block1Coverage]).toEqual([
      '2024-11-01',
      '2025-02-28',
      1,
    ]);
  });

  it('raises block 1 to the minimum and caps at the connection power', () => {
    expect(
      deriveDistributorAgreedPower(annotateSeries(season), {
        minimumTenths: 70,
        connectionTenths: 170,
      }).valuesKw,
    ).toEqual([7, 7, 8.1, 8.1, 8.1]);
    expect(
      deriveDistributorAgreedPower(annotateSeries(season), {
        minimumTenths: 20,
        connectionTenths: 80,
      }).valuesKw,
    ).toEqual([6.3, 6.3, 8, 8, 8]);
  });

  it('uses the latest season with at least 70 % of its block-1 intervals', () => {
    // The 2025/26 season is only half present (Nov–Dec 2025), so 2024/25 is the last usable one.
    const series = powerSeries('2024-11-01', '2025-12-31', (t) =>
      t.year === 2025 && t.month === 12 ? 9 : (peaks[stamp(t)] ?? 1),
    );
    const derived = deriveDistributorAgreedPower(annotateSeries(series), {
      minimumTenths: 20,
      connectionTenths: 170,
    });
    expect(derived.seasonFrom).toBe('2024-11-01');
    expect(derived.valuesKw[0]).toBe(6.3);
    // With the whole 2025/26 season present it is the one used.
    const longer = powerSeries('2024-11-01', '2026-02-28', (t) =>
      t.year === 2025 && t.month === 12 ? 9 : 1,
    );
    expect(
      deriveDistributorAgreedPower(annotateSeries(longer), {
        minimumTenths: 20,
        connectionTenths: 170,
      }).valuesKw,
    ).toEqual([9, 9, 9, 9, 9]);
  });

  it.each([
    ['only two months of a season', powerSeries('2024-12-01', '2025-01-31', () => 1)],
    ['a lower season only', powerSeries('2025-03-01', '2025-10-31', () => 1)],
    [
      'a season with too many gaps',
      powerSeries('2024-11-01', '2025-02-28', (t) => (t.day <= 12 ? undefined : 1)),
    ],
  ])('fails clearly with %s', (_name, series) => {
    expect(() => deriveDistributorAgreedPower(annotateSeries(series), limits)).toThrow(
      expect.objectContaining({ code: 'CURRENT_NOT_DERIVABLE' }),
    );
  });
});
