// The bills of a what-if: the engine's optimized and keep-current totals before and after a change of the import
// series, the calculation range and the scaling to a year.

import { agreedPowerLimits } from '../network-fee/agreed-power.ts';
import { calculateScenario, type SupplierTariff } from '../network-fee/calculate.ts';
import {
  calculateNetworkFee,
  type NetworkFeeInput,
  type NetworkFeeResult,
} from '../network-fee/network-fee.ts';
import { optimizeAgreedPower } from '../network-fee/optimize.ts';
import { POWER_UNITS_PER_KW, preparePeriod, type MeterSeries } from '../network-fee/series.ts';
import { dayNumberOf, parseIsoDate } from '../network-fee/time-zone.ts';
import { intervalTable, type IntervalTable } from './intervals.ts';

/** The engine input of a what-if: NetworkFeeInput plus the tariff year (passed through to the engine). */
export type WhatIfBase = NetworkFeeInput & { readonly tariffYear?: number };

/** A bill as the what-ifs report it. */
export interface BillSummary {
  /** Total with the agreed powers in force ("keep current"), EUR. */
  readonly totalEur: number;
  /** Total with the optimal agreed powers for this load ("optimized"), EUR. */
  readonly optimizedTotalEur: number;
  readonly optimizedAgreedKw: readonly number[];
  /** The agreed powers in force (kept for the "after" bill). */
  readonly currentAgreedKw: readonly number[];
  /** Highest 15-minute import per block 1–5, kW. */
  readonly peakKw: readonly number[];
}

/** Days of the calculation range of a base input (from/to or the data's first and last day). */
export function periodDays(base: WhatIfBase, t: IntervalTable): number {
  const day = (text: string | undefined, fallback: number) => {
    const d = text === undefined ? undefined : parseIsoDate(text);
    return d ? dayNumberOf(d) : fallback;
  };
  const a = t.annotated;
  if (a.count === 0) return 0;
  const first = day(base.from, a.dayNumber[0] as number);
  const last = day(base.to, a.dayNumber[a.count - 1] as number);
  return last - first + 1;
}

/** Scale factor from the period to a year of 365 days. */
export function yearFactor(days: number): number {
  return days > 0 ? 365 / days : 0;
}

/** The engine input without the parts a what-if does not need (custom values). */
function engineInput(base: WhatIfBase): WhatIfBase {
  const { custom: _custom, ...rest } = base;
  return rest;
}

/** Bill of the base input ("before"), with the agreed powers in force as periods to keep for "after". */
export function billBefore(base: WhatIfBase): {
  result: NetworkFeeResult;
  current: NonNullable<NetworkFeeInput['current']>;
} {
  const result = calculateNetworkFee(engineInput(base));
  const current = base.current ?? [
    {
      valuesKw: result.scenarios.new.agreedPowerKw,
      determinedBy: base.determinedBy ?? 'DISTRIBUTER',
    },
  ];
  return { result, current };
}

/** Bill of a changed import series with the agreed powers of "before" kept. */
export function billAfter(
  base: WhatIfBase,
  current: NonNullable<NetworkFeeInput['current']>,
  endsMs: ArrayLike<number>,
  importKw: ArrayLike<number>,
): NetworkFeeResult {
  return calculateNetworkFee({
    ...engineInput(base),
    series: { kind: 'power', intervalEndsMs: endsMs, values: importKw },
    current,
  });
}

/** The summary of an engine result with the block peaks of its series. */
export function summary(result: NetworkFeeResult, peakKw: readonly number[]): BillSummary {
  return {
    totalEur: result.scenarios.new.total,
    optimizedTotalEur: result.scenarios.optimized.total,
    optimizedAgreedKw: result.scenarios.optimized.agreedPowerKw,
    currentAgreedKw: result.scenarios.new.agreedPowerKw,
    peakKw,
  };
}

/** The interval table of a what-if input: the base's series over its calculation range, priced like the base. */
export function tableFor(input: {
  base: WhatIfBase;
  exportSeries?: MeterSeries | null | undefined;
}): IntervalTable {
  const { base } = input;
  return intervalTable(
    base.series,
    input.exportSeries,
    {
      ...(base.tariffYear !== undefined ? { tariffYear: base.tariffYear } : {}),
      ...(base.tariffs !== undefined ? { tariffs: base.tariffs } : {}),
      ...(base.prices !== undefined ? { prices: base.prices } : {}),
    },
    {
      ...(base.from !== undefined ? { from: base.from } : {}),
      ...(base.to !== undefined ? { to: base.to } : {}),
    },
  );
}

/**
 * The optimized scenario of a changed import series. Without a tariff year it reuses the engine's annotation of
 * the original series (same instants, only the powers change) and runs only what the optimized total needs
 * (grouping, optimiser, one scenario) — the same functions calculateNetworkFee uses, so the figures are identical.
 * With a tariff year it calls calculateNetworkFee (which knows how to apply it).
 */
export function optimizedBillAfter(
  base: WhatIfBase,
  t: IntervalTable,
  importKw: ArrayLike<number>,
  current: NonNullable<NetworkFeeInput['current']>,
): { totalEur: number; agreedKw: readonly number[] } {
  if (base.tariffYear !== undefined) {
    const r = billAfter(base, current, t.endMs, importKw).scenarios.optimized;
    return { totalEur: r.total, agreedKw: r.agreedPowerKw };
  }
  const a = t.annotated;
  const units = new Float64Array(a.count);
  for (let i = 0; i < a.count; i++)
    units[i] = Math.round((importKw[i] as number) * POWER_UNITS_PER_KW);
  const period = preparePeriod({ ...a, units }, base.from, base.to);
  const limits = agreedPowerLimits(base.connection, period.fromDay, period.toDay);
  const optimal = optimizeAgreedPower(period, limits);
  const tariff: SupplierTariff = {
    tariffs: base.tariffs ?? 2,
    prices: { vt: base.prices?.vt ?? 0, mt: base.prices?.mt ?? 0, et: base.prices?.et ?? 0 },
  };
  const scenario = calculateScenario(
    period,
    [{ fromDay: period.fromDay, toDay: period.toDay, tenths: optimal.tenths, excessCharged: true }],
    tariff,
    optimal.agreedPowerKw,
  );
  return { totalEur: scenario.total, agreedKw: scenario.agreedPowerKw };
}

/** The minimum agreed power over the range of a base input, kW (0 when the connection does not tell it). */
export function minimumAgreedKw(base: WhatIfBase, t: IntervalTable): number {
  const a = t.annotated;
  if (a.count === 0) return 0;
  const day = (text: string | undefined, fallback: number) => {
    const d = text === undefined ? undefined : parseIsoDate(text);
    return d ? dayNumberOf(d) : fallback;
  };
  try {
    return (
      agreedPowerLimits(
        base.connection,
        day(base.from, a.dayNumber[0] as number),
        day(base.to, a.dayNumber[a.count - 1] as number),
      ).minimumTenths / 10
    );
  } catch {
    return 0;
  }
}
