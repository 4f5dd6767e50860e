// Reset-link host poisoning (issue 10): links in mail (and the OpenID Connect callback) come from PUBLIC_URL or a
// site's configured origin, never from the request's Host or X-Forwarded-Host; a Host that is not a plain
// host[:port] is refused with 400 before anything reads it. docs/decisions/0013.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { companies, eq, locations } from '@ec/db';
import { parsePlainHost } from '../modules/site/site-origin.ts';
import {
  ADMIN,
  createTestApp,
  DEMO,
  json,
  lastMailTo,
  mailsTo,
  send,
  signIn,
  tokenFrom,
  type TestApp,
} from '../test/helpers.ts';
import { startOidcEmulator, type OidcEmulator } from '@ec/emulators/oidc';

/** Where links go in the test apps without PUBLIC_URL: http and the configured PORT (3000 by default). */
const LOCAL = 'http://localhost:3000';

const HOST_INVALID = { error: { code: 'MALFORMED_REQUEST', message: 'errors.host_invalid' } };

/** Every absolute URL in a mail's text and HTML (links and the logo). */
function urlsIn(mail: { text: string; html: string } | undefined): string[] {
  const found = `${mail?.text ?? ''}\n${mail?.html ?? ''}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return found.map((url) => url.replace(/&amp;/g, '&'));
}

/** The distinct origins of every URL in the newest mail to `to`. */
async function originsInMailTo(t: TestApp, to: string): Promise<string[]> {
  const mail = await lastMailTo(t, to);
  const urls = urlsIn(mail);
  expect(urls.length, `links in the mail to ${to}`).toBeGreaterThan(0);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

const forgotten = (t: TestApp, headers: Record<string, string>, email: string = ADMIN.email) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgotten-password',
    headers,
    payload: { data: { email } },
  });

describe('parsePlainHost', () => {
  it.each([
    ['localhost', { hostname: 'localhost', port: null }],
    ['LocalHost:3000', { hostname: 'localhost', port: 3000 }],
    ['127.0.0.1:65535', { hostname: '127.0.0.1', port: 65535 }],
    ['[::1]:3000', { hostname: '[::1]', port: 3000 }],
    ['[2001:DB8::1]', { hostname: '[2001:db8::1]', port: null }],
    ['cloud.sunpower.example:1', { hostname: 'cloud.sunpower.example', port: 1 }],
    ['_acme.example', { hostname: '_acme.example', port: null }],
  ])('accepts %s', (value, expected) => {
    expect(parsePlainHost(value)).toEqual(expected);
  });

  it.each([
    'localhost:3000@evil.example',
    'user@localhost',
    'localhost.',
    'localhost.:3000',
    '.localhost',
    'a..b',
    'localhost/evil',
    'localhost?x',
    'localhost#x',
    'local host',
    'localhost\\evil',
    'localhost:',
    'localhost:0',
    'localhost:03000',
    'localhost:65536',
    'localhost:3000:4000',
    'localhost:abc',
    '::1',
    '[::1',
    '[::1]x',
    '[fe80::1%eth0]',
    '[127.0.0.1]',
    '127.1',
    '0x7f.0.0.1',
    '127.0.0.01',
    '256.0.0.1',
    'bücher.example',
    '-evil.example',
    'evil-.example',
    `${'a'.repeat(64)}.example`,
    '',
  ])('refuses %j', (value) => {
    expect(parsePlainHost(value)).toBeNull();
  });
});

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  });
  afterAll(() => t.close());

  it.each([
    ['user info (the reproduction)', 'localhost:3000@evil.example'],
    ['user info without a port', 'admin@evil.example'],
    ['a trailing dot', 'localhost.'],
    ['a trailing dot and a port', 'localhost.:3000'],
    ['a path', 'localhost:3000/evil.example'],
    ['a backslash', 'evil.example\\@localhost'],
    ['a port out of range', 'localhost:65536'],
    ['an empty port', 'localhost:'],
    ['two ports', 'localhost:3000:4000'],
    ['an unbracketed IPv6 literal', '::1'],
    ['an IPv4 address in short form', '127.1'],
  ])('refuses a Host with %s with 400, and sends no mail', async (_case, host) => {
    const before = (await mailsTo(t, ADMIN.email)).length;
    const res = await forgotten(t, { host });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(HOST_INVALID);
    expect(await mailsTo(t, ADMIN.email)).toHaveLength(before);
  });

  it('refuses a bad Host on every request, before routing: reads, pages and unknown paths', async () => {
    for (const [method, url] of [
      ['GET', '/api/site/info'],
      ['GET', '/api/health'],
      ['GET', '/api/no-such-route'],
      ['GET', '/auth/login'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/site/assets/default/logo.svg'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { host: 'localhost.' } });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(json(res), `${method} ${url}`).toEqual(HOST_INVALID);
    }
  });

  it.each([
    ['a site host on the configured port', 'localhost:3000', LOCAL],
    ['a site host without a port', 'localhost', LOCAL],
    [
      'a site host on another port (the port is not taken from the request)',
      'localhost:4444',
      LOCAL,
    ],
    ['a site host in capitals', 'LOCALHOST:3000', LOCAL],
    ['the other host of the default site', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['an IPv6 literal that is no site host', '[::1]:3000', LOCAL],
    ['a foreign host', 'evil.example', LOCAL],
    ['a foreign host on the configured port', 'evil.example:3000', LOCAL],
  ])('a reset requested at %s (Host %s) links to %s', async (_case, host, origin) => {
    const res = await forgotten(t, { host });
    expect(res.statusCode).toBe(202);
    expect(await originsInMailTo(t, ADMIN.email)).toEqual([origin]);
  });

  it('links to a matched site host on that host, with the configured scheme and port', async () => {
    const res = await forgotten(t, { host: 'sunpower.localhost:9999' });
    expect(res.statusCode).toBe(202);
    expect(await originsInMailTo(t, ADMIN.email)).toEqual(['http://sunpower.localhost:3000']);
  });

  describe('a second Host header (raw HTTP: inject() sends one)', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    function raw(hostLines: string[]): Promise<string> {
      const body = JSON.stringify({ data: { email: ADMIN.email } });
      const request =
        `POST /api/auth/forgotten-password HTTP/1.1\r\n` +
        hostLines.map((line) => `Host: ${line}\r\n`).join('') +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`;
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    }

    it('answers one Host normally (the raw request itself is fine)', async () => {
      const answer = await raw(['localhost:3000']);
      expect(answer).toMatch(/^HTTP\/1\.1 202 /);
      expect(await originsInMailTo(t, ADMIN.email)).toEqual([LOCAL]);
    });

    it.each([
      [['localhost:3000', 'evil.example']],
      [['evil.example', 'localhost:3000']],
      [['localhost:3000', 'localhost:3000']],
      [['localhost:3000', 'localhost:3000@evil.example']],
      [['']],
    ])('refuses Host lines %j with 400 and sends no mail', async (hosts) => {
      const before = (await mailsTo(t, ADMIN.email)).length;
      const answer = await raw(hosts);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      // Our answer (the server's own parser lets these through): the translated envelope.
      expect(answer).toContain(JSON.stringify(HOST_INVALID));
      expect(await mailsTo(t, ADMIN.email)).toHaveLength(before);
    });
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY is off', async () => {
    for (const forwarded of ['evil.example', 'localhost:3000@evil.example', 'localhost:4444']) {
      const res = await forgotten(t, {
        host: 'localhost:3000',
        'x-forwarded-host': forwarded,
        'x-forwarded-proto': 'https',
      });
      expect(res.statusCode, forwarded).toBe(202);
      expect(await originsInMailTo(t, ADMIN.email), forwarded).toEqual([LOCAL]);
    }
  });
});

