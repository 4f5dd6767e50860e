import { describe, expect, it } from 'vitest';
import { NetworkFeeError } from './errors.ts';
import {
  EXCESS_FACTORS,
  NETWORK_RATES,
  excessFactor,
  kwToTenths,
  minimumAgreedPowerKw,
  networkRatesForMonth,
  oldBillingPowerKw,
  oldSystemRatesForMonth,
  type Phases,
} from './rates.ts';
import { dayNumberOf, daysInMonth, parseIsoDate } from './time-zone.ts';
import { must } from './test-support.ts';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof NetworkFeeError ? e.code : 'not a NetworkFeeError';
  }
  return undefined;
};

describe('network rates', () => {
  it.each([
    // [year, month, block-1 power rate, reduced?, block-5 power rate, block-1 energy rate]
    [2024, 10, 3.61324, false, 0, 0.01958],
    [2024, 12, 3.61324, false, 0, 0.01958],
    [2025, 1, 3.4225, false, 0, 0.01998],
    [2025, 10, 3.4225, false, 0, 0.01998],
    [2025, 11, 1.71126, true, 0, 0.01998],
    [2026, 2, 1.71126, true, 0, 0.01998],
    [2026, 3, 3.82301, false, 0.00245, 0.02217],
    [2026, 10, 3.82301, false, 0.00245, 0.02217],
    [2026, 11, 2.67611, true, 0.00245, 0.02217],
    [2026, 12, 2.67611, true, 0.00245, 0.02217],
  ])(
    '%i-%i: block-1 power %f (reduced %s), block-5 power %f, block-1 energy %f',
    (y, m, p1, reduced, p5, e1) => {
      const r = networkRatesForMonth(y, m);
      expect([
        r.powerEurPerKwMonth[0],
        r.block1Reduced,
        r.powerEurPerKwMonth[4],
        r.energyEurPerKwh[0],
      ]).toEqual([p1, reduced, p5, e1]);
    },
  );

  it('has the reduced block-1 rates as the stated share of the full ones', () => {
    expect(networkRatesForMonth(2025, 11).powerEurPerKwMonth[0]).toBeCloseTo(0.5 * 3.4225, 4);
    expect(networkRatesForMonth(2026, 11).powerEurPerKwMonth[0]).toBeCloseTo(0.7 * 3.82301, 4);
  });

  it.each([
    [2024, 9],
    [2027, 1],
  ])('refuses %i-%i (no rates)', (y, m) => {
    expect(codeOf(() => networkRatesForMonth(y, m))).toBe('RATES_NOT_FOUND');
  });

  it('has contiguous periods that start on the first of a month and end on the last', () => {
    for (let i = 0; i < NETWORK_RATES.length; i++) {
      const p = must(NETWORK_RATES[i]);
      const from = must(parseIsoDate(p.validFrom));
      const to = must(parseIsoDate(p.validTo));
      expect(from.day).toBe(1);
      expect(to.day).toBe(daysInMonth(to.year, to.month));
      const next = NETWORK_RATES[i + 1];
      if (next) expect(dayNumberOf(must(parseIsoDate(next.validFrom)))).toBe(dayNumberOf(to) + 1);
      expect(p.source.length).toBeGreaterThan(10);
      expect(p.powerEurPerKwMonth).toHaveLength(5);
      expect(p.energyEurPerKwh).toHaveLength(5);
    }
  });
});

describe('excess factor', () => {
  it.each([
    [2024, 0.9],
    [2025, 0.9],
    [2026, 1.05],
    [2027, 1.05],
    [2028, 1.2],
    [2040, 1.2],
  ])('%i → %f', (year, factor) => {
    expect(excessFactor(year)).toBe(factor);
  });

  it('cites a source for each factor', () => {
    for (const f of EXCESS_FACTORS) expect(f.source).not.toBe('');
  });
});

describe('old system', () => {
  it('uses the last (H1 2024) rates for every month from 2024', () => {
    for (const [y, m] of [
      [2024, 1],
      [2025, 6],
      [2026, 12],
    ] as const) {
      const r = oldSystemRatesForMonth(y, m);
      expect([r.powerEurPerKwMonth, r.vtEurPerKwh, r.mtEurPerKwh, r.etEurPerKwh]).toEqual([
        0.796, 0.04308, 0.03311, 0.03973,
      ]);
    }
    expect(codeOf(() => oldSystemRatesForMonth(2023, 12))).toBe('RATES_NOT_FOUND');
  });

  it.each([
    [1, 4, 3],
    [1, 8, 7],
    [3, 11, 7],
    [3, 17, 10],
    [3, 22, 22],
    [3, 43, 43],
  ] as const)('billing power %i-phase %i kW → %i kW', (phases, connection, billing) => {
    expect(oldBillingPowerKw(phases, connection)).toBe(billing);
  });

  it('has no billing power for a non-standard connection', () => {
    expect(oldBillingPowerKw(3, 18)).toBeUndefined();
    expect(oldBillingPowerKw(1, 17)).toBeUndefined();
  });
});

describe('minimum agreed power', () => {
  it.each([
    // [phases, connection kW, date, minimum kW]
    [3, 17, '2025-06-01', 4.6], // 27 % × 17 = 4.59 → 4.6 (MarZab fixture)
    [3, 14, '2025-06-01', 3.8], // 27 % × 14 = 3.78 → 3.8 (delo.si letter)
    [3, 11, '2025-06-01', 3.5], // 27 % × 11 = 2.97 → at least 3.5
    [3, 22, '2025-06-01', 7.5], // 34 % × 22 = 7.48 → 7.5
    [1, 4, '2025-06-01', 2], // 31 % × 4 = 1.24 → at least 2.0
    [1, 8, '2025-06-01', 2.5], // 31 % × 8 = 2.48 → 2.5
    [3, 50, '2025-06-01', 12.5], // > 43 kW: 25 %
    [3, 17, '2026-01-01', 3.4], // from 2026: 20 % × 17 (MarZab fixture)
    [3, 11, '2026-06-01', 2.8], // 20 % × 11 = 2.2 → at least 2.8
    [3, 24, '2026-06-01', 4.8],
    [1, 4, '2026-06-01', 1.8], // 31 % × 4 = 1.24 → at least 1.8 (unconfirmed figure)
    [3, 17, '2025-12-31', 4.6],
  ] as const)('%i-phase %i kW on %s → %f kW', (phases, connection, date, minimum) => {
    expect(minimumAgreedPowerKw(phases as Phases, connection, must(parseIsoDate(date)))).toBe(
      minimum,
    );
  });

  it('never exceeds the connection power', () => {
    expect(minimumAgreedPowerKw(3, 3, must(parseIsoDate('2025-06-01')))).toBe(3);
  });
});

describe('kwToTenths', () => {
  it.each([
    [4.6, 46],
    [0.3, 3],
    [17, 170],
    [4.65, undefined],
    [0.1 + 0.2, 3],
  ])('%f → %s', (kw, tenths) => {
    expect(kwToTenths(kw)).toBe(tenths);
  });
});
