// The signed-in user: GET/POST /api/auth/user, data export, account deletion.
import { describe, expect, it } from 'vitest';
import { auditLog, eq, sessions, users } from '@ec/db';
import { DEMO, json, lastMailTo, send, signIn } from '../../test/helpers.ts';
import { useAccountsTestApp } from './accounts.fixtures.ts';

const t = useAccountsTestApp();

type UserBody = { data: { user: Record<string, unknown> } };
const update = (token: string, data: unknown) =>
  send(t.app, 'POST', '/api/auth/user', { token, data });

describe('POST /api/auth/user', () => {
  it('changes only the fields sent and answers the whole user', async () => {
    const token = await signIn(t.app, DEMO.advanced);
    const res = await update(token, {
      firstName: ' Eva ',
      locale: 'de',
      themePreference: 'dark',
      countryCode: 'AT',
      spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<UserBody>(res).data.user).toMatchObject({
      firstName: 'Eva',
      lastName: 'Horvat',
      fullName: 'Eva Horvat',
      locale: 'de',
      themePreference: 'dark',
      countryCode: 'AT',
      spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
      eicCode: { code: '10YAT-APG------L', type: 'EIC' },
      marketingConsent: null,
    });
    const again = json<UserBody>(await send(t.app, 'GET', '/api/auth/user', { token }));
    expect(again.data.user.locale).toBe('de');

    const cleared = json<UserBody>(await update(token, { spotRegion: null }));
    expect(cleared.data.user).toMatchObject({ spotRegion: null, eicCode: null, locale: 'de' });
  });

  it('records the marketing answer with its time (the banner hides once answered)', async () => {
    const token = await signIn(t.app, DEMO.user);
    const before = json<UserBody>(await send(t.app, 'GET', '/api/auth/user', { token }));
    expect(before.data.user.marketingConsent).toBeNull();
    const res = json<UserBody>(await update(token, { marketingConsent: false }));
    expect(res.data.user.marketingConsent).toBe(false);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.user.email));
    expect(row?.marketingConsentAt).toBeInstanceOf(Date);
  });

  it('an empty change answers the user unchanged', async () => {
    const token = await signIn(t.app, DEMO.user);
    const res = await update(token, {});
    expect(res.statusCode).toBe(200);
    expect(json<UserBody>(res).data.user.email).toBe(DEMO.user.email);
  });

  it.each([
    [{ themePreference: 'blue' }, 'data.themePreference'],
    [{ spotRegion: { code: 'X', type: 'OTHER' } }, 'data.spotRegion.type'],
    [{ countryCode: 'Slovenia' }, 'data.countryCode'],
    [{ email: 'new@example.com' }, 'data.email'],
    [{ role: 'ROLE_SUPER_ADMIN' }, 'data.role'],
    [{ marketingConsent: 'yes' }, 'data.marketingConsent'],
  ])('400 for %j', async (data, field) => {
    const token = await signIn(t.app, DEMO.user);
    const res = await update(token, data);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ error: { fields: object } }>(res).error.fields)).toContain(field);
  });

  it('401 without a session', async () => {
    expect((await update('', { locale: 'en' })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/user/export', () => {
  it('downloads everything stored about the user as a JSON attachment', async () => {
    const token = await signIn(t.app, DEMO.basic);
    const res = await send(t.app, 'GET', '/api/auth/user/export', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = json<{ data: Record<string, unknown> & { account: Record<string, unknown> } }>(
      res,
    );
    expect(data.account).toMatchObject({
      email: DEMO.basic.email,
      role: 'ROLE_USER_BASIC',
      site: { identifier: 'default', platformName: 'Cloud' },
    });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(data)).not.toContain('argon2');
    expect(data.sessions).toEqual(
      expect.arrayContaining([expect.objectContaining({ current: true })]),
    );
    // The demo invitation is addressed to this user.
    expect(data.invitations).toEqual([
      expect.objectContaining({ id: 1, locationName: 'Hiša Bled', status: 'pending' }),
    ]);
    expect(data.socialIdentities).toEqual([]);
    expect(data.auditLog).toEqual([]);
  });
});

describe('DELETE /api/auth/user', () => {
  const remove = (token: string, password: string, headers: Record<string, string> = {}) =>
    send(t.app, 'DELETE', '/api/auth/user', { token, data: { password }, headers });

  it('a super admin cannot delete their own account: 422 RULE_BROKEN', async () => {
    const token = await signIn(t.app, DEMO.admin);
    const res = await remove(token, DEMO.admin.password);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({
      error: { code: 'RULE_BROKEN', message: 'account.super_admin_cannot_delete_self' },
    });
    expect(
      await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email)),
    ).toHaveLength(1);
  });

  it('needs the password: 400 validation.current_password_wrong', async () => {
    const token = await signIn(t.app, DEMO.aggregator);
    const res = await remove(token, 'not-the-password');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { fields: { 'data.password': 'validation.current_password_wrong' } },
    });
  });

  it('refuses a cross-site request', async () => {
    const token = await signIn(t.app, DEMO.aggregator);
    const res = await remove(token, DEMO.aggregator.password, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('deletes the account and its sessions, clears the cookie and mails a confirmation', async () => {
    const token = await signIn(t.app, DEMO.aggregator);
    const other = await signIn(t.app, DEMO.aggregator);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.aggregator.email));
    const res = await remove(token, DEMO.aggregator.password);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'ec_session')?.value).toBe('');
    expect(
      await t.db.db
        .select()
        .from(users)
        .where(eq(users.id, row?.id ?? 0)),
    ).toEqual([]);
    expect(
      await t.db.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, row?.id ?? 0)),
    ).toEqual([]);
    expect((await send(t.app, 'GET', '/api/auth/user', { token: other })).statusCode).toBe(401);
    expect((await lastMailTo(t, DEMO.aggregator.email))?.kind).toBe('account_deleted');
    const login = await send(t.app, 'POST', '/api/auth/login', { data: DEMO.aggregator });
    expect(login.statusCode).toBe(401);
  });

  it('keeps audit entries of a deleted user, without the reference', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const [target] = await t.db.db.select().from(users).where(eq(users.email, DEMO.advanced.email));
    await send(t.app, 'POST', '/api/auth/impersonate', {
      token: admin,
      data: { userId: target?.id },
    });
    await send(t.app, 'POST', '/api/auth/unimpersonate', { token: admin });
    const token = await signIn(t.app, DEMO.advanced);
    expect((await remove(token, DEMO.advanced.password)).statusCode).toBe(200);
    const entries = await t.db.db.select().from(auditLog);
    expect(entries.map((e) => [e.action, e.targetId, e.targetEmail])).toEqual([
      ['IMPERSONATION_START', null, DEMO.advanced.email],
      ['IMPERSONATION_STOP', null, DEMO.advanced.email],
    ]);
  });
});
