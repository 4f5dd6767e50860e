// Tariff calendar: seasons, work-free days, the five time blocks and the supplier's VT/MT windows, all in
// Europe/Ljubljana local time. Block layouts are data with validity ranges so that the announced 2027 layout is a
// new entry, not new code; an instant outside every layout is an error, never a guess.

import { NetworkFeeError } from './errors.ts';
import {
  INTERVAL_MS,
  dateOfDayNumber,
  dayNumberOf,
  daysInMonth,
  formatIsoDate,
  formatLocalTimestamp,
  parseIsoDate,
  toLocalDateTime,
  weekdayOfDayNumber,
  type LocalDate,
} from './time-zone.ts';

/** A time block, 1 (most expensive) to 5 (cheapest). */
export type BlockNumber = 1 | 2 | 3 | 4 | 5;
/** All block numbers in order. */
export const BLOCK_NUMBERS: readonly BlockNumber[] = [1, 2, 3, 4, 5];
/** Higher season (November–February) or lower season (March–October). */
export type Season = 'higher' | 'lower';
/** The supplier's energy-price window: VT (higher), MT (lower) or ET (single tariff). */
export type EnergyWindow = 'VT' | 'MT' | 'ET';
/** Number of tariff registers of the meter: 1 = ET only, 2 = VT and MT. */
export type TariffCount = 1 | 2;

/** Blocks for each local hour 0–23 (hour h covers [h:00, h+1:00)). */
export type HourBlocks = readonly BlockNumber[];

/** A block layout in force for a range of local dates. */
export interface BlockLayout {
  /** Short identifier for messages and tests. */
  readonly id: string;
  /** First local date (inclusive, `YYYY-MM-DD`). */
  readonly validFrom: string;
  /** Last local date (inclusive, `YYYY-MM-DD`). */
  readonly validTo: string;
  /** Months (1–12) of the higher season. */
  readonly higherSeasonMonths: readonly number[];
  /** Hour tables by season and day type. */
  readonly hours: {
    readonly higherWorking: HourBlocks;
    readonly lowerWorking: HourBlocks;
    readonly higherNonWorking: HourBlocks;
    readonly lowerNonWorking: HourBlocks;
  };
  /** Where the table comes from. */
  readonly source: string;
}

function hourTable(night: BlockNumber, shoulder: BlockNumber, peak: BlockNumber): HourBlocks {
  // 00–06 night, 06–07 shoulder, 07–14 peak, 14–16 shoulder, 16–20 peak, 20–22 shoulder, 22–24 night.
  const spans: [number, BlockNumber][] = [
    [6, night],
    [7, shoulder],
    [14, peak],
    [16, shoulder],
    [20, peak],
    [22, shoulder],
    [24, night],
  ];
  const table: BlockNumber[] = [];
  for (const [end, block] of spans) while (table.length < end) table.push(block);
  return table;
}

/**
 * Block layouts in force, oldest first. Add the 2027 layout as a new entry once its hour table is published
 * (domain-si.md §1.1 says the press versions disagree, so it is deliberately not guessed here).
 */
export const BLOCK_LAYOUTS: readonly BlockLayout[] = [
  {
    id: '2024-10',
    validFrom: '2024-10-01',
    validTo: '2026-12-31',
    higherSeasonMonths: [11, 12, 1, 2],
    hours: {
      higherWorking: hourTable(3, 2, 1),
      lowerWorking: hourTable(4, 3, 2),
      higherNonWorking: hourTable(4, 3, 2),
      lowerNonWorking: hourTable(5, 4, 3),
    },
    // uro.si "časovni blok" (https://www.uro.si/w/casovni-blok); same table in msetina/moj-elektro-v1
    // blocks/time_blocks.json and frlequ/home-assistant-network-tariff (domain-si.md §1.2).
    source:
      'uro.si časovni blok; Akt o metodologiji za obračunavanje omrežnine (Ur. l. RS 146/22 and amendments)',
  },
];

/**
 * The supplier's VT window on working days, local hours [from, to); MT is every other hour. Source: domain-si.md
 * §1.7 (public script si_cas.py citing GEN-I/Petrol; 49jan/hass-slovenian-electricity-costs const.py).
 */
export const VT_HOURS = { from: 6, to: 22 } as const;

/** How well a work-free day is sourced (domain-si.md marks facts **[unconfirmed]** where only one weak source exists). */
export type SourceConfidence = 'confirmed' | 'unconfirmed';

/** When a recurring work-free day falls: a fixed month and day, or a day offset from Easter Sunday. */
export type WorkFreeDayDate =
  { readonly month: number; readonly day: number } | { readonly easterOffsetDays: number };

/** A recurring work-free day with the years in which the rule holds (inclusive; undefined = open). */
export interface WorkFreeDayRule {
  readonly name: string;
  readonly date: WorkFreeDayDate;
  readonly fromYear?: number;
  readonly toYear?: number;
  readonly source: string;
}

