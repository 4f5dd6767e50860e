// Agreed power (dogovorjena obračunska moč): the rules a set of five values must satisfy, the limits that apply over
// a date range, and the operator's own determination from past data (domain-si.md §1.4).

import { dayInfo, tariffDateOf } from './calendar.ts';
import { NetworkFeeError, type AgreedPowerIssue } from './errors.ts';
import { minimumAgreedPowerTenths, type Phases } from './rates.ts';
import { requireTariffYear } from './tariff-year.ts';
import { POWER_UNITS_PER_KW, UNITS_PER_TENTH, type AnnotatedSeries } from './series.ts';
import {
  DAY_MS,
  HOUR_MS,
  INTERVAL_MS,
  dateOfDayNumber,
  dayNumberOf,
  formatIsoDate,
  ljubljanaOffsetMs,
  localDayStartMs,
} from './time-zone.ts';

/** Who set the agreed power: the operator (DISTRIBUTER; excess is not charged) or the user (UPORABNIK). */
export type DeterminedBy = 'DISTRIBUTER' | 'UPORABNIK';

/** What is known about the connection. */
export interface ConnectionInfo {
  /** 1 or 3 phases (needed to derive the minimum). */
  readonly phases?: Phases;
  /** Connection power from the connection approval, kW (the ceiling; needed to derive the minimum). */
  readonly connectionPowerKw?: number;
  /** Minimum agreed power of block 1 in kW; overrides the derived minimum. */
  readonly minimumPowerKw?: number;
}

/** The limits for agreed powers over a date range, in 0.1 kW steps. */
export interface AgreedPowerLimits {
  /** The smallest allowed block-1 value. */
  readonly minimumTenths: number;
  /** The largest allowed value (connection power), or undefined when unknown. */
  readonly connectionTenths: number | undefined;
}

/**
 * The agreed-power limits over local days [fromDay, toDay]. A single set of values must be valid on every day, so
 * the derived minimum is the largest daily minimum of the range (the rule changed on 1 Jan 2026); under a tariff
 * year, each day's minimum is that of the same date in the tariff year. Throws MINIMUM_POWER_UNKNOWN when neither a
 * minimum nor phases and connection power are given.
 */
export function agreedPowerLimits(
  connection: ConnectionInfo,
  fromDay: number,
  toDay: number,
  tariffYear?: number,
): AgreedPowerLimits {
  if (tariffYear !== undefined) requireTariffYear(tariffYear);
  const { phases, connectionPowerKw, minimumPowerKw } = connection;
  let connectionTenths: number | undefined;
  if (connectionPowerKw !== undefined) {
    if (!Number.isFinite(connectionPowerKw) || connectionPowerKw <= 0) {
      throw new NetworkFeeError(
        'INVALID_CONNECTION',
        `connection power must be a positive number of kW`,
        {
          connectionPowerKw,
        },
      );
    }
    connectionTenths = Math.floor(connectionPowerKw * 10 + 1e-9);
  }
  if (minimumPowerKw !== undefined) {
    if (!Number.isFinite(minimumPowerKw) || minimumPowerKw <= 0) {
      throw new NetworkFeeError(
        'INVALID_CONNECTION',
        'the minimum power must be a positive number of kW',
        {
          minimumPowerKw,
        },
      );
    }
    // A minimum between grid steps means the first allowed step above it.
    return { minimumTenths: Math.ceil(minimumPowerKw * 10 - 1e-9), connectionTenths };
  }
  if (phases === undefined || connectionPowerKw === undefined) {
    throw new NetworkFeeError(
      'MINIMUM_POWER_UNKNOWN',
      'the minimum agreed power is unknown: give the minimum power, or the phases and the connection power',
      {},
    );
  }
  let minimumTenths = 0;
  for (let d = fromDay; d <= toDay; d++) {
    minimumTenths = Math.max(
      minimumTenths,
      minimumAgreedPowerTenths(
        phases,
        connectionPowerKw,
        tariffDateOf(dateOfDayNumber(d), tariffYear),
      ),
    );
  }
  return { minimumTenths, connectionTenths };
}

