import { describe, expect, it } from 'vitest';
import { NetworkFeeError } from './errors.ts';
import { blockOfInterval, monthlyBlockPeaks } from './peaks.ts';
import { intervalBlock } from './calendar.ts';
import { INTERVAL_MS } from './time-zone.ts';
import { powerSeries } from './test-support.ts';

const end = (local: string) => Date.parse(local);

describe('blockOfInterval', () => {
  it('uses the interval start, like the calculation', () => {
    // Interval 06:45–07:00 on Wed 15 Jan 2025 is block 2; 07:00–07:15 is block 1.
    expect(blockOfInterval(end('2025-01-15T07:00:00+01:00'))).toBe(2);
    expect(blockOfInterval(end('2025-01-15T07:15:00+01:00'))).toBe(1);
  });

  it('agrees with intervalBlock over a whole week', () => {
    const s = powerSeries('2025-03-24', '2025-03-31', () => 1);
    for (const e of s.intervalEndsMs) expect(blockOfInterval(e)).toBe(intervalBlock(e));
  });

  it('is 0 outside every layout, and the tariff-year block under a tariff year', () => {
    const e = end('2023-01-11T10:15:00+01:00'); // Wednesday
    expect(blockOfInterval(e)).toBe(0);
    expect(blockOfInterval(e, 2025)).toBe(1);
    expect(() => blockOfInterval(e, 2027)).toThrow(NetworkFeeError);
  });
});

describe('monthlyBlockPeaks', () => {
  it('gives the highest power per month and block with the interval end of the (first) peak', () => {
    const series = {
      kind: 'power' as const,
      intervalEndsMs: [
        end('2025-01-15T08:15:00+01:00'), // block 1
        end('2025-01-15T09:15:00+01:00'), // block 1, same peak later
        end('2025-01-15T06:15:00+01:00'), // block 2
        end('2025-01-18T03:15:00+01:00'), // Saturday night: block 4
        end('2025-02-03T08:15:00+01:00'), // February block 1
        end('2025-01-16T08:15:00+01:00'), // block 1, lower
      ],
      values: [5.5, 5.5, 2, 1.25, 7, 3],
    };
    expect(monthlyBlockPeaks(series)).toEqual([
      { month: '2025-01', block: 1, peakKw: 5.5, atMs: end('2025-01-15T08:15:00+01:00') },
      { month: '2025-01', block: 2, peakKw: 2, atMs: end('2025-01-15T06:15:00+01:00') },
      { month: '2025-01', block: 4, peakKw: 1.25, atMs: end('2025-01-18T03:15:00+01:00') },
      { month: '2025-02', block: 1, peakKw: 7, atMs: end('2025-02-03T08:15:00+01:00') },
    ]);
  });

  it('turns energy per interval into power (× 4)', () => {
    const peaks = monthlyBlockPeaks({
      kind: 'energy',
      intervalEndsMs: [end('2025-06-10T10:15:00+02:00')],
      values: [0.6],
    });
    expect(peaks).toEqual([
      { month: '2025-06', block: 2, peakKw: 2.4, atMs: end('2025-06-10T10:15:00+02:00') },
    ]);
  });

  it('bills the interval ending at midnight to the month of its start', () => {
    const e = end('2025-02-01T00:00:00+01:00');
    expect(monthlyBlockPeaks({ kind: 'power', intervalEndsMs: [e], values: [3] })[0]?.month).toBe(
      '2025-01',
    );
  });

  it('skips data outside the layouts unless a tariff year is given', () => {
    const s = powerSeries('2023-01-09', '2023-01-15', (t) =>
      t.hour === 12 && t.minute === 0 ? 9 : 1,
    );
    expect(monthlyBlockPeaks(s)).toEqual([]);
    const peaks = monthlyBlockPeaks(s, 2025);
    expect(peaks.map((p) => [p.block, p.peakKw])).toEqual([
      [1, 9],
      [2, 9],
      [3, 1],
      [4, 1],
    ]);
    expect(peaks[0]?.atMs).toBe(Date.parse('2023-01-09T12:00:00+01:00') + INTERVAL_MS);
  });
});
