import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, usersAdminRoutes } from '@ec/contract';
import { eq, sites, users, userTokens } from '@ec/db';
import { tokenIdFor, WELCOME_PASSWORD_TTL_MS } from '../accounts/accounts.service.ts';
import {
  createTestApp,
  json,
  lastMailTo,
  send,
  signIn,
  tokenFrom,
  type TestApp,
} from '../../test/helpers.ts';
import { FIXTURE_PASSWORD, orgFixtures } from '../menu/org-fixtures.ts';

type Who = 'admin' | 'otherAdmin' | 'aggAlpha' | 'aggBeta' | 'basic';
type Key =
  | Who
  | 'alpha'
  | 'beta'
  | 'gamma'
  | 'north'
  | 'home'
  | 'aggAlpha2'
  | 'advanced'
  | 'unverified'
  | 'superInAlpha'
  | 'bob'
  | 'noCompany'
  | 'gammaUser';

let t: TestApp;
const id = {} as Record<Key, number>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  const f = await orgFixtures(t);
  const alpha = await f.company('Alpha Energy');
  const beta = await f.company('Beta Power');
  const gamma = await f.company('Gamma Abroad', f.otherSiteId);
  id.alpha = alpha.id;
  id.beta = beta.id;
  id.gamma = gamma.id;
  id.north = await f.group(alpha.id, alpha.rootGroupId, 'North');
  const user = (
    email: string,
    ...rest: Parameters<typeof f.user> extends [string, ...infer R] ? R : never
  ) => f.user(`${email}@admin.test`, ...rest);
  id.admin = await user('ua-admin', 'ROLE_SUPER_ADMIN');
  id.otherAdmin = await user('ua-other-admin', 'ROLE_SUPER_ADMIN', { siteId: f.otherSiteId });
  id.aggAlpha = await user('ua-agg-alpha', 'ROLE_AGGREGATOR', { companyId: alpha.id });
  id.aggAlpha2 = await user('ua-agg-alpha2', 'ROLE_AGGREGATOR', { companyId: alpha.id });
  id.aggBeta = await user('ua-agg-beta', 'ROLE_AGGREGATOR', { companyId: beta.id });
  id.basic = await user('ua-basic', 'ROLE_USER_BASIC', { companyId: alpha.id });
  id.advanced = await user('ua-advanced', 'ROLE_USER_ADVANCED', { companyId: alpha.id });
  id.unverified = await user('ua-unverified', 'ROLE_USER_BASIC', {
    companyId: alpha.id,
    verified: false,
  });
  id.superInAlpha = await user('ua-super-in-alpha', 'ROLE_SUPER_ADMIN', { companyId: alpha.id });
  id.bob = await user('ua-bob', 'ROLE_USER_BASIC', { companyId: beta.id });
  id.noCompany = await user('ua-no-company', 'ROLE_USER');
  id.gammaUser = await user('ua-gamma', 'ROLE_USER_BASIC', {
    companyId: gamma.id,
    siteId: f.otherSiteId,
  });
  id.home = await f.location(alpha.id, id.north, 'Home', { ownerId: id.basic });
  await f.grantGroup(id.basic, id.north, { view: true, edit: true });
  tokens.admin = await f.login('ua-admin@admin.test');
  tokens.otherAdmin = await f.login('ua-other-admin@admin.test');
  tokens.aggAlpha = await f.login('ua-agg-alpha@admin.test');
  tokens.aggBeta = await f.login('ua-agg-beta@admin.test');
  tokens.basic = await f.login('ua-basic@admin.test');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(who: Who, method: Method, url: string, data?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    cookies: { ec_session: tokens[who] },
    ...(data === undefined ? {} : { payload: { data } }),
  });
}
type AdminUserBody = {
  id: number;
  email: string;
  role: string;
  verified: boolean;
  company: { id: number; name: string } | null;
  actions: Record<string, boolean>;
};
const userOf = (res: LightMyRequestResponse) =>
  json<{ data: { user: AdminUserBody } }>(res).data.user;
