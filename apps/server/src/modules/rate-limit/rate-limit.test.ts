// Rate limits: the fixed-window limiter over the shared table, and the limits on the account routes (429 with
// params.seconds and Retry-After).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { createTestApp, DEMO, json, send, type TestApp } from '../../test/helpers.ts';
import { createRateLimitRepository } from './rate-limit.repository.ts';
import { accountSubject, createRateLimiter, RATE_LIMITS } from './rate-limit.service.ts';

describe('createRateLimiter', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const rule = { name: 'test.rule', limit: 3, windowMs: 60_000 };

  it('allows `limit` events per window, then 429 with the seconds left; a new window starts over', async () => {
    let clock = Date.UTC(2025, 0, 1, 12, 0, 10); // 10 s into a minute window
    const limiter = createRateLimiter(createRateLimitRepository(db.db), {
      enabled: true,
      now: () => clock,
    });
    for (let i = 0; i < 3; i++) await limiter.consume([rule, 'a']);
    const error = await limiter.consume([rule, 'a']).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      params: { seconds: 50 },
      headers: { 'retry-after': '50' },
    });
    // Other subjects have their own counters.
    await limiter.consume([rule, 'b']);
    clock += 50_000;
    await limiter.consume([rule, 'a']);
  });

  it('acquire counts before judging; a released attempt gives its place back, a kept one does not', async () => {
    const clock = Date.UTC(2025, 0, 2);
    const limiter = createRateLimiter(createRateLimitRepository(db.db), {
      enabled: true,
      now: () => clock,
    });
    for (let i = 0; i < 5; i++) await (await limiter.acquire([rule, 'c'])).release();
    for (let i = 0; i < 3; i++) await limiter.acquire([rule, 'c']);
    await expect(limiter.acquire([rule, 'c'])).rejects.toMatchObject({ statusCode: 429 });
    // Releasing twice gives back once.
    const other = await limiter.acquire([rule, 'd']);
    await other.release();
    await other.release();
    for (let i = 0; i < 3; i++) await limiter.acquire([rule, 'd']);
    await expect(limiter.acquire([rule, 'd'])).rejects.toMatchObject({ statusCode: 429 });
  });

  it('does nothing when disabled', async () => {
    const limiter = createRateLimiter(createRateLimitRepository(db.db), { enabled: false });
    for (let i = 0; i < 10; i++) await limiter.consume([rule, 'off']);
    const rows = await db.db.select().from(rateLimits);
    expect(rows.some((r) => r.key === 'test.rule:off')).toBe(false);
  });

  it('sweeps windows older than a day', async () => {
    let clock = Date.UTC(2025, 0, 3);
    const limiter = createRateLimiter(createRateLimitRepository(db.db), {
      enabled: true,
      now: () => clock,
    });
    await limiter.consume([rule, 'old']);
    clock += 25 * 3_600_000;
    await limiter.consume([rule, 'new']);
    const keys = (await db.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('test.rule:new');
    expect(keys).not.toContain('test.rule:old');
  });

  it('stores accounts hashed, never the address', () => {
    expect(accountSubject(' Ana@Example.com ')).toBe(accountSubject('ana@example.com'));
    expect(accountSubject('ana@example.com')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('limits on the account routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expect429 = (res: Awaited<ReturnType<typeof send>>) => {
    expect(res.statusCode).toBe(429);
    const body = json<{ error: { code: string; message: string; params: { seconds: number } } }>(
      res,
    );
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', message: 'errors.RATE_LIMITED' });
    expect(body.error.params.seconds).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(body.error.params.seconds));
  };
  const login = (data: unknown, ip: string) => send(t.app, 'POST', '/api/auth/login', { data, ip });

  it('sign-in: 10 failures per IP and account, then 429 even with the right password; other IPs go on', async () => {
    const ip = '198.51.100.1';
    const wrong = { email: DEMO.user.email, password: 'wrong-password' };
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIpAndAccount.limit; i++) {
      expect((await login(wrong, ip)).statusCode).toBe(401);
    }
    expect429(await login(DEMO.user, ip));
    expect((await login(DEMO.user, '198.51.100.2')).statusCode).toBe(200);
    // Another account from the same IP is not affected by this account's failures.
    expect((await login(DEMO.basic, ip)).statusCode).toBe(200);
  });

  it('sign-in: successful sign-ins never count', async () => {
    for (let i = 0; i < 15; i++) {
      expect((await login(DEMO.basic, '198.51.100.3')).statusCode).toBe(200);
    }
  });

  it('sign-in: 50 failures per IP across accounts', async () => {
    const ip = '198.51.100.4';
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIp.limit; i++) {
      const res = await login({ email: `guess${i % 7}@example.com`, password: 'nope' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expect429(await login(DEMO.admin, ip));
  });

  it('register: 5 per hour per IP', async () => {
    const ip = '198.51.100.5';
    const data = (n: number) => ({
      firstName: 'R',
      lastName: 'L',
      email: `limit${n}@example.com`,
      password: 'sunny-day-2024',
      passwordRepeat: 'sunny-day-2024',
      countryCode: 'SI',
      locale: 'en',
      acceptPrivacy: true,
      acceptTerms: true,
      marketingConsent: false,
    });
    for (let i = 0; i < 5; i++) {
      expect(
        (await send(t.app, 'POST', '/api/auth/register', { data: data(i), ip })).statusCode,
      ).toBe(201);
    }
    expect429(await send(t.app, 'POST', '/api/auth/register', { data: data(5), ip }));
  });

  it.each([
    ['/api/auth/resend-verification', 'resend'],
    ['/api/auth/forgotten-password', 'forgotten'],
  ])('%s: 3 per hour per address (any IP), 10 per hour per IP', async (url, name) => {
    const address = `${name}.limited@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await send(t.app, 'POST', url, {
        data: { email: address },
        ip: `203.0.113.${i}`,
      });
      expect(res.statusCode).toBe(202);
    }
    expect429(await send(t.app, 'POST', url, { data: { email: address }, ip: '203.0.113.50' }));

    const ip = name === 'resend' ? '192.0.2.10' : '192.0.2.11';
    for (let i = 0; i < 10; i++) {
      const res = await send(t.app, 'POST', url, {
        data: { email: `${name}${i}@example.com` },
        ip,
      });
      expect(res.statusCode).toBe(202);
    }
    expect429(await send(t.app, 'POST', url, { data: { email: 'fresh@example.com' }, ip }));
  });
});
