import { describe, expect, it } from 'vitest';
import { localDayOf, quarterHourStartMs, zoneOffsetMs } from './local-day.ts';

const at = (iso: string) => Date.parse(iso);

describe('localDayOf', () => {
  it('gives the local date and its bounds', () => {
    expect(localDayOf(at('2026-11-25T23:30:00Z'), 'Europe/Ljubljana')).toEqual({
      day: '2026-11-26',
      startMs: at('2026-11-25T23:00:00Z'),
      endMs: at('2026-11-26T23:00:00Z'),
    });
    expect(localDayOf(at('2026-11-25T03:00:00Z'), 'America/New_York')).toEqual({
      day: '2026-11-24',
      startMs: at('2026-11-24T05:00:00Z'),
      endMs: at('2026-11-25T05:00:00Z'),
    });
  });

  it('knows 23- and 25-hour days', () => {
    const spring = localDayOf(at('2026-03-29T12:00:00Z'), 'Europe/Ljubljana');
    expect(spring.day).toBe('2026-03-29');
    expect(spring.endMs - spring.startMs).toBe(23 * 3_600_000);
    const autumn = localDayOf(at('2026-10-25T12:00:00Z'), 'Europe/Ljubljana');
    expect(autumn.endMs - autumn.startMs).toBe(25 * 3_600_000);
    expect(autumn.startMs).toBe(at('2026-10-24T22:00:00Z'));
  });

  it('handles zones with non-hour offsets', () => {
    expect(zoneOffsetMs(at('2026-01-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(345 * 60_000);
    expect(localDayOf(at('2026-01-01T00:00:00Z'), 'Asia/Kathmandu').startMs).toBe(
      at('2025-12-31T18:15:00Z'),
    );
  });

  it('refuses an unknown zone', () => {
    expect(() => localDayOf(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('quarterHourStartMs', () => {
  it('floors to the quarter hour', () => {
    expect(quarterHourStartMs(at('2026-11-25T16:44:59.999Z'))).toBe(at('2026-11-25T16:30:00Z'));
    expect(quarterHourStartMs(at('2026-11-25T16:45:00Z'))).toBe(at('2026-11-25T16:45:00Z'));
  });
});
