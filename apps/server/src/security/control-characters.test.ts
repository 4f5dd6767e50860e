// Control characters in input (issue 10, "NUL bytes give 500"). PostgreSQL cannot store U+0000 in text, so a NUL
// that reached the database answered 500 on public and signed-in routes alike. Every string the API takes (query,
// path parameters, body) is now checked before any handler runs: C0 controls (tab and line breaks only in
// multi-line text), DEL and C1 controls are refused with 400 and a field error naming the field. Names and free
// text are normalised (NFC, trimmed), names refuse bidirectional overrides and must show something besides
// zero-width characters; passwords are taken exactly as typed. Headers and cookies that the server uses as data
// never cause a 500 either.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { companies, desc, deviceGroups, eq, locationGroups, sessions, users } from '@ec/db';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../test/helpers.ts';
import { demoIds, type DemoIds } from '../test/demo-ids.ts';

// A built SPA, so pages (which resolve the site from `?identifier=` for their CSP) are served too.
const dist = mkdtempSync(join(tmpdir(), 'ec-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');

let t: TestApp;
let admin = '';
let ids: DemoIds;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMITS: 'false',
      WEB_DIST_DIR: dist,
      // A provider that is never asked: the start route resolves the site before it contacts the provider.
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'local',
          name: 'Local ID',
          issuer: 'http://127.0.0.1:9/oidc',
          clientId: 'client',
          clientSecret: 'secret',
        },
      ]),
    },
  });
  admin = await signIn(t.app);
  ids = await demoIds(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

type Fields = Record<string, string>;
const fieldsOf = (body: string): Fields =>
  (JSON.parse(body) as { error?: { fields?: Fields } }).error?.fields ?? {};

/** Expects 400 VALIDATION_FAILED whose field errors name `field` with `key`. */
function expectFieldError(
  res: LightMyRequestResponse,
  field: string,
  key = 'validation.control_characters',
): void {
  expect({ status: res.statusCode, field: fieldsOf(res.body)[field] }, res.body).toEqual({
    status: 400,
    field: key,
  });
  expect(json(res)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
}

const get = (url: string, token = admin) => send(t.app, 'GET', url, { token });
const inject = (method: 'POST' | 'PUT', url: string, data: unknown, token = admin) =>
  t.app.inject({ method, url, payload: { data }, cookies: token ? { ec_session: token } : {} });

const registration = (changes: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Novak',
  email: 'ana.controls@example.com',
  password: 'sunny-day-2024',
  passwordRepeat: 'sunny-day-2024',
  countryCode: 'SI',
  locale: 'sl',
  acceptPrivacy: true,
  acceptTerms: true,
  marketingConsent: false,
  ...changes,
});

describe('the reproductions of the issue: NUL answers 400 with a field error, not 500', () => {
  it('GET /api/site/info?identifier=a%00b (public)', async () => {
    expectFieldError(await get('/api/site/info?identifier=a%00b', ''), 'query.identifier');
  });

  it('POST /api/auth/register with U+0000 in the first name (public)', async () => {
    const res = await inject(
      'POST',
      '/api/auth/register',
      registration({ firstName: 'A\u0000na' }),
      '',
    );
    expectFieldError(res, 'data.firstName');
  });

  it.each(['users', 'locations', 'controllers', 'devices'])(
    'the q of GET /api/search/%s',
    async (kind) => {
      expectFieldError(await get(`/api/search/${kind}?q=a%00b`), 'query.q');
    },
  );

  it('the q of a company’s users and of its integrated devices', async () => {
    expectFieldError(await get(`/api/companies/${ids.company}/users?q=a%00b`), 'query.q');
    expectFieldError(
      await get(`/api/companies/${ids.company}/integrated-devices?q=a%00b`),
      'query.q',
    );
  });

  it('location-group names (create and rename)', async () => {
    expectFieldError(
      await inject('POST', '/api/location-groups', { parentId: ids.rootGroup, name: 'a\u0000b' }),
      'data.name',
    );
    expectFieldError(
      await inject('PUT', `/api/location-groups/${ids.rootGroup}`, { name: 'a\u0000b' }),
      'data.name',
    );
  });

  it('device-group names, device names and controller aliases', async () => {
    expectFieldError(
      await inject('POST', `/api/locations/${ids.location}/device-groups`, { name: 'a\u0000b' }),
      'data.name',
    );
    expectFieldError(
      await inject('PUT', `/api/device-groups/${ids.deviceGroup}`, { name: 'a\u0000b' }),
      'data.name',
    );
    expectFieldError(
      await inject('PUT', `/api/devices/${ids.device}`, {
        name: 'a\u0000b',
        category: 'BATTERY',
        deviceGroupId: null,
      }),
      'data.name',
    );
    expectFieldError(
      await inject('PUT', `/api/controllers/${ids.controller}`, { alias: 'a\u0000b' }),
      'data.alias',
    );
  });

  it('POST /api/auth/user (profile names)', async () => {
    expectFieldError(
      await inject('POST', '/api/auth/user', { firstName: 'A\u0000na' }),
      'data.firstName',
    );
  });

  it('company, location and e-mail sender texts', async () => {
    expectFieldError(
      await inject('PUT', `/api/companies/${ids.company}`, {
        settings: { slogan: 'Sun\u0000ny' },
      }),
      'data.settings.slogan',
    );
    expectFieldError(
      await inject('PUT', `/api/companies/${ids.company}/email-settings`, {
        senderName: 'Sun\u0000',
        senderEmail: null,
      }),
      'data.senderName',
    );
    expectFieldError(
      await inject('POST', '/api/locations', {
        groupId: ids.rootGroup,
        name: 'Home',
        countryCode: 'SI',
        timezone: 'Europe/Ljubljana',
        address: { city: 'Ljub\u0000ljana' },
      }),
      'data.address.city',
    );
  });

  it('a path parameter with NUL is 400 (with the id before or after it)', async () => {
    for (const url of [
      `/api/locations/${ids.location}%00`,
      `/api/locations/%00${ids.location}`,
      `/api/users/${ids.user}%00`,
      `/api/menu/${ids.company}%00`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
  });

  it('the social sign-in routes, outside the contract, refuse NUL in their query too', async () => {
    const res = await get('/api/auth/oidc/local/start?identifier=a%00b', '');
    expectFieldError(res, 'query.identifier');
  });
});

describe('every control character is refused, not only NUL', () => {
  it.each([
    ['U+0001', '\u0001'],
    ['ESC (U+001B)', '\u001b'],
    ['DEL (U+007F)', '\u007f'],
    ['C1 CSI (U+009B)', '\u009b'],
    ['NEL (U+0085)', '\u0085'],
    ['a line break', '\n'],
    ['a tab', '\t'],
    ['a carriage return', '\r'],
    ['LINE SEPARATOR (U+2028)', '\u2028'],
  ])('%s inside a single-line name', async (_name, char) => {
    expectFieldError(
      await inject('POST', '/api/location-groups', {
        parentId: ids.rootGroup,
        name: `North${char}ern`,
      }),
      'data.name',
    );
  });

  it('a lone surrogate (not text at all) is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/location-groups',
      headers: { 'content-type': 'application/json' },
      payload: `{"data":{"parentId":${ids.rootGroup},"name":"North\\ud800"}}`,
      cookies: { ec_session: admin },
    });
    expectFieldError(res, 'data.name', 'validation.invalid');
  });
});

