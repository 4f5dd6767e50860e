import { describe, expect, it } from 'vitest';
import { intervalBlock } from './calendar.ts';
import {
  annotateSeries,
  groupExcess,
  groupSize,
  preparePeriod,
  type MeterSeries,
} from './series.ts';
import { powerSeries, must } from './test-support.ts';
import { INTERVAL_MS } from './time-zone.ts';

const t = (iso: string) => Date.parse(iso);

describe('annotateSeries', () => {
  it('sorts, converts energy to power (× 4) and assigns blocks by interval start', () => {
    const a = annotateSeries({
      kind: 'energy',
      intervalEndsMs: [t('2025-01-15T07:15:00+01:00'), t('2025-01-15T07:00:00+01:00')],
      values: [0.5, 0.25],
    });
    expect(Array.from(a.units)).toEqual([10_000, 20_000]);
    expect(Array.from(a.block)).toEqual([2, 1]);
    expect(Array.from(a.vt)).toEqual([1, 1]);
  });

  it('drops an exact duplicate but refuses two different values for one interval', () => {
    const end = t('2025-01-15T07:15:00+01:00');
    expect(
      annotateSeries({ kind: 'power', intervalEndsMs: [end, end], values: [1, 1] }).count,
    ).toBe(1);
    expect(() =>
      annotateSeries({ kind: 'power', intervalEndsMs: [end, end], values: [1, 2] }),
    ).toThrow(expect.objectContaining({ code: 'DUPLICATE_INTERVAL' }));
  });

  it.each([
    ['an end off the 15-minute grid', [t('2025-01-15T07:10:00+01:00')], [1], 'INVALID_INTERVAL'],
    ['a negative value', [t('2025-01-15T07:15:00+01:00')], [-0.1], 'INVALID_VALUE'],
    ['a NaN value', [t('2025-01-15T07:15:00+01:00')], [Number.NaN], 'INVALID_VALUE'],
    ['different lengths', [t('2025-01-15T07:15:00+01:00')], [1, 2], 'INVALID_SERIES'],
  ])('refuses %s', (_name, ends, values, code) => {
    expect(() => annotateSeries({ kind: 'power', intervalEndsMs: ends, values })).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('marks intervals outside every layout with block 0 instead of failing', () => {
    const a = annotateSeries({
      kind: 'power',
      intervalEndsMs: [t('2024-09-30T12:00:00+02:00')],
      values: [1],
    });
    expect(Array.from(a.block)).toEqual([0]);
  });

  it('agrees with intervalBlock for every interval of a year', () => {
    const s = powerSeries('2024-10-01', '2025-09-30', () => 1);
    const a = annotateSeries(s);
    expect(a.count).toBe(365 * 96);
    for (let i = 0; i < a.count; i++)
      expect(a.block[i]).toBe(intervalBlock(must(s.intervalEndsMs[i])));
  });
});

describe('preparePeriod', () => {
  const series: MeterSeries = powerSeries('2025-01-30', '2025-03-02', (lt) =>
    lt.hour === 10 ? 3 : 1,
  );
  const annotated = annotateSeries(series);

  it('covers the data days by default and prorates partial months', () => {
    const p = preparePeriod(annotated);
    expect([p.from, p.to]).toEqual(['2025-01-30', '2025-03-02']);
    expect(p.months.map((m) => [m.key, m.coveredDays, m.daysInMonth, m.prorate])).toEqual([
      ['2025-01', 2, 31, 2 / 31],
      ['2025-02', 28, 28, 1],
      ['2025-03', 2, 31, 2 / 31],
    ]);
    expect(p.months.map((m) => m.blockOccurs.slice(1))).toEqual([
      [true, true, true, true, false],
      [true, true, true, true, false],
      [false, true, true, true, true],
    ]);
    expect(p.maxUnits).toBe(30_000);
  });

  it('limits the data to [from, to] by the local day of the interval start', () => {
    const p = preparePeriod(annotated, '2025-02-01', '2025-02-28');
    expect(p.months.map((m) => m.key)).toEqual(['2025-02']);
    expect(p.units.length).toBe(28 * 96);
    // 1 Mar 00:00 (the end of February's last interval) is in; 1 Feb 00:00 (end of 31 Jan 23:45–24:00) is not.
    expect(must(p.months[0]).end - must(p.months[0]).start).toBe(28 * 96);
  });

  it('sums energy per block and per VT/MT window', () => {
    const p = preparePeriod(annotated, '2025-02-01', '2025-02-28');
    const m = must(p.months[0]);
    const total = m.blockUnits.reduce((s, v) => s + v, 0);
    expect(total).toBe(m.vtUnits + m.mtUnits);
    // 28 days × (23 h × 1 kW + 1 h × 3 kW) = 728 kWh = 728 × 40 000 units.
    expect(total / 40_000).toBe(728);
  });

  it('computes Σ (v − a)² over the values above a threshold exactly', () => {
    const p = preparePeriod(annotated, '2025-02-01', '2025-02-28');
    // Block 1 in February: 20 working days × 4 intervals at 10:00–11:00 with 3 kW, the rest of block 1 at 1 kW.
    expect(groupSize(p, 0, 1)).toBe(20 * 11 * 4);
    expect(groupExcess(p, 0, 1, 25_000)).toEqual({ squares: 80 * 5_000 * 5_000, count: 80 });
    expect(groupExcess(p, 0, 1, 5_000)).toEqual({
      squares: 80 * 25_000 ** 2 + 800 * 5_000 ** 2,
      count: 880,
    });
    expect(groupExcess(p, 0, 1, 30_000)).toEqual({ squares: 0, count: 0 });
    expect(groupExcess(p, 0, 5, 0)).toEqual({ squares: 0, count: 0 });
  });

  it.each([
    ['a reversed range', '2025-02-10', '2025-02-01', 'INVALID_RANGE'],
    ['a malformed date', '2025-2-1', undefined, 'INVALID_DATE'],
    ['days before the first layout', '2024-09-30', '2024-10-02', 'OUTSIDE_BLOCK_LAYOUT'],
    ['days after the last layout', '2026-12-30', '2027-01-02', 'OUTSIDE_BLOCK_LAYOUT'],
    ['a range without data', '2025-06-01', '2025-06-30', 'NO_DATA_IN_RANGE'],
  ])('refuses %s', (_name, from, to, code) => {
    expect(() => preparePeriod(annotated, from, to)).toThrow(expect.objectContaining({ code }));
  });

  it('handles DST days in a range (23 and 25 hours)', () => {
    const s = powerSeries('2025-03-29', '2025-03-31', () => 1);
    expect(s.values.length).toBe(96 + 92 + 96);
    const p = preparePeriod(annotateSeries(s));
    expect(p.units.length).toBe(96 + 92 + 96);
    expect(must(s.intervalEndsMs[96 + 91]) - must(s.intervalEndsMs[96])).toBe(91 * INTERVAL_MS);
  });
});
