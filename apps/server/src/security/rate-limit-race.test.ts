// Rate limits under parallel requests (issue 10): an attempt is counted atomically before it is judged, so a burst
// never gets more than the limit evaluated. The reproduction was 40 parallel wrong passwords for one account →
// 13 × 401 against a limit of 10, and 100 from one address → 51 evaluated failures against 50. Run on PGlite and
// on PostgreSQL (TEST_DATABASE_URL): PGlite runs one query at a time, PostgreSQL is where the race showed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { createRateLimitRepository } from '../modules/rate-limit/rate-limit.repository.ts';
import { createRateLimiter, RATE_LIMITS } from '../modules/rate-limit/rate-limit.service.ts';
import { INVITE_RATE_LIMITS } from '../modules/locations/location-users.service.ts';
import {
  call,
  createOrgFixture,
  type OrgFixture,
} from '../modules/locations/locations.fixtures.ts';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../test/helpers.ts';

/** How many answers had each status code. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('the limiter under parallel calls', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const outcomes = (calls: Promise<unknown>[]) =>
    Promise.all(
      calls.map((p) =>
        p.then(
          () => 'passed',
          (e: unknown) =>
            (e as { statusCode?: number }).statusCode === 429 ? 'limited' : 'failed',
        ),
      ),
    );

  it('consume: 60 parallel calls against a limit of 7 let exactly 7 through', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(db.db), { enabled: true });
    const rule = { name: 'race.consume', limit: 7, windowMs: 3_600_000 };
    const results = await outcomes(
      Array.from({ length: 60 }, () => limiter.consume([rule, 'one'])),
    );
    expect(results.filter((r) => r === 'passed')).toHaveLength(7);
    expect(results.filter((r) => r === 'limited')).toHaveLength(53);
  });

  it('acquire: a released attempt gives its place back; one refused by a later rule takes none', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(db.db), { enabled: true });
    const narrow = { name: 'race.narrow', limit: 2, windowMs: 3_600_000 };
    const wide = { name: 'race.wide', limit: 3, windowMs: 3_600_000 };
    // Released attempts (successful sign-ins) never use up the limit.
    for (let i = 0; i < 5; i++)
      await (await limiter.acquire([narrow, 'a'], [wide, 'ip'])).release();
    await limiter.acquire([narrow, 'a'], [wide, 'ip']);
    await limiter.acquire([narrow, 'a'], [wide, 'ip']);
    // `narrow:a` is full: the refused attempt must not use up `wide:ip` either.
    await expect(limiter.acquire([narrow, 'a'], [wide, 'ip'])).rejects.toMatchObject({
      statusCode: 429,
    });
    await limiter.acquire([narrow, 'b'], [wide, 'ip']);
    // `wide:ip` is full (3): refused, and `narrow:c` is given back.
    await expect(limiter.acquire([narrow, 'c'], [wide, 'ip'])).rejects.toMatchObject({
      statusCode: 429,
    });
    const { count } = createRateLimitRepository(db.db);
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    expect(await count('race.narrow:c', start)).toBe(0);
    expect(await count('race.narrow:a', start)).toBe(2);
    expect(await count('race.wide:ip', start)).toBe(3);
  });
});

describe('sign-in under parallel requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // rate limits on (the default)
  });
  afterAll(() => t.close());

  const login = (data: unknown, ip: string) => send(t.app, 'POST', '/api/auth/login', { data, ip });

  it('40 parallel wrong passwords for one account: exactly 10 evaluated (401), 30 × 429', async () => {
    const ip = '198.51.100.20';
    const limit = RATE_LIMITS.loginFailuresPerIpAndAccount.limit;
    const wrong = { email: DEMO.user.email, password: 'wrong-password' };
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(wrong, ip)));
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 401: limit, 429: 40 - limit });
    // The right password after the limit still waits.
    expect((await login(DEMO.user, ip)).statusCode).toBe(429);
  });

  it('100 parallel failures from one address: at most 50 evaluated, the rest 429', async () => {
    const ip = '198.51.100.21';
    const limit = RATE_LIMITS.loginFailuresPerIp.limit;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login({ email: `burst${i}@example.com`, password: 'nope' }, ip),
      ),
    );
    const counts = tally(answers.map((r) => r.statusCode));
    // Every account is different, so only the per-address limit applies: exactly the limit is evaluated.
    expect(counts).toEqual({ 401: limit, 429: 100 - limit });
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.map((r) => json<{ error: { code: string } }>(r).error.code)).toEqual(
      refused.map(() => 'RATE_LIMITED'),
    );
    expect((await login(DEMO.basic, ip)).statusCode).toBe(429);
  });

  it('successful sign-ins give their attempt back: the failures after them still get their full 10', async () => {
    const ip = '198.51.100.22';
    // An attempt holds its place while it is judged, so at most the limit can be judged at once for one account
    // and address; a browser sends one at a time. Three rounds of 5 = 15 sign-ins, more than the limit.
    for (let round = 0; round < 3; round++) {
      const ok = await Promise.all(Array.from({ length: 5 }, () => login(DEMO.basic, ip)));
      expect(tally(ok.map((r) => r.statusCode))).toEqual({ 200: 5 });
    }
    const wrong = { email: DEMO.basic.email, password: 'wrong-password' };
    const failures = await Promise.all(Array.from({ length: 12 }, () => login(wrong, ip)));
    expect(tally(failures.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 2 });
  });

  it('the right password on an unverified account (403) is not a failure either', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < 12; i++) expect((await login(DEMO.unverified, ip)).statusCode).toBe(403);
    const wrong = { email: DEMO.unverified.email, password: 'wrong-password' };
    const failures = await Promise.all(Array.from({ length: 11 }, () => login(wrong, ip)));
    expect(tally(failures.map((r) => r.statusCode))).toEqual({ 401: 10, 429: 1 });
  });
});

describe('the mail flows under parallel requests', () => {
  let t: TestApp;
  let f: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createOrgFixture(t);
  });
  afterAll(() => t.close());

  it('register: 20 parallel from one address, exactly 5 accepted', async () => {
    const ip = '198.51.100.30';
    const data = (n: number) => ({
      firstName: 'R',
      lastName: 'L',
      email: `race${n}@example.com`,
      password: 'sunny-day-2024',
      passwordRepeat: 'sunny-day-2024',
      countryCode: 'SI',
      locale: 'en',
      acceptPrivacy: true,
      acceptTerms: true,
      marketingConsent: false,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(t.app, 'POST', '/api/auth/register', { data: data(i), ip }),
      ),
    );
    const limit = RATE_LIMITS.registerPerIp.limit;
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 201: limit, 429: 20 - limit });
  });

  it.each([
    ['/api/auth/resend-verification', 'resend'],
    ['/api/auth/forgotten-password', 'forgotten'],
  ])('%s: 20 parallel for one address, exactly 3 accepted', async (url, name) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(t.app, 'POST', url, {
          data: { email: `${name}.race@example.com` },
          ip: `203.0.113.${100 + i}`,
        }),
      ),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 202: 3, 429: 17 });
  });

  it('invitation resend: 12 parallel for one invitation, exactly 3 sent', async () => {
    const created = await call(
      t,
      f.tokens.owner,
      'POST',
      `/api/locations/${f.locations.home}/invitations`,
      {
        email: 'race.invite@example.com',
      },
    );
    expect(created.statusCode).toBe(201);
    const id = json<{ data: { invitation: { id: number } } }>(created).data.invitation.id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t, f.tokens.owner, 'POST', `/api/invitations/${id}/resend`),
      ),
    );
    const limit = INVITE_RATE_LIMITS.resendPerInvitation.limit;
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: limit, 429: 12 - limit });
  });
});

describe('confirming the current password with a signed-in session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('change password and delete account share a per-user limit on wrong current passwords (parallel too)', async () => {
    // A stolen session must not be a way to guess the password behind it.
    const token = await signIn(t.app, DEMO.basic);
    const limit = RATE_LIMITS.passwordConfirmFailuresPerUser.limit;
    const change = (currentPassword: string) =>
      send(t.app, 'POST', '/api/auth/change-password', {
        token,
        data: {
          currentPassword,
          newPassword: 'rainy-day-2025',
          newPasswordRepeat: 'rainy-day-2025',
        },
      });
    // A right password gives its place back.
    const right = await change(DEMO.basic.password);
    expect(right.statusCode).toBe(200);
    const wrong = await Promise.all(Array.from({ length: limit - 2 }, () => change('guess-1234')));
    const deletes = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(t.app, 'DELETE', '/api/auth/user', { token, data: { password: 'guess-5678' } }),
      ),
    );
    expect(tally([...wrong, ...deletes].map((r) => r.statusCode))).toEqual({ 400: limit, 429: 4 });
    // The right password now waits too.
    expect((await change('rainy-day-2025')).statusCode).toBe(429);
  });
});
