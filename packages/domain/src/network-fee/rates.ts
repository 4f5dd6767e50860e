// Tariff data for household consumers (user group 0, "priključeni na NN izvod 400/230 V"), EUR without VAT.
// Everything here is data with validity dates and a source; lookups fail loudly outside the known periods.
// Facts and their confidence are in ../shared/docs/domain-si.md §1.4–§1.7.

import { NetworkFeeError } from './errors.ts';
import {
  dayNumberOf,
  daysInMonth,
  formatMonthKey,
  parseIsoDate,
  type LocalDate,
} from './time-zone.ts';

/** Five numbers, one per block 1–5. */
export type PerBlock = readonly [number, number, number, number, number];

/** Network rates of the block system for a range of dates (boundaries always fall on month starts). */
export interface NetworkRatePeriod {
  /** First day (inclusive, `YYYY-MM-DD`). */
  readonly validFrom: string;
  /** Last day (inclusive, `YYYY-MM-DD`). */
  readonly validTo: string;
  /** Power rate per block, EUR per kW of agreed power per month (transmission + distribution). */
  readonly powerEurPerKwMonth: PerBlock;
  /** Energy rate per block, EUR per kWh (transmission + distribution). */
  readonly energyEurPerKwh: PerBlock;
  /** Whether the block-1 power rate is the reduced phase-in rate. */
  readonly block1Reduced: boolean;
  /** Where the figures come from. */
  readonly source: string;
}

/** Network rates of the five-block system (domain-si.md §1.6), oldest first. */
export const NETWORK_RATES: readonly NetworkRatePeriod[] = [
  {
    validFrom: '2024-10-01',
    validTo: '2024-12-31',
    powerEurPerKwMonth: [3.61324, 0.8824, 0.19137, 0.01316, 0],
    energyEurPerKwh: [0.01958, 0.01844, 0.01837, 0.01838, 0.01847],
    block1Reduced: false,
    // Ur. l. RS 118/23 and 52/24; values from DavidKarlas/Omreznina Logic/BlockPrices.cs, split from
    // EG-ResearchAndDevelopment/tarifni_sistem_si_web_app src/constants.py (agen-rs.si 1.7.2024 price list).
    source:
      'Akt o določitvi tarifnih postavk, Ur. l. RS 118/23, 52/24 (agen-rs.si, komplet za leto 1.7.2024)',
  },
  {
    validFrom: '2025-01-01',
    validTo: '2025-10-31',
    powerEurPerKwMonth: [3.4225, 0.91224, 0.16297, 0.00407, 0],
    energyEurPerKwh: [0.01998, 0.01833, 0.01809, 0.01855, 0.01873],
    block1Reduced: false,
    // Ur. l. RS 97/24; public script si_tarife.py citing agen-rs.si "Tarifne postavke omrežnine za leto 2025";
    // energy rates corroborated by 49jan/hass-slovenian-electricity-costs const.py.
    source: 'Akt o določitvi tarifnih postavk, Ur. l. RS 97/24 (agen-rs.si tarifne postavke 2025)',
  },
  {
    validFrom: '2025-11-01',
    validTo: '2026-02-28',
    // Block 1 cut by 50 % (3.42250 → 1.71126) for Nov 2025–Feb 2026.
    powerEurPerKwMonth: [1.71126, 0.91224, 0.16297, 0.00407, 0],
    energyEurPerKwh: [0.01998, 0.01833, 0.01809, 0.01855, 0.01873],
    block1Reduced: true,
    // Ur. l. RS 82/25 art. 1.a (tax-fin-lex); phase-in adopted 29 Sep 2025 (slovenskenovice 2025-09-30).
    source: 'Akt o določitvi tarifnih postavk, Ur. l. RS 82/25 (reduced block-1 power rate, 50 %)',
  },
  {
    validFrom: '2026-03-01',
    validTo: '2026-10-31',
    powerEurPerKwMonth: [3.82301, 1.0923, 0.28902, 0.02436, 0.00245],
    energyEurPerKwh: [0.02217, 0.01998, 0.01717, 0.01805, 0.01299],
    block1Reduced: false,
    // Ur. l. RS 105/25; public script si_tarife.py citing agen-rs.si "Tarifne postavke omrežnine za leto 2026"
    // (single secondary source, domain-si.md §6 item 7).
    source: 'Akt o določitvi tarifnih postavk, Ur. l. RS 105/25 (agen-rs.si tarifne postavke 2026)',
  },
  {
    validFrom: '2026-11-01',
    validTo: '2026-12-31',
    // Block 1 at 70 % (3.82301 → 2.67611) in the 2026 higher season.
    powerEurPerKwMonth: [2.67611, 1.0923, 0.28902, 0.02436, 0.00245],
    energyEurPerKwh: [0.02217, 0.01998, 0.01717, 0.01805, 0.01299],
    block1Reduced: true,
    // Ur. l. RS 105/25; 2.67611 = 70 % of 3.82301 (si_tarife.py and another public script).
    source:
      'Akt o določitvi tarifnih postavk, Ur. l. RS 105/25 (reduced block-1 power rate, 30 % cut)',
  },
];

