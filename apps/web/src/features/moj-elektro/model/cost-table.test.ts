import { describe, expect, it } from 'vitest';
import { COST_TABLE_ROWS, padRows } from './cost-table.ts';
import type { CostRow } from './types.ts';

function row(category: CostRow['category'], amount: number): CostRow {
  return {
    category,
    isEmpty: false,
    pricePerUnit: null,
    value: null,
    totalCost: { amount, unit: 'EUR' },
    occurrences: null,
    excessivePower: null,
    excessivePowerCost: null,
    isTotal: category === 'grand_total',
    isGrandTotal: category === 'grand_total',
  };
}

describe('cost table padding', () => {
  it('pads four rows to five with an empty row before the grand total', () => {
    const rows = padRows([
      row('energy', 1),
      row('network_energy', 2),
      row('network_power', 3),
      row('grand_total', 6),
    ]);
    expect(rows).toHaveLength(COST_TABLE_ROWS);
    expect(rows.map((r) => (r.isEmpty ? 'empty' : r.category))).toEqual([
      'energy',
      'network_energy',
      'network_power',
      'empty',
      'grand_total',
    ]);
  });

  it('leaves five rows (with excess power) as they are', () => {
    const full = [
      row('energy', 1),
      row('network_energy', 2),
      row('network_power', 3),
      row('excess_power', 4),
      row('grand_total', 10),
    ];
    expect(padRows(full)).toEqual(full);
  });

  it('pads a table without a total at the end', () => {
    expect(padRows([row('energy', 1)]).map((r) => r.isEmpty)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});
