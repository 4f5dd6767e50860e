// Which block of a time plan applies at a local time, and a fast resolver from UTC instants to blocks. Rules
// (DESIGN-13): the season comes from the local date's "MM-DD"; the day of week is the local date's, except that a
// public holiday of the plan's country counts as Sunday when holidays = 'AS_SUNDAY'; of the (season, day) slot
// versions the one with the latest validFrom ≤ the local date applies; the slot containing the local wall-clock
// minute gives the block. Plans are wall-clock rules, so on DST days the repeated hour maps twice to the same
// local slots and the skipped hour maps to nothing.

import { seasonDayIndex, LEAP_YEAR_DAYS, SLOT_STEP_MINUTES, MINUTES_PER_DAY } from './coverage.ts';
import { isHoliday } from './holidays.ts';
import type { TimePlan, TimePlanBlock } from './types.ts';
import { zoneClock } from './zone.ts';
import {
  DAY_MS,
  dateOfDayNumber,
  formatIsoDate,
  parseIsoDate,
  weekdayOfDayNumber,
  dayNumberOf,
} from '../network-fee/time-zone.ts';
import { parseSlotTime } from './coverage.ts';

/** A block as the cost engine needs it: its id and its position (1..n, the price index). */
export interface ResolvedBlock {
  readonly id: number;
  readonly position: number;
}

/** Tells whether a local date `YYYY-MM-DD` is a public holiday. */
export type HolidayCheck = (date: string) => boolean;

const QUARTERS = MINUTES_PER_DAY / SLOT_STEP_MINUTES;
const QUARTER_MS = SLOT_STEP_MINUTES * 60_000;

/** A day of one (season, day of week) version: the block index (into plan.blocks) per local quarter hour, −1 none. */
type DayTable = Int16Array;

interface Version {
  readonly validFrom: string;
  readonly table: DayTable;
}

interface CompiledPlan {
  readonly blocks: readonly ResolvedBlock[];
  readonly full: readonly TimePlanBlock[];
  /** Season id per leap-year day index, or null. */
  readonly seasonOfDay: readonly (number | null)[];
  /** Versions per `${seasonId}:${dayOfWeek}`, newest validFrom first. */
  readonly versions: ReadonlyMap<string, readonly Version[]>;
  readonly holidaysAsSunday: boolean;
}

function compile(plan: TimePlan): CompiledPlan {
  const seasonOfDay: (number | null)[] = new Array<number | null>(LEAP_YEAR_DAYS).fill(null);
  for (const season of plan.seasons) {
    const from = seasonDayIndex(season.from);
    const to = seasonDayIndex(season.to);
    if (from === null || to === null) continue;
    for (let d = from; ; d = (d + 1) % LEAP_YEAR_DAYS) {
      // On an (incomplete) plan with overlapping seasons the first season listed wins.
      seasonOfDay[d] ??= season.id;
      if (d === to) break;
    }
  }
  const blockIndex = new Map(plan.blocks.map((b, i) => [b.id, i]));
  const byKey = new Map<string, Map<string, DayTable>>();
  for (const slot of plan.slots) {
    const start = parseSlotTime(slot.start);
    const end = parseSlotTime(slot.end);
    const index = blockIndex.get(slot.blockId);
    if (start === null || end === null || index === undefined) continue;
    const key = `${slot.seasonId}:${slot.dayOfWeek}`;
    let versions = byKey.get(key);
    if (!versions) byKey.set(key, (versions = new Map()));
    let table = versions.get(slot.validFrom);
    if (!table) versions.set(slot.validFrom, (table = new Int16Array(QUARTERS).fill(-1)));
    const first = Math.ceil(start / SLOT_STEP_MINUTES);
    const last = Math.min(QUARTERS, Math.ceil(end / SLOT_STEP_MINUTES));
    for (let q = first; q < last; q++) table[q] = index;
  }
  const versions = new Map<string, Version[]>();
  for (const [key, map] of byKey) {
    versions.set(
      key,
      [...map]
        .map(([validFrom, table]) => ({ validFrom, table }))
        .sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1)),
    );
  }
  return {
    blocks: plan.blocks.map((b) => ({ id: b.id, position: b.position })),
    full: plan.blocks,
    seasonOfDay,
    versions,
    holidaysAsSunday: plan.holidays === 'AS_SUNDAY',
  };
}

