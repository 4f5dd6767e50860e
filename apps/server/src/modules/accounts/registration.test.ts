// Registration, e-mail verification, resending the link, and sign-in of unverified accounts.
import { describe, expect, it } from 'vitest';
import { eq, users, userTokens } from '@ec/db';
import {
  createTestApp,
  DEMO,
  json,
  lastMailTo,
  mailsTo,
  send,
  signIn,
  tokenFrom,
} from '../../test/helpers.ts';
import { tokenIdFor } from './accounts.service.ts';
import { ACCOUNTS_TEST_ENV, useAccountsTestApp } from './accounts.fixtures.ts';

const t = useAccountsTestApp();

const form = (changes: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Novak',
  email: 'ana.register@example.com',
  password: 'sunny-day-2024',
  passwordRepeat: 'sunny-day-2024',
  countryCode: 'SI',
  locale: 'sl',
  acceptPrivacy: true,
  acceptTerms: true,
  marketingConsent: true,
  ...changes,
});
const register = (data: unknown) => send(t.app, 'POST', '/api/auth/register', { data });
const verify = (token: string) =>
  send(t.app, 'POST', '/api/auth/verify-email', { data: { token } });
const userRow = async (email: string) =>
  (await t.db.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/register', () => {
  it('creates an unverified basic user, records consents, and mails the verification link', async () => {
    const res = await register(form({ email: 'Ana.Register@Example.com' }));
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ data: { email: 'ana.register@example.com' } });

    const row = await userRow('ana.register@example.com');
    expect(row).toMatchObject({
      firstName: 'Ana',
      lastName: 'Novak',
      role: 'ROLE_USER_BASIC',
      type: 'REGISTERED',
      locale: 'sl',
      countryCode: 'SI',
      marketingConsent: true,
      emailVerifiedAt: null,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.privacyAcceptedAt).toBeInstanceOf(Date);
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row?.marketingConsentAt).toBeInstanceOf(Date);

    const mail = await lastMailTo(t, 'ana.register@example.com');
    expect(mail?.kind).toBe('verify_email');
    const token = tokenFrom(mail?.text, '/auth/token-validation');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed, expiring in 24 h.
    const [stored] = await t.db.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.id, tokenIdFor(token)));
    expect(stored?.purpose).toBe('verify_email');
    const hours = ((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)) / 3.6e6;
    expect(hours).toBe(24);
    const all = await t.db.db.select({ id: userTokens.id }).from(userTokens);
    expect(all.some((r) => r.id === token)).toBe(false);
  });

  it('answers a taken address the same, changes nothing and mails its owner instead', async () => {
    const before = await userRow(DEMO.basic.email);
    const res = await register(form({ email: DEMO.basic.email, firstName: 'Mallory' }));
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ data: { email: DEMO.basic.email } });
    const after = await userRow(DEMO.basic.email);
    expect(after).toEqual(before);
    const mail = await lastMailTo(t, DEMO.basic.email);
    expect(mail?.kind).toBe('already_registered');
    expect(mail?.text).toContain('http://localhost:3000/auth/forgotten-password');
    // No verification token was issued for the existing account.
    const tokens = await t.db.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, after?.id ?? 0));
    expect(tokens).toEqual([]);
  });

  it('does not let a second registration replace an unverified account or its password', async () => {
    const res = await register(
      form({
        email: DEMO.unverified.email,
        password: 'attacker-pass-1',
        passwordRepeat: 'attacker-pass-1',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect((await lastMailTo(t, DEMO.unverified.email))?.kind).toBe('already_registered');
    const login = await send(t.app, 'POST', '/api/auth/login', {
      data: { email: DEMO.unverified.email, password: 'attacker-pass-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    [
      'privacy not accepted',
      { acceptPrivacy: false },
      'data.acceptPrivacy',
      'validation.must_accept',
    ],
    ['terms not accepted', { acceptTerms: false }, 'data.acceptTerms', 'validation.must_accept'],
    ['privacy missing', { acceptPrivacy: undefined }, 'data.acceptPrivacy', 'validation.required'],
    [
      'short password',
      { password: 'abc12', passwordRepeat: 'abc12' },
      'data.password',
      'validation.password_min_length',
    ],
    [
      'password containing the e-mail',
      { password: 'invalid.case-1', passwordRepeat: 'invalid.case-1' },
      'data.password',
      'validation.password_not_email',
    ],
    [
      'password equal to the e-mail',
      { password: 'invalid.case@example.com', passwordRepeat: 'invalid.case@example.com' },
      'data.password',
      'validation.password_not_email',
    ],
    [
      'letters only, short of a passphrase',
      { password: 'onlyletters', passwordRepeat: 'onlyletters' },
      'data.password',
      'validation.password_letters_and_digits',
    ],
    [
      'repeat differs',
      { passwordRepeat: 'sunny-day-2025' },
      'data.passwordRepeat',
      'validation.password_repeat',
    ],
    ['bad e-mail', { email: 'no-at-sign' }, 'data.email', 'validation.invalid_email'],
    ['lower-case country', { countryCode: 'si' }, 'data.countryCode', 'validation.invalid'],
    ['unknown locale', { locale: 'xx' }, 'data.locale', 'validation.invalid_value'],
    ['empty first name', { firstName: '   ' }, 'data.firstName', 'validation.required'],
    [
      'marketing consent missing',
      { marketingConsent: undefined },
      'data.marketingConsent',
      'validation.required',
    ],
    ['a role smuggled in', { role: 'ROLE_SUPER_ADMIN' }, 'data.role', 'validation.unknown_field'],
  ])('refuses %s with a field key', async (_name, change, field, key) => {
    const res = await register(form({ email: 'invalid.case@example.com', ...change }));
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(res).error.fields[field]).toBe(key);
    expect(await userRow('invalid.case@example.com')).toBeUndefined();
  });

  it('refuses a cross-site registration (CSRF origin check)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { data: form({ email: 'csrf@example.com' }) },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await userRow('csrf@example.com')).toBeUndefined();
  });

  it('registers on the site chosen by identifier', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?identifier=voltika',
      payload: { data: form({ email: 'voltika.user@example.com' }) },
    });
    expect(res.statusCode).toBe(201);
    const token = await signInAfterVerifying('voltika.user@example.com');
    const me = json<{ data: { user: { siteId: number } } }>(
      await send(t.app, 'GET', '/api/auth/user', { token }),
    );
    const voltika = await t.app.inject({ method: 'GET', url: '/api/site/info?identifier=voltika' });
    expect(voltika.statusCode).toBe(200);
    const siteId = (await userRow('voltika.user@example.com'))?.siteId;
    expect(me.data.user.siteId).toBe(siteId);
    expect(siteId).not.toBe((await userRow(DEMO.admin.email))?.siteId);
  });
});

