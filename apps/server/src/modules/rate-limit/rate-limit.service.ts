import { createHash } from 'node:crypto';
import { rateLimited } from '../../errors.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

/** A limit: at most `limit` events per fixed window of `windowMs`, counted per subject. */
export interface RateLimitRule {
  /** Prefix of the stored key, e.g. `login.ip`. */
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits (docs/decisions/0009). Sign-in counts failed attempts only (a successful one gives its attempt back), so
 * people who type their password right are never slowed down; the others count every request they let in.
 */
export const RATE_LIMITS = {
  loginFailuresPerIpAndAccount: { name: 'login.ip-account', limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { name: 'login.ip', limit: 50, windowMs: 15 * MINUTE },
  /** Wrong current passwords (change password, delete account): a stolen session cannot guess the password. */
  passwordConfirmFailuresPerUser: {
    name: 'password-confirm.user',
    limit: 10,
    windowMs: 15 * MINUTE,
  },
  registerPerIp: { name: 'register.ip', limit: 5, windowMs: HOUR },
  resendPerAccount: { name: 'resend.account', limit: 3, windowMs: HOUR },
  resendPerIp: { name: 'resend.ip', limit: 10, windowMs: HOUR },
  forgottenPerAccount: { name: 'forgotten.account', limit: 3, windowMs: HOUR },
  forgottenPerIp: { name: 'forgotten.ip', limit: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Windows are kept this long after they start, then deleted (longer than the longest window). */
const RETENTION_MS = 24 * HOUR;
/** Old windows are swept at most this often per instance. */
const SWEEP_INTERVAL_MS = 10 * MINUTE;

/**
 * A subject as stored in a key: e-mail addresses are hashed (the table holds no addresses), IPs kept as they are
 * (they are in the logs anyway, and an operator may need to see who is throttled).
 */
export function accountSubject(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** An attempt let in by `acquire`; releasing it gives its place in every counter back (at most once). */
export interface RateLimitSlot {
  release(): Promise<void>;
}

const NO_SLOT: RateLimitSlot = { release: async () => {} };

/** Fixed-window rate limiting over the shared `rate_limits` table. */
export function createRateLimiter(
  repo: RateLimitRepository,
  options: { enabled: boolean; now?: () => number },
) {
  const now = options.now ?? Date.now;
  let lastSweep = 0;

  function window(rule: RateLimitRule, at: number) {
    const start = Math.floor(at / rule.windowMs) * rule.windowMs;
    const secondsLeft = Math.max(1, Math.ceil((start + rule.windowMs - at) / 1000));
    return { start: new Date(start), secondsLeft };
  }

  async function sweep(at: number): Promise<void> {
    if (at - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    await repo.deleteBefore(new Date(at - RETENTION_MS));
  }

  /**
   * Takes one place in every (rule, subject) counter, all or nothing, BEFORE the request is judged: each place is
   * one conditional upsert (`RateLimitRepository.take`), so parallel requests never get more than the limit in. When
   * a counter is full the places already taken are given back and 429 RATE_LIMITED is thrown: a refused request
   * uses up no other limit.
   */
  async function acquire(...checks: [RateLimitRule, string][]): Promise<RateLimitSlot> {
    if (!options.enabled) return NO_SLOT;
    const at = now();
    await sweep(at);
    const taken: { key: string; start: Date }[] = [];
    const giveBack = () => Promise.all(taken.map((t) => repo.giveBack(t.key, t.start)));
    for (const [rule, subject] of checks) {
      const { start, secondsLeft } = window(rule, at);
      const key = `${rule.name}:${subject}`;
      let count: number | null;
      try {
        count = await repo.take(key, start, rule.limit);
      } catch (error) {
        await giveBack();
        throw error;
      }
      if (count === null) {
        await giveBack();
        throw rateLimited(secondsLeft);
      }
      taken.push({ key, start });
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        await giveBack();
      },
    };
  }

  return {
    acquire,

    /** Counts one event for each (rule, subject), all or nothing; throws 429 RATE_LIMITED when any is full. */
    async consume(...checks: [RateLimitRule, string][]): Promise<void> {
      await acquire(...checks);
    },
  };
}

/** The rate limiter's interface. */
export type RateLimiter = ReturnType<typeof createRateLimiter>;
