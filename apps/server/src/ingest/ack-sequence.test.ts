import { describe, expect, it } from 'vitest';
import { advanceAck, type AckState } from './ack-sequence.ts';

const fresh: AckState = { acked: null, pending: [], gapSince: null };
const MIN = 60_000;

describe('advanceAck', () => {
  it('starts at the first commit and follows contiguous seqs', () => {
    const a = advanceAck(fresh, [10, 11], 0);
    expect(a).toEqual({ acked: 11, pending: [], gapSince: null, skipped: 0 });
    expect(advanceAck(a, [12], 1).acked).toBe(12);
  });

  it('holds the ack below a gap: 12 committed before 11 is not acknowledged', () => {
    const a = advanceAck({ acked: 10, pending: [], gapSince: null }, [12], 1000);
    expect(a).toEqual({ acked: 10, pending: [12], gapSince: 1000, skipped: 0 });
    // The missing 11 arrives (re-sent by the controller): both are covered now.
    const b = advanceAck(a, [11], 2000);
    expect(b).toEqual({ acked: 12, pending: [], gapSince: null, skipped: 0 });
  });

  it('a redelivered seq at or below the ack changes nothing', () => {
    const a = advanceAck({ acked: 20, pending: [], gapSince: null }, [15, 20], 0);
    expect(a).toEqual({ acked: 20, pending: [], gapSince: null, skipped: 0 });
  });

  it('skips a gap older than the limit (a controller that restarted its seq from the Unix time)', () => {
    const a = advanceAck({ acked: 500, pending: [], gapSince: null }, [1_764_000_000_000], 0);
    expect(a.acked).toBe(500);
    const still = advanceAck(a, [], 4 * MIN);
    expect(still.acked).toBe(500);
    const b = advanceAck(still, [1_764_000_000_001], 5 * MIN);
    expect(b).toEqual({
      acked: 1_764_000_000_001,
      pending: [],
      gapSince: null,
      skipped: 1_764_000_000_000 - 501,
    });
  });

  it('skips only the old gap; a newer one keeps its own time', () => {
    const a = advanceAck({ acked: 1, pending: [3], gapSince: 0 }, [6], 5 * MIN);
    // The gap at 2 is old and skipped (3 covered); the gap at 4–5 starts now.
    expect(a).toEqual({ acked: 3, pending: [6], gapSince: 5 * MIN, skipped: 1 });
  });

  it('skips at once when too many seqs pend', () => {
    const a = advanceAck({ acked: 0, pending: [], gapSince: null }, [3, 4, 5, 6], 0, {
      gapMs: 60 * MIN,
      maxPending: 3,
    });
    expect(a).toEqual({ acked: 6, pending: [], gapSince: null, skipped: 2 });
  });
});
