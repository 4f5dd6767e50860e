import { describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  dateOfDayNumber,
  dayNumberOf,
  daysInMonth,
  formatIsoDate,
  formatLocalTimestamp,
  ljubljanaOffsetMs,
  localDayStartMs,
  offsetChangesInYear,
  parseIsoDate,
  toLocalDateTime,
  weekdayOfDayNumber,
} from './time-zone.ts';
import { must } from './test-support.ts';

describe('Ljubljana UTC offset', () => {
  it.each([
    ['2025-01-15T12:00:00Z', 1],
    ['2025-07-15T12:00:00Z', 2],
    // Spring change 2025-03-30 at 01:00 UTC (02:00 CET → 03:00 CEST).
    ['2025-03-30T00:59:59Z', 1],
    ['2025-03-30T01:00:00Z', 2],
    // Autumn change 2025-10-26 at 01:00 UTC (03:00 CEST → 02:00 CET).
    ['2025-10-26T00:59:00Z', 2],
    ['2025-10-26T01:00:00Z', 1],
  ])('%s is UTC+%i', (iso, hours) => {
    expect(ljubljanaOffsetMs(Date.parse(iso))).toBe(hours * HOUR_MS);
  });

  it.each([
    [2024, '2024-03-31T01:00:00.000Z', '2024-10-27T01:00:00.000Z'],
    [2025, '2025-03-30T01:00:00.000Z', '2025-10-26T01:00:00.000Z'],
    [2026, '2026-03-29T01:00:00.000Z', '2026-10-25T01:00:00.000Z'],
    [2027, '2027-03-28T01:00:00.000Z', '2027-10-31T01:00:00.000Z'],
  ])('finds both DST changes of %i', (year, spring, autumn) => {
    expect(offsetChangesInYear(year).map((ms) => new Date(ms).toISOString())).toEqual([
      spring,
      autumn,
    ]);
  });
});

describe('local date and time', () => {
  it.each([
    ['2025-03-30T00:30:00Z', '2025-03-30', 1, 30, 7],
    ['2025-03-30T01:00:00Z', '2025-03-30', 3, 0, 7],
    ['2025-10-26T00:30:00Z', '2025-10-26', 2, 30, 7],
    ['2025-10-26T01:30:00Z', '2025-10-26', 2, 30, 7],
    ['2024-12-31T23:15:00Z', '2025-01-01', 0, 15, 3],
  ])('%s is %s %i:%i (weekday %i)', (iso, date, hour, minute, weekday) => {
    const t = toLocalDateTime(Date.parse(iso));
    expect([formatIsoDate(t), t.hour, t.minute, t.weekday]).toEqual([date, hour, minute, weekday]);
  });

  it('round-trips day numbers for every day of four years', () => {
    const start = dayNumberOf({ year: 2024, month: 1, day: 1 });
    for (let d = start; d < start + 4 * 366; d++) {
      const date = dateOfDayNumber(d);
      expect(dayNumberOf(date)).toBe(d);
      const js = new Date(d * 86_400_000);
      expect([date.year, date.month, date.day]).toEqual([
        js.getUTCFullYear(),
        js.getUTCMonth() + 1,
        js.getUTCDate(),
      ]);
      expect(weekdayOfDayNumber(d)).toBe(js.getUTCDay() === 0 ? 7 : js.getUTCDay());
    }
  });

  it.each([
    ['2025-01-10', 24],
    ['2025-03-30', 23],
    ['2025-10-26', 25],
  ])('local day %s has %i hours', (date, hours) => {
    const d = dayNumberOf(must(parseIsoDate(date)));
    expect((localDayStartMs(d + 1) - localDayStartMs(d)) / HOUR_MS).toBe(hours);
    expect(formatLocalTimestamp(localDayStartMs(d))).toMatch(
      new RegExp(`^${date}T00:00:00\\+0[12]:00$`),
    );
  });

  it('formats like the portal', () => {
    expect(formatLocalTimestamp(Date.parse('2025-01-05T23:15:00Z'))).toBe(
      '2025-01-06T00:15:00+01:00',
    );
    expect(formatLocalTimestamp(Date.parse('2025-06-05T22:00:00Z'))).toBe(
      '2025-06-06T00:00:00+02:00',
    );
  });

  it.each([['2025-02-29'], ['2025-13-01'], ['2025-1-01'], ['x'], ['2025-04-31']])(
    'rejects %s',
    (text) => {
      expect(parseIsoDate(text)).toBeUndefined();
    },
  );

  it('knows month lengths', () => {
    expect([
      daysInMonth(2024, 2),
      daysInMonth(2025, 2),
      daysInMonth(2025, 4),
      daysInMonth(2025, 12),
    ]).toEqual([29, 28, 30, 31]);
  });
});