/** The factor applied to the block power rate for excess power, by calendar year. */
export interface ExcessFactorPeriod {
  /** First year (inclusive); undefined = no lower bound. */
  readonly fromYear: number | undefined;
  /** Last year (inclusive); undefined = no upper bound. */
  readonly toYear: number | undefined;
  readonly factor: number;
  readonly source: string;
}

/**
 * Excess-power factors (domain-si.md §1.5): DavidKarlas/Omreznina Logic/BlockPrices.cs GetFactor(year); si_tarife.py
 * uses 0.9 for 2025 and 1.05 for 2026; uro.si confirms the phase-in to the full price in 2028.
 */
export const EXCESS_FACTORS: readonly ExcessFactorPeriod[] = [
  {
    fromYear: undefined,
    toYear: 2025,
    factor: 0.9,
    source: 'DavidKarlas BlockPrices.GetFactor; si_tarife.py (2025)',
  },
  {
    fromYear: 2026,
    toYear: 2027,
    factor: 1.05,
    source: 'DavidKarlas BlockPrices.GetFactor; si_tarife.py (2026)',
  },
  {
    fromYear: 2028,
    toYear: undefined,
    factor: 1.2,
    source: 'DavidKarlas BlockPrices.GetFactor; uro.si presežna moč',
  },
];

/** The excess-power factor of a calendar year (0.90 before 2026, 1.05 in 2026–2027, 1.20 from 2028). */
export function excessFactor(year: number): number {
  const p = EXCESS_FACTORS.find(
    (e) =>
      (e.fromYear === undefined || year >= e.fromYear) &&
      (e.toYear === undefined || year <= e.toYear),
  );
  if (!p)
    throw new NetworkFeeError('RATES_NOT_FOUND', `no excess-power factor for ${year}`, { year });
  return p.factor;
}

interface CompiledPeriod<T> {
  readonly from: number;
  readonly to: number;
  readonly value: T;
}

function compile<T extends { validFrom: string; validTo: string | undefined }>(
  list: readonly T[],
): CompiledPeriod<T>[] {
  return list.map((value) => {
    const from = parseIsoDate(value.validFrom);
    const to = value.validTo === undefined ? undefined : parseIsoDate(value.validTo);
    if (!from || (value.validTo !== undefined && !to))
      throw new Error(`invalid validity ${value.validFrom}`);
    return { from: dayNumberOf(from), to: to ? dayNumberOf(to) : Infinity, value };
  });
}

const compiledNetwork = compile(NETWORK_RATES);

function monthBounds(year: number, month: number): [number, number] {
  return [
    dayNumberOf({ year, month, day: 1 }),
    dayNumberOf({ year, month, day: daysInMonth(year, month) }),
  ];
}

/** The network rates in force for a whole month. Throws RATES_NOT_FOUND if no single period covers the month. */
export function networkRatesForMonth(year: number, month: number): NetworkRatePeriod {
  const [first, last] = monthBounds(year, month);
  const p = compiledNetwork.find((c) => c.from <= first && c.to >= last);
  if (!p) {
    throw new NetworkFeeError(
      'RATES_NOT_FOUND',
      `no network rates are known for ${formatMonthKey(year, month)} (known: ${NETWORK_RATES[0]?.validFrom}…${NETWORK_RATES[NETWORK_RATES.length - 1]?.validTo})`,
      { month: formatMonthKey(year, month) },
    );
  }
  return p.value;
}

/** Network rates of the pre-October-2024 system ("old"), household, EUR without VAT. */
export interface OldSystemRates {
  readonly validFrom: string;
  /** Undefined: still used for comparisons after the old system ended (no later figures exist). */
  readonly validTo: string | undefined;
  /** EUR per kW of billing power per month. */
  readonly powerEurPerKwMonth: number;
  /** Energy rates EUR/kWh for VT, MT and ET. */
  readonly vtEurPerKwh: number;
  readonly mtEurPerKwh: number;
  readonly etEurPerKwh: number;
  readonly source: string;
}

