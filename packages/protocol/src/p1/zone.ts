/**
 * Time of a P1 telegram. DSMR writes local wall-clock time, `YYMMDDhhmmss` followed by `S` (summer time) or `W`
 * (winter time), not an offset. The flag is what makes the hour repeated at the end of summer time unambiguous, so
 * the offset is derived from it and never from a time-zone database:
 *
 * | flag | offset                            | Netherlands, Belgium, Luxembourg (CET/CEST) |
 * | ---- | --------------------------------- | ------------------------------------------- |
 * | `W`  | the zone's standard offset        | +01:00                                      |
 * | `S`  | the zone's summer offset          | +02:00                                      |
 * | none | from the zone's summer-time rule  | +01:00 or +02:00                            |
 *
 * A meter speaks the time of the country it is installed in, and every country with DSMR or e-MUCS meters uses
 * Central European Time with the EU summer-time rule (`CENTRAL_EUROPE`). A meter elsewhere gets its zone as a
 * `P1Zone`. The rule (`isSummer`) is only needed where there is no flag: to render an instant as a telegram
 * timestamp (the builder), for the receive time of a DSMR 2.2 telegram (which has no timestamp), and for the rare
 * meter that leaves the flag out.
 */

/** How a meter's local time maps to UTC. */
export interface P1Zone {
  /** Offset of standard ("winter", `W`) time from UTC in minutes: 60 for CET. */
  standardOffsetMinutes: number;
  /** Offset of summer time (`S`) from UTC in minutes: 120 for CEST. */
  summerOffsetMinutes: number;
  /** Whether summer time is in force at this instant. */
  isSummer(instant: Date): boolean;
}

/** The last Sunday of `month` (0-based) of `year`, at 01:00 UTC. */
function lastSundayAt0100Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 86_400_000;
}

/**
 * The EU summer-time rule (Directive 2000/84/EC): summer time runs from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, in every member state at the same instant.
 */
export function isEuSummerTime(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  const time = instant.getTime();
  return time >= lastSundayAt0100Utc(year, 2) && time < lastSundayAt0100Utc(year, 9);
}

/** Central European Time (+01:00) and summer time (+02:00) by the EU rule: NL, BE, LU (Europe/Amsterdam, …). */
export const CENTRAL_EUROPE: P1Zone = {
  standardOffsetMinutes: 60,
  summerOffsetMinutes: 120,
  isSummer: isEuSummerTime,
};

/** Local wall-clock fields of a telegram timestamp. */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function pad(value: number, width = 2): string {
  return String(Math.trunc(Math.abs(value))).padStart(width, '0');
}

function formatOffset(minutes: number): string {
  return `${minutes < 0 ? '-' : '+'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** ISO 8601 with the offset, e.g. `2020-05-12T13:54:09+02:00`. */
export function formatLocalIso(local: LocalTime, offsetMinutes: number): string {
  return (
    `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}` +
    `T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}${formatOffset(offsetMinutes)}`
  );
}

/** The local wall-clock fields of `instant` at `offsetMinutes` from UTC. */
export function toLocal(instant: Date, offsetMinutes: number): LocalTime {
  const shifted = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The offset in force at `instant` in `zone` (minutes), and whether it is summer time. */
export function offsetAt(instant: Date, zone: P1Zone): { offsetMinutes: number; summer: boolean } {
  const summer = zone.isSummer(instant);
  return { offsetMinutes: summer ? zone.summerOffsetMinutes : zone.standardOffsetMinutes, summer };
}

/**
 * The offset of a local time in `zone`: from the flag when there is one; without a flag by the zone's rule, trying
 * standard time first (so the repeated hour in autumn counts as standard time, and the skipped hour in spring as
 * summer time).
 */
export function offsetOfLocal(local: LocalTime, flag: 'S' | 'W' | null, zone: P1Zone): number {
  if (flag === 'S') return zone.summerOffsetMinutes;
  if (flag === 'W') return zone.standardOffsetMinutes;
  const wall = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
  );
  const asStandard = new Date(wall - zone.standardOffsetMinutes * 60_000);
  return zone.isSummer(asStandard) ? zone.summerOffsetMinutes : zone.standardOffsetMinutes;
}
