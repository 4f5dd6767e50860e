import type { CostRow } from './types.ts';

/** Every cost table shows at least this many rows (spec 000 §3: padded with empty rows, so tables line up). */
export const COST_TABLE_ROWS = 5;

/** A placeholder row. */
export function emptyRow(): CostRow {
  return {
    category: 'energy',
    isEmpty: true,
    pricePerUnit: null,
    value: null,
    totalCost: { amount: 0, unit: 'EUR' },
    occurrences: null,
    excessivePower: null,
    excessivePowerCost: null,
    isTotal: false,
    isGrandTotal: false,
  };
}

/** The rows padded with empty rows before the grand total up to {@link COST_TABLE_ROWS}. */
export function padRows(rows: CostRow[], size = COST_TABLE_ROWS): CostRow[] {
  if (rows.length >= size) return rows;
  const totalAt = rows.findIndex((r) => r.isGrandTotal);
  const body = totalAt === -1 ? rows : rows.slice(0, totalAt);
  const tail = totalAt === -1 ? [] : rows.slice(totalAt);
  const fill = Array.from({ length: size - rows.length }, emptyRow);
  return [...body, ...fill, ...tail];
}
