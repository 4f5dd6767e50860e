import { describe, expect, it } from 'vitest';
import { formatInZone } from './parse.ts';
import { CENTRAL_EUROPE, isEuSummerTime, offsetOfLocal, type P1Zone } from './zone.ts';

describe('isEuSummerTime', () => {
  it.each([
    ['2026-03-29T00:59:59Z', false],
    ['2026-03-29T01:00:00Z', true],
    ['2026-10-25T00:59:59Z', true],
    ['2026-10-25T01:00:00Z', false],
    ['2024-03-31T01:00:00Z', true],
    ['2024-03-30T12:00:00Z', false],
    ['2024-10-27T00:30:00Z', true],
    ['2027-03-28T01:00:00Z', true],
    ['2027-10-31T00:59:00Z', true],
    ['2026-01-15T12:00:00Z', false],
    ['2026-12-31T23:59:59Z', false],
  ])('%s → %s', (instant, summer) => {
    expect(isEuSummerTime(new Date(instant))).toBe(summer);
  });
});

describe('offsetOfLocal', () => {
  const local = (month: number, day: number, hour: number) => ({
    year: 2026,
    month,
    day,
    hour,
    minute: 30,
    second: 0,
  });

  it('follows the flag whatever the date', () => {
    expect(offsetOfLocal(local(1, 10, 12), 'S', CENTRAL_EUROPE)).toBe(120);
    expect(offsetOfLocal(local(7, 10, 12), 'W', CENTRAL_EUROPE)).toBe(60);
  });

  it('without a flag: the rule, the repeated autumn hour as standard time, the skipped spring hour as summer', () => {
    expect(offsetOfLocal(local(7, 10, 12), null, CENTRAL_EUROPE)).toBe(120);
    expect(offsetOfLocal(local(1, 10, 12), null, CENTRAL_EUROPE)).toBe(60);
    expect(offsetOfLocal(local(10, 25, 1), null, CENTRAL_EUROPE)).toBe(120);
    expect(offsetOfLocal(local(10, 25, 2), null, CENTRAL_EUROPE)).toBe(60);
    expect(offsetOfLocal(local(3, 29, 1), null, CENTRAL_EUROPE)).toBe(60);
    expect(offsetOfLocal(local(3, 29, 2), null, CENTRAL_EUROPE)).toBe(120);
    expect(offsetOfLocal(local(3, 29, 3), null, CENTRAL_EUROPE)).toBe(120);
  });
});

describe('formatInZone', () => {
  it('renders an instant as local time with its offset', () => {
    expect(formatInZone(new Date('2026-11-25T23:30:00.900Z'))).toBe('2026-11-26T00:30:00+01:00');
    expect(formatInZone(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02T00:00:00+02:00');
  });

  it('handles negative and half-hour offsets', () => {
    const zone: P1Zone = {
      standardOffsetMinutes: -210,
      summerOffsetMinutes: -150,
      isSummer: () => false,
    };
    expect(formatInZone(new Date('2026-01-01T02:00:00Z'), zone)).toBe('2025-12-31T22:30:00-03:30');
  });
});
