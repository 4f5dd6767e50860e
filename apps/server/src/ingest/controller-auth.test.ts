import { describe, expect, it } from 'vitest';
import {
  createControllerAuth,
  generateControllerSecret,
  hashControllerSecret,
} from './controller-auth.ts';

describe('controller credentials', () => {
  it('generates base64url secrets of 32 bytes and hashes them as SHA-256 hex of the text', () => {
    const secret = generateControllerSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(hashControllerSecret('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('accepts only the current secret, caches lookups briefly, and forgets a unit on invalidate', async () => {
    let now = 0;
    let lookups = 0;
    const hashes = new Map<string, string | null>([['EC-1', hashControllerSecret('old')]]);
    const auth = createControllerAuth(
      async (unitId) => {
        lookups += 1;
        return hashes.get(unitId);
      },
      { cacheMs: 1000, now: () => now },
    );
    expect(await auth.verify('EC-1', Buffer.from('old'))).toBe(true);
    expect(await auth.verify('EC-1', 'wrong')).toBe(false);
    expect(await auth.verify('EC-1', undefined)).toBe(false);
    expect(lookups).toBe(1);
    hashes.set('EC-1', hashControllerSecret('new'));
    // Still cached: the old one works until the entry expires or is invalidated.
    expect(await auth.verify('EC-1', 'old')).toBe(true);
    auth.invalidate('EC-1');
    expect(await auth.verify('EC-1', 'old')).toBe(false);
    expect(await auth.verify('EC-1', 'new')).toBe(true);
    hashes.set('EC-1', null);
    now += 1001;
    expect(await auth.verify('EC-1', 'new')).toBe(false);
    expect(await auth.verify('EC-404', 'new')).toBe(false);
  });
});
