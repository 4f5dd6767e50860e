// Tariff calendar: seasons, work-free days, the five time blocks and the supplier's VT/MT windows, all in
// Europe/Ljubljana local time. Block layouts are data with validity ranges so that the announced 2027 layout is a
// new entry, not new code; an instant outside every layout is an error, never a guess.

import { NetworkFeeError } from './errors.ts';
import {
  INTERVAL_MS,
  dateOfDayNumber,
  dayNumberOf,
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

/** A work-free public holiday on a fixed date. */
export interface FixedHoliday {
  readonly month: number;
  readonly day: number;
  readonly name: string;
  /** Years in which the date was not work-free. */
  readonly exceptYears?: { readonly from: number; readonly to: number };
}

/**
 * Work-free holidays on fixed dates (Zakon o praznikih in dela prostih dnevih; domain-si.md §1.3, sources:
 * vacanza/holidays slovenia.py, slovenia.si). Holidays that are not work-free (8 Jun, 17 Aug, 15 Sep, …) are
 * ordinary working days and are deliberately absent.
 */
export const FIXED_HOLIDAYS: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: 'novo leto' },
  // 2 January was not work-free in 2013–2016 and was restored in 2017.
  { month: 1, day: 2, name: 'novo leto', exceptYears: { from: 2013, to: 2016 } },
  { month: 2, day: 8, name: 'Prešernov dan' },
  { month: 4, day: 27, name: 'dan upora proti okupatorju' },
  { month: 5, day: 1, name: 'praznik dela' },
  { month: 5, day: 2, name: 'praznik dela' },
  { month: 6, day: 25, name: 'dan državnosti' },
  { month: 8, day: 15, name: 'Marijino vnebovzetje' },
  { month: 10, day: 31, name: 'dan reformacije' },
  { month: 11, day: 1, name: 'dan spomina na mrtve' },
  { month: 12, day: 25, name: 'božič' },
  { month: 12, day: 26, name: 'dan samostojnosti in enotnosti' },
];

/** Work-free movable holidays as day offsets from Easter Sunday (domain-si.md §1.3). */
export const EASTER_HOLIDAYS: readonly { readonly offsetDays: number; readonly name: string }[] = [
  { offsetDays: 0, name: 'velikonočna nedelja' },
  { offsetDays: 1, name: 'velikonočni ponedeljek' },
  { offsetDays: 49, name: 'binkoštna nedelja' },
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

/** A work-free day with its name. */
export interface Holiday extends LocalDate {
  readonly name: string;
}

const holidayCache = new Map<number, Map<number, string>>();

function holidaysByDayNumber(year: number): Map<number, string> {
  let map = holidayCache.get(year);
  if (map) return map;
  map = new Map();
  for (const h of FIXED_HOLIDAYS) {
    if (h.exceptYears && year >= h.exceptYears.from && year <= h.exceptYears.to) continue;
    map.set(dayNumberOf({ year, month: h.month, day: h.day }), h.name);
  }
  const easter = dayNumberOf(easterSunday(year));
  for (const h of EASTER_HOLIDAYS) map.set(easter + h.offsetDays, h.name);
  holidayCache.set(year, map);
  return map;
}

/** The work-free public holidays of a year, in date order. */
export function workFreeHolidays(year: number): Holiday[] {
  return [...holidaysByDayNumber(year)]
    .sort((x, y) => x[0] - y[0])
    .map(([n, name]) => ({ ...dateOfDayNumber(n), name }));
}

/** Whether a date is a work-free public holiday. */
export function isWorkFreeHoliday(date: LocalDate): boolean {
  return holidaysByDayNumber(date.year).has(dayNumberOf(date));
}

/** Whether a date is a working day (not Saturday, Sunday or a work-free holiday). */
export function isWorkingDay(date: LocalDate): boolean {
  const n = dayNumberOf(date);
  return weekdayOfDayNumber(n) <= 5 && !holidaysByDayNumber(date.year).has(n);
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
  readonly working: boolean;
  /** Undefined when no block layout covers the day. */
  readonly layout: BlockLayout | undefined;
  readonly season: Season | undefined;
  /** Block per local hour 0–23 (undefined outside layouts). */
  readonly blocks: HourBlocks | undefined;
  /** 1 where the hour is in the supplier's VT window, per local hour 0–23. */
  readonly vt: readonly (0 | 1)[];
}

const dayCache = new Map<number, DayInfo>();

/** Calendar facts of a local day given as a day number (days since 1970-01-01). Cached. */
export function dayInfo(dayNumber: number): DayInfo {
  const cached = dayCache.get(dayNumber);
  if (cached) return cached;
  const date = dateOfDayNumber(dayNumber);
  const working =
    weekdayOfDayNumber(dayNumber) <= 5 && !holidaysByDayNumber(date.year).has(dayNumber);
  const c = compiled.find((l) => dayNumber >= l.fromDay && dayNumber <= l.toDay);
  const season: Season | undefined = c
    ? c.higher.has(date.month)
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
  const info: DayInfo = { ...date, dayNumber, working, layout: c?.layout, season, blocks, vt };
  // The cache is bounded so a long-running server does not grow it without limit.
  if (dayCache.size > 20_000) dayCache.clear();
  dayCache.set(dayNumber, info);
  return info;
}

/** The season of a local date, or undefined where no block layout is in force. */
export function seasonOf(date: LocalDate): Season | undefined {
  return dayInfo(dayNumberOf(date)).season;
}

/** The block layout in force on a local date, or undefined. */
export function layoutOn(date: LocalDate): BlockLayout | undefined {
  return dayInfo(dayNumberOf(date)).layout;
}

/** The time block of an instant (UTC ms). Throws OUTSIDE_BLOCK_LAYOUT where no layout is in force. */
export function blockAt(instantMs: number): BlockNumber {
  const t = toLocalDateTime(instantMs);
  const blocks = dayInfo(t.dayNumber).blocks;
  const block = blocks?.[t.hour];
  if (block === undefined) {
    throw new NetworkFeeError(
      'OUTSIDE_BLOCK_LAYOUT',
      `no time-block layout is defined for ${formatLocalTimestamp(instantMs)} (known: ${BLOCK_LAYOUTS.map((l) => `${l.validFrom}…${l.validTo}`).join(', ')})`,
      { date: formatIsoDate(t) },
    );
  }
  return block;
}

/**
 * The block of a metering interval given by its end instant, as the portal stamps it: the interval belongs to the
 * block, day and month of its start (end − 15 min).
 */
export function intervalBlock(intervalEndMs: number): BlockNumber {
  return blockAt(intervalEndMs - INTERVAL_MS);
}

/** The supplier's energy window at an instant: ET for a one-tariff meter, else VT on working days 06–22, else MT. */
export function energyWindowAt(instantMs: number, tariffs: TariffCount = 2): EnergyWindow {
  if (tariffs === 1) return 'ET';
  const t = toLocalDateTime(instantMs);
  return dayInfo(t.dayNumber).vt[t.hour] === 1 ? 'VT' : 'MT';
}

/** The blocks that occur in a month (on any of its days covered by a layout), ascending. */
export function blocksInMonth(year: number, month: number): BlockNumber[] {
  const present = new Set<BlockNumber>();
  const first = dayNumberOf({ year, month, day: 1 });
  const next =
    month === 12
      ? dayNumberOf({ year: year + 1, month: 1, day: 1 })
      : dayNumberOf({ year, month: month + 1, day: 1 });
  for (let d = first; d < next; d++) for (const b of dayInfo(d).blocks ?? []) present.add(b);
  return BLOCK_NUMBERS.filter((b) => present.has(b));
}
