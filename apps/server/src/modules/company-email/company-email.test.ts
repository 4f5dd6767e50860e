// Company e-mail settings through the API: the DKIM key pair made on first access, the records to publish, the DNS
// check against a real DNS server started in the test (ok, missing, mismatch, lookup errors), who may read and
// change them, and bad input.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyEmailSettings } from '@ec/contract';
import {
  companies,
  companyMailSettings,
  countries,
  eq,
  locationGroups,
  locationPermissions,
  locations,
  mailOutbox,
  sites,
  users,
} from '@ec/db';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../../test/helpers.ts';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server.ts';

const DOMAIN = 'sun-energy.example';
const SENDER = { senderName: 'Sun Energy', senderEmail: `mail@${DOMAIN}` };

/** The first row of an insert or select that must have one. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('expected a row');
  return row;
}

let dns: TestDnsServer;
let t: TestApp;
const ids = { a: 0, b: 0, otherSite: 0 };
const tokens = { admin: '', aggregator: '', foreignAggregator: '', basic: '', viewer: '' };

async function createCompany(siteId: number, name: string): Promise<number> {
  await t.db.db
    .insert(countries)
    .values({ code: 'SI', name: 'Slovenia', visible: true })
    .onConflictDoNothing();
  const country = one(await t.db.db.select().from(countries).where(eq(countries.code, 'SI')));
  const company = one(
    await t.db.db
      .insert(companies)
      .values({ siteId, name, countryId: country.id })
      .returning({ id: companies.id }),
  );
  return company.id;
}

async function userId(email: string): Promise<number> {
  return one(await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email))).id;
}

function call(method: 'GET' | 'PUT' | 'POST', path: string, token: string, data?: unknown) {
  return t.app.inject({
    method,
    url: `/api/companies/${path}`,
    cookies: { ec_session: token },
    ...(data === undefined ? {} : { payload: { data } }),
  });
}

async function settingsOf(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  token = tokens.aggregator,
  data?: unknown,
): Promise<CompanyEmailSettings> {
  const res = await call(method, path, token, data);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { settings: CompanyEmailSettings } }>(res).data.settings;
}

async function storedRow(companyId: number) {
  const [row] = await t.db.db
    .select()
    .from(companyMailSettings)
    .where(eq(companyMailSettings.companyId, companyId));
  return row;
}

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({
    env: {
      RATE_LIMITS: 'false',
      DNS_SERVERS: dns.address,
      DNS_TIMEOUT_MS: '150',
      MAIL_SPF_INCLUDE: '_spf.cloud.example',
    },
  });
  const db = t.db.db;
  const admin = one(await db.select().from(users).where(eq(users.email, DEMO.admin.email)));
  const siteId = admin.siteId;
  ids.a = await createCompany(siteId, 'Sun Energy');
  ids.b = await createCompany(siteId, 'Wind Power');
  const other = one(
    await db
      .insert(sites)
      .values({
        identifier: 'company-email-other',
        hosts: ['other.company-email.test'],
        productName: 'Other',
        supportEmail: 'support@other.example',
      })
      .returning({ id: sites.id }),
  );
  ids.otherSite = await createCompany(other.id, 'Elsewhere');

  // The demo aggregator runs company A; the demo advanced user becomes the aggregator of company B.
  await db.update(users).set({ companyId: ids.a }).where(eq(users.email, DEMO.aggregator.email));
  await db
    .update(users)
    .set({ role: 'ROLE_AGGREGATOR', companyId: ids.b })
    .where(eq(users.email, DEMO.advanced.email));
  // The demo user may view one location of company A, so company A is visible (view only) to them.
  const group = one(
    await db
      .insert(locationGroups)
      .values({ companyId: ids.a, name: 'Sun Energy' })
      .returning({ id: locationGroups.id }),
  );
  const location = one(
    await db
      .insert(locations)
      .values({ companyId: ids.a, groupId: group.id, name: 'Roof' })
      .returning({ id: locations.id }),
  );
  await db.insert(locationPermissions).values({
    userId: await userId(DEMO.user.email),
    locationId: location.id,
    canView: true,
    canEdit: false,
    canManage: false,
  });

  tokens.admin = await signIn(t.app, DEMO.admin);
  tokens.aggregator = await signIn(t.app, DEMO.aggregator);
  tokens.foreignAggregator = await signIn(t.app, DEMO.advanced);
  tokens.basic = await signIn(t.app, DEMO.basic);
  tokens.viewer = await signIn(t.app, DEMO.user);
});

afterAll(async () => {
  await t.close();
  await dns.close();
});

describe('settings and the DKIM key', () => {
  it('the first read makes an RSA-2048 key pair with an ec<yyyymm> selector; later reads keep it', async () => {
    expect(await storedRow(ids.b)).toBeUndefined();
    const first = await settingsOf('GET', `${ids.b}/email-settings`, tokens.foreignAggregator);
    const now = new Date();
    expect(first).toEqual({
      senderName: null,
      senderEmail: null,
      domain: null,
      dkimSelector: `ec${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
      records: [],
      checkedAt: null,
    });
    const row = await storedRow(ids.b);
    expect(row).toBeDefined();
    if (!row) return;
    const privateKey = createPrivateKey(row.dkimPrivateKey);
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The stored public key is the private key's pair.
    const publicKey = createPublicKey({
      key: Buffer.from(row.dkimPublicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const signature = sign('sha256', Buffer.from('hello'), privateKey);
    expect(verify('sha256', Buffer.from('hello'), publicKey, signature)).toBe(true);

    await settingsOf('GET', `${ids.b}/email-settings`, tokens.foreignAggregator);
    expect((await storedRow(ids.b))?.dkimPrivateKey).toBe(row.dkimPrivateKey);
  });

  it('a sender gives the SPF, DKIM and DMARC records to publish (domain in lower case)', async () => {
    const settings = await settingsOf('PUT', `${ids.a}/email-settings`, tokens.aggregator, {
      senderName: ' Sun Energy ',
      senderEmail: 'Mail@Sun-Energy.EXAMPLE',
    });
    const row = await storedRow(ids.a);
    expect(settings).toEqual({
      senderName: 'Sun Energy',
      senderEmail: `Mail@${DOMAIN}`,
      domain: DOMAIN,
      dkimSelector: row?.dkimSelector,
      records: [
        {
          kind: 'SPF',
          host: DOMAIN,
          type: 'TXT',
          value: 'v=spf1 include:_spf.cloud.example ~all',
          status: 'unchecked',
          found: [],
        },
        {
          kind: 'DKIM',
          host: `${row?.dkimSelector}._domainkey.${DOMAIN}`,
          type: 'TXT',
          value: `v=DKIM1; k=rsa; p=${row?.dkimPublicKey}`,
          status: 'unchecked',
          found: [],
        },
        {
          kind: 'DMARC',
          host: `_dmarc.${DOMAIN}`,
          type: 'TXT',
          value: `v=DMARC1; p=quarantine; rua=mailto:Mail@${DOMAIN}`,
          status: 'unchecked',
          found: [],
        },
      ],
      checkedAt: null,
    });
    expect(await settingsOf('GET', `${ids.a}/email-settings`)).toEqual(settings);
  });

  it('clearing the sender clears the records; a check then has nothing to look up (422)', async () => {
    await settingsOf('PUT', `${ids.b}/email-settings`, tokens.foreignAggregator, {
      senderName: 'Wind',
      senderEmail: 'info@wind.example',
    });
    const cleared = await settingsOf('PUT', `${ids.b}/email-settings`, tokens.foreignAggregator, {
      senderName: null,
      senderEmail: null,
    });
    expect(cleared).toMatchObject({ senderEmail: null, domain: null, records: [] });
    const res = await call('POST', `${ids.b}/email-settings/check`, tokens.foreignAggregator);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({
      error: { code: 'RULE_BROKEN', message: 'company_email.no_sender' },
    });
  });
});

describe('the DNS check', () => {
  let selector = '';
  let publicKey = '';
  const dkimHost = () => `${selector}._domainkey.${DOMAIN}`;

  beforeAll(async () => {
    await settingsOf('PUT', `${ids.a}/email-settings`, tokens.aggregator, SENDER);
    const row = await storedRow(ids.a);
    selector = row?.dkimSelector ?? '';
    publicKey = row?.dkimPublicKey ?? '';
  });
  beforeEach(() => {
    for (const name of [DOMAIN, dkimHost(), `_dmarc.${DOMAIN}`]) dns.remove(name);
  });

  const statuses = (s: CompanyEmailSettings) => s.records.map((r) => [r.kind, r.status]);

  it('nothing published: every record is missing', async () => {
    const before = dns.queries.length;
    const settings = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(statuses(settings)).toEqual([
      ['SPF', 'missing'],
      ['DKIM', 'missing'],
      ['DMARC', 'missing'],
    ]);
    expect(dns.queries.slice(before).sort()).toEqual(
      [`TXT ${DOMAIN}`, `TXT ${dkimHost()}`, `TXT _dmarc.${DOMAIN}`].sort(),
    );
  });

  it('published as required: ok, with what was found; the result is stored', async () => {
    dns.set(DOMAIN, {
      txt: ['google-site-verification=abc', 'v=spf1 mx include:_spf.cloud.example -all'],
    });
    // The DKIM record is longer than 255 bytes: it travels in parts that the check joins.
    dns.set(dkimHost(), { txt: [`v=DKIM1; k=rsa; p=${publicKey}`] });
    dns.set(`_dmarc.${DOMAIN}`, { txt: ['v=DMARC1; p=none'] });
    const settings = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(settings.records.map((r) => [r.kind, r.status, r.found])).toEqual([
      ['SPF', 'ok', ['v=spf1 mx include:_spf.cloud.example -all']],
      ['DKIM', 'ok', [`v=DKIM1; k=rsa; p=${publicKey}`]],
      ['DMARC', 'ok', ['v=DMARC1; p=none']],
    ]);
    expect(settings.checkedAt).not.toBeNull();
    expect(Date.parse(settings.checkedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await settingsOf('GET', `${ids.a}/email-settings`)).toEqual(settings);
  });

  it('published wrongly: mismatch (no include, another key, no DMARC tag)', async () => {
    dns.set(DOMAIN, { txt: ['v=spf1 include:_spf.other.example ~all'] });
    dns.set(dkimHost(), { txt: [`v=DKIM1; k=rsa; p=${publicKey.slice(0, -8)}AAAAAAAA`] });
    dns.set(`_dmarc.${DOMAIN}`, { txt: ['hello'] });
    const settings = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(statuses(settings)).toEqual([
      ['SPF', 'mismatch'],
      ['DKIM', 'mismatch'],
      ['DMARC', 'mismatch'],
    ]);
    expect(settings.records[0]?.found).toEqual(['v=spf1 include:_spf.other.example ~all']);
  });

  it('two SPF records are a mismatch even when one includes ours', async () => {
    dns.set(DOMAIN, {
      txt: ['v=spf1 include:_spf.cloud.example ~all', 'v=spf1 include:_spf.other.example ~all'],
    });
    const settings = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(settings.records[0]).toMatchObject({ kind: 'SPF', status: 'mismatch' });
    expect(settings.records[0]?.found).toHaveLength(2);
  });

  it('a domain with TXT records but no SPF record: SPF missing', async () => {
    dns.set(DOMAIN, { txt: ['google-site-verification=abc'] });
    const settings = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(settings.records[0]).toMatchObject({ kind: 'SPF', status: 'missing', found: [] });
  });

  it('DNS failures are statuses, not errors: SERVFAIL and a timeout are error, no data is missing', async () => {
    dns.set(DOMAIN, { rcode: 'SERVFAIL' });
    dns.set(dkimHost(), { silent: true });
    dns.set(`_dmarc.${DOMAIN}`, { txt: [] });
    const settings = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(statuses(settings)).toEqual([
      ['SPF', 'error'],
      ['DKIM', 'error'],
      ['DMARC', 'missing'],
    ]);
  });

  it('a new sender domain forgets the check; a new name on the same domain keeps it', async () => {
    dns.set(`_dmarc.${DOMAIN}`, { txt: ['v=DMARC1; p=reject'] });
    const checked = await settingsOf('POST', `${ids.a}/email-settings/check`);
    expect(checked.records[2]?.status).toBe('ok');

    const renamed = await settingsOf('PUT', `${ids.a}/email-settings`, tokens.aggregator, {
      senderName: 'Sun Energy d.o.o.',
      senderEmail: `noreply@${DOMAIN}`,
    });
    expect(renamed.records[2]?.status).toBe('ok');
    expect(renamed.checkedAt).toBe(checked.checkedAt);

    const moved = await settingsOf('PUT', `${ids.a}/email-settings`, tokens.aggregator, {
      senderName: 'Sun Energy',
      senderEmail: 'mail@sun.example',
    });
    expect(moved.records.map((r) => r.status)).toEqual(['unchecked', 'unchecked', 'unchecked']);
    expect(moved.checkedAt).toBeNull();
    await settingsOf('PUT', `${ids.a}/email-settings`, tokens.aggregator, SENDER);
  });
});

describe('who may read and change the settings', () => {
  const paths = () =>
    [
      ['GET', `${ids.a}/email-settings`, undefined],
      ['PUT', `${ids.a}/email-settings`, { senderName: 'Hijack', senderEmail: 'x@evil.example' }],
      ['POST', `${ids.a}/email-settings/check`, undefined],
    ] as const;

  it.each([
    ['a basic user without anything in the company', 'basic'],
    ['the aggregator of another company', 'foreignAggregator'],
  ] as const)('%s gets 404 everywhere and changes nothing', async (_who, who) => {
    const before = await storedRow(ids.a);
    const queries = dns.queries.length;
    for (const [method, path, data] of paths()) {
      const res = await call(method, path, tokens[who], data);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
    }
    expect(await storedRow(ids.a)).toEqual(before);
    expect(dns.queries.length).toBe(queries);
  });

  it('someone who may only view a location of the company may neither read nor change the settings (403)', async () => {
    const before = await storedRow(ids.a);
    const queries = dns.queries.length;
    for (const [method, path, data] of paths()) {
      const res = await call(method, path, tokens.viewer, data);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(json(res)).toEqual({ error: { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' } });
    }
    expect(await storedRow(ids.a)).toEqual(before);
    expect(dns.queries.length).toBe(queries);
  });

  it('the aggregator of the company and the super admin read the settings', async () => {
    for (const token of [tokens.aggregator, tokens.admin]) {
      expect((await settingsOf('GET', `${ids.a}/email-settings`, token)).senderEmail).toBe(
        SENDER.senderEmail,
      );
    }
  });

  it('an aggregator gets 404 for another company; everyone gets 404 for an unknown one', async () => {
    expect((await call('GET', `${ids.b}/email-settings`, tokens.aggregator)).statusCode).toBe(404);
    expect((await call('GET', '999999/email-settings', tokens.admin)).statusCode).toBe(404);
  });

  it('the super admin reads, changes and checks any company of the site, but not of another site', async () => {
    const changed = await settingsOf('PUT', `${ids.b}/email-settings`, tokens.admin, {
      senderName: 'Wind Power',
      senderEmail: 'hello@wind.example',
    });
    expect(changed.domain).toBe('wind.example');
    expect(
      (await settingsOf('POST', `${ids.b}/email-settings/check`, tokens.admin)).records,
    ).toHaveLength(3);
    expect((await settingsOf('GET', `${ids.a}/email-settings`, tokens.admin)).domain).toBe(DOMAIN);
    for (const [method, path] of [
      ['GET', `${ids.otherSite}/email-settings`],
      ['POST', `${ids.otherSite}/email-settings/check`],
    ] as const) {
      expect((await call(method, path, tokens.admin)).statusCode).toBe(404);
    }
    expect(await storedRow(ids.otherSite)).toBeUndefined();
  });
});

describe('bad input', () => {
  it.each([
    [
      { senderName: 'A', senderEmail: 'not-an-email' },
      { 'data.senderEmail': 'validation.invalid_email' },
    ],
    [{ senderName: '', senderEmail: 'a@b.example' }, { 'data.senderName': 'validation.required' }],
    [{ senderName: 'A' }, { 'data.senderEmail': 'validation.required' }],
    [
      { senderName: 'x'.repeat(101), senderEmail: 'a@b.example' },
      { 'data.senderName': 'validation.too_long' },
    ],
    [
      { senderName: 'A', senderEmail: 'a@b.example', dkimPrivateKey: 'x' },
      { 'data.dkimPrivateKey': 'validation.unknown_field' },
    ],
  ])('PUT %j → 400 %j', async (data, fields) => {
    const res = await call('PUT', `${ids.a}/email-settings`, tokens.aggregator, data);
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { code: string; fields: unknown } }>(res).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields,
    });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('company id %s → 400', async (id) => {
    const res = await call('GET', `${id}/email-settings`, tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(res).error.fields).toHaveProperty(
      'params.id',
    );
  });
});

describe('mail on behalf of the company (development mailbox)', () => {
  it("goes out from the company's sender; mail without a company keeps the platform sender", async () => {
    const site = (await t.db.db.select().from(sites).limit(1))[0];
    if (!site) throw new Error('no site');
    const base = {
      kind: 'password_changed',
      locale: 'en',
      site,
      origin: 'http://localhost',
      name: 'Ana',
    } as const;
    t.app.mail.send({ ...base, to: 'company-mail@example.com', companyId: ids.a });
    t.app.mail.send({ ...base, to: 'platform-mail@example.com' });
    await t.app.mail.idle();
    const rows = await t.db.db.select().from(mailOutbox);
    expect(rows.find((r) => r.toAddress === 'company-mail@example.com')?.fromAddress).toBe(
      `Sun Energy <${SENDER.senderEmail}>`,
    );
    expect(rows.find((r) => r.toAddress === 'platform-mail@example.com')?.fromAddress).toBe(
      t.config.mailFrom,
    );
  });
});
