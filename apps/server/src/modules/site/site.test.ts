import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteInfoSchema } from '@ec/contract';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';
import type { SiteRecord, SiteRepository } from './site.repository.ts';
import { createSiteService } from './site.service.ts';

type Info = { data: Record<string, unknown> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (query = '', host = 'localhost:3000') =>
  t.app.inject({ method: 'GET', url: `/api/site/info${query}`, headers: { host } });

describe('GET /api/site/info', () => {
  it('answers the contract shape for the default site on localhost', async () => {
    const res = await info();
    expect(res.statusCode).toBe(200);
    const body = json<Info>(res);
    expect(siteInfoSchema.parse(body.data)).toEqual(body.data);
    expect(body.data).toMatchObject({
      identifier: 'default',
      host: 'localhost',
      platformName: 'Cloud',
      theme: 'default',
      status: 'normal',
      maintenance: null,
      logo: '/api/site/assets/default/logo.svg',
    });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('resolves by identifier first, even when the host names another site', async () => {
    const body = json<Info>(await info('?identifier=sunpower', 'gridline.localhost'));
    expect(body.data).toMatchObject({ identifier: 'sunpower', theme: 'energy-blue', host: null });
  });

  it('resolves by host (without port, any case) when there is no identifier', async () => {
    const body = json<Info>(await info('', 'GridLine.Localhost:8080'));
    expect(body.data).toMatchObject({ identifier: 'gridline', host: 'gridline.localhost' });
  });

  it('falls back from an unknown identifier to the host, then to the default site', async () => {
    expect(json<Info>(await info('?identifier=nope', 'voltika.localhost')).data.identifier).toBe(
      'voltika',
    );
    expect(json<Info>(await info('?identifier=nope', 'unknown.example')).data).toMatchObject({
      identifier: 'default',
      host: null,
    });
  });

  it('reports maintenance with its message', async () => {
    const body = json<Info>(await info('?identifier=gridline'));
    expect(body.data.status).toBe('maintenance');
    expect(body.data.maintenance).toEqual({ message: expect.stringContaining('maintenance') });
  });

  it('exposes the analytics script only for a site that has one', async () => {
    expect(json<Info>(await info('?identifier=voltika')).data.analytics).toEqual({
      scriptUrl: '/api/site/assets/voltika/analytics.js',
    });
    expect(json<Info>(await info()).data.analytics).toBeNull();
  });

  it('tells the web which map tiles to show (OpenStreetMap by default)', async () => {
    expect(json<Info>(await info()).data.map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('never leaks stored fields outside the contract', async () => {
    const body = json<Info>(await info('?identifier=sunpower'));
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(siteInfoSchema.shape).sort());
    expect(body.data).not.toHaveProperty('translationOverrides');
  });

  it('gives every demo site its own theme and logo', async () => {
    const seen = await Promise.all(
      ['default', 'sunpower', 'gridline', 'voltika'].map(
        async (id) => json<Info>(await info(`?identifier=${id}`)).data,
      ),
    );
    expect(new Set(seen.map((s) => s.theme)).size).toBe(4);
    expect(new Set(seen.map((s) => s.logo)).size).toBe(4);
  });

  it('serves the site logos as SVG', async () => {
    for (const id of ['default', 'sunpower', 'gridline', 'voltika']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/site/assets/${id}/logo.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain('<svg');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/site/assets/nope/logo.svg' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
  });
});

describe('site lookups cache', () => {
  function setup(cacheMs: number) {
    let clock = 0;
    const calls: string[] = [];
    const site = (identifier: string) => ({
      ...({} as SiteRecord),
      identifier,
      hosts: [identifier],
    });
    const repo: SiteRepository = {
      findByIdentifier: async (identifier) => {
        calls.push(identifier);
        return identifier === 'gone' ? undefined : site(identifier);
      },
      findByHost: async (host) => {
        calls.push(`host:${host}`);
        return undefined;
      },
      findById: async (id) => {
        calls.push(`id:${id}`);
        return id === 7 ? site('seven') : undefined;
      },
      listHosts: async () => {
        calls.push('hosts');
        return ['Cloud.Example', 'localhost'];
      },
    };
    const service = createSiteService(repo, { cacheMs, now: () => clock });
    return { service, calls, advance: (ms: number) => (clock += ms) };
  }

  it('reuses a lookup within the window and asks again after it', async () => {
    const { service, calls, advance } = setup(5000);
    await service.resolve({ identifier: 'a' });
    await service.resolve({ identifier: 'a' });
    expect(calls).toEqual(['a']);
    advance(5001);
    await service.resolve({ identifier: 'a' });
    expect(calls).toEqual(['a', 'a']);
  });

  it('caches the list of all hosts (lower case) for the same window', async () => {
    const { service, calls, advance } = setup(5000);
    const first = await service.allHosts();
    expect(first).toEqual(['cloud.example', 'localhost']);
    expect(await service.allHosts()).toBe(first);
    expect(calls).toEqual(['hosts']);
    advance(5001);
    await service.allHosts();
    service.invalidate();
    await service.allHosts();
    expect(calls).toEqual(['hosts', 'hosts', 'hosts']);
  });

  it('caches misses too, and invalidate() forgets everything', async () => {
    const { service, calls } = setup(5000);
    await service.resolve({ identifier: 'gone', host: 'x.test' });
    await service.resolve({ identifier: 'gone', host: 'x.test' });
    expect(calls).toEqual(['gone', 'host:x.test', 'default']);
    service.invalidate();
    await service.resolve({ identifier: 'gone', host: 'x.test' });
    expect(calls).toHaveLength(6);
  });

  it('asks every time with cacheMs 0', async () => {
    const { service, calls } = setup(0);
    await service.resolve({ identifier: 'a' });
    await service.resolve({ identifier: 'a' });
    expect(calls).toEqual(['a', 'a']);
  });

  it('byId caches the site by id and falls back to the default site', async () => {
    const { service, calls } = setup(5000);
    expect((await service.byId(7)).identifier).toBe('seven');
    expect((await service.byId(7)).identifier).toBe('seven');
    expect((await service.byId(8)).identifier).toBe('default');
    expect(calls).toEqual(['id:7', 'id:8', 'default']);
  });
});

describe('GET /api/site/info on an empty database', () => {
  it('answers with a built-in default site instead of failing', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/api/site/info' });
      expect(res.statusCode).toBe(200);
      expect(json<Info>(res).data).toMatchObject({ identifier: 'default', platformName: 'Cloud' });
    } finally {
      await empty.close();
    }
  });
});
