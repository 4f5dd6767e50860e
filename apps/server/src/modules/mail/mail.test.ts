// Mail through a real SMTP server started in the test (smtp-server on 127.0.0.1), and the development mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@ec/db';
import { loadCatalog } from '@ec/i18n/node';
import { interpolate, lookup } from './mail.templates.ts';
import { createTestApp, json, send, signIn, type TestApp } from '../../test/helpers.ts';
import { linkTo, startSmtpServer, type TestSmtpServer } from '../../test/mail.ts';

const registration = (email: string, locale = 'en') => ({
  firstName: 'Ana',
  lastName: 'Novak',
  email,
  password: 'sunny-day-2024',
  passwordRepeat: 'sunny-day-2024',
  countryCode: 'SI',
  locale,
  acceptPrivacy: true,
  acceptTerms: true,
  marketingConsent: false,
});

describe('mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cloud <no-reply@cloud.test>', RATE_LIMITS: 'false' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('register → the verification mail arrives → its link verifies → sign-in works', async () => {
    const res = await send(t.app, 'POST', '/api/auth/register', {
      data: registration('smtp.flow@example.com'),
    });
    expect(res.statusCode).toBe(201);
    await t.app.mail.idle();

    const mail = smtp.messages.find((m) => m.to.includes('smtp.flow@example.com'));
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.from).toBe('no-reply@cloud.test');
    expect(mail.headers.from).toContain('no-reply@cloud.test');
    // Both parts, with the link in each.
    expect(mail.text).not.toBe('');
    expect(mail.html).toContain('<!doctype html>');
    const link = linkTo(mail.text, '/auth/token-validation');
    expect(link.origin).toBe('http://localhost:3000');
    expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));
    // Branded by the site: absolute logo URL, support address in the footer.
    expect(mail.html).toContain('src="http://localhost:3000/api/site/assets/default/logo.svg"');
    expect(mail.html).toContain('mailto:support@energy-cloud.example');

    const token = link.searchParams.get('token') ?? '';
    const verified = await send(t.app, 'POST', '/api/auth/verify-email', { data: { token } });
    expect(json(verified)).toEqual({ data: { status: 'VERIFIED' } });
    await signIn(t.app, { email: 'smtp.flow@example.com', password: 'sunny-day-2024' });
  });

  it('a reset link from the mail sets a new password', async () => {
    await send(t.app, 'POST', '/api/auth/forgotten-password', {
      data: { email: 'basic@demo.energy' },
    });
    await t.app.mail.idle();
    const mail = smtp.messages.findLast((m) => m.to.includes('basic@demo.energy'));
    const link = linkTo(mail?.text ?? '', '/auth/reset-password');
    const token = link.searchParams.get('token') ?? '';
    const res = await send(t.app, 'POST', '/api/auth/reset-password', {
      data: { token, password: 'brand-new-pass-1', passwordRepeat: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    await signIn(t.app, { email: 'basic@demo.energy', password: 'brand-new-pass-1' });
  });

  it('keeps nothing in the outbox and has no development mailbox when SMTP is set', async () => {
    expect(await t.db.db.select().from(mailOutbox)).toEqual([]);
    expect((await send(t.app, 'GET', '/api/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('the development mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  // Read as the signed-in super admin from this machine (who else may: src/security/dev-mailbox.test.ts).
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
    token = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('lists outgoing mail newest first and shows one message with its links', async () => {
    await send(t.app, 'POST', '/api/auth/register', {
      data: registration('mailbox.one@example.com'),
    });
    await send(t.app, 'POST', '/api/auth/resend-verification', {
      data: { email: 'unverified@demo.energy' },
    });
    await t.app.mail.idle();

    const list = json<{
      data: { messages: { id: number; to: string; kind: string; subject: string }[] };
    }>(await send(t.app, 'GET', '/api/dev/mailbox', { token }));
    expect(list.data.messages.slice(0, 2).map((m) => [m.to, m.kind])).toEqual([
      ['unverified@demo.energy', 'verify_email'],
      ['mailbox.one@example.com', 'verify_email'],
    ]);

    const first = list.data.messages[1];
    const res = await send(t.app, 'GET', `/api/dev/mailbox/${first?.id}`, { token });
    expect(res.statusCode).toBe(200);
    const { message } = json<{
      data: { message: { text: string; html: string; links: string[]; from: string } };
    }>(res).data;
    expect(message.from).toBe('Cloud <no-reply@localhost>');
    expect(message.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/token-validation\?token=/);
    expect(message.html).toContain('<a href="http://localhost:3000/auth/token-validation?token=');
  });

  it('answers 404 for a message that does not exist', async () => {
    expect((await send(t.app, 'GET', '/api/dev/mailbox/999999', { token })).statusCode).toBe(404);
  });

  it('renders in English from the shipped catalog', async () => {
    await send(t.app, 'POST', '/api/auth/register', {
      data: registration('english.reader@example.com', 'en'),
    });
    await t.app.mail.idle();
    const [row] = (await t.db.db.select().from(mailOutbox)).filter(
      (m) => m.toAddress === 'english.reader@example.com',
    );
    expect(row?.subject).toBe('Confirm your e-mail address for Cloud');
    expect(row?.text).toContain('Hello Ana,');
    expect(row?.text).toContain('The link is valid for 24 hours and can be used once.');
    expect(row?.html).toContain('>Confirm e-mail address</a>');
    expect(row?.text).toContain('support@energy-cloud.example');
  });

  it('renders in the recipient language with the site branding (identifier link for a non-host site)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register?identifier=sunpower',
      payload: { data: registration('sunpower.user@example.com', 'sl') },
    });
    expect(res.statusCode).toBe(201);
    await t.app.mail.idle();
    const [row] = (await t.db.db.select().from(mailOutbox)).filter(
      (m) => m.toAddress === 'sunpower.user@example.com',
    );
    expect(row?.html).toContain('lang="sl"');
    expect(row?.subject).toBe('Potrdite svoj e-poštni naslov za SunPower Cloud');
    expect(row?.subject).toBe(
      interpolate(String(lookup(loadCatalog('sl'), 'mail.verify_email.subject')), {
        platformName: 'SunPower Cloud',
      }),
    );
    expect(row?.html).toContain('/api/site/assets/sunpower/logo.svg');
    expect(row?.html).toContain('mailto:help@sunpower.example');
    // localhost does not select sunpower: the link carries the identifier so the page has the right branding.
    const link = linkTo(row?.text ?? '', '/auth/token-validation');
    expect(link.searchParams.get('identifier')).toBe('sunpower');
  });
});

describe('the development mailbox switch', () => {
  it.each([
    ['production', { NODE_ENV: 'production' }],
    ['DEV_MAILBOX=false', { DEV_MAILBOX: 'false' }],
  ])('is off in %s: 404, and mail still goes to the outbox', async (_name, env) => {
    const t = await createTestApp({ env: { ...env, RATE_LIMITS: 'false' } });
    try {
      const token = await signIn(t.app);
      expect((await send(t.app, 'GET', '/api/dev/mailbox', { token })).statusCode).toBe(404);
      expect((await send(t.app, 'GET', '/api/dev/mailbox/1', { token })).statusCode).toBe(404);
      await send(t.app, 'POST', '/api/auth/forgotten-password', {
        data: { email: 'basic@demo.energy' },
      });
      await t.app.mail.idle();
      expect((await t.db.db.select().from(mailOutbox)).map((m) => m.kind)).toEqual([
        'reset_password',
      ]);
    } finally {
      await t.close();
    }
  });

  it('a failing SMTP server is logged, never an error for the request', async () => {
    const t = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', RATE_LIMITS: 'false' },
    });
    try {
      const res = await send(t.app, 'POST', '/api/auth/forgotten-password', {
        data: { email: 'basic@demo.energy' },
      });
      expect(res.statusCode).toBe(202);
      await t.app.mail.idle();
    } finally {
      await t.close();
    }
  });

  it('signing in still works for the seeded users (no side effects of the mail module)', async () => {
    const t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
    try {
      await signIn(t.app);
    } finally {
      await t.close();
    }
  });
});
