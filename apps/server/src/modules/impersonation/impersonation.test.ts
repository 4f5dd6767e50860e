// Impersonation (spec 001 §6, §7): who may act as whom, what the session shows, the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, countries, eq, sessions, sites, users } from '@ec/db';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../../test/helpers.ts';
import { sessionIdFor } from '../auth/auth.service.ts';

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false', SESSION_IDLE_MINUTES: '30' } });
  for (const row of await t.db.db.select().from(users)) ids[row.email] = row.id;
  // A basic user of another site (brand), for the "foreign user" rule.
  const [sunpower] = await t.db.db.select().from(sites).where(eq(sites.identifier, 'sunpower'));
  const [foreign] = await t.db.db
    .insert(users)
    .values({
      email: 'foreign@sunpower.example',
      role: 'ROLE_USER_BASIC',
      siteId: sunpower?.id ?? 0,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  ids['foreign@sunpower.example'] = foreign?.id ?? 0;
  // Company scoping: a basic user of another company of the demo aggregator's site, and one without a company.
  const [aggregator] = await t.db.db
    .select()
    .from(users)
    .where(eq(users.email, DEMO.aggregator.email));
  const [otherCompany] = await t.db.db
    .insert(companies)
    .values({
      siteId: aggregator?.siteId ?? 0,
      name: 'Other Company',
      countryId: await countryId(),
    })
    .returning({ id: companies.id });
  for (const [email, companyId] of [
    ['other-company@demo.energy', otherCompany?.id ?? null],
    ['no-company@demo.energy', null],
  ] as const) {
    const [row] = await t.db.db
      .insert(users)
      .values({
        email,
        role: 'ROLE_USER_BASIC',
        siteId: aggregator?.siteId ?? 0,
        companyId,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    ids[email] = row?.id ?? 0;
  }
});

/** Any country id (companies need one). */
async function countryId(): Promise<number> {
  await t.db.db.insert(countries).values({ code: 'SI', name: 'Slovenia' }).onConflictDoNothing();
  const [row] = await t.db.db.select().from(countries).where(eq(countries.code, 'SI'));
  return row?.id ?? 0;
}
afterAll(() => t.close());

type UserBody = { data: { user: { id: number; email: string; impersonation: unknown } } };
const impersonate = (token: string, userId: number, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/auth/impersonate', { token, data: { userId }, headers });
const stop = (token: string) => send(t.app, 'POST', '/api/auth/unimpersonate', { token });
const me = (token: string) => send(t.app, 'GET', '/api/auth/user', { token });
const id = (email: string) => ids[email] ?? 0;
const entries = async () =>
  (await t.db.db.select().from(auditLog).orderBy(auditLog.id)).map((e) => [
    e.action,
    e.actorEmail,
    e.targetEmail,
  ]);

describe('POST /api/auth/impersonate', () => {
  it('lets the super admin act as a user: GET /api/auth/user answers the target with the impersonator', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const res = await impersonate(admin, id(DEMO.basic.email));
    expect(res.statusCode).toBe(200);
    expect(json<UserBody>(res).data.user).toMatchObject({
      email: DEMO.basic.email,
      impersonation: { active: true, by: { id: id(DEMO.admin.email), fullName: 'Ana Novak' } },
    });
    const current = json<UserBody>(await me(admin));
    expect(current.data.user.email).toBe(DEMO.basic.email);
    expect(current.data.user.impersonation).toMatchObject({ active: true });
    // The session keeps its own user and records whom it acts as.
    const [row] = await t.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFor(admin)));
    expect(row).toMatchObject({
      userId: id(DEMO.admin.email),
      impersonatedUserId: id(DEMO.basic.email),
    });

    const stopped = await stop(admin);
    expect(json<UserBody>(stopped).data.user).toMatchObject({
      email: DEMO.admin.email,
      impersonation: null,
    });
    expect(json<UserBody>(await me(admin)).data.user.email).toBe(DEMO.admin.email);
  });

  it('acts with the target role: admin routes are closed while impersonating a basic user', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    await impersonate(admin, id(DEMO.basic.email));
    expect((await send(t.app, 'GET', '/api/admin/audit-log', { token: admin })).statusCode).toBe(
      403,
    );
    await stop(admin);
    expect((await send(t.app, 'GET', '/api/admin/audit-log', { token: admin })).statusCode).toBe(
      200,
    );
  });

  it('lets an aggregator act as users of lower roles on the same site', async () => {
    const aggregator = await signIn(t.app, DEMO.aggregator);
    for (const email of [DEMO.advanced.email, DEMO.basic.email, DEMO.user.email]) {
      const res = await impersonate(aggregator, id(email));
      expect(res.statusCode, email).toBe(200);
      await stop(aggregator);
    }
  });

  it.each([
    ['themselves', DEMO.aggregator.email, 403],
    // Company scoping: the super admin belongs to no company, so is out of the aggregator's reach.
    ['the super admin', DEMO.admin.email, 404],
    ['a user of another company of the same site', 'other-company@demo.energy', 404],
    ['a user without a company', 'no-company@demo.energy', 404],
    ['a user of another site', 'foreign@sunpower.example', 404],
  ])('refuses an aggregator acting as %s', async (_name, email, status) => {
    const aggregator = await signIn(t.app, DEMO.aggregator);
    const res = await impersonate(aggregator, id(email));
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(json(res)).toEqual({
        error: { code: 'FORBIDDEN', message: 'impersonation.not_allowed' },
      });
    }
    expect(json<UserBody>(await me(aggregator)).data.user.email).toBe(DEMO.aggregator.email);
  });

  it('lets the super admin act as any user of their site (any company or none), never as themselves', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    for (const email of ['other-company@demo.energy', 'no-company@demo.energy']) {
      expect((await impersonate(admin, id(email))).statusCode, email).toBe(200);
      await stop(admin);
    }
    expect((await impersonate(admin, id(DEMO.admin.email))).statusCode).toBe(403);
  });

  it('refuses (404) the super admin acting as a user of another site', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const res = await impersonate(admin, id('foreign@sunpower.example'));
    expect(res.statusCode).toBe(404);
    expect(json<UserBody>(await me(admin)).data.user.email).toBe(DEMO.admin.email);
  });

  it('refuses (404) an aggregator without a company, even for a user of their site', async () => {
    const [aggregator] = await t.db.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO.aggregator.email));
    await t.db.db
      .update(users)
      .set({ companyId: null })
      .where(eq(users.id, aggregator?.id ?? 0));
    try {
      const token = await signIn(t.app, DEMO.aggregator);
      expect((await impersonate(token, id(DEMO.basic.email))).statusCode).toBe(404);
      expect((await impersonate(token, id('no-company@demo.energy'))).statusCode).toBe(404);
    } finally {
      await t.db.db
        .update(users)
        .set({ companyId: aggregator?.companyId ?? null })
        .where(eq(users.id, aggregator?.id ?? 0));
    }
  });

  it('404 for an unknown user', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const res = await impersonate(admin, 987_654);
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['advanced', DEMO.advanced],
    ['basic', DEMO.basic],
    ['user', DEMO.user],
  ] as const)('403 for a %s user (not an admin)', async (_name, login) => {
    const token = await signIn(t.app, login);
    expect((await impersonate(token, id(DEMO.user.email))).statusCode).toBe(403);
  });

  it('401 without a session, 403 cross-site, 400 for a bad id', async () => {
    expect((await impersonate('', id(DEMO.basic.email))).statusCode).toBe(401);
    const admin = await signIn(t.app, DEMO.admin);
    expect(
      (await impersonate(admin, id(DEMO.basic.email), { origin: 'https://evil.example' }))
        .statusCode,
    ).toBe(403);
    const bad = await send(t.app, 'POST', '/api/auth/impersonate', {
      token: admin,
      data: { userId: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a super admin impersonating an aggregator may switch to another user (one stop, one start)', async () => {
    await t.db.db.delete(auditLog);
    const admin = await signIn(t.app, DEMO.admin);
    await impersonate(admin, id(DEMO.aggregator.email));
    const res = await impersonate(admin, id(DEMO.basic.email));
    expect(res.statusCode).toBe(200);
    expect(json<UserBody>(res).data.user.impersonation).toMatchObject({
      by: { id: id(DEMO.admin.email) },
    });
    await stop(admin);
    expect(await entries()).toEqual([
      ['IMPERSONATION_START', DEMO.admin.email, DEMO.aggregator.email],
      ['IMPERSONATION_STOP', DEMO.admin.email, DEMO.aggregator.email],
      ['IMPERSONATION_START', DEMO.admin.email, DEMO.basic.email],
      ['IMPERSONATION_STOP', DEMO.admin.email, DEMO.basic.email],
    ]);
  });
});

describe('while impersonating', () => {
  it('password change, account deletion, export and marketing consent are refused (403)', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    await impersonate(admin, id(DEMO.user.email));
    const forbidden = {
      error: { code: 'FORBIDDEN', message: 'impersonation.not_while_impersonating' },
    };
    const change = await send(t.app, 'POST', '/api/auth/change-password', {
      token: admin,
      data: {
        currentPassword: DEMO.user.password,
        newPassword: 'changed-by-admin-1',
        newPasswordRepeat: 'changed-by-admin-1',
      },
    });
    expect(json(change)).toEqual(forbidden);
    const remove = await send(t.app, 'DELETE', '/api/auth/user', {
      token: admin,
      data: { password: DEMO.user.password },
    });
    expect(json(remove)).toEqual(forbidden);
    expect(json(await send(t.app, 'GET', '/api/auth/user/export', { token: admin }))).toEqual(
      forbidden,
    );
    const consent = await send(t.app, 'POST', '/api/auth/user', {
      token: admin,
      data: { marketingConsent: true },
    });
    expect(json(consent)).toEqual(forbidden);
    // Settings may be changed on the user's behalf.
    const settings = await send(t.app, 'POST', '/api/auth/user', {
      token: admin,
      data: { themePreference: 'light' },
    });
    expect(json<UserBody>(settings).data.user).toMatchObject({
      email: DEMO.user.email,
      impersonation: { active: true },
    });
    await stop(admin);
  });

  it('sign-out ends the session and the impersonation, and is audited', async () => {
    await t.db.db.delete(auditLog);
    const admin = await signIn(t.app, DEMO.admin);
    await impersonate(admin, id(DEMO.basic.email));
    const res = await send(t.app, 'POST', '/api/auth/logout', { token: admin });
    expect(res.statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(401);
    expect(await entries()).toEqual([
      ['IMPERSONATION_START', DEMO.admin.email, DEMO.basic.email],
      ['IMPERSONATION_STOP', DEMO.admin.email, DEMO.basic.email],
    ]);
  });

  it('the session still expires by its idle limit', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    await impersonate(admin, id(DEMO.basic.email));
    await t.db.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, sessionIdFor(admin)));
    expect((await me(admin)).statusCode).toBe(401);
  });

  it('a deleted target ends the impersonation, not the session', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const [temp] = await t.db.db
      .insert(users)
      .values({
        email: 'temp@demo.energy',
        role: 'ROLE_USER',
        siteId: (await t.db.db.select().from(sites))[0]?.id ?? 0,
      })
      .returning({ id: users.id });
    await impersonate(admin, temp?.id ?? 0);
    await t.db.db.delete(users).where(eq(users.id, temp?.id ?? 0));
    expect(json<UserBody>(await me(admin)).data.user).toMatchObject({
      email: DEMO.admin.email,
      impersonation: null,
    });
  });

  it('unimpersonate without an impersonation answers the user unchanged', async () => {
    const token = await signIn(t.app, DEMO.basic);
    const res = await stop(token);
    expect(res.statusCode).toBe(200);
    expect(json<UserBody>(res).data.user).toMatchObject({
      email: DEMO.basic.email,
      impersonation: null,
    });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('pages the entries newest first, with actor, target, time and IP', async () => {
    await t.db.db.delete(auditLog);
    const admin = await signIn(t.app, DEMO.admin);
    for (const email of [DEMO.basic.email, DEMO.user.email, DEMO.advanced.email]) {
      await send(t.app, 'POST', '/api/auth/impersonate', {
        token: admin,
        data: { userId: id(email) },
        ip: '203.0.113.9',
      });
      await stop(admin);
    }
    const page1 = json<{
      data: { entries: Record<string, unknown>[]; page: number; pageSize: number; total: number };
    }>(await send(t.app, 'GET', '/api/admin/audit-log?page=1&pageSize=4', { token: admin }));
    expect(page1.data).toMatchObject({ page: 1, pageSize: 4, total: 6 });
    expect(page1.data.entries).toHaveLength(4);
    expect(page1.data.entries[0]).toMatchObject({
      action: 'IMPERSONATION_STOP',
      actor: { id: id(DEMO.admin.email), email: DEMO.admin.email, fullName: 'Ana Novak' },
      target: { id: id(DEMO.advanced.email), email: DEMO.advanced.email },
    });
    expect(page1.data.entries[1]).toMatchObject({
      action: 'IMPERSONATION_START',
      ip: '203.0.113.9',
    });
    expect(typeof page1.data.entries[0]?.at).toBe('string');
    const page2 = json<{ data: { entries: unknown[] } }>(
      await send(t.app, 'GET', '/api/admin/audit-log?page=2&pageSize=4', { token: admin }),
    );
    expect(page2.data.entries).toHaveLength(2);
  });

  it.each([['pageSize=0'], ['pageSize=201'], ['page=0'], ['page=abc'], ['sort=at']])(
    '400 for ?%s',
    async (query) => {
      const admin = await signIn(t.app, DEMO.admin);
      expect(
        (await send(t.app, 'GET', `/api/admin/audit-log?${query}`, { token: admin })).statusCode,
      ).toBe(400);
    },
  );

  it.each([
    ['aggregator', DEMO.aggregator],
    ['advanced', DEMO.advanced],
    ['basic', DEMO.basic],
    ['user', DEMO.user],
  ] as const)('403 for %s', async (_name, login) => {
    const token = await signIn(t.app, login);
    expect((await send(t.app, 'GET', '/api/admin/audit-log', { token })).statusCode).toBe(403);
  });
});
