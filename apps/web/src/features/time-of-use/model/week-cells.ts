// The week grid's model: 7 days (Monday = 1 … Sunday = 7, spec 001 §9) × 96 quarter hours, each cell holding the
// block id that applies then (or null: not covered yet). Slots ([start, end) local time, quarter-hour aligned,
// DESIGN-13) are the stored form; the grid edits cells and turns them back into merged slots on save.

/** Quarter hours in a day. */
export const QUARTERS_PER_DAY = 96;
/** Days in the grid, Monday first. */
export const DAYS_PER_WEEK = 7;

/** One day's cells: the block id of each quarter hour, null where no slot covers it. */
export type DayCells = (number | null)[];
/** The week: index 0 = Monday (dayOfWeek 1) … 6 = Sunday (7). */
export type WeekCells = DayCells[];

/** A slot of one day as the grid reads and writes it (the stored slot without id, season and validFrom). */
export interface DaySlot {
  dayOfWeek: number;
  blockId: number;
  start: string;
  end: string;
}

/** "HH:MM" of a quarter-hour index 0…96 (96 = "24:00", the end of the day). */
export function quarterToTime(quarter: number): string {
  const minutes = quarter * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The quarter-hour index of "HH:MM" (00:00 → 0, 24:00 → 96); null unless on a quarter hour within the day. */
export function timeToQuarter(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) >= 60 || minutes % 15 !== 0 || minutes > 24 * 60) return null;
  return minutes / 15;
}

/** An empty day. */
export function emptyDay(): DayCells {
  return Array.from({ length: QUARTERS_PER_DAY }, () => null);
}

/** An empty week. */
export function emptyWeek(): WeekCells {
  return Array.from({ length: DAYS_PER_WEEK }, emptyDay);
}

/**
 * The cells of a week from its slots. A slot outside the day or off the quarter-hour grid is left out (the server
 * refuses those); where slots overlap, the later one in the list wins — the coverage check names the overlap.
 */
export function slotsToWeek(slots: readonly DaySlot[]): WeekCells {
  const week = emptyWeek();
  for (const slot of slots) {
    const day = week[slot.dayOfWeek - 1];
    const start = timeToQuarter(slot.start);
    const end = timeToQuarter(slot.end);
    if (!day || start === null || end === null) continue;
    for (let q = start; q < end; q++) day[q] = slot.blockId;
  }
  return week;
}

/** A day's slots: each run of equal, non-empty cells is one [start, end) slot. */
export function dayToSlots(cells: DayCells, dayOfWeek: number): DaySlot[] {
  const slots: DaySlot[] = [];
  let runStart = 0;
  for (let q = 1; q <= QUARTERS_PER_DAY; q++) {
    const block = cells[runStart] ?? null;
    if (q < QUARTERS_PER_DAY && cells[q] === block) continue;
    if (block !== null) {
      slots.push({
        dayOfWeek,
        blockId: block,
        start: quarterToTime(runStart),
        end: quarterToTime(q),
      });
    }
    runStart = q;
  }
  return slots;
}

/** The week's slots, Monday first, each day's in time order. */
export function weekToSlots(week: WeekCells): DaySlot[] {
  return week.flatMap((cells, index) => dayToSlots(cells, index + 1));
}

/** Whether no quarter hour of the day has a block. */
export function isDayEmpty(cells: DayCells): boolean {
  return cells.every((cell) => cell === null);
}

/** A rectangle of cells: days `fromDay`…`toDay` (indexes 0–6), quarters `fromQuarter`…`toQuarter`, inclusive. */
export interface CellRange {
  fromDay: number;
  toDay: number;
  fromQuarter: number;
  toQuarter: number;
}

/** The rectangle spanned by two cells, in either order. */
export function rangeBetween(
  a: { day: number; quarter: number },
  b: { day: number; quarter: number },
): CellRange {
  return {
    fromDay: Math.min(a.day, b.day),
    toDay: Math.max(a.day, b.day),
    fromQuarter: Math.min(a.quarter, b.quarter),
    toQuarter: Math.max(a.quarter, b.quarter),
  };
}

/** Whether a cell lies in a range. */
export function inRange(range: CellRange | null, day: number, quarter: number): boolean {
  return (
    range !== null &&
    day >= range.fromDay &&
    day <= range.toDay &&
    quarter >= range.fromQuarter &&
    quarter <= range.toQuarter
  );
}

/** The week with every cell of `range` set to `blockId` (null clears). A new week; the old one is unchanged. */
export function paintRange(week: WeekCells, range: CellRange, blockId: number | null): WeekCells {
  return week.map((cells, day) =>
    day < range.fromDay || day > range.toDay
      ? cells
      : cells.map((cell, q) => (q >= range.fromQuarter && q <= range.toQuarter ? blockId : cell)),
  );
}

/** Why a day could not be copied. */
export type CopyRefusal = 'empty_day' | 'no_next_day';

/**
 * Copies day `from` (index 0–6) onto day `to` (spec 001 §5: empty day slots cannot be copied). Returns the new week,
 * or the reason it was refused.
 */
export function copyDay(
  week: WeekCells,
  from: number,
  to: number,
): { week: WeekCells } | { refused: CopyRefusal } {
  const source = week[from];
  if (to < 0 || to >= DAYS_PER_WEEK || source === undefined) return { refused: 'no_next_day' };
  if (isDayEmpty(source)) return { refused: 'empty_day' };
  return { week: week.map((cells, day) => (day === to ? [...source] : cells)) };
}

/** Replaces block ids (after a save gives new blocks their ids); a removed block's cells become empty. */
export function remapBlocks(week: WeekCells, map: (blockId: number) => number | null): WeekCells {
  return week.map((cells) => cells.map((cell) => (cell === null ? null : map(cell))));
}
