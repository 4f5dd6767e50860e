import { describe, expect, it } from 'vitest';
import type { AuthRepository, SessionRecord, UserRecord } from './auth.repository.ts';
import { createAuthService } from './auth.service.ts';

const MINUTE = 60_000;

/** A repository that only knows one session, last seen `idleMs` ago, and counts the touches it is asked for. */
function oneSession(idleMs: number) {
  const now = Date.now();
  const session = {
    id: 'stored-id',
    userId: 7,
    createdAt: new Date(now - 10 * MINUTE),
    lastSeenAt: new Date(now - idleMs),
    expiresAt: new Date(now + 86_400_000),
    impersonatedUserId: null,
    ip: null,
    userAgent: null,
  } as SessionRecord;
  const user = { id: 7, role: 'ROLE_USER_BASIC' } as unknown as UserRecord;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls = { touches: 0 };
  const repo = {
    findSession: async () => ({ session, user }),
    touchSession: async () => {
      calls.touches += 1;
      await gate;
    },
  } as unknown as AuthRepository;
  return { repo, calls, release };
}

const options = {
  idleMinutes: 30,
  maxDays: 30,
  limiter: { check: async () => undefined, record: async () => undefined },
  log: { info: () => undefined, warn: () => undefined, error: () => undefined },
} as unknown as Parameters<typeof createAuthService>[1];

describe('resolve', () => {
  it('writes the last-seen time once when several requests of one session arrive together', async () => {
    const { repo, calls, release } = oneSession(2 * MINUTE);
    const auth = createAuthService(repo, options);
    const pending = [auth.resolve('token'), auth.resolve('token'), auth.resolve('token')];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const actors = await Promise.all(pending);
    expect(calls.touches).toBe(1);
    expect(actors.every((actor) => actor?.user.id === 7)).toBe(true);
  });

  it('does not write it again within a minute of the last one', async () => {
    const { repo, calls, release } = oneSession(30_000);
    release();
    await createAuthService(repo, options).resolve('token');
    expect(calls.touches).toBe(0);
  });
});