/**
 * Old-system rates (domain-si.md §1.7). The old system ended on 30 Sep 2024; its last rates (H1 2024) serve as
 * the comparison for every later month. The 2023 figures (0.77417 EUR/kW, ET 0.03858) are not listed because their
 * VT/MT rates are unknown and the block system starts later anyway.
 */
export const OLD_SYSTEM_RATES: readonly OldSystemRates[] = [
  {
    validFrom: '2024-01-01',
    validTo: undefined,
    powerEurPerKwMonth: 0.796,
    vtEurPerKwh: 0.04308,
    mtEurPerKwh: 0.03311,
    etEurPerKwh: 0.03973,
    // EG-ResearchAndDevelopment constants.py; varcevanje-energije.si (H1 2024); DavidKarlas 0.97112 incl. VAT.
    source: 'EG-R&D tarifni_sistem_si_web_app constants.py; varcevanje-energije.si omrežnina 2024',
  },
];

const compiledOld = compile(OLD_SYSTEM_RATES);

/** The old-system rates used for a month. Throws RATES_NOT_FOUND before 2024. */
export function oldSystemRatesForMonth(year: number, month: number): OldSystemRates {
  const [first, last] = monthBounds(year, month);
  const p = compiledOld.find((c) => c.from <= first && c.to >= last);
  if (!p) {
    throw new NetworkFeeError(
      'RATES_NOT_FOUND',
      `no old-system rates for ${formatMonthKey(year, month)}`,
      {
        month: formatMonthKey(year, month),
      },
    );
  }
  return p.value;
}

/** Number of phases of the connection. */
export type Phases = 1 | 3;

/** A rule for the minimum agreed power of block 1 (art. 12(4) of the methodology act). */
export interface MinimumPowerRule {
  /** First day (inclusive); undefined = no lower bound. */
  readonly validFrom: string | undefined;
  /** Last day (inclusive); undefined = no upper bound. */
  readonly validTo: string | undefined;
  /** Phases it applies to; undefined = both. */
  readonly phases: Phases | undefined;
  /** Connection power range in kW: above `aboveKw` (exclusive) up to `upToKw` (inclusive). */
  readonly aboveKw: number;
  readonly upToKw: number;
  /** Whole percent of the connection power. */
  readonly percent: number;
  /** Lower bound in kW. */
  readonly atLeastKw: number;
  readonly source: string;
}

const ACT_12_4 =
  'Act art. 12(4) as quoted in DavidKarlas/Omreznina CalculationOptions.cs; MarZab fixture 4.6 = 27 % × 17';
const FROM_2026 =
  'public script si_moc.py citing uro.si dogovorjena obračunska moč; MarZab fixture 3.4 = 20 % × 17';

/** Minimum agreed power rules (domain-si.md §1.4). The 2026 one-phase 1.8 kW figure is unconfirmed. */
export const MINIMUM_POWER_RULES: readonly MinimumPowerRule[] = [
  {
    validFrom: undefined,
    validTo: '2025-12-31',
    phases: 1,
    aboveKw: 0,
    upToKw: 43,
    percent: 31,
    atLeastKw: 2,
    source: ACT_12_4,
  },
  {
    validFrom: undefined,
    validTo: '2025-12-31',
    phases: 3,
    aboveKw: 0,
    upToKw: 17,
    percent: 27,
    atLeastKw: 3.5,
    source: ACT_12_4,
  },
  {
    validFrom: undefined,
    validTo: '2025-12-31',
    phases: 3,
    aboveKw: 17,
    upToKw: 43,
    percent: 34,
    atLeastKw: 0,
    source: ACT_12_4,
  },
  {
    validFrom: '2026-01-01',
    validTo: undefined,
    phases: 1,
    aboveKw: 0,
    upToKw: 43,
    percent: 31,
    atLeastKw: 1.8,
    source: FROM_2026,
  },
  // si_moc.py gives 20 % for all three-phase connections up to 43 kW; the > 17 kW case is unconfirmed.
  {
    validFrom: '2026-01-01',
    validTo: undefined,
    phases: 3,
    aboveKw: 0,
    upToKw: 43,
    percent: 20,
    atLeastKw: 2.8,
    source: FROM_2026,
  },
  // > 43 kW: 25 %; assumed unchanged from 2026.
  {
    validFrom: undefined,
    validTo: undefined,
    phases: undefined,
    aboveKw: 43,
    upToKw: Infinity,
    percent: 25,
    atLeastKw: 0,
    source: ACT_12_4,
  },
];