const row = async (userId: number) =>
  (await t.db.db.select().from(users).where(eq(users.id, userId)))[0];
const errorOf = (res: LightMyRequestResponse) =>
  json<{ error: { code: string; message: string; fields?: Record<string, string> } }>(res).error;

describe('GET /companies/:id/users', () => {
  it("lists a company's users with what the admin may do with each", async () => {
    const res = await call('aggAlpha', 'GET', `/companies/${id.alpha}/users?pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(usersAdminRoutes.list.data).safeParse(JSON.parse(res.body)).success).toBe(true);
    const page = json<{ data: { items: AdminUserBody[]; total: number } }>(res).data;
    const emails = page.items.map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['ua-basic@admin.test', 'ua-agg-alpha@admin.test']),
    );
    expect(emails).not.toContain('ua-bob@admin.test');
    expect(page.total).toBe(page.items.length);
    const basic = page.items.find((u) => u.id === id.basic);
    expect(basic).toEqual({
      id: id.basic,
      email: 'ua-basic@admin.test',
      firstName: 'ua-basic',
      lastName: 'Fixture',
      fullName: 'ua-basic Fixture',
      role: 'ROLE_USER_BASIC',
      type: 'PROVISIONED',
      verified: true,
      locale: 'sl',
      company: { id: id.alpha, name: 'Alpha Energy' },
      createdAt: expect.stringMatching(/^\d{4}-/),
      actions: {
        edit: true,
        changeRole: true,
        verify: false,
        changeCompany: false,
        delete: true,
        impersonate: true,
      },
    });
    expect(page.items.find((u) => u.id === id.aggAlpha)?.actions).toEqual({
      edit: true,
      changeRole: false,
      verify: false,
      changeCompany: false,
      delete: false,
      impersonate: false,
    });
    expect(page.items.find((u) => u.id === id.superInAlpha)?.actions).toEqual({
      edit: false,
      changeRole: false,
      verify: false,
      changeCompany: false,
      delete: false,
      impersonate: false,
    });
    expect(page.items.find((u) => u.id === id.unverified)?.actions.verify).toBe(true);
    const admin = json<{ data: { items: AdminUserBody[] } }>(
      await call('admin', 'GET', `/companies/${id.alpha}/users?q=ua-basic`),
    ).data.items;
    expect(admin.map((u) => u.id)).toEqual([id.basic]);
    expect(admin[0]?.actions.changeCompany).toBe(true);
  });

  it('filters by q and pages', async () => {
    const all = json<{ data: { items: AdminUserBody[]; total: number } }>(
      await call('admin', 'GET', `/companies/${id.alpha}/users`),
    ).data;
    const second = json<{ data: { items: AdminUserBody[]; total: number; page: number } }>(
      await call('admin', 'GET', `/companies/${id.alpha}/users?page=2&pageSize=2`),
    ).data;
    expect(second.total).toBe(all.total);
    expect(second.page).toBe(2);
    expect(second.items.map((u) => u.id)).toEqual(all.items.slice(2, 4).map((u) => u.id));
    const found = json<{ data: { items: AdminUserBody[] } }>(
      await call('aggAlpha', 'GET', `/companies/${id.alpha}/users?q=UNVERIFIED`),
    ).data.items;
    expect(found.map((u) => u.id)).toEqual([id.unverified]);
  });

  it('is 404 for companies outside the reach and 403 for non-admins', async () => {
    for (const [who, company] of [
      ['aggAlpha', id.beta],
      ['admin', id.gamma],
      ['otherAdmin', id.alpha],
      ['admin', 999_999],
    ] as [Who, number][]) {
      expect((await call(who, 'GET', `/companies/${company}/users`)).statusCode).toBe(404);
    }
    expect((await call('basic', 'GET', `/companies/${id.alpha}/users`)).statusCode).toBe(403);
  });
});

describe('GET /users/:id', () => {
  it('shows a user with the locations and groups they hold rights on', async () => {
    const res = await call('aggAlpha', 'GET', `/users/${id.basic}`);
    expect(res.statusCode).toBe(200);
    expect(envelope(usersAdminRoutes.get.data).safeParse(JSON.parse(res.body)).success).toBe(true);
    expect(json<{ data: { user: Record<string, unknown> } }>(res).data.user).toMatchObject({
      id: id.basic,
      locations: [
        {
          id: id.home,
          name: 'Home',
          companyId: id.alpha,
          owner: true,
          actions: { view: true, edit: true, manage: true },
        },
      ],
      locationGroups: [
        {
          id: id.north,
          name: 'North',
          companyId: id.alpha,
          actions: { view: true, edit: true, manage: false },
        },
      ],
    });
  });

  it('is 404 for users outside the reach', async () => {
    for (const [who, target] of [
      ['aggAlpha', id.bob],
      ['aggAlpha', id.noCompany],
      ['aggAlpha', id.admin],
      ['admin', id.gammaUser],
      ['otherAdmin', id.basic],
      ['admin', 999_999],
    ] as [Who, number][]) {
      expect((await call(who, 'GET', `/users/${target}`)).statusCode, `${who} → ${target}`).toBe(
        404,
      );
    }
    expect((await call('admin', 'GET', `/users/${id.noCompany}`)).statusCode).toBe(200);
  });
});

describe('POST /users', () => {
  const form = (changes: Record<string, unknown> = {}) => ({
    email: 'New.Person@Admin.test',
    firstName: 'New',
    lastName: 'Person',
    role: 'ROLE_USER_ADVANCED',
    companyId: id.alpha,
    locale: 'en',
    ...changes,
  });

  const setPassword = (token: string, password: string) =>
    send(t.app, 'POST', '/api/auth/reset-password', {
      data: { token, password, passwordRepeat: password },
    });
  /** Creates a user (by aggAlpha) and returns them with the token of their welcome mail. */
  async function created(email: string, changes: Record<string, unknown> = {}) {
    const res = await call('aggAlpha', 'POST', '/users', form({ email, ...changes }));
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastMailTo(t, email);
    return { user: userOf(res), mail, token: tokenFrom(mail?.text, '/auth/reset-password') };
  }
  /** Moves a token's issue back in time, as if its mail had been sent `ms` ago. */
  async function issuedAgo(token: string, ms: number) {
    const [stored] = await t.db.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.id, tokenIdFor(token)));
    if (!stored) throw new Error('no such token');
    await t.db.db
      .update(userTokens)
      .set({
        createdAt: new Date(Date.now() - ms),
        expiresAt: new Date(
          Date.now() - ms + (stored.expiresAt.getTime() - stored.createdAt.getTime()),
        ),
      })
      .where(eq(userTokens.id, stored.id));
  }

  it('creates a user without a password who gets the welcome mail with a link to choose one', async () => {
    const res = await call('aggAlpha', 'POST', '/users', form());
    expect(res.statusCode, res.body).toBe(201);
    const user = userOf(res);
    expect(user).toMatchObject({
      email: 'new.person@admin.test',
      role: 'ROLE_USER_ADVANCED',
      verified: false,
      company: { id: id.alpha, name: 'Alpha Energy' },
    });
    expect(json<{ data: { welcomeMailSent: boolean } }>(res).data.welcomeMailSent).toBe(true);
    const stored = await row(user.id);
    expect(stored).toMatchObject({ passwordHash: null, emailVerifiedAt: null, locale: 'en' });
    const mail = await lastMailTo(t, 'new.person@admin.test');
    expect(mail?.kind).toBe('welcome');
    const token = tokenFrom(mail?.text, '/auth/reset-password');
    expect((await setPassword(token, 'chosen-pass-2024')).statusCode).toBe(200);
    const login = await signIn(t.app, {
      email: 'new.person@admin.test',
      password: 'chosen-pass-2024',
    });
    expect(login).toBeTruthy();
    // The link proved the address.
    expect((await row(user.id))?.emailVerifiedAt).not.toBeNull();
  });

  it("the welcome mail is in the new user's language, names the creator and the platform, and links to set a password for 7 days", async () => {
    const { user, mail, token } = await created('welcome.de@admin.test', {
      firstName: 'Greta',
      locale: 'de',
    });
    const stored = await row(user.id);
    const [site] = await t.db.db
      .select()
      .from(sites)
      .where(eq(sites.id, stored?.siteId ?? 0));
    const platform = site?.platformName ?? '';
    expect(platform).not.toBe('');
    expect(mail?.subject).toBe(`Ihr Konto bei ${platform} wurde eingerichtet`);
    expect(mail?.text).toContain('Hallo Greta,');
    expect(mail?.text).toContain(
      `ua-agg-alpha Fixture hat für Sie ein Konto bei ${platform} mit dieser E-Mail-Adresse eingerichtet.`,
    );
    expect(mail?.text).toContain('Der Link ist 7 Tage gültig');
    expect(mail?.html).toContain('<html lang="de">');
    // The reset page, told to say "set your password".
    const link = /https?:\/\/\S*\/auth\/reset-password\?\S*/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(new URL(link).searchParams.get('welcome')).toBe('1');
    // A single-use reset token that lasts 7 days.
    const [tokenRow] = await t.db.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.id, tokenIdFor(token)));
    expect(tokenRow).toMatchObject({ userId: user.id, purpose: 'reset_password', usedAt: null });
    expect((tokenRow?.expiresAt.getTime() ?? 0) - (tokenRow?.createdAt.getTime() ?? 0)).toBe(
      WELCOME_PASSWORD_TTL_MS,
    );
    expect(WELCOME_PASSWORD_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('the welcome link works once, still after almost 7 days', async () => {
    const { user, token } = await created('welcome.once@admin.test');
    await issuedAgo(token, WELCOME_PASSWORD_TTL_MS - 60_000);
    expect((await setPassword(token, 'first-choice-2024')).statusCode).toBe(200);
    expect((await row(user.id))?.emailVerifiedAt).not.toBeNull();
    const again = await setPassword(token, 'second-choice-2024');
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toEqual({
      code: 'TOKEN_INVALID',
      message: 'reset_password.token_invalid',
    });
    await signIn(t.app, { email: 'welcome.once@admin.test', password: 'first-choice-2024' });
  });

  it('the welcome link is refused after 7 days and the user stays without password and unverified', async () => {
    const { user, token } = await created('welcome.late@admin.test');
    await issuedAgo(token, WELCOME_PASSWORD_TTL_MS);
    const res = await setPassword(token, 'too-late-pass-2024');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toEqual({
      code: 'TOKEN_EXPIRED',
      message: 'reset_password.token_expired',
    });
    expect(await row(user.id)).toMatchObject({ passwordHash: null, emailVerifiedAt: null });
  });

  it('answers 409 for an address that has an account (any case)', async () => {
    const res = await call('admin', 'POST', '/users', form({ email: 'UA-BASIC@admin.test' }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'CONFLICT',
      message: 'users_admin.email_taken',
      fields: { 'data.email': 'users_admin.email_taken' },
    });
  });

  it('creates only in companies in reach (404) and only assignable roles (400)', async () => {
    const foreign = await call(
      'aggAlpha',
      'POST',
      '/users',
      form({ email: 'x1@admin.test', companyId: id.beta }),
    );
    expect(foreign.statusCode).toBe(404);
    const otherSite = await call(
      'admin',
      'POST',
      '/users',
      form({ email: 'x2@admin.test', companyId: id.gamma }),
    );
    expect(otherSite.statusCode).toBe(404);
    const role = await call(
      'aggAlpha',
      'POST',
      '/users',
      form({ email: 'x3@admin.test', role: 'ROLE_AGGREGATOR' }),
    );
    expect(role.statusCode).toBe(400);
    expect(errorOf(role).fields).toHaveProperty('data.role');
    expect(await t.db.db.select().from(users).where(eq(users.email, 'x1@admin.test'))).toEqual([]);
    const byAdmin = await call(
      'admin',
      'POST',
      '/users',
      form({ email: 'x4@admin.test', companyId: id.beta }),
    );
    expect(byAdmin.statusCode).toBe(201);
    expect(userOf(byAdmin).company).toEqual({ id: id.beta, name: 'Beta Power' });
  });

  it('rejects bad input with field errors', async () => {
    const res = await call('aggAlpha', 'POST', '/users', {
      email: 'not-an-address',
      firstName: '',
      role: 'ROLE_USER_BASIC',
      companyId: 'x',
      locale: 'xx',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(errorOf(res).fields ?? {}).sort()).toEqual([
      'data.companyId',
      'data.email',
      'data.firstName',
      'data.lastName',
      'data.locale',
    ]);
  });
});

describe('PUT /users/:id', () => {
  it('changes names and role within canChangeRole', async () => {
    const res = await call('aggAlpha', 'PUT', `/users/${id.advanced}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'ROLE_USER_BASIC',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(userOf(res)).toMatchObject({ fullName: 'Ada Lovelace', role: 'ROLE_USER_BASIC' });
    expect(await row(id.advanced)).toMatchObject({ firstName: 'Ada', role: 'ROLE_USER_BASIC' });
  });

  it('refuses roles the actor may not give, their own role and users whose role they may not manage (403)', async () => {
    const names = { firstName: 'X', lastName: 'Y' };
    const cases: [Who, number, string][] = [
      ['aggAlpha', id.advanced, 'ROLE_SUPER_ADMIN'],
      ['aggAlpha', id.advanced, 'ROLE_AGGREGATOR'],
      ['aggAlpha', id.aggAlpha, 'ROLE_USER_BASIC'],
      ['aggAlpha', id.superInAlpha, 'ROLE_SUPER_ADMIN'],
      ['admin', id.admin, 'ROLE_USER'],
    ];
    for (const [who, target, role] of cases) {
      const before = await row(target);
      const res = await call(who, 'PUT', `/users/${target}`, { ...names, role });
      expect(res.statusCode, `${who} → ${target} ${role}`).toBe(403);
      expect(await row(target)).toEqual(before);
    }
    // Own names with the same role are fine.
    const own = await call('aggAlpha', 'PUT', `/users/${id.aggAlpha}`, {
      firstName: 'Agatha',
      lastName: 'Alpha',
      role: 'ROLE_AGGREGATOR',
    });
    expect(own.statusCode).toBe(200);
  });

  it('is 404 for users outside the reach and leaves them unchanged', async () => {
    const before = await row(id.bob);
    const res = await call('aggAlpha', 'PUT', `/users/${id.bob}`, {
      firstName: 'Hacked',
      lastName: 'Bob',
      role: 'ROLE_USER',
    });
    expect(res.statusCode).toBe(404);
    expect(await row(id.bob)).toEqual(before);
    const bad = await call('aggAlpha', 'PUT', `/users/abc`, {
      firstName: 'A',
      lastName: 'B',
      role: 'ROLE_USER',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('params.id');
  });
});

describe('POST /users/:id/verify', () => {
  it('marks the address verified (idempotent), so the user can sign in', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { data: { email: 'ua-unverified@admin.test', password: FIXTURE_PASSWORD } },
      });
    expect((await login()).statusCode).toBe(403);
    expect((await call('aggBeta', 'POST', `/users/${id.unverified}/verify`)).statusCode).toBe(404);
    expect((await row(id.unverified))?.emailVerifiedAt).toBeNull();
    const res = await call('aggAlpha', 'POST', `/users/${id.unverified}/verify`);
    expect(res.statusCode).toBe(200);
    expect(userOf(res).verified).toBe(true);
    const at = (await row(id.unverified))?.emailVerifiedAt;
    expect(at).not.toBeNull();
    expect((await call('aggAlpha', 'POST', `/users/${id.unverified}/verify`)).statusCode).toBe(200);
    expect((await row(id.unverified))?.emailVerifiedAt).toEqual(at);
    expect((await login()).statusCode).toBe(200);
  });

  it('is 403 for a user whose role the actor may not manage', async () => {
    expect((await call('aggAlpha', 'POST', `/users/${id.superInAlpha}/verify`)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /users/:id/company', () => {
  it('lets a super admin move a user to any company of the site', async () => {
    const res = await call('admin', 'POST', `/users/${id.bob}/company`, { companyId: id.alpha });
    expect(res.statusCode, res.body).toBe(200);
    expect(userOf(res)).toMatchObject({ company: { id: id.alpha, name: 'Alpha Energy' } });
    expect((await row(id.bob))?.companyId).toBe(id.alpha);
    // Another site's company is out of reach.
    const foreign = await call('admin', 'POST', `/users/${id.bob}/company`, {
      companyId: id.gamma,
    });
    expect(foreign.statusCode).toBe(404);
    await call('admin', 'POST', `/users/${id.bob}/company`, { companyId: id.beta });
    expect((await row(id.bob))?.companyId).toBe(id.beta);
  });

  it('keeps an aggregator inside their company: no moving users out, no foreign users', async () => {
    const out = await call('aggAlpha', 'POST', `/users/${id.basic}/company`, {
      companyId: id.beta,
    });
    expect(out.statusCode).toBe(404);
    expect((await row(id.basic))?.companyId).toBe(id.alpha);
    const foreign = await call('aggAlpha', 'POST', `/users/${id.bob}/company`, {
      companyId: id.alpha,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await row(id.bob))?.companyId).toBe(id.beta);
    const within = await call('aggAlpha', 'POST', `/users/${id.basic}/company`, {
      companyId: id.alpha,
    });
    expect(within.statusCode).toBe(200);
    const self = await call('admin', 'POST', `/users/${id.admin}/company`, { companyId: id.alpha });
    expect(self.statusCode).toBe(403);
  });
});

describe('DELETE /users/:id', () => {
  it('refuses deleting oneself with 422 org.cannot_delete_self', async () => {
    for (const who of ['admin', 'aggAlpha'] as const) {
      const res = await call(who, 'DELETE', `/users/${id[who]}`);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toEqual({ code: 'RULE_BROKEN', message: 'org.cannot_delete_self' });
      expect(await row(id[who])).toBeDefined();
    }
  });

  it('is 404 outside the reach and 403 for roles the actor may not manage', async () => {
    expect((await call('aggBeta', 'DELETE', `/users/${id.basic}`)).statusCode).toBe(404);
    expect((await call('otherAdmin', 'DELETE', `/users/${id.basic}`)).statusCode).toBe(404);
    expect((await call('aggAlpha', 'DELETE', `/users/${id.superInAlpha}`)).statusCode).toBe(403);
    expect((await call('basic', 'DELETE', `/users/${id.advanced}`)).statusCode).toBe(403);
    expect(await row(id.basic)).toBeDefined();
    expect(await row(id.superInAlpha)).toBeDefined();
    expect(await row(id.advanced)).toBeDefined();
  });

  it('deletes a user in reach', async () => {
    const res = await call('aggAlpha', 'DELETE', `/users/${id.advanced}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await row(id.advanced)).toBeUndefined();
    expect((await call('aggAlpha', 'GET', `/users/${id.advanced}`)).statusCode).toBe(404);
  });
});
