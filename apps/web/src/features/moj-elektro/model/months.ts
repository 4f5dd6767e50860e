import type { CalculationMonth, CostCategory, CostRow, Money, Quantity } from './types.ts';

export type Scenario = 'new' | 'optimized' | 'custom';
export const CATEGORY_ORDER: CostCategory[] = [
  'energy',
  'network_energy',
  'network_power',
  'excess_power',
  'grand_total',
];

function sumMoney(values: (Money | null)[]): Money | null {
  const present = values.filter((v): v is Money => v !== null);
  if (present.length === 0) return null;
  return { amount: Math.round(present.reduce((s, v) => s + v.amount, 0) * 100) / 100, unit: 'EUR' };
}

function sumQuantity(values: (Quantity | null)[]): Quantity | null {
  const present = values.filter((v): v is Quantity => v !== null);
  const first = present[0];
  if (!first || present.some((v) => v.unit !== first.unit)) return null;
  // Energy adds up over months; a power (kW) per month does not: the period shows the largest.
  const amount =
    first.unit === 'kW'
      ? Math.max(...present.map((v) => v.amount))
      : present.reduce((s, v) => s + v.amount, 0);
  return { amount, unit: first.unit };
}

function samePrice(values: (Quantity | null)[]): Quantity | null {
  const first = values[0];
  if (!first) return null;
  return values.every((v) => v && v.amount === first.amount && v.unit === first.unit)
    ? first
    : null;
}

/** The rows of one scenario for a month, or summed over all months ("whole period"). */
export function scenarioRows(
  months: CalculationMonth[],
  scenario: Scenario | 'old',
  month: string | null,
): CostRow[] | null {
  const picked = month === null ? months : months.filter((m) => m.month === month);
  const perMonth = picked.map((m) => (scenario === 'old' ? m.old : m[scenario]));
  if (perMonth.length === 0 || perMonth.some((m) => m === null)) return null;
  const rowLists = perMonth.map((m) => (m as { rows: CostRow[] }).rows);
  if (rowLists.length === 1) return rowLists[0] ?? null;
  const rows: CostRow[] = [];
  for (const category of CATEGORY_ORDER) {
    const same = rowLists.map((list) => list.find((r) => r.category === category) ?? null);
    const present = same.filter((r): r is CostRow => r !== null);
    const first = present[0];
    if (!first) continue;
    rows.push({
      ...first,
      pricePerUnit:
        present.length === same.length ? samePrice(present.map((r) => r.pricePerUnit)) : null,
      value: sumQuantity(present.map((r) => r.value)),
      totalCost: sumMoney(present.map((r) => r.totalCost)) ?? { amount: 0, unit: 'EUR' },
      occurrences: present.some((r) => r.occurrences !== null)
        ? present.reduce((s, r) => s + (r.occurrences ?? 0), 0)
        : null,
      excessivePower: sumQuantity(present.map((r) => r.excessivePower)),
      excessivePowerCost: sumMoney(present.map((r) => r.excessivePowerCost)),
    });
  }
  return rows;
}

/** The total of a scenario for a month or the whole period. */
export function scenarioTotal(
  months: CalculationMonth[],
  scenario: Scenario | 'old',
  month: string | null,
): number | null {
  const picked = month === null ? months : months.filter((m) => m.month === month);
  let total = 0;
  for (const m of picked) {
    const s = scenario === 'old' ? m.old : m[scenario];
    if (!s) return null;
    total += s.totalCost.amount;
  }
  return Math.round(total * 100) / 100;
}

/** Money in a month's stack: energy, network energy, network power, excess. */
export function monthStack(m: CalculationMonth, scenario: Scenario | 'old') {
  const s = scenario === 'old' ? m.old : m[scenario];
  if (!s) return null;
  // The excess row carries what is charged (0 in months whose excess is not charged yet).
  const excess = s.rows.find((r) => r.category === 'excess_power')?.totalCost.amount ?? 0;
  return {
    energy: s.energy.totalCost.amount,
    networkEnergy: s.networkEnergy.totalCost.amount,
    networkPower: s.networkPower.totalCost.amount,
    excess: Math.round(excess * 100) / 100,
  };
}
