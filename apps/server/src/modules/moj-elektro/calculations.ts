// Pure mapping between the network-fee engine and the contract (DESIGN-14 §5): the consumer info's agreed-power
// records → the engine's periods ("new"), the engine's result → the Calculations answer (cost-table rows of
// spec 000 §3 per month and scenario, money rounded to cents), and engine errors → field errors.
import type {
  Calculations,
  ConsumerInfo,
  CostMoney,
  CostQuantity,
  CostRow,
  OldMonth,
  SystemMonth,
} from '@ec/contract';
import {
  BLOCK_NUMBERS,
  dayNumberOf,
  daysInMonth,
  ljubljanaOffsetMs,
  localDayStartMs,
  parseIsoDate,
  type AgreedPowerIssue,
  type AgreedPowerPeriod,
  type BlockNumber,
  type ConnectionInfo,
  type MonthResult,
  type NetworkFeeResult,
  type OldMonthResult,
} from '@ec/domain';

/** Euro rounded to cents. */
export function eur(amount: number): CostMoney {
  return { amount: roundTo(amount, 2), unit: 'EUR' };
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

const qty = (amount: number, unit: CostQuantity['unit'], decimals = 3): CostQuantity => ({
  amount: roundTo(amount, decimals),
  unit,
});

/** One cost-table row with a quantity; the price per unit is cost ÷ quantity (null when the quantity is 0). */
function row(
  category: CostRow['category'],
  cost: number,
  quantity: number | null,
  unit: 'kWh' | 'kW',
): CostRow {
  return {
    category,
    isEmpty: false,
    pricePerUnit:
      quantity === null || quantity === 0
        ? null
        : qty(cost / quantity, unit === 'kWh' ? 'EUR/kWh' : 'EUR/kW', 5),
    value: quantity === null ? null : qty(quantity, unit),
    totalCost: eur(cost),
    occurrences: null,
    excessivePower: null,
    excessivePowerCost: null,
    isTotal: false,
    isGrandTotal: false,
  };
}

function grandTotal(total: number): CostRow {
  return {
    category: 'grand_total',
    isEmpty: false,
    pricePerUnit: null,
    value: null,
    totalCost: eur(total),
    occurrences: null,
    excessivePower: null,
    excessivePowerCost: null,
    isTotal: true,
    isGrandTotal: true,
  };
}

/** A month of a block-system scenario as cost-table rows. */
export function systemMonth(m: MonthResult): SystemMonth {
  const energyKwh = m.blocks.reduce((sum, b) => sum + b.energyKwh, 0);
  const agreedKw = m.blocks.reduce((sum, b) => sum + b.agreedPowerKw, 0);
  const energy = row('energy', m.energyCost, energyKwh, 'kWh');
  const networkEnergy = row('network_energy', m.networkEnergyCost, energyKwh, 'kWh');
  const networkPower = row('network_power', m.networkPowerCost, agreedKw, 'kW');
  const excessBlocks = m.blocks.filter((b) => b.excessOccurrences > 0);
  const rows: CostRow[] = [energy, networkEnergy, networkPower];
  if (excessBlocks.length > 0) {
    const excessKw = excessBlocks.reduce((sum, b) => sum + b.excessPowerKw, 0);
    const charged = m.excessCharged ? m.excessCost : 0;
    rows.push({
      ...row('excess_power', charged, excessKw, 'kW'),
      pricePerUnit: excessKw === 0 ? null : qty(m.excessCost / excessKw, 'EUR/kW', 5),
      occurrences: excessBlocks.reduce((sum, b) => sum + b.excessOccurrences, 0),
      excessivePower: qty(excessKw, 'kW'),
      excessivePowerCost: eur(m.excessCost),
    });
  }
  rows.push(grandTotal(m.total));
  return {
    rows,
    energy,
    networkEnergy,
    networkPower,
    totalCost: eur(m.total),
    excessCharged: m.excessCharged,
    excessivePowerBlocks: excessBlocks.map((b) => ({
      block: b.block,
      occurrences: b.excessOccurrences,
      value: qty(b.excessPowerKw, 'kW'),
      totalCost: eur(b.excessCost),
    })),
    blocks: m.blocks.map((b) => ({
      block: b.block,
      energyKwh: roundTo(b.energyKwh, 3),
      agreedPowerKw: roundTo(b.agreedPowerKw, 3),
      networkEnergyCost: eur(b.networkEnergyCost),
      networkPowerCost: eur(b.networkPowerCost),
    })),
  };
}

/** A month of the old system as cost-table rows (the power row's quantity is the billing power). */
export function oldMonth(m: OldMonthResult, billingPowerKw: number): OldMonth {
  const energy = row('energy', m.energyCost, m.energyKwh, 'kWh');
  const networkEnergy = row('network_energy', m.networkEnergyCost, m.energyKwh, 'kWh');
  const networkPower = row('network_power', m.networkPowerCost, billingPowerKw, 'kW');
  return {
    energy,
    networkEnergy,
    networkPower,
    totalCost: eur(m.total),
    rows: [energy, networkEnergy, networkPower, grandTotal(m.total)],
  };
}

/** The first instant of a month, local midnight with its offset (`2025-01-01T00:00:00+01:00`, spec 000 §9). */
export function monthStartOf(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const start = localDayStartMs(dayNumberOf({ year, month: mon, day: 1 }));
  const hours = ljubljanaOffsetMs(start) / 3_600_000;
  return `${month}-01T00:00:00+${String(hours).padStart(2, '0')}:00`;
}

/** Whether [from, to] covers only part of a month `YYYY-MM`. */
export function isPartialMonth(month: string, from: string, to: string): boolean {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(year, mon)).padStart(2, '0')}`;
  return from > first || to < last;
}

/** Who set the "new" agreed powers. */
export type NewDeterminedBy = Calculations['newDeterminedBy'];

/**
 * The consumer info's valid agreed-power records over [from, to], clipped so they do not overlap (a later record
 * wins from its first day), and the days no valid record covers, as ranges to derive. Records whose values the
 * engine would refuse for their days are left out (derived instead) and listed in `refused`.
 */
export function agreedPowerPeriods(
  info: Pick<ConsumerInfo, 'powerLimits'> | null,
  from: string,
  to: string,
): { records: AgreedPowerPeriod[]; gaps: { from: string; to: string }[] } {
  const valid = (info?.powerLimits ?? [])
    .filter((p) => p.isValid && p.dateFrom <= to && p.dateTo >= from)
    .sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0));
  const records: AgreedPowerPeriod[] = [];
  const gaps: { from: string; to: string }[] = [];
  let next = from;
  for (const p of valid) {
    const start = p.dateFrom > next ? p.dateFrom : next;
    const end = p.dateTo < to ? p.dateTo : to;
    if (start > end) continue;
    if (start > next) gaps.push({ from: next, to: previousDay(start) });
    records.push({
      from: start,
      to: end,
      valuesKw: [p.block1, p.block2, p.block3, p.block4, p.block5],
      determinedBy: p.limitSetBy === 'UPORABNIK' ? 'UPORABNIK' : 'DISTRIBUTER',
    });
    next = nextDay(end);
  }
  if (next <= to) gaps.push({ from: next, to });
  return { records, gaps };
}

function shiftDay(date: string, days: number): string {
  const d = parseIsoDate(date);
  if (!d) throw new Error(`bad date ${date}`);
  return new Date((dayNumberOf(d) + days) * 86_400_000).toISOString().slice(0, 10);
}
/** The day before `YYYY-MM-DD`. */
export const previousDay = (date: string) => shiftDay(date, -1);
/** The day after `YYYY-MM-DD`. */
export const nextDay = (date: string) => shiftDay(date, 1);

/** The connection info the engine needs, from the consumer info. */
export function connectionOf(info: ConsumerInfo | null): ConnectionInfo {
  const connection: { phases?: 1 | 3; connectionPowerKw?: number } = {};
  if (info?.isThreePhase !== null && info?.isThreePhase !== undefined) {
    connection.phases = info.isThreePhase ? 3 : 1;
  }
  if (info?.connectionPower) connection.connectionPowerKw = info.connectionPower;
  return connection;
}

/** Field errors of the custom agreed powers: `data.customPowerLimits.<i>` → `moj_elektro.limits.<issue>`. */
export function customLimitFields(issues: readonly AgreedPowerIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = `moj_elektro.limits.${issue.code.toLowerCase()}`;
    const path =
      'block' in issue ? `data.customPowerLimits.${issue.block - 1}` : 'data.customPowerLimits';
    fields[path] ??= key;
  }
  return fields;
}

/** The engine's result as the contract's Calculations. */
export function toCalculations(
  result: NetworkFeeResult,
  options: {
    from: string;
    to: string;
    tariffYear: number | null;
    tariffsCount: 1 | 2;
    newDeterminedBy: NewDeterminedBy;
  },
): Calculations {
  const { new: newScenario, optimized, custom, old } = result.scenarios;
  const byMonth = (months: readonly MonthResult[]) => new Map(months.map((m) => [m.month, m]));
  const optimizedMonths = byMonth(optimized.months);
  const customMonths = custom ? byMonth(custom.months) : null;
  const oldMonths = new Map(old.months.map((m) => [m.month, m]));
  return {
    from: options.from,
    to: options.to,
    tariffYear: options.tariffYear,
    tariffsCount: options.tariffsCount,
    agreedPowers: {
      new: [...newScenario.agreedPowerKw],
      optimized: [...optimized.agreedPowerKw],
      custom: custom ? [...custom.agreedPowerKw] : null,
    },
    newDeterminedBy: options.newDeterminedBy,
    totals: {
      new: eur(newScenario.total),
      optimized: eur(optimized.total),
      custom: custom ? eur(custom.total) : null,
      old: eur(old.total),
    },
    saving: eur(newScenario.total - optimized.total),
    customSaving: custom ? eur(newScenario.total - custom.total) : null,
    months: newScenario.months.map((m) => {
      const o = optimizedMonths.get(m.month);
      const c = customMonths?.get(m.month);
      const om = oldMonths.get(m.month);
      if (!o || !om || (customMonths && !c))
        throw new Error(`month ${m.month} missing in a scenario`);
      return {
        month: m.month,
        monthStart: monthStartOf(m.month),
        partial: isPartialMonth(m.month, options.from, options.to),
        new: systemMonth(m),
        optimized: systemMonth(o),
        custom: c ? systemMonth(c) : null,
        old: oldMonth(om, old.billingPowerKw),
      };
    }),
  };
}

/** Block numbers for callers that iterate them. */
export const BLOCKS: readonly BlockNumber[] = BLOCK_NUMBERS;
