import { describe, expect, it } from 'vitest';
import { agreedPowerLimits } from './agreed-power.ts';
import { BLOCK_LAYOUTS, blockAt } from './calendar.ts';
import { NetworkFeeError } from './errors.ts';
import {
  calculateNetworkFee,
  deriveCurrentAgreedPower,
  type NetworkFeeInput,
} from './network-fee.ts';
import { excessFactor, networkRatesForMonth } from './rates.ts';
import { annotateSeries, preparePeriod } from './series.ts';
import { TARIFF_YEARS, requireTariffYear } from './tariff-year.ts';
import { powerSeries } from './test-support.ts';
import { dayNumberOf, type LocalDateTime } from './time-zone.ts';

/** A load shape that depends only on weekday, hour, minute and month, never on the year. */
const shape = (t: LocalDateTime): number => {
  let kw = t.hour >= 17 && t.hour < 21 ? 4 : 1;
  if (t.weekday >= 6 && t.hour >= 10 && t.hour < 13) kw += 2.5;
  if (t.day === 15 && t.hour === 18 && t.minute === 0) kw += 6 + t.month / 10;
  if (t.weekday === 3 && t.hour === 8) kw += 3.2;
  return kw;
};

const errorOf = (f: () => unknown): NetworkFeeError => {
  try {
    f();
  } catch (e) {
    if (e instanceof NetworkFeeError) return e;
    throw e;
  }
  throw new Error('expected a NetworkFeeError');
};

/** Scenario results without the month keys (which name the real months). */
function withoutMonthKeys(result: ReturnType<typeof calculateNetworkFee>): unknown {
  const strip = (s: { months: readonly { month: string }[] }) => ({
    ...s,
    months: s.months.map(({ month: _month, ...rest }) => rest),
  });
  const { new: n, optimized, custom, old } = result.scenarios;
  return {
    n: strip(n),
    optimized: strip(optimized),
    custom: custom && strip(custom),
    old: strip(old),
  };
}

describe('tariff years covered by the data tables', () => {
  it('covers the complete years of the block layouts and rates, not the partial 2024 nor an unpublished 2027', () => {
    expect(TARIFF_YEARS).toContain(2025);
    expect(TARIFF_YEARS).toContain(2026);
    expect(TARIFF_YEARS).not.toContain(2024);
    expect(TARIFF_YEARS).not.toContain(2027);
    // Every covered year lies inside the layouts' validity.
    const lastLayoutYear = Number(BLOCK_LAYOUTS[BLOCK_LAYOUTS.length - 1]?.validTo.slice(0, 4));
    for (const y of TARIFF_YEARS) expect(y).toBeLessThanOrEqual(lastLayoutYear);
  });

  it.each([2027, 2024, 2025.5, Number.NaN])(
    'refuses tariff year %s with TARIFF_YEAR_NOT_COVERED',
    (y) => {
      const e = errorOf(() => requireTariffYear(y));
      expect(e.code).toBe('TARIFF_YEAR_NOT_COVERED');
      expect(e.params).toMatchObject({ tariffYear: String(y), years: TARIFF_YEARS.join(', ') });
    },
  );

  it('the engine refuses an uncovered tariff year (2027: no published hour table) before pricing', () => {
    const series = powerSeries('2025-03-03', '2025-03-09', shape);
    const e = errorOf(() =>
      calculateNetworkFee({
        series,
        connection: { phases: 3, connectionPowerKw: 17 },
        tariffYear: 2027,
      }),
    );
    expect(e.code).toBe('TARIFF_YEAR_NOT_COVERED');
    expect(e.params.tariffYear).toBe('2027');
  });
});

