// Every role against every route that needs a session (the admin endpoints included): 401 without a session, 403
// FORBIDDEN exactly for the roles outside the route's list, and past the access check for the others. Also the
// CSRF origin check on every state-changing route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type RouteDescriptor } from '@ec/contract';
import { hasAnyRole, ROLES, type Role } from '@ec/domain';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../test/helpers.ts';
import { VALID } from '../test/route-samples.ts';

const LOGINS: Record<Role, { email: string; password: string }> = {
  ROLE_SUPER_ADMIN: DEMO.admin,
  ROLE_AGGREGATOR: DEMO.aggregator,
  ROLE_USER_ADVANCED: DEMO.advanced,
  ROLE_USER_BASIC: DEMO.basic,
  ROLE_USER: DEMO.user,
};

const all = Object.entries(routes).flatMap(([group, defs]) =>
  Object.entries(defs as Record<string, RouteDescriptor>).map(([name, route]) => ({
    id: `${group}.${name}`,
    route,
  })),
);
const guarded = all.filter(({ route }) => route.access.kind === 'session');
const stateChanging = all.filter(({ route }) => route.method !== 'GET');

let t: TestApp;
const tokens = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  for (const role of ROLES) tokens[role] = await signIn(t.app, LOGINS[role]);
});
afterAll(() => t.close());

function request(
  id: string,
  route: RouteDescriptor,
  options: { token?: string; headers?: Record<string, string> } = {},
) {
  const sample = VALID[id] ?? {};
  const search = new URLSearchParams(sample.query).toString();
  const path = `/api${buildPath(route.path, sample.params)}`;
  return t.app.inject({
    method: route.method,
    url: search ? `${path}?${search}` : path,
    cookies: options.token ? { ec_session: options.token } : {},
    headers: options.headers ?? {},
    ...(sample.body === undefined ? {} : { payload: sample.body as object }),
  });
}

describe('access matrix', () => {
  it('covers the admin endpoints', () => {
    expect(guarded.map((g) => g.id)).toEqual(
      expect.arrayContaining(['admin.auditLog', 'impersonation.impersonate']),
    );
  });

  describe.each(guarded)('$id', ({ id, route }) => {
    const roles = route.access.kind === 'session' ? (route.access.roles ?? []) : [];

    it('401 without a session', async () => {
      const res = await request(id, route);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'errors.UNAUTHENTICATED' },
      });
    });

    it.each(ROLES.map((role) => [role, hasAnyRole(role, roles)] as const))(
      '%s → allowed: %s',
      async (role, allowed) => {
        // Sign-out would end the session the other cases use: sign in afresh for it.
        const token = id === 'auth.logout' ? await signIn(t.app, LOGINS[role]) : tokens[role];
        const res = await request(id, route, { token });
        const body = res.statusCode >= 400 ? json<{ error: { message: string } }>(res) : null;
        if (allowed) {
          expect(res.statusCode, res.body).not.toBe(401);
          expect(body?.error.message, res.body).not.toBe('errors.FORBIDDEN');
        } else {
          expect(res.statusCode).toBe(403);
          expect(body?.error.message).toBe('errors.FORBIDDEN');
        }
      },
    );
  });
});

describe('CSRF: a cross-site Origin is refused on every state-changing route', () => {
  it.each(stateChanging)('$id', async ({ id, route }) => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const signedIn = await request(id, route, {
        token: tokens.ROLE_SUPER_ADMIN,
        headers: { origin },
      });
      expect(signedIn.statusCode, origin).toBe(403);
      const anonymous = await request(id, route, { headers: { origin } });
      expect(anonymous.statusCode, origin).toBe(403);
    }
    // A cross-site Referer without an Origin is refused too.
    const referer = await request(id, route, {
      token: tokens.ROLE_SUPER_ADMIN,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(referer.statusCode).toBe(403);
    // The session was not touched by any of it.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          cookies: { ec_session: tokens.ROLE_SUPER_ADMIN },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('same-origin requests pass the check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user',
      cookies: { ec_session: tokens.ROLE_USER },
      // The default site's configured origin in development: its host, http and PORT (docs/decisions/0013).
      headers: { origin: 'http://localhost:3000' },
      payload: { data: { themePreference: 'light' } },
    });
    expect(res.statusCode).toBe(200);
  });
});
