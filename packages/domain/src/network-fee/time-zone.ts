// Local time in Europe/Ljubljana without a date library. Intl is asked only a few dozen times per year: the UTC
// offsets and the instants where they change are found once per year (sampling month starts, then bisecting to
// the minute) and cached, so converting an instant afterwards is plain arithmetic.

/** The time zone of every Slovenian tariff rule. */
export const TARIFF_TIME_ZONE = 'Europe/Ljubljana';

/** Milliseconds in a minute. */
export const MINUTE_MS = 60_000;
/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;
/** Milliseconds in a (UTC, 24-hour) day; local days may be 23 or 25 hours long. */
export const DAY_MS = 86_400_000;
/** Milliseconds in one metering interval. */
export const INTERVAL_MS = 15 * MINUTE_MS;

/** A calendar date without a time zone. `month` is 1–12. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Wall-clock time of an instant in Europe/Ljubljana. `weekday` is 1 (Monday) to 7 (Sunday). */
export interface LocalDateTime extends LocalDate {
  readonly hour: number;
  readonly minute: number;
  readonly weekday: number;
  /** Days since 1970-01-01 of the local date (a compact key for the day). */
  readonly dayNumber: number;
  /** Offset from UTC in minutes (60 in winter, 120 in summer). */
  readonly offsetMinutes: number;
}

interface YearOffsets {
  readonly startMs: number;
  readonly endMs: number;
  /** Instants (UTC ms) at which a new offset starts, ascending. */
  readonly changes: readonly number[];
  /** offsets[0] applies from startMs, offsets[i + 1] from changes[i]. */
  readonly offsets: readonly number[];
}

let formatter: Intl.DateTimeFormat | undefined;

function intlOffsetMs(ms: number): number {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TARIFF_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const f: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(ms))) f[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    f.year ?? 0,
    (f.month ?? 1) - 1,
    f.day ?? 1,
    f.hour ?? 0,
    f.minute ?? 0,
    f.second ?? 0,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const yearCache = new Map<number, YearOffsets>();

function computeYear(year: number): YearOffsets {
  const startMs = Date.UTC(year, 0, 1);
  const endMs = Date.UTC(year + 1, 0, 1);
  const changes: number[] = [];
  const offsets: number[] = [intlOffsetMs(startMs)];
  // Zones change offset at most once a month, so a change between two month starts is found by bisection.
  let lo = startMs;
  for (let m = 1; m <= 12; m++) {
    const hi = Date.UTC(year, m, 1);
    const current = offsets[offsets.length - 1] as number;
    const atHi = m === 12 ? intlOffsetMs(hi - 1) : intlOffsetMs(hi);
    if (atHi !== current) {
      let a = lo;
      let b = m === 12 ? hi - 1 : hi;
      while (b - a > MINUTE_MS) {
        const mid = a + Math.floor((b - a) / 2 / MINUTE_MS) * MINUTE_MS;
        if (intlOffsetMs(mid) === current) a = mid;
        else b = mid;
      }
      changes.push(Math.ceil(b / MINUTE_MS) * MINUTE_MS);
      offsets.push(atHi);
    }
    lo = hi;
  }
  return { startMs, endMs, changes, offsets };
}

function yearOffsets(year: number): YearOffsets {
  let y = yearCache.get(year);
  if (!y) {
    y = computeYear(year);
    yearCache.set(year, y);
  }
  return y;
}

let lastYear: YearOffsets | undefined;

/** The UTC offset of Europe/Ljubljana at an instant, in milliseconds (3 600 000 in winter, 7 200 000 in summer). */
export function ljubljanaOffsetMs(instantMs: number): number {
  let y = lastYear;
  if (!y || instantMs < y.startMs || instantMs >= y.endMs) {
    y = yearOffsets(new Date(instantMs).getUTCFullYear());
    lastYear = y;
  }
  const { changes, offsets } = y;
  let i = 0;
  while (i < changes.length && instantMs >= (changes[i] as number)) i++;
  return offsets[i] as number;
}

/** The instants (UTC ms) in a calendar year at which the Ljubljana offset changes (DST start and end). */
export function offsetChangesInYear(year: number): readonly number[] {
  return yearOffsets(year).changes;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumberOf(date: LocalDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

/** The calendar date of a day number (days since 1970-01-01). */
export function dateOfDayNumber(dayNumber: number): LocalDate {
  // Civil-from-days (H. Hinnant): exact integer arithmetic, much faster than constructing a Date.
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number. */
export function weekdayOfDayNumber(dayNumber: number): number {
  // 1970-01-01 was a Thursday (4).
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** Number of days in a month of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Local wall-clock parts of an instant in Europe/Ljubljana. */
export function toLocalDateTime(instantMs: number): LocalDateTime {
  const offset = ljubljanaOffsetMs(instantMs);
  const local = instantMs + offset;
  const dayNumber = Math.floor(local / DAY_MS);
  const msOfDay = local - dayNumber * DAY_MS;
  return {
    ...dateOfDayNumber(dayNumber),
    hour: Math.floor(msOfDay / HOUR_MS),
    minute: Math.floor((msOfDay % HOUR_MS) / MINUTE_MS),
    weekday: weekdayOfDayNumber(dayNumber),
    dayNumber,
    offsetMinutes: offset / MINUTE_MS,
  };
}

/** The instant (UTC ms) at which a local day starts in Europe/Ljubljana (local midnight). */
export function localDayStartMs(dayNumber: number): number {
  const local = dayNumber * DAY_MS;
  // Try the offset in force just before and just after; midnight is never skipped or repeated in Ljubljana.
  const first = local - ljubljanaOffsetMs(local - ljubljanaOffsetMs(local));
  return first + ljubljanaOffsetMs(first) === local ? first : local - ljubljanaOffsetMs(first);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD`; returns undefined for anything else, including impossible dates such as 2025-02-30. */
export function parseIsoDate(text: string): LocalDate | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1) return undefined;
  if (date.day > daysInMonth(date.year, date.month)) return undefined;
  return date;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Formats a date as `YYYY-MM-DD`. */
export function formatIsoDate(date: LocalDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** Formats a month as `YYYY-MM`. */
export function formatMonthKey(year: number, month: number): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** Formats an instant as local ISO 8601 with offset, as the metering portal does (`2025-01-05T00:15:00+01:00`). */
export function formatLocalTimestamp(instantMs: number): string {
  const t = toLocalDateTime(instantMs);
  const sign = t.offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(t.offsetMinutes);
  return (
    `${formatIsoDate(t)}T${pad(t.hour)}:${pad(t.minute)}:00` +
    `${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`
  );
}
