// Monthly bills of one scenario (a schedule of agreed powers) and of the old system, from a prepared period.
// Amounts are EUR without VAT and are not rounded.

import type { BlockNumber, TariffCount } from './calendar.ts';
import type { DeterminedBy } from './agreed-power.ts';
import {
  POWER_UNITS_PER_KW,
  UNITS_PER_TENTH,
  groupExcess,
  type PeriodMonth,
  type PreparedPeriod,
} from './series.ts';

/** Power units × intervals per kWh (a 15-minute interval at 1 kW is 0.25 kWh). */
const UNITS_PER_KWH = 4 * POWER_UNITS_PER_KW;

/** Supplier energy prices, EUR/kWh: VT and MT for two-tariff meters, ET for one-tariff meters. */
export interface EnergyPrices {
  readonly vt: number;
  readonly mt: number;
  readonly et: number;
}

/** The supplier side of the bill: tariff count and prices. */
export interface SupplierTariff {
  readonly tariffs: TariffCount;
  readonly prices: EnergyPrices;
}

/** Agreed powers in force over local days [fromDay, toDay], in 0.1 kW steps. */
export interface ScheduleSegment {
  readonly fromDay: number;
  readonly toDay: number;
  readonly tenths: readonly number[];
  /** Whether excess power is charged while these values are in force. */
  readonly excessCharged: boolean;
}

/** One block of one month. */
export interface BlockResult {
  readonly block: BlockNumber;
  readonly energyKwh: number;
  /** Agreed power in force (day-weighted mean if it changed within the month). */
  readonly agreedPowerKw: number;
  /** √(Σ (Pᵢ − P_agreed)²) over the intervals above the agreed power. */
  readonly excessPowerKw: number;
  readonly excessOccurrences: number;
  readonly networkEnergyCost: number;
  readonly networkPowerCost: number;
  /** The excess charge, computed even when it is not added to the total. */
  readonly excessCost: number;
}

/** One month of a scenario. */
export interface MonthResult {
  /** `YYYY-MM`. */
  readonly month: string;
  /** Supplier energy cost (VT/MT or ET prices). */
  readonly energyCost: number;
  readonly networkEnergyCost: number;
  readonly networkPowerCost: number;
  readonly excessCost: number;
  /** Whether excessCost is part of the total. */
  readonly excessCharged: boolean;
  readonly total: number;
  readonly blocks: readonly BlockResult[];
}

/** A scenario: the agreed powers it uses, its months and its total. */
export interface ScenarioResult {
  readonly agreedPowerKw: readonly number[];
  readonly total: number;
  readonly months: readonly MonthResult[];
}

/** One month of the old (pre-October-2024) system. */
export interface OldMonthResult {
  readonly month: string;
  readonly energyKwh: number;
  readonly vtKwh: number;
  readonly mtKwh: number;
  readonly energyCost: number;
  readonly networkEnergyCost: number;
  readonly networkPowerCost: number;
  readonly total: number;
}

/** The old system for comparison: billing power, months and total. */
export interface OldSystemResult {
  readonly billingPowerKw: number;
  readonly total: number;
  readonly months: readonly OldMonthResult[];
}

/** Monthly power fee of an agreed power (0.1 kW steps) at a rate, prorated for a partial month. */
export function powerFee(tenths: number, rate: number, prorate: number): number {
  return (tenths / 10) * rate * prorate;
}

/** Excess power in kW from a sum of squared exceedances in power units². */
export function excessPowerKw(squares: number): number {
  return Math.sqrt(squares) / POWER_UNITS_PER_KW;
}

/** Excess charge: excess power × the month's block power rate × the year's excess factor. */
export function excessCharge(squares: number, rate: number, factor: number): number {
  return excessPowerKw(squares) * rate * factor;
}

function supplierEnergyCost(month: PeriodMonth, tariff: SupplierTariff): number {
  if (tariff.tariffs === 1)
    return ((month.vtUnits + month.mtUnits) / UNITS_PER_KWH) * tariff.prices.et;
  return (
    (month.vtUnits / UNITS_PER_KWH) * tariff.prices.vt +
    (month.mtUnits / UNITS_PER_KWH) * tariff.prices.mt
  );
}

/** Who set the agreed power decides whether excess is charged (domain-si.md §1.1: DISTRIBUTER is exempt). */
export function excessChargedFor(determinedBy: DeterminedBy): boolean {
  return determinedBy === 'UPORABNIK';
}

/**
 * Calculates a scenario over a prepared period. `schedule` must cover every day of the period without overlaps
 * (the caller checks); `agreedPowerKw` is what the result reports as the scenario's values.
 */
