// Social sign-in: the full redirect flow against the OIDC emulator (@ec/emulators/oidc) the test starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq, oidcIdentities, oidcStates, users } from '@ec/db';
import { createTestApp, DEMO, json, send, type TestApp } from '../../test/helpers.ts';
import { followProvider, startOidcEmulator, type OidcEmulator } from '@ec/emulators/oidc';
import { safeRedirect, tenantIssuerOf } from './oidc.service.ts';

const CALLBACK = 'http://localhost:3000/api/auth/oidc/local/callback';

let idp: OidcEmulator;
let t: TestApp;
beforeAll(async () => {
  idp = await startOidcEmulator({ redirectUris: [CALLBACK] });
  t = await createTestApp({
    env: {
      RATE_LIMITS: 'false',
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'local',
          name: 'Local ID',
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
        },
      ]),
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name);

/** Start → provider (login, consent) → callback; answers the callback response. */
async function signInWithProvider(
  options: { redirect?: string; query?: string; tamper?: (callback: URL) => void } = {},
) {
  const query =
    options.query ?? `redirect=${encodeURIComponent(options.redirect ?? '/user/settings')}`;
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/local/start?${query}` });
  expect(start.statusCode).toBe(302);
  const state = cookieOf(start, 'ec_oidc');
  const callback = await followProvider(start.headers.location as string);
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  options.tamper?.(callback);
  return t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    cookies: state ? { ec_oidc: state.value } : {},
  });
}

describe('GET /api/auth/oidc/providers', () => {
  it('lists the configured providers', async () => {
    const res = await send(t.app, 'GET', '/api/auth/oidc/providers');
    expect(json(res)).toEqual({ data: { providers: [{ id: 'local', name: 'Local ID' }] } });
  });

  it('is empty when none is configured', async () => {
    const bare = await createTestApp({ env: { RATE_LIMITS: 'false' } });
    try {
      expect(json(await send(bare.app, 'GET', '/api/auth/oidc/providers'))).toEqual({
        data: { providers: [] },
      });
      const start = await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/auth/login?oidcError=UNKNOWN_PROVIDER');
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/auth/oidc/:provider/start', () => {
  it('redirects to the provider with PKCE S256, state and nonce, stored server-side and bound to the browser', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/local/start?redirect=%2Fuser%2Finfo',
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(idp.clientId);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toBeTruthy();
    const state = params.get('state') ?? '';
    expect(cookieOf(res, 'ec_oidc')).toMatchObject({
      value: state,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/oidc/',
    });
    const stored = await t.db.db.select().from(oidcStates);
    const row = stored.find((s) => s.redirect === '/user/info');
    expect(row).toBeDefined();
    // Only a hash of the state is the key; the verifier never leaves the server.
    expect(stored.some((s) => s.id === state)).toBe(false);
    expect(location.href).not.toContain(row?.codeVerifier ?? 'x');
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('an unknown provider goes back to sign-in with UNKNOWN_PROVIDER', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/nope/start' });
    expect(res.headers.location).toBe('/auth/login?oidcError=UNKNOWN_PROVIDER');
  });
});

describe('the callback', () => {
  it('creates a verified basic user on first sign-in, starts a session and returns to the redirect', async () => {
    idp.account = {
      sub: 'new-person',
      email: 'New.Person@Example.com',
      email_verified: true,
      given_name: 'Nova',
      family_name: 'Oseba',
      locale: 'sl-SI',
    };
    const res = await signInWithProvider({ redirect: '/user/settings?tab=2' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/settings?tab=2');
    const session = cookieOf(res, 'ec_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookieOf(res, 'ec_oidc')?.value).toBe('');

    const user = json<{ data: { user: Record<string, unknown> } }>(
      await send(t.app, 'GET', '/api/auth/user', { token: session?.value ?? '' }),
    ).data.user;
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      firstName: 'Nova',
      lastName: 'Oseba',
      role: 'ROLE_USER_BASIC',
      type: 'SOCIAL',
      verified: true,
      hasPassword: false,
      locale: 'sl',
    });
    const links = await t.db.db.select().from(oidcIdentities);
    expect(links).toEqual([
      expect.objectContaining({ provider: 'local', subject: 'new-person', userId: user.id }),
    ]);
  });

  it('signs the same provider account in again by its subject, even after an e-mail change there', async () => {
    idp.account = { sub: 'new-person', email: 'renamed@example.com', email_verified: false };
    const res = await signInWithProvider();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/settings');
    const user = json<{ data: { user: { email: string } } }>(
      await send(t.app, 'GET', '/api/auth/user', {
        token: cookieOf(res, 'ec_session')?.value ?? '',
      }),
    ).data.user;
    expect(user.email).toBe('new.person@example.com');
    expect(
      await t.db.db.select().from(users).where(eq(users.email, 'renamed@example.com')),
    ).toEqual([]);
  });

  it('links an existing account by verified e-mail and keeps its password', async () => {
    idp.account = { sub: 'basic-at-idp', email: DEMO.basic.email, email_verified: true };
    const res = await signInWithProvider({ redirect: '/' });
    expect(res.headers.location).toBe('/');
    const user = json<{ data: { user: { email: string; type: string } } }>(
      await send(t.app, 'GET', '/api/auth/user', {
        token: cookieOf(res, 'ec_session')?.value ?? '',
      }),
    ).data.user;
    expect(user).toMatchObject({ email: DEMO.basic.email, type: 'PROVISIONED' });
    expect((await send(t.app, 'POST', '/api/auth/login', { data: DEMO.basic })).statusCode).toBe(
      200,
    );
  });

  it('verifies an unverified account it links and drops the password nobody proved (pre-account takeover)', async () => {
    idp.account = { sub: 'unverified-at-idp', email: DEMO.unverified.email, email_verified: true };
    const res = await signInWithProvider();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/settings');
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.unverified.email));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).toBeNull();
    const login = await send(t.app, 'POST', '/api/auth/login', { data: DEMO.unverified });
    expect(login.statusCode).toBe(401);
  });

  it('refuses an e-mail the provider did not verify: EMAIL_NOT_VERIFIED, no account, no session', async () => {
    idp.account = { sub: 'unverified-mail', email: 'maybe@example.com', email_verified: false };
    const res = await signInWithProvider();
    expect(res.headers.location).toBe('/auth/login?oidcError=EMAIL_NOT_VERIFIED');
    expect(cookieOf(res, 'ec_session')).toBeUndefined();
    expect(await t.db.db.select().from(users).where(eq(users.email, 'maybe@example.com'))).toEqual(
      [],
    );
  });

  it('never links to an existing account without a verified e-mail', async () => {
    idp.account = { sub: 'attacker', email: DEMO.admin.email, email_verified: false };
    const res = await signInWithProvider();
    expect(res.headers.location).toBe('/auth/login?oidcError=EMAIL_NOT_VERIFIED');
  });

  it('FAILED without the state cookie of the browser that started (login CSRF)', async () => {
    idp.account = { sub: 'csrf-victim', email: 'victim@example.com', email_verified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start' });
    const callback = await followProvider(start.headers.location as string);
    const res = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(res.headers.location).toBe('/auth/login?oidcError=FAILED');
    expect(cookieOf(res, 'ec_session')).toBeUndefined();
  });

  it('FAILED when the callback is replayed (a state works once)', async () => {
    idp.account = { sub: 'replay', email: 'replay@example.com', email_verified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start' });
    const state = cookieOf(start, 'ec_oidc')?.value ?? '';
    const callback = await followProvider(start.headers.location as string);
    const url = callback.pathname + callback.search;
    const first = await t.app.inject({ method: 'GET', url, cookies: { ec_oidc: state } });
    expect(first.headers.location).toBe('/');
    const second = await t.app.inject({ method: 'GET', url, cookies: { ec_oidc: state } });
    expect(second.headers.location).toBe('/auth/login?oidcError=FAILED');
  });

  it('FAILED for an expired state', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start' });
    const state = cookieOf(start, 'ec_oidc')?.value ?? '';
    const callback = await followProvider(start.headers.location as string);
    await t.db.db.update(oidcStates).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { ec_oidc: state },
    });
    expect(res.headers.location).toBe('/auth/login?oidcError=FAILED');
  });

  it('FAILED for a forged code', async () => {
    const res = await signInWithProvider({
      tamper: (callback) => callback.searchParams.set('code', 'forged-code'),
    });
    expect(res.headers.location).toBe('/auth/login?oidcError=FAILED');
    expect(cookieOf(res, 'ec_session')).toBeUndefined();
  });

  it('CANCELLED when the provider reports an error (the user declined)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start' });
    const state = cookieOf(start, 'ec_oidc')?.value ?? '';
    const stateParam = new URL(start.headers.location as string).searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/local/callback?error=access_denied&state=${stateParam}`,
      cookies: { ec_oidc: state },
    });
    expect(res.headers.location).toBe('/auth/login?oidcError=CANCELLED');
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', '/api/auth/logout'])(
    'returns to / for the redirect %s',
    async (redirect) => {
      idp.account = { sub: 'redirects', email: 'redirects@example.com', email_verified: true };
      const res = await signInWithProvider({ redirect });
      expect(res.headers.location).toBe('/');
    },
  );
});