describe('names', () => {
  it('refuse bidirectional overrides and isolates', async () => {
    for (const char of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2069']) {
      expectFieldError(
        await inject('POST', '/api/location-groups', {
          parentId: ids.rootGroup,
          name: `exe.${char}txt`,
        }),
        'data.name',
        'validation.bidi_characters',
      );
    }
  });

  it('are required when only zero-width characters and spaces remain', async () => {
    for (const name of ['\u200b', ' \u200c\u200d ', '\u2060\ufeff', '\u200b \u200b']) {
      expectFieldError(
        await inject('POST', '/api/location-groups', { parentId: ids.rootGroup, name }),
        'data.name',
        'validation.required',
      );
    }
    const res = await inject('POST', '/api/auth/user', { firstName: '\u200b' });
    expectFieldError(res, 'data.firstName', 'validation.required');
  });

  it('are stored in NFC, trimmed of spaces and of zero-width characters at the ends', async () => {
    const res = await inject('POST', '/api/location-groups', {
      parentId: ids.rootGroup,
      name: ' \u200bCafe\u0301 Nord\u200b ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = json<{ data: { group: { id: number; name: string } } }>(res).data.group.id;
    const [row] = await t.db.db.select().from(locationGroups).where(eq(locationGroups.id, id));
    expect(row?.name).toBe('Caf\u00e9 Nord');
  });

  it('keep joiners inside the text (emoji sequences and scripts need them)', async () => {
    const name = 'Team \u{1F469}\u200d\u{1F4BB} \u0915\u094d\u200d\u0937';
    const res = await inject('POST', `/api/locations/${ids.location}/device-groups`, { name });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.db.select().from(deviceGroups).where(eq(deviceGroups.name, name));
    expect(row?.name).toBe(name);
  });

  it('free text other than names may carry bidirectional marks (a company slogan)', async () => {
    const slogan = 'Energy \u2067שמש\u2069 for all';
    const res = await inject('PUT', `/api/companies/${ids.company}`, { settings: { slogan } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db.select().from(companies).where(eq(companies.id, ids.company));
    expect(row?.slogan).toBe(slogan);
  });
});

describe('passwords are taken exactly as typed', () => {
  it('are neither trimmed nor normalised, and a NUL or other control is refused cleanly', async () => {
    const password = ' Cafe\u0301-sunny-2024 ';
    const email = 'ana.password@example.com';
    const created = await inject(
      'POST',
      '/api/auth/register',
      registration({ email, password, passwordRepeat: password }),
      '',
    );
    expect(created.statusCode, created.body).toBe(201);
    await t.db.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));

    const login = (candidate: string) =>
      send(t.app, 'POST', '/api/auth/login', { data: { email, password: candidate } });
    expect((await login(password)).statusCode).toBe(200);
    expect((await login(password.trim())).statusCode).toBe(401);
    expect((await login(password.normalize('NFC'))).statusCode).toBe(401);

    expectFieldError(await login('sunny\u0000day-2024'), 'data.password');
    expectFieldError(await login('sunny\u001bday-2024'), 'data.password');
    expectFieldError(
      await inject(
        'POST',
        '/api/auth/register',
        registration({ password: 'sunny\tday-2024', passwordRepeat: 'sunny\tday-2024' }),
        '',
      ),
      'data.password',
    );
  });
});

describe('headers and cookies used as data', () => {
  it('a session cookie with NUL is no session (401), not 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'ec_session=abc%00def' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a social sign-in state cookie with NUL fails the sign-in (back to the login page), not 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/local/callback?state=abc&code=def',
      headers: { cookie: 'ec_oidc=abc%00' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('/auth/login');
  });

  it('a user agent with control characters is stored without them at sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { data: DEMO.basic },
      headers: { 'user-agent': 'Mozilla\u0000/5.0\u001b[31m' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [session] = await t.db.db
      .select()
      .from(sessions)
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    expect(session?.userAgent).toBe('Mozilla/5.0[31m');
  });

  it('a page whose ?identifier= holds NUL is served like one without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/login?identifier=a%00b' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toContain('<title>SPA</title>');
  });

  it('If-None-Match and Accept-Language with NUL are answered normally', async () => {
    for (const [url, header] of [
      ['/api/site/info', 'if-none-match'],
      [`/api/menu/${ids.company}`, 'if-none-match'],
      ['/api/site/info', 'accept-language'],
      ['/api/site/translations/en', 'if-none-match'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { [header]: '"a\u0000b"' },
        cookies: { ec_session: admin },
      });
      expect(res.statusCode, `${url} ${header}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});
