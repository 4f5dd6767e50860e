import { describe, expect, it } from 'vitest';
import { monthStack, scenarioRows, scenarioTotal } from './months.ts';
import { calculations, costRow } from './test-data.ts';

describe('months of a calculation', () => {
  it('sums a system over the whole period: energy adds up, a power shows its largest month', () => {
    const { months } = calculations();
    const rows = scenarioRows(months, 'new', null) ?? [];
    expect(rows.map((r) => [r.category, r.totalCost.amount, r.value?.amount ?? null])).toEqual([
      ['energy', 210, 600],
      ['network_energy', 40, 600],
      ['network_power', 30, 7],
      ['grand_total', 280, null],
    ]);
    expect(scenarioRows(months, 'new', '2025-10')?.[0]?.totalCost.amount).toBe(110);
    expect(scenarioTotal(months, 'optimized', null)).toBe(270);
    expect(scenarioTotal(months, 'custom', null)).toBeNull();
  });

  it('stacks a month by energy, network energy, network power and the excess actually charged', () => {
    const month = calculations().months[0];
    if (!month) throw new Error('no month');
    expect(monthStack(month, 'new')).toEqual({
      energy: 100,
      networkEnergy: 20,
      networkPower: 15,
      excess: 0,
    });
    const charged = {
      ...month,
      new: {
        ...month.new,
        rows: [...month.new.rows, { ...costRow('excess_power', 12.5), occurrences: 2 }],
      },
    };
    expect(monthStack(charged, 'new')?.excess).toBe(12.5);
    expect(monthStack(month, 'custom')).toBeNull();
  });
});
