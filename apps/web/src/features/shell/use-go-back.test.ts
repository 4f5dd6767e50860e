import { describe, expect, it } from 'vitest';
import { hasEarlierPage } from './use-go-back.ts';

describe('hasEarlierPage', () => {
  it("reads the browser router's entry number, which a replaced URL keeps", () => {
    // The first page of the visit whose URL the admin search's filters replaced: a new key, still entry 0.
    expect(hasEarlierPage({ idx: 0, key: 'k2', usr: null }, 'k2')).toBe(false);
    expect(hasEarlierPage({ idx: 2, key: 'k3', usr: null }, 'k3')).toBe(true);
  });

  it("falls back to the first entry's key without an entry number (memory router)", () => {
    expect(hasEarlierPage(null, 'default')).toBe(false);
    expect(hasEarlierPage(null, 'a1b2c3')).toBe(true);
    expect(hasEarlierPage({ other: 1 }, 'a1b2c3')).toBe(true);
  });
});