/**
 * Checks five agreed powers (kW) against the rules: numbers on the 0.1 kW grid, P1 ≥ minimum,
 * P1 ≤ P2 ≤ P3 ≤ P4 ≤ P5, none above the connection power. Returns every problem found (empty when valid).
 */
export function validateAgreedPowers(
  valuesKw: readonly number[],
  limits: AgreedPowerLimits,
): AgreedPowerIssue[] {
  if (valuesKw.length !== 5)
    return [{ code: 'AGREED_POWER_COUNT', expected: 5, actual: valuesKw.length }];
  const issues: AgreedPowerIssue[] = [];
  const tenths: (number | undefined)[] = [];
  valuesKw.forEach((v, i) => {
    const block = i + 1;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      issues.push({ code: 'AGREED_POWER_NOT_NUMBER', block });
      tenths.push(undefined);
      return;
    }
    const t = Math.round(v * 10);
    if (Math.abs(t - v * 10) > 1e-6) issues.push({ code: 'AGREED_POWER_STEP', block, valueKw: v });
    tenths.push(t);
  });
  const p1 = tenths[0];
  if (p1 !== undefined && p1 < limits.minimumTenths) {
    issues.push({
      code: 'AGREED_POWER_BELOW_MINIMUM',
      block: 1,
      valueKw: valuesKw[0] as number,
      minimumKw: limits.minimumTenths / 10,
    });
  }
  for (let i = 1; i < 5; i++) {
    const prev = tenths[i - 1];
    const cur = tenths[i];
    if (prev !== undefined && cur !== undefined && cur < prev) {
      issues.push({
        code: 'AGREED_POWER_ORDER',
        block: i + 1,
        valueKw: valuesKw[i] as number,
        previousKw: valuesKw[i - 1] as number,
      });
    }
  }
  if (limits.connectionTenths !== undefined) {
    tenths.forEach((t, i) => {
      if (t !== undefined && t > (limits.connectionTenths as number)) {
        issues.push({
          code: 'AGREED_POWER_ABOVE_CONNECTION',
          block: i + 1,
          valueKw: valuesKw[i] as number,
          connectionPowerKw: (limits.connectionTenths as number) / 10,
        });
      }
    });
  }
  return issues;
}

/** Validates five agreed powers and returns them in 0.1 kW steps; throws INVALID_AGREED_POWER with the issues. */
export function requireValidAgreedPowers(
  valuesKw: readonly number[],
  limits: AgreedPowerLimits,
  what: string,
): number[] {
  const issues = validateAgreedPowers(valuesKw, limits);
  if (issues.length > 0) {
    throw new NetworkFeeError(
      'INVALID_AGREED_POWER',
      `invalid agreed powers (${what})`,
      { scenario: what },
      issues,
    );
  }
  return valuesKw.map((v) => Math.round(v * 10));
}

/** The operator's determination of agreed power from a higher season of data. */
export interface DerivedAgreedPower {
  /** The five values in kW after minimum, ordering and ceiling. */
  readonly valuesKw: readonly number[];
  /** The higher season used, as inclusive local dates. */
  readonly seasonFrom: string;
  readonly seasonTo: string;
  /** Average of the three highest 15-minute powers per block 1–4 before rounding and rules, kW. */
  readonly peakAveragesKw: readonly number[];
  /** Share of the season's block-1 intervals present in the data (0–1). */
  readonly block1Coverage: number;
}

/** Below this share of block-1 intervals the operator treats the user as new (Ur. l. 30/24 art. 1). */
export const MIN_BLOCK1_COVERAGE = 0.7;

/**
 * Derives the agreed powers as the operator does for users up to 43 kW (Ur. l. 161/22 art. 1): for blocks 1–4 the
 * average of the three highest 15-minute powers in that block during the last higher season (November–February),
 * rounded half up to 0.1 kW; then block 1 is raised to the minimum, each later block to at least the previous one,
 * block 5 equals block 4, and no value exceeds the connection power. "Last higher season" is the latest one for
 * which the data holds at least 70 % of its block-1 intervals; if there is none, throws CURRENT_NOT_DERIVABLE.
 */
