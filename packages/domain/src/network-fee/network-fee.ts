// One call for the whole comparison: the agreed powers in force ("new"), the optimal ones ("optimized"), the
// user's own ("custom") and the pre-October-2024 system ("old").

import {
  agreedPowerLimits,
  deriveDistributorAgreedPower,
  requireValidAgreedPowers,
  type ConnectionInfo,
  type DerivedAgreedPower,
  type DeterminedBy,
} from './agreed-power.ts';
import type { TariffCount } from './calendar.ts';
import {
  calculateOldSystem,
  calculateScenario,
  excessChargedFor,
  type EnergyPrices,
  type OldSystemResult,
  type ScenarioResult,
  type ScheduleSegment,
  type SupplierTariff,
} from './calculate.ts';
import { NetworkFeeError } from './errors.ts';
import { optimizeAgreedPower } from './optimize.ts';
import { oldBillingPowerKw } from './rates.ts';
import { annotateSeries, preparePeriod, type MeterSeries } from './series.ts';
import { dateOfDayNumber, dayNumberOf, formatIsoDate, parseIsoDate } from './time-zone.ts';

/** Agreed powers in force over a range of local dates (inclusive); open ends extend to the calculation range. */
export interface AgreedPowerPeriod {
  /** First day `YYYY-MM-DD` (inclusive); undefined = from the start of the range. */
  readonly from?: string;
  /** Last day `YYYY-MM-DD` (inclusive); undefined = to the end of the range. */
  readonly to?: string;
  /** P1…P5 in kW. */
  readonly valuesKw: readonly number[];
  /** Who set them; decides whether excess is charged. */
  readonly determinedBy: DeterminedBy;
}

/** Everything the comparison needs. */
export interface NetworkFeeInput {
  readonly series: MeterSeries;
  /** Calculation range, local dates `YYYY-MM-DD` inclusive; default: the days of the first and last interval. */
  readonly from?: string;
  readonly to?: string;
  readonly connection: ConnectionInfo;
  /**
   * The agreed powers in force, possibly changing between periods (e.g. the portal's yearly records). They must
   * cover the whole range. Absent: derived as the operator does (see deriveDistributorAgreedPower).
   */
  readonly current?: readonly AgreedPowerPeriod[];
  /** Who set the derived agreed powers when `current` is absent; default DISTRIBUTER. */
  readonly determinedBy?: DeterminedBy;
  /** The user's own five values for the "custom" scenario. */
  readonly custom?: readonly number[];
  /** Number of meter tariffs: 1 (ET) or 2 (VT/MT, also used when unknown). Default 2. */
  readonly tariffs?: TariffCount;
  /** Supplier energy prices EUR/kWh; missing ones are 0. */
  readonly prices?: Partial<EnergyPrices>;
  /** Billing power of the old system; default from the connection (standard fuse table). */
  readonly oldBillingPowerKw?: number;
  /**
   * Price the data under the rules of this tariff year (block layout, seasons, rates, excess factor, minimum agreed
   * power): each interval's month is priced as the same month of the tariff year, its day type (working or not) is
   * its own real date's. Must be one of TARIFF_YEARS, else TARIFF_YEAR_NOT_COVERED. Absent: each interval's own date.
   */
  readonly tariffYear?: number;
}

/** The comparison; `custom` only when custom values were given. */
export interface NetworkFeeResult {
  readonly scenarios: {
    readonly new: ScenarioResult;
    readonly optimized: ScenarioResult;
    readonly custom?: ScenarioResult;
    readonly old: OldSystemResult;
  };
}

function dayOf(text: string, what: string): number {
  const date = parseIsoDate(text);
  if (!date)
    throw new NetworkFeeError('INVALID_DATE', `${what} must be a date YYYY-MM-DD, got "${text}"`, {
      value: text,
    });
  return dayNumberOf(date);
}

const iso = (day: number): string => formatIsoDate(dateOfDayNumber(day));

