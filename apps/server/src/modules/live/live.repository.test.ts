import { describe, expect, it } from 'vitest';
import { inChunks } from './live.repository.ts';

describe('inChunks', () => {
  it('reads long id lists in slices of 5 000 and joins the rows in order', async () => {
    const ids = Array.from({ length: 12_001 }, (_, i) => i + 1);
    const slices: number[] = [];
    const rows = await inChunks(ids, async (slice) => {
      slices.push(slice.length);
      return slice.map((id) => id * 2);
    });
    expect(slices).toEqual([5_000, 5_000, 2_001]);
    expect(rows).toEqual(ids.map((id) => id * 2));
  });

  it('does not query for an empty list', async () => {
    let called = false;
    expect(
      await inChunks([], async () => {
        called = true;
        return [1];
      }),
    ).toEqual([]);
    expect(called).toBe(false);
  });
});
