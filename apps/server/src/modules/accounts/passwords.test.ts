// Forgotten password, reset with a token, change password; both end sessions.
import { describe, expect, it } from 'vitest';
import { eq, sessions, users, userTokens } from '@ec/db';
import { DEMO, json, lastMailTo, mailsTo, send, signIn, tokenFrom } from '../../test/helpers.ts';
import { sessionIdFor } from '../auth/auth.service.ts';
import { tokenIdFor } from './accounts.service.ts';
import { useAccountsTestApp } from './accounts.fixtures.ts';

const t = useAccountsTestApp();

const forgotten = (email: string) =>
  send(t.app, 'POST', '/api/auth/forgotten-password', { data: { email } });
const reset = (token: string, password: string, passwordRepeat = password) =>
  send(t.app, 'POST', '/api/auth/reset-password', { data: { token, password, passwordRepeat } });
const me = (token: string) => send(t.app, 'GET', '/api/auth/user', { token });
const resetToken = async (email: string) => {
  await forgotten(email);
  return tokenFrom((await lastMailTo(t, email))?.text, '/auth/reset-password');
};
const sessionExists = async (token: string) =>
  (
    await t.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFor(token)))
  ).length === 1;

describe('POST /api/auth/forgotten-password', () => {
  it('answers the same neutral 202 for a known and an unknown address', async () => {
    const known = await forgotten(DEMO.advanced.email);
    const unknown = await forgotten('no-such-user@example.com');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(json(res)).toEqual({ data: {} });
    }
    expect((await mailsTo(t, 'no-such-user@example.com')).length).toBe(0);
    const mail = await lastMailTo(t, DEMO.advanced.email);
    expect(mail?.kind).toBe('reset_password');
  });

  it('issues a 1-hour token and makes earlier reset links stop working', async () => {
    const first = await resetToken(DEMO.advanced.email);
    const second = await resetToken(DEMO.advanced.email);
    const [stored] = await t.db.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.id, tokenIdFor(second)));
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(3_600_000);
    const res = await reset(first, 'advanced-new-1');
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({
      error: { code: 'TOKEN_INVALID', message: 'reset_password.token_invalid' },
    });
  });

  it('400 for a malformed address', async () => {
    expect((await forgotten('not-an-email')).statusCode).toBe(400);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the password, ends every session, is single-use, and mails a notice', async () => {
    const old = await signIn(t.app, DEMO.aggregator);
    const token = await resetToken(DEMO.aggregator.email);
    const res = await reset(token, 'fresh-secret-11');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: {} });
    expect(await sessionExists(old)).toBe(false);
    expect((await me(old)).statusCode).toBe(401);
    expect((await lastMailTo(t, DEMO.aggregator.email))?.kind).toBe('password_changed');

    const oldLogin = await send(t.app, 'POST', '/api/auth/login', { data: DEMO.aggregator });
    expect(oldLogin.statusCode).toBe(401);
    await signIn(t.app, { email: DEMO.aggregator.email, password: 'fresh-secret-11' });

    const again = await reset(token, 'fresh-secret-12');
    expect(again.statusCode).toBe(422);
    expect(json(again)).toMatchObject({ error: { code: 'TOKEN_INVALID' } });
  });

  it('422 TOKEN_EXPIRED after an hour', async () => {
    const token = await resetToken(DEMO.user.email);
    await t.db.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userTokens.id, tokenIdFor(token)));
    const res = await reset(token, 'user-new-pass-1');
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({
      error: { code: 'TOKEN_EXPIRED', message: 'reset_password.token_expired' },
    });
  });

  it.each([
    ['unknown', 'D'.repeat(43)],
    ['malformed', 'x'],
  ])('422 TOKEN_INVALID for an %s token', async (_name, token) => {
    const res = await reset(token, 'whatever-pass-1');
    expect(json(res)).toMatchObject({ error: { code: 'TOKEN_INVALID' } });
  });

  it('a verification token is no reset token', async () => {
    await send(t.app, 'POST', '/api/auth/resend-verification', {
      data: { email: DEMO.unverified.email },
    });
    const token = tokenFrom(
      (await lastMailTo(t, DEMO.unverified.email))?.text,
      '/auth/token-validation',
    );
    expect(json(await reset(token, 'whatever-pass-1'))).toMatchObject({
      error: { code: 'TOKEN_INVALID' },
    });
  });

  it('checks the password against the account e-mail, and keeps the token for a second try', async () => {
    const token = await resetToken(DEMO.user.email);
    const res = await reset(token, 'user@demo.energy');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { fields: { 'data.password': 'validation.password_not_email' } },
    });
    const contains = await reset(token, 'my-user-pass-77');
    expect(json(contains)).toMatchObject({
      error: { fields: { 'data.password': 'validation.password_not_email' } },
    });
    expect((await reset(token, 'valid-pass-2024')).statusCode).toBe(200);
  });

  it('400 with field keys for a mismatch or a weak password', async () => {
    const res = await reset('E'.repeat(43), 'short', 'other');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: {
        fields: {
          'data.password': 'validation.password_min_length',
          'data.passwordRepeat': 'validation.password_repeat',
        },
      },
    });
  });

  it('confirms the address of an unverified account (the link proves the mailbox)', async () => {
    const token = await resetToken(DEMO.unverified.email);
    expect((await reset(token, 'now-verified-1')).statusCode).toBe(200);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.unverified.email));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    await signIn(t.app, { email: DEMO.unverified.email, password: 'now-verified-1' });
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string, data: Record<string, string>) =>
    send(t.app, 'POST', '/api/auth/change-password', { token, data });

  it('changes the password, keeps this session and ends the others', async () => {
    const current = await signIn(t.app, DEMO.basic);
    const other = await signIn(t.app, DEMO.basic);
    const res = await change(current, {
      currentPassword: DEMO.basic.password,
      newPassword: 'changed-secret-1',
      newPasswordRepeat: 'changed-secret-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await lastMailTo(t, DEMO.basic.email))?.kind).toBe('password_changed');
    await signIn(t.app, { email: DEMO.basic.email, password: 'changed-secret-1' });
  });

  it('"New password repeat is not valid." as a field key on a mismatch', async () => {
    const session = await signIn(t.app, DEMO.admin);
    const res = await change(session, {
      currentPassword: DEMO.admin.password,
      newPassword: 'admin-new-pass-1',
      newPasswordRepeat: 'admin-new-pass-2',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { fields: { 'data.newPasswordRepeat': 'validation.new_password_repeat' } },
    });
  });

  it('400 validation.current_password_wrong for a wrong current password', async () => {
    const session = await signIn(t.app, DEMO.admin);
    const res = await change(session, {
      currentPassword: 'not-my-password',
      newPassword: 'admin-new-pass-1',
      newPasswordRepeat: 'admin-new-pass-1',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { fields: { 'data.currentPassword': 'validation.current_password_wrong' } },
    });
    await signIn(t.app, DEMO.admin);
  });

  it('checks the new password against the e-mail', async () => {
    const session = await signIn(t.app, DEMO.admin);
    const res = await change(session, {
      currentPassword: DEMO.admin.password,
      newPassword: 'admin-password-9',
      newPasswordRepeat: 'admin-password-9',
    });
    expect(json(res)).toMatchObject({
      error: { fields: { 'data.newPassword': 'validation.password_not_email' } },
    });
  });

  it('401 without a session, 403 cross-site', async () => {
    const data = {
      currentPassword: DEMO.admin.password,
      newPassword: 'admin-new-pass-1',
      newPasswordRepeat: 'admin-new-pass-1',
    };
    expect((await send(t.app, 'POST', '/api/auth/change-password', { data })).statusCode).toBe(401);
    const session = await signIn(t.app, DEMO.admin);
    const csrf = await send(t.app, 'POST', '/api/auth/change-password', {
      data,
      token: session,
      headers: { origin: 'https://evil.example' },
    });
    expect(csrf.statusCode).toBe(403);
    await signIn(t.app, DEMO.admin);
  });
});