describe('claims only from userinfo', () => {
  it('reads the e-mail from userinfo when the ID token has none', async () => {
    const conform = await startOidcEmulator({ redirectUris: [CALLBACK], claimsInIdToken: false });
    const app = await createTestApp({
      env: {
        RATE_LIMITS: 'false',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'local',
            name: 'Conform',
            issuer: conform.issuer,
            clientId: conform.clientId,
            clientSecret: conform.clientSecret,
          },
        ]),
      },
    });
    try {
      conform.account = {
        sub: 'userinfo-only',
        email: 'userinfo@example.com',
        email_verified: true,
      };
      const start = await app.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start' });
      const callback = await followProvider(start.headers.location as string);
      const res = await app.app.inject({
        method: 'GET',
        url: callback.pathname + callback.search,
        cookies: { ec_oidc: cookieOf(start, 'ec_oidc')?.value ?? '' },
      });
      expect(res.headers.location).toBe('/');
      const [row] = await app.db.db
        .select()
        .from(users)
        .where(eq(users.email, 'userinfo@example.com'));
      expect(row?.type).toBe('SOCIAL');
    } finally {
      await app.close();
      await conform.close();
    }
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/user/settings', '/user/settings'],
    ['/a?b=1#c', '/a?b=1#c'],
    ['/a/../b', '/b'],
    ['', '/'],
    ['user/settings', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\tevil', '/'],
    ['/api/auth/logout', '/'],
    ['/api', '/'],
    [`/${'x'.repeat(2001)}`, '/'],
    [42, '/'],
    [undefined, '/'],
  ])('%j → %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});

describe('a multi-tenant issuer (Microsoft common: issuer template …/{tenantid})', () => {
  it('signs in against the tenant that issued the ID token', async () => {
    const tenantIdp = await startOidcEmulator({ redirectUris: [CALLBACK], tenant: 'tenant-a' });
    const app = await createTestApp({
      env: {
        RATE_LIMITS: 'false',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'local',
            name: 'Multi-tenant',
            issuer: tenantIdp.issuer,
            clientId: tenantIdp.clientId,
            clientSecret: tenantIdp.clientSecret,
          },
        ]),
      },
    });
    try {
      expect(tenantIdp.issuer.endsWith('/common')).toBe(true);
      tenantIdp.account = { sub: 'tenant-user', email: 'tenant@example.com', email_verified: true };
      const start = await app.app.inject({ method: 'GET', url: '/api/auth/oidc/local/start' });
      expect(start.statusCode).toBe(302);
      const callback = await followProvider(start.headers.location as string);
      const res = await app.app.inject({
        method: 'GET',
        url: callback.pathname + callback.search,
        cookies: { ec_oidc: cookieOf(start, 'ec_oidc')?.value ?? '' },
      });
      expect(res.headers.location).toBe('/');
      expect(cookieOf(res, 'ec_session')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await app.close();
      await tenantIdp.close();
    }
  });
});

describe('tenantIssuerOf', () => {
  const token = (payload: object) =>
    JSON.stringify({
      id_token: `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`,
    });
  const template = 'https://login.microsoftonline.com/{tenantid}/v2.0';

  it.each([
    [
      { iss: 'https://login.microsoftonline.com/9188040d-6c67/v2.0' },
      'https://login.microsoftonline.com/9188040d-6c67/v2.0',
    ],
    [{ iss: 'https://evil.example/9188040d/v2.0' }, null],
    [{ iss: 'https://login.microsoftonline.com/a/b/v2.0' }, null],
    [{ iss: 'https://login.microsoftonline.com//v2.0' }, null],
    [{ iss: 42 }, null],
    [{}, null],
  ])('%j → %j', (payload, expected) => {
    expect(tenantIssuerOf(token(payload), template)).toBe(expected);
  });

  it('null for a response without an ID token or not JSON', () => {
    expect(tenantIssuerOf('{}', template)).toBeNull();
    expect(tenantIssuerOf('nope', template)).toBeNull();
  });
});