async function signInAfterVerifying(email: string): Promise<string> {
  const token = tokenFrom((await lastMailTo(t, email))?.text, '/auth/token-validation');
  expect(json(await verify(token))).toEqual({ data: { status: 'VERIFIED' } });
  return signIn(t.app, { email, password: 'sunny-day-2024' });
}

describe('POST /api/auth/verify-email', () => {
  it('VERIFIED once, then ALREADY_USED; the user signs in and is verified, not set up (goes to /setup)', async () => {
    await register(form({ email: 'verify.me@example.com' }));
    const token = tokenFrom(
      (await lastMailTo(t, 'verify.me@example.com'))?.text,
      '/auth/token-validation',
    );
    expect(json(await verify(token))).toEqual({ data: { status: 'VERIFIED' } });
    expect(json(await verify(token))).toEqual({ data: { status: 'ALREADY_USED' } });
    const session = await signIn(t.app, {
      email: 'verify.me@example.com',
      password: 'sunny-day-2024',
    });
    const me = json<{ data: { user: Record<string, unknown> } }>(
      await send(t.app, 'GET', '/api/auth/user', { token: session }),
    );
    expect(me.data.user).toMatchObject({
      verified: true,
      role: 'ROLE_USER_BASIC',
      type: 'REGISTERED',
      isSetUp: false,
      marketingConsent: true,
    });
  });

  it('an older link of an address verified through a newer one answers ALREADY_USED', async () => {
    await register(form({ email: 'two.links@example.com' }));
    const first = tokenFrom(
      (await lastMailTo(t, 'two.links@example.com'))?.text,
      '/auth/token-validation',
    );
    await send(t.app, 'POST', '/api/auth/resend-verification', {
      data: { email: 'two.links@example.com' },
    });
    const second = tokenFrom(
      (await lastMailTo(t, 'two.links@example.com'))?.text,
      '/auth/token-validation',
    );
    expect(second).not.toBe(first);
    expect(json(await verify(second))).toEqual({ data: { status: 'VERIFIED' } });
    expect(json(await verify(first))).toEqual({ data: { status: 'ALREADY_USED' } });
  });

  it('EXPIRED after 24 h, and the account stays unverified', async () => {
    await register(form({ email: 'late@example.com' }));
    const token = tokenFrom(
      (await lastMailTo(t, 'late@example.com'))?.text,
      '/auth/token-validation',
    );
    await t.db.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.id, tokenIdFor(token)));
    expect(json(await verify(token))).toEqual({ data: { status: 'EXPIRED' } });
    expect((await userRow('late@example.com'))?.emailVerifiedAt).toBeNull();
  });

  it.each([
    ['an unknown token', 'B'.repeat(43)],
    ['a malformed token', 'not a token'],
    ['a token with the right length but bad characters', `${'C'.repeat(42)}!`],
  ])('MISSING for %s', async (_name, token) => {
    expect(json(await verify(token))).toEqual({ data: { status: 'MISSING' } });
  });

  it('MISSING for a password-reset token used as a verification token', async () => {
    await send(t.app, 'POST', '/api/auth/forgotten-password', { data: { email: DEMO.user.email } });
    const token = tokenFrom((await lastMailTo(t, DEMO.user.email))?.text, '/auth/reset-password');
    expect(json(await verify(token))).toEqual({ data: { status: 'MISSING' } });
  });

  it('ERROR when a used link belongs to an address that is still unverified (inconsistent data)', async () => {
    await register(form({ email: 'odd.state@example.com' }));
    const token = tokenFrom(
      (await lastMailTo(t, 'odd.state@example.com'))?.text,
      '/auth/token-validation',
    );
    await t.db.db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(eq(userTokens.id, tokenIdFor(token)));
    expect(json(await verify(token))).toEqual({ data: { status: 'ERROR' } });
  });

  it('400 for a missing or empty token', async () => {
    expect((await send(t.app, 'POST', '/api/auth/verify-email', { data: {} })).statusCode).toBe(
      400,
    );
    expect((await verify('')).statusCode).toBe(400);
  });
});

