// The calendar day of an instant in any IANA time zone, and the instant that day starts: what "today" means for a
// location. Intl only (no date library); formatters are cached per zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instantMs: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const asUtc = Date.UTC(
    year,
    month - 1,
    day,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return { year, month, day, offsetMs: asUtc - Math.floor(instantMs / 1000) * 1000 };
}

/** The zone's UTC offset at an instant, in ms. Throws a RangeError for an unknown zone. */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  return wallClock(instantMs, timeZone).offsetMs;
}

/** A local calendar day: `YYYY-MM-DD` and the instants (UTC ms) it starts and ends (23–25 hours apart). */
export interface LocalDay {
  day: string;
  startMs: number;
  endMs: number;
}

/** The instant local midnight of that date happens (or the first instant after it, where midnight is skipped). */
function midnightMs(year: number, month: number, day: number, timeZone: string): number {
  const local = Date.UTC(year, month - 1, day);
  // Two rounds: the offset before and after a change at midnight.
  let guess = local - zoneOffsetMs(local, timeZone);
  guess = local - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** The local day of `instantMs` in `timeZone`. */
export function localDayOf(instantMs: number, timeZone: string): LocalDay {
  const { year, month, day } = wallClock(instantMs, timeZone);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return {
    day: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    startMs: midnightMs(year, month, day, timeZone),
    endMs: midnightMs(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

/** Milliseconds in a 15-minute interval. */
export const QUARTER_HOUR_MS = 900_000;

/** The start of the 15-minute interval holding `instantMs` (quarter hours are aligned in UTC and in every zone
 * whose offset is a multiple of 15 minutes). */
export function quarterHourStartMs(instantMs: number): number {
  return Math.floor(instantMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}
