import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/helpers.ts';
import { contentSecurityPolicy, scriptOriginOf } from './security.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://cloud.example.com' } });
});
afterAll(() => t.close());

const logout = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { host: 'localhost:3000', ...headers },
  });

describe('CSRF origin check on state-changing requests', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer without Origin', { referer: 'https://evil.example/page' }],
    ['the opaque origin null', { origin: 'null' }],
    ['the same host on another port', { origin: 'https://cloud.example.com:4000' }],
    ['the request’s own Host (which the sender chooses)', { origin: 'http://localhost:3000' }],
  ])('refuses %s with 403 FORBIDDEN', async (_case, headers) => {
    const res = await logout(headers);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ error: { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' } });
  });

  it.each([
    ['PUBLIC_URL', { origin: 'https://cloud.example.com' }],
    ['PUBLIC_URL with its default port spelled out', { origin: 'https://cloud.example.com:443' }],
    ['a site host at PUBLIC_URL’s scheme and port', { origin: 'https://sunpower.localhost' }],
    ['a same-origin Referer', { referer: 'https://cloud.example.com/auth/login?x=1' }],
    ['no Origin or Referer (a non-browser client)', {}],
  ])('lets %s through', async (_case, headers) => {
    expect((await logout(headers)).statusCode).toBe(200);
  });

  it('checks before signing in, so a cross-site login cannot plant a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { data: { email: 'admin@demo.energy', password: 'demo-admin-2024' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('leaves safe methods alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends the CSP and helmet headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/info' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https://tile.openstreetmap.org",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      'upgrade-insecure-requests',
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('lets other origins embed site assets (logos in mail read in webmail), but nothing else', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/api/site/assets/default/logo.svg' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const api = await t.app.inject({ method: 'GET', url: '/api/site/info' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('compresses large answers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/site/translations/en',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('contentSecurityPolicy', () => {
  it('adds script origins and only upgrades requests when asked', () => {
    const csp = contentSecurityPolicy({ scriptOrigins: ['https://stats.example'] });
    expect(csp).toContain("script-src 'self' https://stats.example;");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it.each([
    ['https://stats.example/a.js?x=1', 'https://stats.example'],
    ['/api/site/assets/voltika/analytics.js', null],
    ['javascript:alert(1)', null],
    [null, null],
  ])('scriptOriginOf(%s) = %s', (url, origin) => {
    expect(scriptOriginOf(url)).toBe(origin);
  });
});

describe('img-src for the map tile server', () => {
  it('adds image sources to img-src only', () => {
    const csp = contentSecurityPolicy({ imageSources: ['https://*.tiles.example.com'] });
    expect(csp).toContain("img-src 'self' data: https://*.tiles.example.com;");
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("connect-src 'self';");
  });

  it('allows the configured tile origin on API answers and SPA pages, and no other', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'ec-csp-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const app = await createTestApp({
      env: { MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', WEB_DIST_DIR: dist },
      seed: false,
    });
    try {
      for (const url of ['/api/site/info', '/locations/1/manage/settings']) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-security-policy'])).toContain(
          "img-src 'self' data: https://*.tiles.example.com;",
        );
      }
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
    // The default (OpenStreetMap) origin in the suite's app above.
    const res = await t.app.inject({ method: 'GET', url: '/api/site/info' });
    expect(String(res.headers['content-security-policy'])).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org;",
    );
  });
});