const compiledMinimum = MINIMUM_POWER_RULES.map((rule) => ({
  rule,
  from:
    rule.validFrom === undefined
      ? -Infinity
      : dayNumberOf(parseIsoDate(rule.validFrom) as LocalDate),
  to: rule.validTo === undefined ? Infinity : dayNumberOf(parseIsoDate(rule.validTo) as LocalDate),
}));

/** Converts kW to whole 0.1 kW steps, or undefined if the value is not on the 0.1 kW grid. */
export function kwToTenths(kw: number): number | undefined {
  const tenths = Math.round(kw * 10);
  return Math.abs(tenths - kw * 10) < 1e-6 ? tenths : undefined;
}

/**
 * The minimum agreed power of block 1 on a date, in 0.1 kW steps, for a connection (percent of the connection
 * power rounded half up to 0.1 kW, at least the rule's floor, never above the connection power).
 */
export function minimumAgreedPowerTenths(
  phases: Phases,
  connectionPowerKw: number,
  date: LocalDate,
): number {
  const day = dayNumberOf(date);
  const rule = compiledMinimum.find(
    (r) =>
      day >= r.from &&
      day <= r.to &&
      (r.rule.phases === undefined || r.rule.phases === phases) &&
      connectionPowerKw > r.rule.aboveKw &&
      connectionPowerKw <= r.rule.upToKw,
  )?.rule;
  if (!rule) {
    throw new NetworkFeeError(
      'INVALID_CONNECTION',
      `no minimum-power rule for ${connectionPowerKw} kW`,
      {
        connectionPowerKw,
        phases,
      },
    );
  }
  // kW × percent / 10 is the minimum in 0.1 kW steps (27 % of 17 kW → 45.9 → 46); the epsilon keeps float noise
  // such as 4.590000000000001 from deciding a half-up rounding.
  const fromPercent = Math.floor((connectionPowerKw * rule.percent) / 10 + 0.5 + 1e-9);
  const connectionTenths = Math.floor(connectionPowerKw * 10 + 1e-9);
  return Math.min(connectionTenths, Math.max(fromPercent, Math.round(rule.atLeastKw * 10)));
}

/** The minimum agreed power of block 1 in kW (see {@link minimumAgreedPowerTenths}). */
export function minimumAgreedPowerKw(
  phases: Phases,
  connectionPowerKw: number,
  date: LocalDate,
): number {
  return minimumAgreedPowerTenths(phases, connectionPowerKw, date) / 10;
}

/** Old-system billing power by connection (main fuse), household (domain-si.md §1.7). */
export interface OldBillingPowerRow {
  readonly phases: Phases;
  readonly fuseA: number;
  readonly connectionPowerKw: number;
  readonly billingPowerKw: number;
}

/** Sources: Elektro Maribor "moč"; Elektro Ljubljana FAQ (billing column); DavidKarlas CalculationOptions.cs. */
export const OLD_BILLING_POWER: readonly OldBillingPowerRow[] = [
  { phases: 1, fuseA: 16, connectionPowerKw: 4, billingPowerKw: 3 },
  { phases: 1, fuseA: 20, connectionPowerKw: 5, billingPowerKw: 3 },
  { phases: 1, fuseA: 25, connectionPowerKw: 6, billingPowerKw: 6 },
  { phases: 1, fuseA: 32, connectionPowerKw: 7, billingPowerKw: 7 },
  { phases: 1, fuseA: 35, connectionPowerKw: 8, billingPowerKw: 7 },
  { phases: 3, fuseA: 16, connectionPowerKw: 11, billingPowerKw: 7 },
  { phases: 3, fuseA: 20, connectionPowerKw: 14, billingPowerKw: 7 },
  { phases: 3, fuseA: 25, connectionPowerKw: 17, billingPowerKw: 10 },
  { phases: 3, fuseA: 32, connectionPowerKw: 22, billingPowerKw: 22 },
  { phases: 3, fuseA: 35, connectionPowerKw: 24, billingPowerKw: 24 },
  { phases: 3, fuseA: 40, connectionPowerKw: 28, billingPowerKw: 28 },
  { phases: 3, fuseA: 50, connectionPowerKw: 35, billingPowerKw: 35 },
  { phases: 3, fuseA: 63, connectionPowerKw: 43, billingPowerKw: 43 },
];

/** The old-system billing power for a standard connection, or undefined for a connection not in the table. */
export function oldBillingPowerKw(phases: Phases, connectionPowerKw: number): number | undefined {
  return OLD_BILLING_POWER.find(
    (r) => r.phases === phases && r.connectionPowerKw === connectionPowerKw,
  )?.billingPowerKw;
}
