// Mail on behalf of a company over real SMTP (smtp-server in the test): it leaves from the company's sender and
// carries a DKIM signature of the company's domain that verifies like a receiver would check it: the body hash
// recomputed with relaxed canonicalisation, the public key fetched from DNS (the test DNS server), the signature
// checked with it.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyEmailSettings } from '@ec/contract';
import { companies, countries, eq, sites, users } from '@ec/db';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../../test/helpers.ts';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/mail.ts';

/** The first row of a query that must have one. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('expected a row');
  return row;
}

/** The header fields of a raw message, unfolding kept as is (each without its final CRLF). */
function headerFields(raw: string): string[] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const fields: string[] = [];
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1] += `\r\n${line}`;
    else fields.push(line);
  }
  return fields;
}

const nameOf = (field: string) => field.slice(0, field.indexOf(':')).trim().toLowerCase();

/** Relaxed header canonicalisation (RFC 6376 §3.4.2). */
function relaxedHeader(field: string): string {
  const value = field
    .slice(field.indexOf(':') + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${nameOf(field)}:${value}`;
}

/** Relaxed body canonicalisation (RFC 6376 §3.4.4). */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  const text = lines.join('\r\n').replace(/(\r\n)+$/, '');
  return text === '' ? '' : `${text}\r\n`;
}

/** DKIM tags of a header value, whitespace removed from values (b= and bh= are folded). */
function tags(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return out;
}

/**
 * Verifies the DKIM-Signature of a raw message the way a receiver does (relaxed/relaxed, rsa-sha256): the key comes
 * from `<s>._domainkey.<d>` through `resolver`. Answers which part failed, or 'pass'.
 */
async function verifyDkim(
  raw: string,
  resolver: Resolver,
): Promise<'pass' | 'no signature' | 'body hash' | 'signature'> {
  const fields = headerFields(raw);
  const signatureField = fields.find((f) => nameOf(f) === 'dkim-signature');
  if (!signatureField) return 'no signature';
  const t = tags(signatureField.slice(signatureField.indexOf(':') + 1));
  expect(t.get('a')).toBe('rsa-sha256');
  expect(t.get('c')).toBe('relaxed/relaxed');

  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  if (bodyHash !== t.get('bh')) return 'body hash';

  // The signed headers in h= order, each taken from the bottom up (RFC 6376 §5.4.2).
  const used = new Set<number>();
  const signed: string[] = [];
  for (const name of (t.get('h') ?? '').toLowerCase().split(':')) {
    for (let i = fields.length - 1; i >= 0; i--) {
      if (!used.has(i) && nameOf(fields[i] as string) === name) {
        used.add(i);
        signed.push(`${relaxedHeader(fields[i] as string)}\r\n`);
        break;
      }
    }
  }
  // The signature header itself with an empty b= (not bh=), without a final CRLF.
  const unsigned = signatureField.replace(/(^|;)(\s*b\s*=)[^;]*/, '$1$2');
  const data = signed.join('') + relaxedHeader(unsigned);

  const records = await resolver.resolveTxt(`${t.get('s')}._domainkey.${t.get('d')}`);
  const p = tags(records.map((parts) => parts.join(''))[0] ?? '').get('p') ?? '';
  const key = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
  const ok = verify('sha256', Buffer.from(data), key, Buffer.from(t.get('b') ?? '', 'base64'));
  return ok ? 'pass' : 'signature';
}

describe('company mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let dns: TestDnsServer;
  let t: TestApp;
  let resolver: Resolver;
  let settings: CompanyEmailSettings;
  const ids = { signed: 0, plain: 0 };

  async function sendAs(to: string, companyId?: number): Promise<ReceivedMail> {
    const site = one(await t.db.db.select().from(sites).limit(1));
    t.app.mail.send({
      kind: 'password_changed',
      locale: 'en',
      site,
      origin: 'http://localhost',
      name: 'Ana Novak',
      to,
      ...(companyId === undefined ? {} : { companyId }),
    });
    await t.app.mail.idle();
    const mail = smtp.messages.findLast((m) => m.to.includes(to));
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dns = await startDnsServer();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Cloud <no-reply@cloud.test>',
        DNS_SERVERS: dns.address,
        RATE_LIMITS: 'false',
      },
    });
    resolver = new Resolver({ timeout: 500, tries: 1 });
    resolver.setServers([dns.address]);

    const db = t.db.db;
    const admin = one(await db.select().from(users).where(eq(users.email, DEMO.admin.email)));
    await db
      .insert(countries)
      .values({ code: 'SI', name: 'Slovenia', visible: true })
      .onConflictDoNothing();
    const country = one(await db.select().from(countries).where(eq(countries.code, 'SI')));
    for (const key of ['signed', 'plain'] as const) {
      ids[key] = one(
        await db
          .insert(companies)
          .values({ siteId: admin.siteId, name: `Company ${key}`, countryId: country.id })
          .returning({ id: companies.id }),
      ).id;
    }

    const token = await signIn(t.app, DEMO.admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${ids.signed}/email-settings`,
      cookies: { ec_session: token },
      payload: { data: { senderName: 'Sun Energy', senderEmail: 'mail@sun-energy.example' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    settings = json<{ data: { settings: CompanyEmailSettings } }>(res).data.settings;
    // The company published its DKIM record as the settings say.
    const dkim = settings.records.find((r) => r.kind === 'DKIM');
    if (!dkim) throw new Error('no DKIM record');
    dns.set(dkim.host, { txt: [dkim.value] });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
    await dns.close();
  });

  it("leaves from the company's sender and carries a DKIM signature that verifies", async () => {
    const mail = await sendAs('signed@example.com', ids.signed);
    expect(mail.from).toBe('mail@sun-energy.example');
    expect(mail.headers.from).toBe('Sun Energy <mail@sun-energy.example>');
    const signature = tags(mail.headers['dkim-signature'] ?? '');
    expect(signature.get('d')).toBe('sun-energy.example');
    expect(signature.get('s')).toBe(settings.dkimSelector);
    expect(signature.get('h')?.toLowerCase().split(':')).toEqual(
      expect.arrayContaining(['from', 'to', 'subject']),
    );
    expect(await verifyDkim(mail.raw, resolver)).toBe('pass');
  });

  it('the verification notices a changed body and a changed header', async () => {
    const mail = await sendAs('tampered@example.com', ids.signed);
    const split = mail.raw.indexOf('\r\n\r\n');
    const head = mail.raw.slice(0, split);
    const body = mail.raw.slice(split);
    expect(await verifyDkim(head + body.replace('Ana', 'Eve'), resolver)).toBe('body hash');
    const subject = /^Subject: .*$/m.exec(head)?.[0] ?? '';
    expect(subject).not.toBe('');
    expect(await verifyDkim(head.replace(subject, 'Subject: Hi') + body, resolver)).toBe(
      'signature',
    );
  });

  it('mail without a company, or for a company without a sender, leaves unsigned from MAIL_FROM', async () => {
    for (const [to, companyId] of [
      ['platform@example.com', undefined],
      ['no-sender@example.com', ids.plain],
    ] as const) {
      const mail = await sendAs(to, companyId);
      expect(mail.from).toBe('no-reply@cloud.test');
      expect(mail.headers.from).toBe('Cloud <no-reply@cloud.test>');
      expect(mail.headers['dkim-signature']).toBeUndefined();
      expect(await verifyDkim(mail.raw, resolver)).toBe('no signature');
    }
  });
});
