// Completeness of a time plan (DESIGN-13 rules): its seasons cover every day of a leap year exactly once, and for
// every season, day of week and slot version the slots cover 00:00–24:00 without gap or overlap. Problems are data
// (kind, season, day, version, from/to) so the server can turn them into a translated message naming day and time.

import { parseIsoDate } from '../network-fee/time-zone.ts';
import type { TimePlan, TimePlanSeason, TimePlanSlot } from './types.ts';

/** Minutes in a local day as slots see it (the wall clock, 00:00–24:00; DST does not change a plan). */
export const MINUTES_PER_DAY = 1440;
/** Slot times must be on quarter hours. */
export const SLOT_STEP_MINUTES = 15;
/** Days of a leap year: seasons are checked against every one of them (Feb 29 included). */
export const LEAP_YEAR_DAYS = 366;

/** A hole or double booking in a plan; times "HH:MM" for slot problems, dates "MM-DD" (inclusive) for seasons. */
export interface CoverageProblem {
  kind: 'gap' | 'overlap' | 'season-gap' | 'season-overlap';
  /** Slot problems: the season. */
  seasonId?: number;
  /** Slot problems: 1 = Monday … 7 = Sunday. */
  dayOfWeek?: number;
  /** Slot problems: the version (`YYYY-MM-DD`); absent when the day has no slots at all. */
  validFrom?: string;
  /** "HH:MM" (start of the gap/overlap) or "MM-DD" (first day, season problems). */
  from: string;
  /** "HH:MM" (end, exclusive, up to "24:00") or "MM-DD" (last day, inclusive, season problems). */
  to: string;
  /** season-overlap: the seasons that claim those days. */
  seasonIds?: number[];
}

const TIME = /^(\d{2}):(\d{2})$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;
/** Days per month in a leap year. */
const LEAP_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const MONTH_OFFSETS: number[] = [];
{
  let sum = 0;
  for (const days of LEAP_MONTH_DAYS) {
    MONTH_OFFSETS.push(sum);
    sum += days;
  }
}

/**
 * Minutes since midnight of a slot time "HH:MM" (00:00–24:00), or null when it is not such a time. Quarter hours
 * are checked separately ({@link isSlotStart}, {@link isSlotEnd}).
 */
export function parseSlotTime(text: string): number | null {
  const m = TIME.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

/** Writes minutes since midnight (0–1440) as "HH:MM"; 1440 is "24:00". */
export function formatSlotTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether `text` is a valid slot start: a quarter hour from "00:00" to "23:45". */
export function isSlotStart(text: string): boolean {
  const m = parseSlotTime(text);
  return m !== null && m % SLOT_STEP_MINUTES === 0 && m < MINUTES_PER_DAY;
}

/** Whether `text` is a valid slot end: a quarter hour from "00:15" to "24:00". */
export function isSlotEnd(text: string): boolean {
  const m = parseSlotTime(text);
  return m !== null && m % SLOT_STEP_MINUTES === 0 && m > 0;
}

/** Index 0–365 of a "MM-DD" in a leap year ("01-01" → 0, "02-29" → 59, "12-31" → 365), or null if invalid. */
export function seasonDayIndex(text: string): number | null {
  const m = MONTH_DAY.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > (LEAP_MONTH_DAYS[month - 1] as number)) return null;
  return (MONTH_OFFSETS[month - 1] as number) + day - 1;
}