describe('with TRUST_PROXY on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it.each([
    ['a foreign host', 'evil.example'],
    ['a foreign host with a port', 'evil.example:443'],
    ['a site host on another port', 'localhost:4444'],
    ['a list ending in a site host', 'evil.example, localhost'],
    ['a list ending in a foreign host', 'localhost, evil.example'],
  ])('X-Forwarded-Host with %s never puts it into links', async (_case, forwarded) => {
    const res = await forgotten(t, {
      host: 'localhost:3000',
      'x-forwarded-host': forwarded,
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(202);
    expect(await originsInMailTo(t, ADMIN.email)).toEqual([LOCAL]);
  });

  it.each([
    ['user info', 'localhost:3000@evil.example'],
    ['a trailing dot', 'localhost.'],
    ['a path', 'localhost/evil.example'],
  ])('refuses an X-Forwarded-Host with %s with 400', async (_case, forwarded) => {
    const before = (await mailsTo(t, ADMIN.email)).length;
    const res = await forgotten(t, { host: 'localhost:3000', 'x-forwarded-host': forwarded });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual(HOST_INVALID);
    expect(await mailsTo(t, ADMIN.email)).toHaveLength(before);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMITS: 'false', PUBLIC_URL: 'https://cloud.example.com:8443' },
    });
  });
  afterAll(() => t.close());

  it.each([
    ['a foreign host', 'evil.example', 'https://cloud.example.com:8443'],
    ['an IPv6 literal', '[::1]:3000', 'https://cloud.example.com:8443'],
    ['PUBLIC_URL’s own host', 'cloud.example.com:8443', 'https://cloud.example.com:8443'],
    ['a site host', 'sunpower.localhost:3000', 'https://sunpower.localhost:8443'],
  ])('a reset requested at %s (Host %s) links to %s', async (_case, host, origin) => {
    const res = await forgotten(t, { host });
    expect(res.statusCode).toBe(202);
    expect(await originsInMailTo(t, ADMIN.email)).toEqual([origin]);
  });

  it('refuses the reproduction with 400', async () => {
    const res = await forgotten(t, { host: 'localhost:3000@evil.example' });
    expect(res.statusCode).toBe(400);
  });
});