const HOLIDAYS_LAW =
  'Zakon o praznikih in dela prostih dnevih; domain-si.md §1.3 (vacanza/holidays slovenia.py, slovenia.si)';

/**
 * Recurring work-free days (Zakon o praznikih in dela prostih dnevih; domain-si.md §1.3). Holidays that are not
 * work-free (8 Jun, 17 Aug, 15 Sep, …) are ordinary working days and are deliberately absent. A change of the law
 * is a new row with validity years, not new code.
 */
export const WORK_FREE_DAY_RULES: readonly WorkFreeDayRule[] = [
  { name: 'novo leto', date: { month: 1, day: 1 }, source: HOLIDAYS_LAW },
  // 2 January was not work-free in 2013–2016 and was restored in 2017.
  { name: 'novo leto', date: { month: 1, day: 2 }, toYear: 2012, source: HOLIDAYS_LAW },
  { name: 'novo leto', date: { month: 1, day: 2 }, fromYear: 2017, source: HOLIDAYS_LAW },
  { name: 'Prešernov dan', date: { month: 2, day: 8 }, source: HOLIDAYS_LAW },
  { name: 'velikonočna nedelja', date: { easterOffsetDays: 0 }, source: HOLIDAYS_LAW },
  { name: 'velikonočni ponedeljek', date: { easterOffsetDays: 1 }, source: HOLIDAYS_LAW },
  { name: 'dan upora proti okupatorju', date: { month: 4, day: 27 }, source: HOLIDAYS_LAW },
  { name: 'praznik dela', date: { month: 5, day: 1 }, source: HOLIDAYS_LAW },
  { name: 'praznik dela', date: { month: 5, day: 2 }, source: HOLIDAYS_LAW },
  { name: 'binkoštna nedelja', date: { easterOffsetDays: 49 }, source: HOLIDAYS_LAW },
  { name: 'dan državnosti', date: { month: 6, day: 25 }, source: HOLIDAYS_LAW },
  { name: 'Marijino vnebovzetje', date: { month: 8, day: 15 }, source: HOLIDAYS_LAW },
  { name: 'dan reformacije', date: { month: 10, day: 31 }, source: HOLIDAYS_LAW },
  { name: 'dan spomina na mrtve', date: { month: 11, day: 1 }, source: HOLIDAYS_LAW },
  { name: 'božič', date: { month: 12, day: 25 }, source: HOLIDAYS_LAW },
  { name: 'dan samostojnosti in enotnosti', date: { month: 12, day: 26 }, source: HOLIDAYS_LAW },
];

/** A single work-free day declared by a law of its own (not recurring). */
export interface OneOffWorkFreeDay {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly name: string;
  readonly source: string;
  readonly confidence: SourceConfidence;
}

/** One-off work-free days declared by law. */
export const ONE_OFF_WORK_FREE_DAYS: readonly OneOffWorkFreeDay[] = [
  {
    date: '2023-08-14',
    name: 'dan solidarnosti',
    // domain-si.md §1.3: "14 Aug 2023 was a one-off work-free day of solidarity after the floods; [unconfirmed]".
    source: 'domain-si.md §1.3 (one-off work-free day after the August 2023 floods)',
    confidence: 'unconfirmed',
  },
];

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/** A work-free day of a year with its name, source and how well that source holds. */
export interface WorkFreeDay extends LocalDate {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly name: string;
  readonly source: string;
  readonly confidence: SourceConfidence;
  /** True for a day declared once by law rather than a recurring holiday. */
  readonly oneOff: boolean;
}

/** @deprecated Use {@link WorkFreeDay}. */
export type Holiday = WorkFreeDay;

const workFreeCache = new Map<number, Map<number, WorkFreeDay>>();

function ruleHolds(rule: WorkFreeDayRule, year: number): boolean {
  return (
    (rule.fromYear === undefined || year >= rule.fromYear) &&
    (rule.toYear === undefined || year <= rule.toYear)
  );
}

function workFreeByDayNumber(year: number): Map<number, WorkFreeDay> {
  let map = workFreeCache.get(year);
  if (map) return map;
  map = new Map();
  const easter = dayNumberOf(easterSunday(year));
  const add = (n: number, entry: Omit<WorkFreeDay, keyof LocalDate | 'date'>): void => {
    if (map?.has(n)) return;
    const date = dateOfDayNumber(n);
    map?.set(n, { ...date, date: formatIsoDate(date), ...entry });
  };
  for (const rule of WORK_FREE_DAY_RULES) {
    if (!ruleHolds(rule, year)) continue;
    const n =
      'easterOffsetDays' in rule.date
        ? easter + rule.date.easterOffsetDays
        : dayNumberOf({ year, month: rule.date.month, day: rule.date.day });
    add(n, { name: rule.name, source: rule.source, confidence: 'confirmed', oneOff: false });
  }
  for (const day of ONE_OFF_WORK_FREE_DAYS) {
    const date = parseIsoDate(day.date);
    if (!date) throw new Error(`one-off work-free day ${day.date}: invalid date`);
    if (date.year !== year) continue;
    add(dayNumberOf(date), {
      name: day.name,
      source: day.source,
      confidence: day.confidence,
      oneOff: true,
    });
  }
  workFreeCache.set(year, map);
  return map;
}

