import { describe, expect, it } from 'vitest';
import {
  calculateNetworkFee,
  deriveCurrentAgreedPower,
  type NetworkFeeInput,
} from './network-fee.ts';
import { NetworkFeeError } from './errors.ts';
import { powerSeries, must } from './test-support.ts';

// A 2024/25 higher season plus March 2025: evenings at 4 kW, the rest at 1 kW, one 7 kW spike on a January weekday.
const series = powerSeries('2024-11-01', '2025-03-31', (t) => {
  if (t.year === 2025 && t.month === 1 && t.day === 15 && t.hour === 18 && t.minute === 0) return 7;
  return t.hour >= 17 && t.hour < 21 ? 4 : 1;
});
const base: NetworkFeeInput = {
  series,
  connection: { phases: 3, connectionPowerKw: 17 },
  from: '2025-01-01',
  to: '2025-03-31',
};

const errorOf = (input: NetworkFeeInput): NetworkFeeError => {
  try {
    calculateNetworkFee(input);
  } catch (e) {
    if (e instanceof NetworkFeeError) return e;
    throw e;
  }
  throw new Error('expected a NetworkFeeError');
};

describe('calculateNetworkFee', () => {
  it('returns new, optimized and old (in that order) without custom values', () => {
    const r = calculateNetworkFee(base);
    expect(Object.keys(r.scenarios)).toEqual(['new', 'optimized', 'old']);
    expect(r.scenarios.new.months.map((m) => m.month)).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(r.scenarios.old.billingPowerKw).toBe(10);
  });

  it('adds custom between optimized and old when given', () => {
    const r = calculateNetworkFee({ ...base, custom: [5, 6, 7, 8, 9] });
    expect(Object.keys(r.scenarios)).toEqual(['new', 'optimized', 'custom', 'old']);
    expect(r.scenarios.custom?.agreedPowerKw).toEqual([5, 6, 7, 8, 9]);
    expect(r.scenarios.custom?.months.every((m) => m.excessCharged)).toBe(true);
  });

  it('derives the agreed powers in force from the last higher season when none are given', () => {
    const derived = deriveCurrentAgreedPower(series, base.connection, base.from, base.to);
    // Block 1 peaks: the 7 kW spike and two 4 kW evenings → 5.0 kW; blocks 2–4 see 4 kW → 5.0 after ordering.
    expect(derived.valuesKw).toEqual([5, 5, 5, 5, 5]);
    const r = calculateNetworkFee(base);
    expect(r.scenarios.new.agreedPowerKw).toEqual([5, 5, 5, 5, 5]);
    // The operator set them: excess is shown but not charged.
    expect(r.scenarios.new.months.every((m) => !m.excessCharged)).toBe(true);
    expect(must(r.scenarios.new.months[0]).excessCost).toBeGreaterThan(0);
    // The same values set by the user are charged.
    const user = calculateNetworkFee({ ...base, determinedBy: 'UPORABNIK' });
    expect(user.scenarios.new.months.every((m) => m.excessCharged)).toBe(true);
    expect(user.scenarios.new.total).toBeGreaterThan(r.scenarios.new.total);
  });

  it('uses agreed powers that change between periods', () => {
    const r = calculateNetworkFee({
      ...base,
      current: [
        { to: '2025-01-31', valuesKw: [4.6, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' },
        { from: '2025-02-01', valuesKw: [6, 6, 6, 6, 6], determinedBy: 'UPORABNIK' },
      ],
    });
    expect(
      r.scenarios.new.months.map((m) => [must(m.blocks[0]).agreedPowerKw, m.excessCharged]),
    ).toEqual([
      [4.6, false],
      [6, true],
      [6, true],
    ]);
    expect(r.scenarios.new.agreedPowerKw).toEqual([6, 6, 6, 6, 6]);
  });

  it('never costs more power fee plus excess with the optimised values than with any valid custom values', () => {
    const r = calculateNetworkFee({ ...base, custom: [4.6, 4.6, 4.6, 4.6, 4.6] });
    const cost = (s: typeof r.scenarios.new) =>
      s.months.reduce((sum, m) => sum + m.networkPowerCost + m.excessCost, 0);
    expect(cost(r.scenarios.optimized)).toBeLessThanOrEqual(cost(must(r.scenarios.custom)) + 1e-9);
    // Energy terms are the same in every scenario.
    expect(r.scenarios.optimized.months.map((m) => m.energyCost)).toEqual(
      r.scenarios.new.months.map((m) => m.energyCost),
    );
  });

  it('reports invalid custom values with structured issues', () => {
    const e = errorOf({ ...base, custom: [5, 6, 5.5, 7, 8] });
    expect(e.code).toBe('INVALID_AGREED_POWER');
    expect(e.params).toEqual({ scenario: 'custom' });
    expect(e.issues).toEqual([
      { code: 'AGREED_POWER_ORDER', block: 3, valueKw: 5.5, previousKw: 6 },
    ]);
  });

  it('validates the values in force against the minimum of their own period', () => {
    // 3.4 kW is the 2026 minimum for 17 kW three-phase but below the 2025 one (4.6 kW).
    const e = errorOf({
      ...base,
      current: [{ valuesKw: [3.4, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' }],
    });
    expect(e.issues).toEqual([
      { code: 'AGREED_POWER_BELOW_MINIMUM', block: 1, valueKw: 3.4, minimumKw: 4.6 },
    ]);
    expect(e.params).toEqual({ scenario: 'new' });
    // An explicit minimum overrides the derived one.
    expect(() =>
      calculateNetworkFee({
        ...base,
        connection: { ...base.connection, minimumPowerKw: 3.4 },
        current: [{ valuesKw: [3.4, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' }],
      }),
    ).not.toThrow();
  });

  it.each([
    [
      'a gap between periods',
      [
        { to: '2025-01-31', valuesKw: [5, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' },
        { from: '2025-02-02', valuesKw: [5, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' },
      ],
      'AGREED_POWER_PERIOD_GAP',
      { date: '2025-02-01' },
    ],
    [
      'periods that stop early',
      [{ to: '2025-03-30', valuesKw: [5, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' }],
      'AGREED_POWER_PERIOD_GAP',
      { date: '2025-03-31' },
    ],
    [
      'overlapping periods',
      [
        { to: '2025-02-10', valuesKw: [5, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' },
        { from: '2025-02-10', valuesKw: [5, 5, 5, 5, 5], determinedBy: 'DISTRIBUTER' },
      ],
      'AGREED_POWER_PERIOD_OVERLAP',
      { date: '2025-02-10' },
    ],
  ] as const)('refuses %s', (_name, current, code, params) => {
    const e = errorOf({ ...base, current });
    expect([e.code, e.params]).toEqual([code, params]);
  });

  it.each([
    ['an unknown minimum', { connection: {} }, 'MINIMUM_POWER_UNKNOWN'],
    [
      'a non-standard connection for the old system',
      { connection: { phases: 3, connectionPowerKw: 18 } },
      'OLD_BILLING_POWER_UNKNOWN',
    ],
    ['a range outside the layouts', { from: '2024-09-01' }, 'OUTSIDE_BLOCK_LAYOUT'],
    [
      'no season to derive from',
      { series: powerSeries('2025-03-01', '2025-03-31', () => 1), from: undefined, to: undefined },
      'CURRENT_NOT_DERIVABLE',
    ],
  ] as const)('fails clearly with %s', (_name, patch, code) => {
    expect(errorOf({ ...base, ...patch } as NetworkFeeInput).code).toBe(code);
  });

  it('accepts an explicit old billing power for a non-standard connection', () => {
    const r = calculateNetworkFee({
      ...base,
      connection: { phases: 3, connectionPowerKw: 18 },
      oldBillingPowerKw: 12,
    });
    expect(r.scenarios.old.billingPowerKw).toBe(12);
  });
});