describe('every mail and the OpenID Connect callback use the configured origin', () => {
  let idp: OidcEmulator;
  let t: TestApp;
  let adminToken: string;
  let companyId: number;
  let locationId: number;
  beforeAll(async () => {
    idp = await startOidcEmulator({ redirectUris: [`${LOCAL}/api/auth/oidc/local/callback`] });
    t = await createTestApp({
      env: {
        RATE_LIMITS: 'false',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'local',
            name: 'Local ID',
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
          },
        ]),
      },
    });
    adminToken = await signIn(t.app);
    const [company] = await t.db.db.select().from(companies).orderBy(companies.id).limit(1);
    companyId = company?.id ?? 0;
    const [location] = await t.db.db
      .select()
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .orderBy(locations.id)
      .limit(1);
    locationId = location?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const form = (email: string) => ({
    firstName: 'Ana',
    lastName: 'Novak',
    email,
    password: 'sunny-day-2024',
    passwordRepeat: 'sunny-day-2024',
    countryCode: 'SI',
    locale: 'sl',
    acceptPrivacy: true,
    acceptTerms: true,
    marketingConsent: false,
  });

  // A foreign host (the old fallback already caught it) and a site host on a port of the sender's choosing (the old
  // code copied that port into every link).
  describe.each(['evil.example:3000', 'localhost:4444'])('requests sent to Host %s', (host) => {
    const headers = { host };
    const tag = host.replace(/[^a-z0-9]/g, '');

    it('verification mail (registration)', async () => {
      const email = `verify-${tag}@example.com`;
      const res = await send(t.app, 'POST', '/api/auth/register', { data: form(email), headers });
      expect(res.statusCode).toBe(201);
      expect((await lastMailTo(t, email))?.kind).toBe('verify_email');
      expect(await originsInMailTo(t, email)).toEqual([LOCAL]);
    });

    it('"already registered" mail and a resent verification', async () => {
      const email = `verify-${tag}@example.com`;
      await send(t.app, 'POST', '/api/auth/register', { data: form(email), headers });
      expect((await lastMailTo(t, email))?.kind).toBe('already_registered');
      expect(await originsInMailTo(t, email)).toEqual([LOCAL]);
      const resend = await send(t.app, 'POST', '/api/auth/resend-verification', {
        data: { email },
        headers,
      });
      expect(resend.statusCode).toBe(202);
      expect((await lastMailTo(t, email))?.kind).toBe('verify_email');
      expect(await originsInMailTo(t, email)).toEqual([LOCAL]);
    });

    it('password-reset mail', async () => {
      expect((await forgotten(t, headers)).statusCode).toBe(202);
      expect((await lastMailTo(t, ADMIN.email))?.kind).toBe('reset_password');
      expect(await originsInMailTo(t, ADMIN.email)).toEqual([LOCAL]);
    });

    it('"password changed" notice after a reset', async () => {
      await forgotten(t, headers, DEMO.user.email);
      const token = tokenFrom((await lastMailTo(t, DEMO.user.email))?.text, '/auth/reset-password');
      const res = await send(t.app, 'POST', '/api/auth/reset-password', {
        data: { token, password: `fresh-${tag}-2024`, passwordRepeat: `fresh-${tag}-2024` },
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect((await lastMailTo(t, DEMO.user.email))?.kind).toBe('password_changed');
      expect(await originsInMailTo(t, DEMO.user.email)).toEqual([LOCAL]);
    });

    it('welcome mail of a user created by an administrator', async () => {
      const email = `welcome-${tag}@example.com`;
      const res = await send(t.app, 'POST', '/api/users', {
        token: adminToken,
        headers,
        data: {
          companyId,
          email,
          firstName: 'Wel',
          lastName: 'Come',
          role: 'ROLE_USER_BASIC',
          locale: 'en',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await originsInMailTo(t, email)).toEqual([LOCAL]);
    });

    it('location invitation mail', async () => {
      const email = `invite-${tag}@example.com`;
      const res = await send(t.app, 'POST', `/api/locations/${locationId}/invitations`, {
        token: adminToken,
        headers,
        data: { email },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await originsInMailTo(t, email)).toEqual([LOCAL]);
    });

    it('OpenID Connect redirect_uri', async () => {
      const res: LightMyRequestResponse = await t.app.inject({
        method: 'GET',
        url: '/api/auth/oidc/local/start?redirect=%2F',
        headers,
      });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.searchParams.get('redirect_uri')).toBe(
        `${LOCAL}/api/auth/oidc/local/callback`,
      );
    });
  });
});