function toLocalDate(date: LocalDate | string): LocalDate {
  if (typeof date !== 'string') return date;
  const parsed = parseIsoDate(date);
  if (!parsed) {
    throw new NetworkFeeError('INVALID_DATE', `expected a date YYYY-MM-DD, got "${date}"`, {
      value: date,
    });
  }
  return parsed;
}

/** The work-free days declared by law in a year (recurring holidays and one-off days), in date order. */
export function workFreeDays(year: number): WorkFreeDay[] {
  return [...workFreeByDayNumber(year)].sort((x, y) => x[0] - y[0]).map(([, day]) => day);
}

/**
 * Whether a date (`LocalDate` or `YYYY-MM-DD`) is work-free by law: a work-free holiday or a one-off work-free day.
 * Weekends are not included here; see {@link isWorkingDay}.
 */
export function isWorkFreeDay(date: LocalDate | string): boolean {
  const d = toLocalDate(date);
  return workFreeByDayNumber(d.year).has(dayNumberOf(d));
}

/** The work-free holidays of a year, in date order (same as {@link workFreeDays}). */
export function workFreeHolidays(year: number): WorkFreeDay[] {
  return workFreeDays(year);
}

/** Whether a date is work-free by law (same as {@link isWorkFreeDay}). */
export function isWorkFreeHoliday(date: LocalDate): boolean {
  return isWorkFreeDay(date);
}

/** Whether a date is a working day (not Saturday, Sunday or a work-free day). */
export function isWorkingDay(date: LocalDate): boolean {
  const n = dayNumberOf(date);
  return weekdayOfDayNumber(n) <= 5 && !workFreeByDayNumber(date.year).has(n);
}

interface CompiledLayout {
  readonly layout: BlockLayout;
  readonly fromDay: number;
  readonly toDay: number;
  readonly higher: ReadonlySet<number>;
}

function compileLayouts(layouts: readonly BlockLayout[]): CompiledLayout[] {
  return layouts.map((layout) => {
    const from = parseIsoDate(layout.validFrom);
    const to = parseIsoDate(layout.validTo);
    if (!from || !to) throw new Error(`block layout ${layout.id}: invalid validity dates`);
    return {
      layout,
      fromDay: dayNumberOf(from),
      toDay: dayNumberOf(to),
      higher: new Set(layout.higherSeasonMonths),
    };
  });
}

const compiled = compileLayouts(BLOCK_LAYOUTS);

/** Everything the calculation needs to know about one local day. */
export interface DayInfo extends LocalDate {
  readonly dayNumber: number;
  /** Working day by the day's own real date (weekday and work-free days), whatever the tariff year. */
  readonly working: boolean;
  /** The tariff year whose rules the layout comes from (undefined: the day's own date). */
  readonly tariffYear: number | undefined;
  /** Undefined when no block layout covers the day (or its counterpart in the tariff year). */
  readonly layout: BlockLayout | undefined;
  readonly season: Season | undefined;
  /** Block per local hour 0–23 (undefined outside layouts). */
  readonly blocks: HourBlocks | undefined;
  /** 1 where the hour is in the supplier's VT window, per local hour 0–23. */
  readonly vt: readonly (0 | 1)[];
}

/**
 * The date whose tariff rules apply to a local date priced under a tariff year: the same month and day in the tariff
 * year (29 February becomes the 28th in a common year). Without a tariff year, the date itself.
 */
export function tariffDateOf(date: LocalDate, tariffYear?: number): LocalDate {
  if (tariffYear === undefined || tariffYear === date.year) return date;
  return {
    year: tariffYear,
    month: date.month,
    day: Math.min(date.day, daysInMonth(tariffYear, date.month)),
  };
}

/** Days under their own dates (the common case, one lookup) and per tariff year. */
const plainDays = new Map<number, DayInfo>();
const tariffYearDays = new Map<number, Map<number, DayInfo>>();
let dayCacheSize = 0;

/**
 * Calendar facts of a local day given as a day number (days since 1970-01-01). Cached. With a tariff year, the
 * layout and season are those of the same month and day in the tariff year, while the day type (working or not)
 * and the VT window stay those of the real date.
 */
