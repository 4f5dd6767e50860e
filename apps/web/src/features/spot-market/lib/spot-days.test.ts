import { describe, expect, it } from 'vitest';
import type { SpotPrice } from '@ec/contract';
import { addDays, localDate, spotDay } from './spot-days.ts';

/** Quarter hours from `startIso`, prices from `value(i)`. */
function quarters(startIso: string, count: number, value: (i: number) => number): SpotPrice[] {
  const start = Date.parse(startIso);
  return Array.from({ length: count }, (_, i) => ({
    start: new Date(start + i * 900_000).toISOString(),
    end: new Date(start + (i + 1) * 900_000).toISOString(),
    pricePerMwh: String(value(i)),
    pricePerMwhIncVat: null,
  }));
}

describe('spotDay', () => {
  it('groups a Ljubljana day into 24 hours and finds the cheapest and dearest', () => {
    const prices = [
      ...quarters('2026-11-28T23:00:00Z', 96, (i) => (i === 50 ? -20 : 50 + (i % 4))),
      ...quarters('2026-11-29T23:00:00Z', 4, () => 1),
    ];
    const day = spotDay(prices, '2026-11-29', 'Europe/Ljubljana');
    expect(day.quarters).toHaveLength(96);
    expect(day.hours).toHaveLength(24);
    expect(day.hours[0]).toMatchObject({ label: '00:00', pricePerMwh: 51.5 });
    // Quarter 50 is 12:30 local: hour 12 averages (−20 + 50 + 51 + 53) / 4.
    expect(day.cheapest).toMatchObject({ label: '12:00', pricePerMwh: (-20 + 50 + 51 + 53) / 4 });
    expect(day.dearest?.pricePerMwh).toBe(51.5);
  });

  it('has 23 and 25 hours on the DST days', () => {
    expect(
      spotDay(
        quarters('2026-03-28T23:00:00Z', 92, () => 1),
        '2026-03-29',
        'Europe/Ljubljana',
      ).hours,
    ).toHaveLength(23);
    const autumn = spotDay(
      quarters('2026-10-24T22:00:00Z', 100, () => 1),
      '2026-10-25',
      'Europe/Ljubljana',
    );
    expect(autumn.hours.map((h) => h.label).filter((l) => l === '02:00')).toHaveLength(2);
  });

  it('is empty without prices', () => {
    expect(spotDay([], '2026-11-29', 'Europe/London')).toMatchObject({
      hours: [],
      cheapest: null,
      dearest: null,
    });
  });
});

describe('dates', () => {
  it('reads the zone’s date and adds days', () => {
    expect(localDate(Date.parse('2026-11-28T23:30:00Z'), 'Europe/Ljubljana')).toBe('2026-11-29');
    expect(localDate(Date.parse('2026-11-28T23:30:00Z'), 'Europe/London')).toBe('2026-11-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
