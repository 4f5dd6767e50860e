/**
 * Local time of a place without a clock: the UTC offset of an IANA time zone for an instant, cached per UTC hour
 * (time-zone transitions fall on whole hours in every zone the demo uses, and sequential access — a simulation
 * stepping forward — hits the cache almost always).
 */

/** Local calendar facts of an instant, as the load models need them. */
export interface LocalTime {
  /** Hours since local midnight, fractional (0 ≤ h < 24; 23 or 25-hour days are not special-cased). */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Day of the year, 0-based (Jan 1 = 0). */
  dayOfYear: number;
  /** Days since 1970-01-01 of the local date: a stable index for per-day random draws. */
  dayIndex: number;
  /** Offset from UTC in minutes (e.g. 60 for CET, 120 for CEST). */
  offsetMin: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** One formatter per zone for the whole process (a fleet of thousands of sites shares a handful of zones). */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A function from an instant (ms) to its local time in `timezone`. Throws a RangeError for an unknown zone. */
export function localTimeIn(timezone: string): (timeMs: number) => LocalTime {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'longOffset' });
    formats.set(timezone, format);
  }
  const zoneFormat = format;
  let cachedHour = Number.NaN;
  let cachedOffset = 0;
  const offsetAt = (timeMs: number): number => {
    const hour = Math.floor(timeMs / HOUR_MS);
    if (hour !== cachedHour) {
      cachedHour = hour;
      cachedOffset = parseOffset(zoneFormat, hour * HOUR_MS);
    }
    return cachedOffset;
  };
  let cachedDay = Number.NaN;
  let cachedDayOfYear = 0;
  return (timeMs) => {
    const offsetMin = offsetAt(timeMs);
    const localMs = timeMs + offsetMin * 60_000;
    const dayIndex = Math.floor(localMs / DAY_MS);
    const hour = (localMs - dayIndex * DAY_MS) / HOUR_MS;
    const weekday = (((dayIndex + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    if (dayIndex !== cachedDay) {
      cachedDay = dayIndex;
      const year = new Date(dayIndex * DAY_MS).getUTCFullYear();
      cachedDayOfYear = dayIndex - Math.floor(Date.UTC(year, 0, 1) / DAY_MS);
    }
    return { hour, weekday, dayOfYear: cachedDayOfYear, dayIndex, offsetMin };
  };
}

function parseOffset(format: Intl.DateTimeFormat, timeMs: number): number {
  const name = format.formatToParts(timeMs).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0; // "GMT" alone: UTC
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** An instant as ISO 8601 with the local offset, e.g. `2026-06-21T12:00:00+02:00` (what a controller sends). */
export function isoWithOffset(timeMs: number, offsetMin: number): string {
  const local = new Date(timeMs + offsetMin * 60_000).toISOString().slice(0, 19);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