describe('pricing data from another period under a tariff year', () => {
  const connection = { phases: 3, connectionPowerKw: 17 } as const;
  const current = [{ valuesKw: [5, 6, 7, 7, 7], determinedBy: 'UPORABNIK' as const }];

  it('2023 data without a tariff year is outside the block layouts', () => {
    const series = powerSeries('2023-03-06', '2023-03-12', shape);
    const e = errorOf(() => calculateNetworkFee({ series, connection, current }));
    expect(e.code).toBe('OUTSIDE_BLOCK_LAYOUT');
  });

  it('a March 2023 week priced as 2025 equals the same weekday-aligned March 2025 week', () => {
    // 6–12 Mar 2023 and 3–9 Mar 2025 both run Monday to Sunday with no holiday.
    const old: NetworkFeeInput = {
      series: powerSeries('2023-03-06', '2023-03-12', shape),
      connection,
      current,
      custom: [4.6, 5, 6, 6, 6],
      prices: { vt: 0.11, mt: 0.08 },
      tariffYear: 2025,
    };
    const real: NetworkFeeInput = {
      ...old,
      series: powerSeries('2025-03-03', '2025-03-09', shape),
      tariffYear: undefined,
    };
    const a = calculateNetworkFee(old);
    const b = calculateNetworkFee(real);
    expect(a.scenarios.new.months.map((m) => m.month)).toEqual(['2023-03']);
    expect(withoutMonthKeys(a)).toEqual(withoutMonthKeys(b));
    expect(a.scenarios.optimized.total).toBeGreaterThan(0);
  });

  it('2014 (same calendar and Easter as 2025) priced as 2025 equals 2025 over Feb–Dec, DST days included', () => {
    const input: NetworkFeeInput = {
      series: powerSeries('2014-02-01', '2014-12-31', shape),
      connection,
      current,
      prices: { vt: 0.11, mt: 0.08 },
      tariffYear: 2025,
    };
    const a = calculateNetworkFee(input);
    const b = calculateNetworkFee({
      ...input,
      series: powerSeries('2025-02-01', '2025-12-31', shape),
      tariffYear: undefined,
    });
    expect(withoutMonthKeys(a)).toEqual(withoutMonthKeys(b));
  });

  it('the day type is the real date: 2 Jan 2014 was a working day, 2 Jan 2025 is not', () => {
    const a = calculateNetworkFee({
      series: powerSeries('2014-01-01', '2014-01-31', shape),
      connection,
      current,
      tariffYear: 2025,
    });
    const b = calculateNetworkFee({
      series: powerSeries('2025-01-01', '2025-01-31', shape),
      connection,
      current,
    });
    const block1 = (r: typeof a) =>
      r.scenarios.new.months[0]?.blocks.find((x) => x.block === 1)?.energyKwh ?? 0;
    // One more working day in January 2014 → more energy in block 1 (a full working day has 11 h of block 1).
    expect(block1(a)).toBeGreaterThan(block1(b));
    expect(blockAt(Date.parse('2014-01-02T10:00:00+01:00'), 2025)).toBe(1);
    expect(blockAt(Date.parse('2025-01-02T10:00:00+01:00'))).toBe(2);
  });

  it('takes the rates and excess factor of the same month in the tariff year', () => {
    const series = powerSeries('2025-06-01', '2025-06-30', shape);
    const p2026 = preparePeriod(annotateSeries(series, 2026));
    expect(p2026.months[0]?.rates).toBe(networkRatesForMonth(2026, 6));
    expect(p2026.months[0]?.excessFactor).toBe(excessFactor(2026));
    const p2025 = preparePeriod(annotateSeries(series));
    expect(p2025.months[0]?.rates).toBe(networkRatesForMonth(2025, 6));
    expect(p2025.months[0]?.excessFactor).toBe(excessFactor(2025));
    // The reduced block-1 rate of Nov 2025 applies to November data of any year priced as 2025.
    const nov = preparePeriod(annotateSeries(powerSeries('2023-11-01', '2023-11-30', shape), 2025));
    expect(nov.months[0]?.rates.block1Reduced).toBe(true);
  });

  it('takes the minimum agreed power of the tariff year (27 % in 2025, 20 % from 2026 for 3 × 17 kW)', () => {
    const from = dayNumberOf({ year: 2025, month: 3, day: 1 });
    const to = dayNumberOf({ year: 2025, month: 3, day: 31 });
    expect(agreedPowerLimits(connection, from, to).minimumTenths).toBe(46);
    expect(agreedPowerLimits(connection, from, to, 2026).minimumTenths).toBe(34);
    const y2023 = dayNumberOf({ year: 2023, month: 3, day: 1 });
    expect(agreedPowerLimits(connection, y2023, y2023 + 30, 2025).minimumTenths).toBe(46);
    expect(errorOf(() => agreedPowerLimits(connection, from, to, 2027)).code).toBe(
      'TARIFF_YEAR_NOT_COVERED',
    );
  });

  it('the optimiser and the validation of values in force follow the tariff year’s minimum', () => {
    const low = (t: LocalDateTime) => (t.hour === 18 ? 2 : 0.5);
    const series = powerSeries('2025-03-01', '2025-03-31', low);
    const under2026 = calculateNetworkFee({
      series,
      connection,
      tariffYear: 2026,
      current: [{ valuesKw: [3.4, 3.4, 3.4, 3.4, 3.4], determinedBy: 'UPORABNIK' }],
    });
    expect(under2026.scenarios.optimized.agreedPowerKw[0]).toBe(3.4);
    const e = errorOf(() =>
      calculateNetworkFee({
        series,
        connection,
        current: [{ valuesKw: [3.4, 3.4, 3.4, 3.4, 3.4], determinedBy: 'UPORABNIK' }],
      }),
    );
    expect(e.code).toBe('INVALID_AGREED_POWER');
  });

  it('derives the operator’s agreed powers from a 2022/23 higher season under the 2025 layout', () => {
    const series = powerSeries('2022-11-01', '2023-03-31', shape);
    const derived = deriveCurrentAgreedPower(series, connection, undefined, undefined, 2025);
    expect(derived.seasonFrom).toBe('2022-11-01');
    expect(derived.block1Coverage).toBe(1);
    expect(derived.valuesKw[0]).toBeGreaterThanOrEqual(4.6);
    expect(() => deriveCurrentAgreedPower(series, connection)).toThrow(NetworkFeeError);
  });
});
