import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../scripts/household-profile.ts';
import type { AgreedPowerLimits } from './agreed-power.ts';
import { calculateScenario } from './calculate.ts';
import { blockCostCurve, optimizeAgreedPower } from './optimize.ts';
import { annotateSeries, preparePeriod, type PreparedPeriod } from './series.ts';
import { powerSeries, must } from './test-support.ts';

const noPrices = { tariffs: 2, prices: { vt: 0, mt: 0, et: 0 } } as const;

/** Every non-decreasing 5-tuple of grid values in [low, high], in lexicographic order. */
function* orderedTuples(low: number, high: number): Generator<number[]> {
  const t = [low, low, low, low, low];
  for (;;) {
    yield [...t];
    let i = 4;
    while (i >= 0 && t[i] === high) i--;
    if (i < 0) return;
    const v = must(t[i]) + 1;
    for (let k = i; k < 5; k++) t[k] = v;
  }
}

/** Power fee + excess of a scenario, from the full monthly calculation. */
function scenarioCost(period: PreparedPeriod, tenths: number[]): number {
  const r = calculateScenario(
    period,
    [{ fromDay: period.fromDay, toDay: period.toDay, tenths, excessCharged: true }],
    noPrices,
    [],
  );
  return r.months.reduce((s, m) => s + m.networkPowerCost + m.excessCost, 0);
}

/** Lowest cost, and the lexicographically smallest tuple within a relative tolerance of it (two passes). */
function exhaustive(
  low: number,
  high: number,
  cost: (t: number[]) => number,
): { best: number[]; cost: number } {
  let min = Infinity;
  for (const t of orderedTuples(low, high)) min = Math.min(min, cost(t));
  const tolerance = 1e-9 * Math.max(1, Math.abs(min));
  for (const t of orderedTuples(low, high))
    if (cost(t) <= min + tolerance) return { best: t, cost: min };
  throw new Error('unreachable');
}

describe('optimizeAgreedPower against exhaustive search with the full calculation', () => {
  it.each([
    ['three January working days', '2025-01-15', '2025-01-17', 10, 20, 1],
    [
      'a season, rate and month change (Oct–Nov 2025, reduced block 1 in Nov)',
      '2025-10-28',
      '2025-11-04',
      8,
      20,
      2,
    ],
    ['a year and excess-factor change (Dec 2025–Jan 2026)', '2025-12-29', '2026-01-03', 10, 21, 3],
    ['2026 rates with a non-zero block-5 rate (Apr 2026)', '2026-04-03', '2026-04-07', 5, 16, 4],
  ])('%s', (_name, from, to, low, high, seed) => {
    const rnd = mulberry32(seed);
    const s = powerSeries(from, to, () => Math.round((0.3 + 1.9 * rnd() ** 2) * 10_000) / 10_000);
    const period = preparePeriod(annotateSeries(s));
    const limits: AgreedPowerLimits = { minimumTenths: low, connectionTenths: high };
    const optimum = optimizeAgreedPower(period, limits);
    const brute = exhaustive(low, high, (t) => scenarioCost(period, t));
    expect(optimum.tenths).toEqual(brute.best);
    expect(optimum.cost).toBeCloseTo(brute.cost, 9);
    expect(scenarioCost(period, [...optimum.tenths])).toBeCloseTo(optimum.cost, 9);
  });
});

/**
 * An independent cost per block and grid value: loops over every interval and sums squares directly (no sorting,
 * no suffix sums), then applies the formula month by month.
 */
function directCurves(period: PreparedPeriod, low: number, high: number): number[][] {
  const curves: number[][] = [];
  for (let b = 1; b <= 5; b++) {
    const curve: number[] = [];
    for (let p = low; p <= high; p++) {
      let cost = 0;
      for (const m of period.months) {
        if (!m.blockOccurs[b]) continue;
        const rate = must(m.rates.powerEurPerKwMonth[b - 1]);
        let squares = 0;
        for (let i = m.start; i < m.end; i++) {
          if (period.block[i] !== b) continue;
          const over = must(period.units[i]) / 10_000 - p / 10;
          if (over > 0) squares += over * over;
        }
        cost += (p / 10) * rate * m.prorate + Math.sqrt(squares) * rate * m.excessFactor;
      }
      curve.push(cost);
    }
    curves.push(curve);
  }
  return curves;
}