export function deriveDistributorAgreedPower(
  series: AnnotatedSeries,
  limits: AgreedPowerLimits,
): DerivedAgreedPower {
  const notDerivable = (reason: string): NetworkFeeError =>
    new NetworkFeeError(
      'CURRENT_NOT_DERIVABLE',
      `the agreed powers in force cannot be derived (${reason}); give them explicitly`,
      { reason },
    );
  if (series.count === 0) throw notDerivable('no data');
  const firstYear = dateOfDayNumber(series.dayNumber[0] as number).year;
  const lastYear = dateOfDayNumber(series.dayNumber[series.count - 1] as number).year;
  for (let y = lastYear; y >= firstYear - 1; y--) {
    const fromDay = dayNumberOf({ year: y, month: 11, day: 1 });
    const toDay = dayNumberOf({ year: y + 1, month: 3, day: 1 }) - 1;
    const expected = expectedBlock1Quarters(fromDay, toDay, series.tariffYear);
    if (expected === undefined || expected === 0) continue;
    const tops = [[], [], [], [], [], []] as number[][];
    let present = 0;
    for (let i = 0; i < series.count; i++) {
      const d = series.dayNumber[i] as number;
      if (d < fromDay || d > toDay) continue;
      const b = series.block[i] as number;
      if (b === 1) present++;
      insertTop3(tops[b] as number[], series.units[i] as number);
    }
    const coverage = present / expected;
    if (coverage < MIN_BLOCK1_COVERAGE) continue;
    const averages = [1, 2, 3, 4].map((b) => {
      const t = tops[b] as number[];
      return t.length === 0 ? 0 : t.reduce((s, v) => s + v, 0) / t.length;
    });
    const tenths = averages.map((a) => Math.floor(a / UNITS_PER_TENTH + 0.5));
    tenths[0] = Math.max(tenths[0] as number, limits.minimumTenths);
    for (let b = 1; b < 4; b++) tenths[b] = Math.max(tenths[b] as number, tenths[b - 1] as number);
    tenths.push(tenths[3] as number);
    const capped = tenths.map((t) =>
      limits.connectionTenths === undefined ? t : Math.min(t, limits.connectionTenths),
    );
    return {
      valuesKw: capped.map((t) => t / 10),
      seasonFrom: formatIsoDate(dateOfDayNumber(fromDay)),
      seasonTo: formatIsoDate(dateOfDayNumber(toDay)),
      peakAveragesKw: averages.map((a) => a / POWER_UNITS_PER_KW),
      block1Coverage: coverage,
    };
  }
  throw notDerivable(
    `no higher season (November–February) within the block-layout years holds ${MIN_BLOCK1_COVERAGE * 100} % of its block-1 intervals`,
  );
}

/** Block-1 quarter hours in local days [fromDay, toDay], walking real instants so DST days count right. */
function expectedBlock1Quarters(
  fromDay: number,
  toDay: number,
  tariffYear: number | undefined,
): number | undefined {
  const end = localDayStartMs(toDay + 1);
  let count = 0;
  let currentDay = Number.NaN;
  let blocks = dayInfo(fromDay, tariffYear).blocks;
  for (let t = localDayStartMs(fromDay); t < end; t += INTERVAL_MS) {
    const local = t + ljubljanaOffsetMs(t);
    const d = Math.floor(local / DAY_MS);
    if (d !== currentDay) {
      currentDay = d;
      blocks = dayInfo(d, tariffYear).blocks;
      if (!blocks) return undefined;
    }
    if (blocks?.[Math.floor((local - d * DAY_MS) / HOUR_MS)] === 1) count++;
  }
  return count;
}

function insertTop3(top: number[], v: number): void {
  if (top.length < 3) {
    top.push(v);
    top.sort((a, b) => b - a);
  } else if (v > (top[2] as number)) {
    top[2] = v;
    top.sort((a, b) => b - a);
  }
}