/** Clips periods to the range, checks they cover it exactly once, and validates each period's values. */
function scheduleFromPeriods(
  periods: readonly AgreedPowerPeriod[],
  fromDay: number,
  toDay: number,
  connection: ConnectionInfo,
  tariffYear: number | undefined,
): ScheduleSegment[] {
  const clipped = periods
    .map((p, index) => ({
      p,
      index,
      fromDay: Math.max(fromDay, p.from === undefined ? -Infinity : dayOf(p.from, 'period start')),
      toDay: Math.min(toDay, p.to === undefined ? Infinity : dayOf(p.to, 'period end')),
    }))
    .filter((c) => c.fromDay <= c.toDay)
    .sort((a, b) => a.fromDay - b.fromDay);
  let next = fromDay;
  const segments: ScheduleSegment[] = [];
  for (const c of clipped) {
    if (c.fromDay > next) {
      throw new NetworkFeeError(
        'AGREED_POWER_PERIOD_GAP',
        `no agreed powers are given for ${iso(next)}`,
        { date: iso(next) },
      );
    }
    if (c.fromDay < next) {
      throw new NetworkFeeError(
        'AGREED_POWER_PERIOD_OVERLAP',
        `agreed-power periods overlap on ${iso(c.fromDay)}`,
        {
          date: iso(c.fromDay),
        },
      );
    }
    const limits = agreedPowerLimits(connection, c.fromDay, c.toDay, tariffYear);
    const tenths = requireValidAgreedPowers(c.p.valuesKw, limits, 'new');
    segments.push({
      fromDay: c.fromDay,
      toDay: c.toDay,
      tenths,
      excessCharged: excessChargedFor(c.p.determinedBy),
    });
    next = c.toDay + 1;
  }
  if (next <= toDay) {
    throw new NetworkFeeError(
      'AGREED_POWER_PERIOD_GAP',
      `no agreed powers are given for ${iso(next)}`,
      { date: iso(next) },
    );
  }
  return segments;
}

/**
 * The agreed powers the operator would have set, derived from the whole series with the limits of the range
 * (exported so callers can show how "current" was obtained); under a tariff year's layout and minimum when given.
 */
export function deriveCurrentAgreedPower(
  series: MeterSeries,
  connection: ConnectionInfo,
  from?: string,
  to?: string,
  tariffYear?: number,
): DerivedAgreedPower {
  const annotated = annotateSeries(series, tariffYear);
  const period = preparePeriod(annotated, from, to);
  return deriveDistributorAgreedPower(
    annotated,
    agreedPowerLimits(connection, period.fromDay, period.toDay, tariffYear),
  );
}

/** Calculates every scenario of the comparison. Throws NetworkFeeError with a code and parameters on bad input. */
export function calculateNetworkFee(input: NetworkFeeInput): NetworkFeeResult {
  const annotated = annotateSeries(input.series, input.tariffYear);
  const period = preparePeriod(annotated, input.from, input.to);
  const limits = agreedPowerLimits(
    input.connection,
    period.fromDay,
    period.toDay,
    input.tariffYear,
  );
  const tariff: SupplierTariff = {
    tariffs: input.tariffs ?? 2,
    prices: { vt: input.prices?.vt ?? 0, mt: input.prices?.mt ?? 0, et: input.prices?.et ?? 0 },
  };

  const periods: readonly AgreedPowerPeriod[] = input.current ?? [
    {
      valuesKw: deriveDistributorAgreedPower(annotated, limits).valuesKw,
      determinedBy: input.determinedBy ?? 'DISTRIBUTER',
    },
  ];
  const schedule = scheduleFromPeriods(
    periods,
    period.fromDay,
    period.toDay,
    input.connection,
    input.tariffYear,
  );
  const lastTenths = schedule[schedule.length - 1]?.tenths ?? [];
  const newScenario = calculateScenario(
    period,
    schedule,
    tariff,
    lastTenths.map((t) => t / 10),
  );

  const whole = (tenths: readonly number[]): ScheduleSegment[] => [
    { fromDay: period.fromDay, toDay: period.toDay, tenths, excessCharged: true },
  ];
  const optimal = optimizeAgreedPower(period, limits);
  const optimized = calculateScenario(period, whole(optimal.tenths), tariff, optimal.agreedPowerKw);

  let custom: ScenarioResult | undefined;
  if (input.custom) {
    const tenths = requireValidAgreedPowers(input.custom, limits, 'custom');
    custom = calculateScenario(
      period,
      whole(tenths),
      tariff,
      tenths.map((t) => t / 10),
    );
  }

  const { phases, connectionPowerKw } = input.connection;
  const billing =
    input.oldBillingPowerKw ??
    (phases !== undefined && connectionPowerKw !== undefined
      ? oldBillingPowerKw(phases, connectionPowerKw)
      : undefined);
  if (billing === undefined) {
    throw new NetworkFeeError(
      'OLD_BILLING_POWER_UNKNOWN',
      'the old-system billing power is unknown: it follows from a standard connection (phases and connection power of a standard fuse) or must be given',
      { phases, connectionPowerKw },
    );
  }
  const old = calculateOldSystem(period, billing, tariff);
  return {
    scenarios: custom
      ? { new: newScenario, optimized, custom, old }
      : { new: newScenario, optimized, old },
  };
}