const EMPTY_DAY: DayTable = new Int16Array(QUARTERS).fill(-1);

function dayTableOf(
  compiled: CompiledPlan,
  dayNumber: number,
  holidayCheck: HolidayCheck,
): DayTable {
  const date = dateOfDayNumber(dayNumber);
  const iso = formatIsoDate(date);
  const seasonId =
    compiled.seasonOfDay[seasonDayIndex(`${iso.slice(5, 7)}-${iso.slice(8, 10)}`) as number];
  if (seasonId === null || seasonId === undefined) return EMPTY_DAY;
  const weekday =
    compiled.holidaysAsSunday && holidayCheck(iso) ? 7 : weekdayOfDayNumber(dayNumber);
  const versions = compiled.versions.get(`${seasonId}:${weekday}`);
  const version = versions?.find((v) => v.validFrom <= iso);
  return version?.table ?? EMPTY_DAY;
}

/** The default holiday check of a plan: its country's public holidays ({@link isHoliday}). */
export function planHolidayCheck(plan: Pick<TimePlan, 'countryCode'>): HolidayCheck {
  return (date) => isHoliday(plan.countryCode, date);
}

/**
 * The block of a plan at a local date (`YYYY-MM-DD`) and wall-clock minute (0–1439), or null where the plan has
 * no slot (an incomplete plan, a date before every version). Holidays count as Sunday when the plan says
 * 'AS_SUNDAY'. For many instants use {@link createBlockResolver}, which compiles the plan once.
 * (Named `timePlanBlockAt` because `blockAt` is the network-fee calendar's fixed Slovenian lookup.)
 */
export function timePlanBlockAt(
  plan: TimePlan,
  localDate: string,
  localMinute: number,
  holidayCheck: HolidayCheck = planHolidayCheck(plan),
): TimePlanBlock | null {
  const date = parseIsoDate(localDate);
  if (!date || !(localMinute >= 0 && localMinute < MINUTES_PER_DAY)) return null;
  const compiled = compile(plan);
  const table = dayTableOf(compiled, dayNumberOf(date), holidayCheck);
  const index = table[Math.floor(localMinute / SLOT_STEP_MINUTES)] as number;
  return index < 0 ? null : (compiled.full[index] ?? null);
}

/** Maps UTC instants to a plan's blocks in one time zone; built by {@link createBlockResolver}. */
export interface BlockResolver {
  /** The block at an instant (UTC ms), or null where the plan has no slot. */
  at(instantMs: number): ResolvedBlock | null;
  /** Block index (into plan.blocks, −1 none) per local quarter hour 0–95 of a local day (days since 1970). */
  dayTable(dayNumber: number): Int16Array;
  /** The plan's blocks, indexed as in {@link BlockResolver.dayTable}. */
  readonly blocks: readonly ResolvedBlock[];
}

/**
 * A fast resolver for one plan in one time zone: the plan is compiled once, each local day's quarter-hour table is
 * looked up once and cached (days of the same season, weekday and version share one table), so resolving an
 * instant is a zone-offset lookup and two array reads. `isHoliday` defaults to the plan country's holidays.
 */
export function createBlockResolver(
  plan: TimePlan,
  timeZone: string,
  holidayCheck: HolidayCheck = planHolidayCheck(plan),
): BlockResolver {
  const compiled = compile(plan);
  const clock = zoneClock(timeZone);
  const days = new Map<number, DayTable>();
  let lastDay = Number.NaN;
  let lastTable: DayTable = EMPTY_DAY;

  function dayTable(dayNumber: number): DayTable {
    if (dayNumber === lastDay) return lastTable;
    let table = days.get(dayNumber);
    if (!table) {
      table = dayTableOf(compiled, dayNumber, holidayCheck);
      days.set(dayNumber, table);
    }
    lastDay = dayNumber;
    lastTable = table;
    return table;
  }

  return {
    blocks: compiled.blocks,
    dayTable,
    at(instantMs) {
      const local = instantMs + clock.offsetMs(instantMs);
      const dayNumber = Math.floor(local / DAY_MS);
      const quarter = Math.floor((local - dayNumber * DAY_MS) / QUARTER_MS);
      const index = dayTable(dayNumber)[quarter] as number;
      return index < 0 ? null : (compiled.blocks[index] ?? null);
    },
  };
}
