import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sites } from '@ec/db';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { IMMUTABLE } from './spa.ts';

const dist = mkdtempSync(join(tmpdir(), 'ec-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
writeFileSync(
  join(dist, 'assets', 'index-AbC123.js'),
  `console.log(${JSON.stringify('x'.repeat(2000))});`,
);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, siteCacheMs: 0 });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });

describe('the built SPA', () => {
  it.each(['/', '/auth/login', '/settings/global/companies/7', '/deep/link?confirmationId=3'])(
    'answers %s with index.html, uncached, with the CSP',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>SPA</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    },
  );

  it('serves /index.html itself through the same fallback', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year, immutably, and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves other root files with a short cache', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing file with 404 instead of the app', async () => {
    const res = await get('/assets/index-Gone99.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>SPA</title>');
  });

  it('keeps /api answers JSON, and non-GET pages are 404', async () => {
    const api = await get('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
    const post = await t.app.inject({ method: 'POST', url: '/auth/login' });
    expect(post.statusCode).toBe(404);
  });

  it('refuses path traversal', async () => {
    const res = await get('/assets/..%2f..%2fpackage.json');
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('"name"');
  });

  it("allows the site's analytics origin in the page's script-src", async () => {
    await t.db.db
      .update(sites)
      .set({ analyticsScriptUrl: 'https://stats.example/track.js' })
      .where(eq(sites.identifier, 'sunpower'));
    const res = await get('/?identifier=sunpower');
    expect(String(res.headers['content-security-policy'])).toContain(
      "script-src 'self' https://stats.example;",
    );
    const other = await get('/?identifier=gridline');
    expect(String(other.headers['content-security-policy'])).toContain("script-src 'self';");
  });
});

describe('without a build', () => {
  it('explains how to build instead of failing, and the API still works', async () => {
    const bare = await createTestApp({ seed: false, env: { WEB_DIST_DIR: join(dist, 'missing') } });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/auth/login' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toContain('text/plain');
      expect(page.body).toContain('npm run build');
      expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
