import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUserSchema } from '@ec/contract';
import { eq, sessions, users } from '@ec/db';
import { ADMIN, createTestApp, json, signIn, type TestApp } from '../../test/helpers.ts';
import { sessionIdFor } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_DAYS: '7' } });
});
afterAll(() => t.close());

const login = (data: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { data }, headers });
const currentUser = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    cookies: token ? { ec_session: token } : {},
  });
const storedSession = async (token: string) =>
  (
    await t.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFor(token)))
  )[0];

describe('POST /api/auth/login', () => {
  it('signs in, answers the user and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await login(ADMIN, { 'user-agent': 'vitest' });
    expect(res.statusCode).toBe(200);
    const body = json<{ data: { user: unknown } }>(res);
    expect(authUserSchema.parse(body.data.user)).toEqual({
      id: expect.any(Number),
      email: 'admin@demo.energy',
      companyId: null,
      firstName: 'Ana',
      lastName: 'Novak',
      fullName: 'Ana Novak',
      role: 'ROLE_SUPER_ADMIN',
      roles: [
        'ROLE_SUPER_ADMIN',
        'ROLE_AGGREGATOR',
        'ROLE_USER_ADVANCED',
        'ROLE_USER_BASIC',
        'ROLE_USER',
      ],
      locale: 'en',
      siteId: expect.any(Number),
      type: 'PROVISIONED',
      hasPassword: true,
      verified: true,
      permissions: { locations: [], locationGroups: [] },
      locations: [],
      controllers: [],
      marketingConsent: null,
      countryCode: 'SI',
      spotRegion: null,
      eicCode: null,
      themePreference: 'auto',
      isSetUp: true,
      impersonation: null,
    });
    const cookie = res.cookies.find((c) => c.name === 'ec_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // About SESSION_MAX_DAYS ahead.
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stores only the SHA-256 of the token, with the client details', async () => {
    const token = await signIn(t.app);
    const row = await storedSession(token);
    expect(row?.id).toBe(sessionIdFor(token));
    expect(row?.id).not.toContain(token);
    const all = await t.db.db.select({ id: sessions.id }).from(sessions);
    expect(all.some((s) => s.id === token)).toBe(false);
  });

  it('treats the e-mail case-insensitively', async () => {
    const res = await login({ ...ADMIN, email: 'Admin@Demo.Energy' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { email: ADMIN.email, password: 'wrong-password' }],
    ['an unknown e-mail', { email: 'nobody@demo.energy', password: ADMIN.password }],
  ])('answers %s with the same 401 login.invalid_credentials', async (_case, data) => {
    const res = await login(data);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'login.invalid_credentials' },
    });
    expect(res.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();
  });

  it('validates the form with field keys', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fields: {
          'data.email': 'validation.invalid_email',
          'data.password': 'validation.required',
        },
      },
    });
  });

  it('starts a new session at every sign-in and ends the one the client had', async () => {
    const before = await signIn(t.app);
    const res = await login(ADMIN, { cookie: `ec_session=${before}` });
    const after = res.cookies.find((c) => c.name === 'ec_session')?.value ?? '';
    expect(after).not.toBe(before);
    expect(await storedSession(before)).toBeUndefined();
    expect((await currentUser(after)).statusCode).toBe(200);
  });

  it('sets the Secure flag when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://cloud.example.com' } });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { data: ADMIN },
      });
      expect(res.cookies.find((c) => c.name === 'ec_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/auth/user', () => {
  it('answers the signed-in user', async () => {
    const token = await signIn(t.app, { email: 'basic@demo.energy', password: 'demo-basic-2024' });
    const res = await currentUser(token);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      data: {
        user: {
          email: 'basic@demo.energy',
          role: 'ROLE_USER_BASIC',
          roles: ['ROLE_USER_BASIC', 'ROLE_USER'],
        },
      },
    });
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const res = await currentUser();
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'errors.UNAUTHENTICATED' },
    });
  });

  it('answers 401 and clears the cookie for an unknown token', async () => {
    const res = await currentUser('A'.repeat(43));
    expect(res.statusCode).toBe(401);
    const cleared = res.cookies.find((c) => c.name === 'ec_session');
    expect(cleared?.value).toBe('');
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const token = await signIn(t.app);
    await t.db.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, sessionIdFor(token)));
    expect((await currentUser(token)).statusCode).toBe(401);
    expect(await storedSession(token)).toBeUndefined();
  });

  it('keeps a session that was used within the idle window, and records the use', async () => {
    const token = await signIn(t.app);
    const seen = new Date(Date.now() - 29 * 60_000);
    await t.db.db
      .update(sessions)
      .set({ lastSeenAt: seen })
      .where(eq(sessions.id, sessionIdFor(token)));
    expect((await currentUser(token)).statusCode).toBe(200);
    expect((await storedSession(token))?.lastSeenAt.getTime()).toBeGreaterThan(seen.getTime());
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const token = await signIn(t.app);
    await t.db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.id, sessionIdFor(token)));
    expect((await currentUser(token)).statusCode).toBe(401);
  });

  it('ends the sessions of a deleted user', async () => {
    const token = await signIn(t.app, { email: 'user@demo.energy', password: 'demo-user-2024' });
    await t.db.db.delete(users).where(eq(users.email, 'user@demo.energy'));
    expect((await currentUser(token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const token = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { ec_session: token },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: {} });
    const cleared = res.cookies.find((c) => c.name === 'ec_session');
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(await storedSession(token)).toBeUndefined();
    expect((await currentUser(token)).statusCode).toBe(401);
  });

  it('succeeds without a session too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('failed sign-ins', () => {
  it('are logged with the IP and the address tried, never the password', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logLines: lines });
    try {
      await logged.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { data: { email: 'Admin@Demo.Energy', password: 'secret-guess-123' } },
        remoteAddress: '203.0.113.77',
      });
      const entry = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((e) => e.msg === 'failed sign-in');
      expect(entry).toMatchObject({ ip: '203.0.113.77', email: 'admin@demo.energy', known: true });
      expect(lines.join('\n')).not.toContain('secret-guess-123');
    } finally {
      await logged.close();
    }
  });
});