export function calculateScenario(
  period: PreparedPeriod,
  schedule: readonly ScheduleSegment[],
  tariff: SupplierTariff,
  agreedPowerKw: readonly number[],
): ScenarioResult {
  const months: MonthResult[] = [];
  let total = 0;
  period.months.forEach((month, mi) => {
    const segments = schedule
      .map((s) => ({
        s,
        days: Math.min(s.toDay, month.lastDay) - Math.max(s.fromDay, month.firstDay) + 1,
      }))
      .filter((x) => x.days > 0);
    const excessCharged = segments.some((x) => x.s.excessCharged);
    const blocks: BlockResult[] = [];
    let networkEnergyCost = 0;
    let networkPowerCost = 0;
    let excessCost = 0;
    for (let b = 1 as BlockNumber; b <= 5; b = (b + 1) as BlockNumber) {
      if (!month.blockOccurs[b]) continue;
      const powerRate = month.rates.powerEurPerKwMonth[b - 1] as number;
      const energyKwh = (month.blockUnits[b] as number) / UNITS_PER_KWH;
      const energyCost = energyKwh * (month.rates.energyEurPerKwh[b - 1] as number);
      let fee: number;
      let squares: number;
      let count: number;
      let agreedKw: number;
      const only = segments.length === 1 ? segments[0] : undefined;
      if (only) {
        const tenths = only.s.tenths[b - 1] as number;
        fee = powerFee(tenths, powerRate, month.prorate);
        ({ squares, count } = groupExcess(period, mi, b, tenths * UNITS_PER_TENTH));
        agreedKw = tenths / 10;
      } else {
        // The agreed power changed within the month: prorate each value by its days and compare every interval
        // with the value in force on its day.
        fee = 0;
        let weighted = 0;
        for (const { s, days } of segments) {
          fee += powerFee(s.tenths[b - 1] as number, powerRate, days / month.daysInMonth);
          weighted += (s.tenths[b - 1] as number) * days;
        }
        agreedKw = weighted / month.coveredDays / 10;
        squares = 0;
        count = 0;
        for (let i = month.start; i < month.end; i++) {
          if (period.block[i] !== b) continue;
          const day = period.dayNumber[i] as number;
          const seg = segments.find((x) => day >= x.s.fromDay && day <= x.s.toDay);
          const threshold = ((seg?.s.tenths[b - 1] as number) ?? 0) * UNITS_PER_TENTH;
          const over = (period.units[i] as number) - threshold;
          if (over > 0) {
            squares += over * over;
            count++;
          }
        }
      }
      const excess = excessCharge(squares, powerRate, month.excessFactor);
      blocks.push({
        block: b,
        energyKwh,
        agreedPowerKw: agreedKw,
        excessPowerKw: excessPowerKw(squares),
        excessOccurrences: count,
        networkEnergyCost: energyCost,
        networkPowerCost: fee,
        excessCost: excess,
      });
      networkEnergyCost += energyCost;
      networkPowerCost += fee;
      excessCost += excess;
    }
    const energyCost = supplierEnergyCost(month, tariff);
    const monthTotal =
      energyCost + networkEnergyCost + networkPowerCost + (excessCharged ? excessCost : 0);
    total += monthTotal;
    months.push({
      month: month.key,
      energyCost,
      networkEnergyCost,
      networkPowerCost,
      excessCost,
      excessCharged,
      total: monthTotal,
      blocks,
    });
  });
  return { agreedPowerKw, total, months };
}

/**
 * The old system (until 30 Sep 2024) over the same period: billing power × power rate per month (prorated for
 * partial months) plus VT/MT network energy rates (ET for one-tariff meters), plus the same supplier energy cost.
 */
export function calculateOldSystem(
  period: PreparedPeriod,
  billingPowerKw: number,
  tariff: SupplierTariff,
): OldSystemResult {
  let total = 0;
  const months = period.months.map((month): OldMonthResult => {
    const r = month.oldRates;
    const vtKwh = month.vtUnits / UNITS_PER_KWH;
    const mtKwh = month.mtUnits / UNITS_PER_KWH;
    const energyKwh = (month.vtUnits + month.mtUnits) / UNITS_PER_KWH;
    const networkEnergyCost =
      tariff.tariffs === 1
        ? energyKwh * r.etEurPerKwh
        : vtKwh * r.vtEurPerKwh + mtKwh * r.mtEurPerKwh;
    const networkPowerCost = billingPowerKw * r.powerEurPerKwMonth * month.prorate;
    const energyCost = supplierEnergyCost(month, tariff);
    const monthTotal = energyCost + networkEnergyCost + networkPowerCost;
    total += monthTotal;
    return {
      month: month.key,
      energyKwh,
      vtKwh,
      mtKwh,
      energyCost,
      networkEnergyCost,
      networkPowerCost,
      total: monthTotal,
    };
  });
  return { billingPowerKw, total, months };
}