/** The "MM-DD" of a leap-year day index 0–365. */
export function formatSeasonDay(index: number): string {
  let month = 0;
  while (month < 11 && index >= (MONTH_OFFSETS[month + 1] as number)) month++;
  const day = index - (MONTH_OFFSETS[month] as number) + 1;
  return `${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whether a season's `from`/`to` are valid "MM-DD" dates (Feb 29 allowed; `to` before `from` wraps the year). */
export function isValidSeason(season: Pick<TimePlanSeason, 'from' | 'to'>): boolean {
  return seasonDayIndex(season.from) !== null && seasonDayIndex(season.to) !== null;
}

/** Leap-year day indices a season covers, both ends inclusive; wraps the year end when `to` is before `from`. */
export function seasonDays(season: Pick<TimePlanSeason, 'from' | 'to'>): number[] {
  const from = seasonDayIndex(season.from);
  const to = seasonDayIndex(season.to);
  if (from === null || to === null) return [];
  const days: number[] = [];
  for (let d = from; ; d = (d + 1) % LEAP_YEAR_DAYS) {
    days.push(d);
    if (d === to) break;
  }
  return days;
}

/** Season problems: days of a leap year no season covers, or more than one season covers (invalid seasons skipped). */
export function checkSeasons(seasons: readonly TimePlanSeason[]): CoverageProblem[] {
  const owners: number[][] = Array.from({ length: LEAP_YEAR_DAYS }, () => []);
  for (const season of seasons) for (const d of seasonDays(season)) owners[d]?.push(season.id);
  const problems: CoverageProblem[] = [];
  let d = 0;
  while (d < LEAP_YEAR_DAYS) {
    const here = owners[d] as number[];
    if (here.length === 1) {
      d++;
      continue;
    }
    const key = here.join(',');
    let end = d;
    while (end + 1 < LEAP_YEAR_DAYS && (owners[end + 1] as number[]).join(',') === key) end++;
    problems.push(
      here.length === 0
        ? { kind: 'season-gap', from: formatSeasonDay(d), to: formatSeasonDay(end) }
        : {
            kind: 'season-overlap',
            from: formatSeasonDay(d),
            to: formatSeasonDay(end),
            seasonIds: [...here],
          },
    );
    d = end + 1;
  }
  return problems;
}

function stateOf(count: number): 'gap' | 'ok' | 'overlap' {
  return count === 0 ? 'gap' : count === 1 ? 'ok' : 'overlap';
}

interface Span {
  start: number;
  end: number;
}

function slotSpan(slot: Pick<TimePlanSlot, 'start' | 'end'>): Span | null {
  if (!isSlotStart(slot.start) || !isSlotEnd(slot.end)) return null;
  const start = parseSlotTime(slot.start) as number;
  const end = parseSlotTime(slot.end) as number;
  return end > start ? { start, end } : null;
}

/**
 * Gaps and overlaps of one day's slots (one version) over 00:00–24:00, as minute spans. Invalid slots (bad times,
 * end not after start) are ignored, so they show up as a gap.
 */
export function dayProblems(
  slots: readonly Pick<TimePlanSlot, 'start' | 'end'>[],
): { kind: 'gap' | 'overlap'; from: number; to: number }[] {
  // Count how many slots cover each quarter hour: 0 = gap, > 1 = overlap; runs of the same state merge.
  const quarters = MINUTES_PER_DAY / SLOT_STEP_MINUTES;
  const count = new Array<number>(quarters).fill(0);
  for (const slot of slots) {
    const span = slotSpan(slot);
    if (!span) continue;
    for (let q = span.start / SLOT_STEP_MINUTES; q < span.end / SLOT_STEP_MINUTES; q++) {
      count[q] = (count[q] as number) + 1;
    }
  }
  const out: { kind: 'gap' | 'overlap'; from: number; to: number }[] = [];
  let q = 0;
  while (q < quarters) {
    const c = count[q] as number;
    if (c === 1) {
      q++;
      continue;
    }
    const kind = c === 0 ? 'gap' : 'overlap';
    let end = q + 1;
    while (end < quarters && stateOf(count[end] as number) === kind) end++;
    out.push({ kind, from: q * SLOT_STEP_MINUTES, to: end * SLOT_STEP_MINUTES });
    q = end;
  }
  return out;
}

/**
 * Every coverage problem of a plan: season gaps/overlaps first, then per season (in the plan's order), day of
 * week 1–7 and slot version (oldest first) the gaps and overlaps of 00:00–24:00. A day of a season with no slots
 * at all is one gap 00:00–24:00 without `validFrom`. An empty list means the plan is complete.
 */
export function checkCoverage(plan: Pick<TimePlan, 'seasons' | 'slots'>): CoverageProblem[] {
  const problems = checkSeasons(plan.seasons);
  for (const season of plan.seasons) {
    for (let dayOfWeek = 1; dayOfWeek <= 7; dayOfWeek++) {
      const versions = new Map<string, TimePlanSlot[]>();
      for (const slot of plan.slots) {
        if (slot.seasonId !== season.id || slot.dayOfWeek !== dayOfWeek) continue;
        const list = versions.get(slot.validFrom);
        if (list) list.push(slot);
        else versions.set(slot.validFrom, [slot]);
      }
      if (versions.size === 0) {
        problems.push({ kind: 'gap', seasonId: season.id, dayOfWeek, from: '00:00', to: '24:00' });
        continue;
      }
      for (const validFrom of [...versions.keys()].sort()) {
        for (const p of dayProblems(versions.get(validFrom) as TimePlanSlot[])) {
          problems.push({
            kind: p.kind,
            seasonId: season.id,
            dayOfWeek,
            validFrom,
            from: formatSlotTime(p.from),
            to: formatSlotTime(p.to),
          });
        }
      }
    }
  }
  return problems;
}

/** Whether a plan is complete (no coverage problems). */
export function isPlanComplete(plan: Pick<TimePlan, 'seasons' | 'slots'>): boolean {
  return checkCoverage(plan).length === 0;
}

/** Why one slot is refused on its own (POST/PUT of a single slot; gaps are allowed while editing). */
export type SlotProblem =
  | { kind: 'start'; value: string }
  | { kind: 'end'; value: string }
  | { kind: 'valid-from'; value: string }
  | { kind: 'day-of-week'; value: number }
  /** end is not after start. */
  | { kind: 'order'; from: string; to: string }
  /** Overlaps a sibling (same season, day of week and version): the overlapping span and the sibling. */
  | { kind: 'overlap'; from: string; to: string; slotId: number };

/**
 * Checks one slot against its format rules and its siblings (the plan's other slots; the slot itself, matched by
 * id, and slots of other seasons, days or versions are skipped). Returns every problem; empty = acceptable.
 */
export function validateSlotTimes(
  slot: Pick<TimePlanSlot, 'seasonId' | 'dayOfWeek' | 'start' | 'end' | 'validFrom'> & {
    id?: number | null;
  },
  siblings: readonly TimePlanSlot[],
): SlotProblem[] {
  const problems: SlotProblem[] = [];
  if (!isSlotStart(slot.start)) problems.push({ kind: 'start', value: slot.start });
  if (!isSlotEnd(slot.end)) problems.push({ kind: 'end', value: slot.end });
  if (!parseIsoDate(slot.validFrom)) problems.push({ kind: 'valid-from', value: slot.validFrom });
  if (!Number.isInteger(slot.dayOfWeek) || slot.dayOfWeek < 1 || slot.dayOfWeek > 7)
    problems.push({ kind: 'day-of-week', value: slot.dayOfWeek });
  if (problems.length > 0) return problems;
  const span = slotSpan(slot);
  if (!span) return [{ kind: 'order', from: slot.start, to: slot.end }];
  for (const other of siblings) {
    if (slot.id != null && other.id === slot.id) continue;
    if (
      other.seasonId !== slot.seasonId ||
      other.dayOfWeek !== slot.dayOfWeek ||
      other.validFrom !== slot.validFrom
    )
      continue;
    const o = slotSpan(other);
    if (!o) continue;
    const from = Math.max(span.start, o.start);
    const to = Math.min(span.end, o.end);
    if (from < to) {
      problems.push({
        kind: 'overlap',
        from: formatSlotTime(from),
        to: formatSlotTime(to),
        slotId: other.id,
      });
    }
  }
  return problems;
}
