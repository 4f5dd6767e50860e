import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sites } from '@ec/db';
import { loadCatalog } from '@ec/i18n/node';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { createTranslationsService, toCatalog } from './translations.service.ts';

type Body = { data: { locale: string; translations: Record<string, Record<string, unknown>> } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ siteCacheMs: 0 });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/site/translations/${path}`,
    headers: { host: 'localhost', ...headers },
  });

describe('GET /api/site/translations/:locale', () => {
  it('serves the shipped catalog for a site without overrides', async () => {
    const res = await get('en');
    expect(res.statusCode).toBe(200);
    expect(json<Body>(res).data).toEqual({ locale: 'en', translations: loadCatalog('en') });
  });

  it("deep-merges the site's overrides for that locale over the catalog", async () => {
    const body = json<Body>(await get('en?identifier=sunpower'));
    const shipped = loadCatalog('en');
    expect(body.data.translations.login).toEqual({
      ...(shipped.login as object),
      subtitle: 'Sign in to your SunPower solar portal',
    });
    expect(body.data.translations.common).toEqual(shipped.common);
  });

  it('applies only the requested locale’s overrides', async () => {
    const body = json<Body>(await get('de?identifier=sunpower'));
    expect(body.data.translations).toEqual(loadCatalog('de'));
  });

  it('resolves the site by host as site info does', async () => {
    const body = json<Body>(await get('sl', { host: 'sunpower.localhost' }));
    expect(body.data.translations.login?.subtitle).toBe('Prijava v vaš sončni portal SunPower');
  });

  it('sets an ETag and answers 304 when it still matches', async () => {
    const first = await get('en');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('en?identifier=sunpower', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('serves fresh text after the site’s overrides change', async () => {
    await t.db.db
      .update(sites)
      .set({ translationOverrides: { en: { common: { save: 'Store' } } } })
      .where(eq(sites.identifier, 'default'));
    const body = json<Body>(await get('en'));
    expect(body.data.translations.common?.save).toBe('Store');
  });

  it('ignores override values that are not text instead of failing', async () => {
    await t.db.db
      .update(sites)
      .set({
        translationOverrides: { en: { common: { save: 5, retry: ['x'], close: 'Shut' } } } as never,
      })
      .where(eq(sites.identifier, 'default'));
    const res = await get('en');
    expect(res.statusCode).toBe(200);
    const common = json<Body>(res).data.translations.common;
    expect(common).toMatchObject({ save: 'Save', retry: 'Try again', close: 'Shut' });
  });

  it('rejects an unsupported locale with a field error', async () => {
    const res = await get('xx');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fields: { 'params.locale': 'validation.invalid_value' },
      },
    });
  });
});

describe('translations service', () => {
  it('caches per site version and locale', () => {
    let loads = 0;
    const service = createTranslationsService(() => {
      loads += 1;
      return { a: 'A' };
    });
    const site = { id: 1, updatedAt: new Date(1), translationOverrides: {} } as never;
    service.catalogFor(site, 'en');
    service.catalogFor(site, 'en');
    expect(loads).toBe(1);
    service.catalogFor({ id: 1, updatedAt: new Date(2), translationOverrides: {} } as never, 'en');
    expect(loads).toBe(2);
  });

  it('toCatalog keeps strings and groups only', () => {
    expect(toCatalog({ a: 'x', b: { c: 'y', d: 1 }, e: null, f: ['z'] })).toEqual({
      a: 'x',
      b: { c: 'y' },
    });
    expect(toCatalog('text')).toEqual({});
    expect(toCatalog(undefined)).toEqual({});
  });
});
