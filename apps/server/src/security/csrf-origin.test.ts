// The CSRF origin check (issue 10, "Origin check trusts Host"): a state-changing request's Origin (or Referer) must
// match PUBLIC_URL, a site's configured origin or, in development, the local server — scheme, host and port — and is
// never compared with the request's own Host header, which the sender chooses. docs/decisions/0004 and 0013.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sites } from '@ec/db';
import { ADMIN, createTestApp, json, type TestApp } from '../test/helpers.ts';

const FORBIDDEN = { error: { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' } };

/** A state-changing request every client may send (always 200 when it passes the check). */
const logout = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

describe('in development without PUBLIC_URL (PORT 3000)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false' }, siteCacheMs: 0 });
  });
  afterAll(() => t.close());

  it('refuses Host: evil:3000 with Origin: http://evil:3000 (reproduction 1)', async () => {
    const res = await logout(t, { host: 'evil:3000', origin: 'http://evil:3000' });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual(FORBIDDEN);
  });

  it('refuses an https Origin against the http server (reproduction 2)', async () => {
    const res = await logout(t, { host: 'localhost:3000', origin: 'https://localhost:3000' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cross-site sign-in sent with a matching forged Host: no session is planted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'evil.example', origin: 'http://evil.example' },
      payload: { data: ADMIN },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it.each([
    ['another scheme', 'https://localhost:3000'],
    ['another port', 'http://localhost:4000'],
    ['no port (80)', 'http://localhost'],
    ['a host that is no site host', 'http://evil.example:3000'],
    ['a site-host look-alike', 'http://localhost.evil.example:3000'],
    ['user info in the Origin', 'http://localhost:3000@evil.example'],
    ['the opaque origin null', 'null'],
    ['a non-http scheme', 'file://localhost:3000'],
    ['garbage', 'not an origin'],
  ])('refuses an Origin with %s (%s)', async (_case, origin) => {
    // The request's Host is the Origin's host each time, so only the configured origins can decide.
    let host = 'localhost:3000';
    try {
      host = new URL(origin).host || host;
    } catch {
      // not a URL: keep the default host
    }
    const res = await logout(t, { host, origin });
    expect(res.statusCode, origin).toBe(403);
  });

  it.each([
    ['the server at localhost', 'http://localhost:3000'],
    ['the server at 127.0.0.1', 'http://127.0.0.1:3000'],
    ['the Vite dev server (npm run dev -w @ec/web)', 'http://localhost:5173'],
    ['the Vite dev server at 127.0.0.1', 'http://127.0.0.1:5173'],
    ['a demo site host', 'http://sunpower.localhost:3000'],
    ['an Origin in capitals', 'HTTP://LOCALHOST:3000'],
  ])('lets %s through (%s)', async (_case, origin) => {
    expect((await logout(t, { origin })).statusCode).toBe(200);
    // Whatever Host the request names.
    expect((await logout(t, { origin, host: 'other.example:9999' })).statusCode).toBe(200);
  });

  it('lets a site host from the database through once it is configured, and not after', async () => {
    const origin = 'http://cloud.brand.example:3000';
    expect((await logout(t, { origin })).statusCode).toBe(403);
    const [gridline] = await t.db.db.select().from(sites).where(eq(sites.identifier, 'gridline'));
    const hosts = gridline?.hosts ?? [];
    await t.db.db
      .update(sites)
      .set({ hosts: [...hosts, 'cloud.brand.example'] })
      .where(eq(sites.identifier, 'gridline'));
    try {
      expect((await logout(t, { origin })).statusCode).toBe(200);
      // Its configured origin only: scheme and port come from the configuration.
      expect((await logout(t, { origin: 'https://cloud.brand.example:3000' })).statusCode).toBe(
        403,
      );
      expect((await logout(t, { origin: 'http://cloud.brand.example' })).statusCode).toBe(403);
    } finally {
      await t.db.db.update(sites).set({ hosts }).where(eq(sites.identifier, 'gridline'));
    }
    expect((await logout(t, { origin })).statusCode).toBe(403);
  });

  it('ignores a stored host that is not a plain host name', async () => {
    await t.db.db
      .update(sites)
      .set({ hosts: ['localhost:3000@evil.example', 'evil.example.'] })
      .where(eq(sites.identifier, 'gridline'));
    try {
      for (const origin of ['http://evil.example', 'http://evil.example:3000']) {
        expect((await logout(t, { origin })).statusCode, origin).toBe(403);
      }
    } finally {
      await t.db.db
        .update(sites)
        .set({ hosts: ['gridline.localhost'] })
        .where(eq(sites.identifier, 'gridline'));
    }
  });

  describe('Referer when there is no Origin', () => {
    it('lets a Referer on a configured origin through', async () => {
      const res = await logout(t, { referer: 'http://localhost:3000/auth/login?next=1' });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['a foreign page', { host: 'evil:3000', referer: 'http://evil:3000/page' }],
      ['another scheme', { referer: 'https://localhost:3000/auth/login' }],
      ['another port', { referer: 'http://localhost:4000/auth/login' }],
      ['an unreadable Referer', { referer: 'not a url' }],
    ])('refuses %s', async (_case, headers) => {
      expect((await logout(t, headers)).statusCode).toBe(403);
    });

    it('uses the Origin when both are sent', async () => {
      const res = await logout(t, {
        origin: 'http://evil.example',
        referer: 'http://localhost:3000/auth/login',
      });
      expect(res.statusCode).toBe(403);
    });
  });

  it('lets requests without Origin and Referer through (non-browser clients)', async () => {
    expect((await logout(t, {})).statusCode).toBe(200);
    expect((await logout(t, { host: 'evil:3000' })).statusCode).toBe(200);
  });

  it('leaves safe methods alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://cloud.example.com' } });
  });
  afterAll(() => t.close());

  it.each([
    ['PUBLIC_URL', 'https://cloud.example.com'],
    ['PUBLIC_URL with its default port', 'https://cloud.example.com:443'],
    ['a site host at PUBLIC_URL’s scheme and port', 'https://sunpower.localhost'],
  ])('lets %s through (%s)', async (_case, origin) => {
    expect((await logout(t, { origin, host: 'whatever.example' })).statusCode).toBe(200);
  });

  it.each([
    ['PUBLIC_URL’s host over http', 'http://cloud.example.com'],
    ['PUBLIC_URL’s host on another port', 'https://cloud.example.com:8443'],
    ['a site host over http', 'http://sunpower.localhost'],
    ['the development origin (only without PUBLIC_URL)', 'http://localhost:3000'],
    ['the Vite dev server (only without PUBLIC_URL)', 'http://localhost:5173'],
    ['a forged Host’s own origin', 'https://evil.example'],
  ])('refuses %s (%s)', async (_case, origin) => {
    const host = new URL(origin).host;
    expect((await logout(t, { origin, host })).statusCode).toBe(403);
  });
});

describe('in production without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
  });
  afterAll(() => t.close());

  it('allows the site origins (http and PORT) but not the development extras', async () => {
    expect((await logout(t, { origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await logout(t, { origin: 'http://sunpower.localhost:3000' })).statusCode).toBe(200);
    expect((await logout(t, { origin: 'http://localhost:5173' })).statusCode).toBe(403);
  });
});
