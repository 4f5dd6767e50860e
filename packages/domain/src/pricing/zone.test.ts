import { describe, expect, it } from 'vitest';
import { zoneClock } from './zone.ts';
import { DAY_MS, HOUR_MS } from '../network-fee/time-zone.ts';

const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8)) / DAY_MS;

describe('zoneClock', () => {
  it('knows CET, CEST and the switch instants of Europe/Ljubljana', () => {
    const c = zoneClock('Europe/Ljubljana');
    expect(c.offsetMs(Date.UTC(2026, 0, 15))).toBe(HOUR_MS);
    expect(c.offsetMs(Date.UTC(2026, 6, 15))).toBe(2 * HOUR_MS);
    // 29 March 2026: 02:00 CET = 01:00 UTC becomes 03:00 CEST.
    expect(c.offsetMs(Date.UTC(2026, 2, 29, 0, 59))).toBe(HOUR_MS);
    expect(c.offsetMs(Date.UTC(2026, 2, 29, 1, 0))).toBe(2 * HOUR_MS);
  });

  it('finds local midnights and day lengths of 23 and 25 hours', () => {
    const c = zoneClock('Europe/Amsterdam');
    const spring = dayNumber('2026-03-29');
    const autumn = dayNumber('2026-10-25');
    expect(c.dayStartMs(spring)).toBe(Date.UTC(2026, 2, 28, 23));
    expect(c.dayStartMs(spring + 1) - c.dayStartMs(spring)).toBe(23 * HOUR_MS);
    expect(c.dayStartMs(autumn + 1) - c.dayStartMs(autumn)).toBe(25 * HOUR_MS);
    expect(c.dayNumberOf(Date.UTC(2026, 9, 24, 22, 30))).toBe(autumn);
  });

  it('works for zones west of UTC and caches clocks', () => {
    const c = zoneClock('America/New_York');
    expect(c.offsetMs(Date.UTC(2026, 0, 1))).toBe(-5 * HOUR_MS);
    expect(c.dayStartMs(dayNumber('2026-01-01'))).toBe(Date.UTC(2026, 0, 1, 5));
    expect(zoneClock('America/New_York')).toBe(c);
    expect(() => zoneClock('Mars/Olympus')).toThrow(RangeError);
  });
});