describe('optimizeAgreedPower on random profiles', () => {
  const rnd = mulberry32(7);
  const cases = Array.from({ length: 24 }, (_, k) => {
    // Random start between Oct 2024 and Oct 2026, 10–70 days, a base load with random peaks of random height.
    const startDay = Math.floor(rnd() * 730);
    const days = 10 + Math.floor(rnd() * 60);
    const peakShare = 0.0005 + rnd() ** 2 * 0.03;
    const peakHeight = 0.5 + rnd();
    const low = 8 + Math.floor(rnd() * 12);
    const capped = rnd() < 0.3;
    return { k, startDay, days, peakShare, peakHeight, low, capped, seed: 100 + k };
  });

  it.each(cases)(
    'case $k ($days days)',
    ({ startDay, days, peakShare, peakHeight, low, capped, seed }) => {
      const r = mulberry32(seed);
      const start = new Date(Date.UTC(2024, 9, 1 + startDay)).toISOString().slice(0, 10);
      const end = new Date(Date.UTC(2024, 9, 1 + startDay + days - 1)).toISOString().slice(0, 10);
      // A random daily shape makes the blocks differ from each other.
      const shape = Array.from({ length: 24 }, () => 0.3 + r());
      const s = powerSeries(start, end, (t) => {
        const base = (0.1 + 0.5 * r()) * must(shape[t.hour]);
        return (
          Math.round((r() < peakShare ? base + peakHeight * (0.5 + r()) : base) * 10_000) / 10_000
        );
      });
      const period = preparePeriod(annotateSeries(s));
      const dataHigh = Math.max(low, Math.ceil(period.maxUnits / 1000));
      const high = capped ? Math.max(low, dataHigh - 5) : dataHigh;
      const limits: AgreedPowerLimits = {
        minimumTenths: low,
        connectionTenths: capped ? high : undefined,
      };
      const optimum = optimizeAgreedPower(period, limits);

      const curves = directCurves(period, low, high);
      const brute = exhaustive(low, high, (t) =>
        t.reduce((sum, p, b) => sum + must(must(curves[b])[p - low]), 0),
      );
      expect(optimum.tenths).toEqual(brute.best);
      expect(optimum.cost).toBeCloseTo(brute.cost, 9);
      // The optimiser's cost curves agree with the direct computation.
      for (let b = 1; b <= 5; b++) {
        const fast = blockCostCurve(period, b as 1 | 2 | 3 | 4 | 5, low, high);
        fast.forEach((c, j) => expect(c).toBeCloseTo(must(must(curves[b - 1])[j]), 9));
      }
    },
  );
});

describe('optimizeAgreedPower edge cases', () => {
  it('sets a constant 3 kW load to 3 kW in every block', () => {
    const period = preparePeriod(annotateSeries(powerSeries('2025-01-01', '2025-01-31', () => 3)));
    expect(
      optimizeAgreedPower(period, { minimumTenths: 20, connectionTenths: 170 }).agreedPowerKw,
    ).toEqual([3, 3, 3, 3, 3]);
  });

  it('gives the lowest allowed values to blocks that cost nothing (ties go to the lowest values)', () => {
    // June 2025: block 1 does not occur (→ the minimum) and block 5 costs 0 EUR/kW in 2025 (→ equal to block 4).
    const r = mulberry32(11);
    const period = preparePeriod(
      annotateSeries(powerSeries('2025-06-01', '2025-06-30', () => 0.5 + 6 * r() ** 8)),
    );
    const t = optimizeAgreedPower(period, { minimumTenths: 25, connectionTenths: 170 }).tenths;
    expect(t[0]).toBe(25);
    expect(t[4]).toBe(t[3]);
  });

  it('keeps every value at or below the connection power, paying excess above it', () => {
    const period = preparePeriod(annotateSeries(powerSeries('2025-01-01', '2025-01-31', () => 9)));
    const o = optimizeAgreedPower(period, { minimumTenths: 20, connectionTenths: 60 });
    expect(o.tenths).toEqual([60, 60, 60, 60, 60]);
    expect(o.cost).toBeCloseTo(scenarioCost(period, [60, 60, 60, 60, 60]), 9);
  });

  it('refuses a minimum above the connection power', () => {
    const period = preparePeriod(annotateSeries(powerSeries('2025-01-01', '2025-01-02', () => 1)));
    expect(() => optimizeAgreedPower(period, { minimumTenths: 50, connectionTenths: 40 })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONNECTION' }),
    );
  });
});