describe('sign-in of an unverified account', () => {
  it('the right password answers 403 EMAIL_NOT_VERIFIED and starts no session', async () => {
    const res = await send(t.app, 'POST', '/api/auth/login', { data: DEMO.unverified });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'login.email_not_verified' },
    });
    expect(res.cookies.find((c) => c.name === 'ec_session')).toBeUndefined();
  });

  it('a wrong password answers the usual 401, so nothing tells that the account exists', async () => {
    const res = await send(t.app, 'POST', '/api/auth/login', {
      data: { email: DEMO.unverified.email, password: 'wrong-password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'login.invalid_credentials' },
    });
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('answers 202 and mails a new link to an unverified account', async () => {
    const before = (await mailsTo(t, DEMO.unverified.email)).length;
    const res = await send(t.app, 'POST', '/api/auth/resend-verification', {
      data: { email: 'Unverified@Demo.Energy' },
    });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toEqual({ data: {} });
    const mails = await mailsTo(t, DEMO.unverified.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.kind).toBe('verify_email');
  });

  it.each([
    ['a verified account', DEMO.basic.email],
    ['an unknown address', 'nobody-here@example.com'],
  ])('answers the same 202 for %s and sends nothing', async (_name, email) => {
    const before = (await mailsTo(t, email)).filter((m) => m.kind === 'verify_email').length;
    const res = await send(t.app, 'POST', '/api/auth/resend-verification', { data: { email } });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toEqual({ data: {} });
    const after = (await mailsTo(t, email)).filter((m) => m.kind === 'verify_email').length;
    expect(after).toBe(before);
  });
});

describe('registration before the first seed', () => {
  it('answers 503 while there is no site to register on', async () => {
    const empty = await createTestApp({ seed: false, env: ACCOUNTS_TEST_ENV });
    try {
      const res = await send(empty.app, 'POST', '/api/auth/register', { data: form() });
      expect(res.statusCode).toBe(503);
      expect(json(res)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    } finally {
      await empty.close();
    }
  });
});