export function dayInfo(dayNumber: number, tariffYear?: number): DayInfo {
  let cache = tariffYear === undefined ? plainDays : tariffYearDays.get(tariffYear);
  const cached = cache?.get(dayNumber);
  if (cached) return cached;
  const date = dateOfDayNumber(dayNumber);
  const working =
    weekdayOfDayNumber(dayNumber) <= 5 && !workFreeByDayNumber(date.year).has(dayNumber);
  const ruleDate = tariffDateOf(date, tariffYear);
  const ruleDay = ruleDate === date ? dayNumber : dayNumberOf(ruleDate);
  const c = compiled.find((l) => ruleDay >= l.fromDay && ruleDay <= l.toDay);
  const season: Season | undefined = c
    ? c.higher.has(ruleDate.month)
      ? 'higher'
      : 'lower'
    : undefined;
  let blocks: HourBlocks | undefined;
  if (c) {
    const h = c.layout.hours;
    if (season === 'higher') blocks = working ? h.higherWorking : h.higherNonWorking;
    else blocks = working ? h.lowerWorking : h.lowerNonWorking;
  }
  const vt: (0 | 1)[] = [];
  for (let hour = 0; hour < 24; hour++) {
    vt.push(working && hour >= VT_HOURS.from && hour < VT_HOURS.to ? 1 : 0);
  }
  const info: DayInfo = {
    ...date,
    dayNumber,
    working,
    tariffYear,
    layout: c?.layout,
    season,
    blocks,
    vt,
  };
  // The caches are bounded so a long-running server does not grow them without limit.
  if (dayCacheSize > 40_000) {
    plainDays.clear();
    tariffYearDays.clear();
    dayCacheSize = 0;
  }
  if (!cache) {
    cache = new Map();
    if (tariffYear !== undefined) tariffYearDays.set(tariffYear, cache);
  }
  cache.set(dayNumber, info);
  dayCacheSize++;
  return info;
}

/** The season of a local date (under a tariff year's rules when given), or undefined where no layout is in force. */
export function seasonOf(date: LocalDate, tariffYear?: number): Season | undefined {
  return dayInfo(dayNumberOf(date), tariffYear).season;
}

/** The block layout in force on a local date (under a tariff year's rules when given), or undefined. */
export function layoutOn(date: LocalDate, tariffYear?: number): BlockLayout | undefined {
  return dayInfo(dayNumberOf(date), tariffYear).layout;
}

/**
 * The time block of an instant (UTC ms), under a tariff year's layout when given. Throws OUTSIDE_BLOCK_LAYOUT where
 * no layout is in force.
 */
export function blockAt(instantMs: number, tariffYear?: number): BlockNumber {
  const t = toLocalDateTime(instantMs);
  const blocks = dayInfo(t.dayNumber, tariffYear).blocks;
  const block = blocks?.[t.hour];
  if (block === undefined) {
    throw new NetworkFeeError(
      'OUTSIDE_BLOCK_LAYOUT',
      `no time-block layout is defined for ${formatLocalTimestamp(instantMs)}${tariffYear === undefined ? '' : ` under tariff year ${tariffYear}`} (known: ${BLOCK_LAYOUTS.map((l) => `${l.validFrom}…${l.validTo}`).join(', ')})`,
      tariffYear === undefined
        ? { date: formatIsoDate(t) }
        : { date: formatIsoDate(t), tariffYear },
    );
  }
  return block;
}

/**
 * The block of a metering interval given by its end instant, as the portal stamps it: the interval belongs to the
 * block, day and month of its start (end − 15 min).
 */
export function intervalBlock(intervalEndMs: number, tariffYear?: number): BlockNumber {
  return blockAt(intervalEndMs - INTERVAL_MS, tariffYear);
}

/** The supplier's energy window at an instant: ET for a one-tariff meter, else VT on working days 06–22, else MT. */
export function energyWindowAt(instantMs: number, tariffs: TariffCount = 2): EnergyWindow {
  if (tariffs === 1) return 'ET';
  const t = toLocalDateTime(instantMs);
  return dayInfo(t.dayNumber).vt[t.hour] === 1 ? 'VT' : 'MT';
}

/**
 * The blocks that occur in a month (on any of its days covered by a layout), ascending; with a tariff year, the
 * month's real days priced under that year's layout.
 */
export function blocksInMonth(year: number, month: number, tariffYear?: number): BlockNumber[] {
  const present = new Set<BlockNumber>();
  const first = dayNumberOf({ year, month, day: 1 });
  const next =
    month === 12
      ? dayNumberOf({ year: year + 1, month: 1, day: 1 })
      : dayNumberOf({ year, month: month + 1, day: 1 });
  for (let d = first; d < next; d++)
    for (const b of dayInfo(d, tariffYear).blocks ?? []) present.add(b);
  return BLOCK_NUMBERS.filter((b) => present.has(b));
}
