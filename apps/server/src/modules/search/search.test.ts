import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, searchRoutes } from '@ec/contract';
import { createTestApp, json, send, type TestApp } from '../../test/helpers.ts';
import { orgFixtures } from '../menu/org-fixtures.ts';
import { containsPattern } from './search.repository.ts';

type Who = 'admin' | 'otherAdmin' | 'aggAlpha' | 'aggBeta' | 'aggNone' | 'basic';
type Key =
  | Who
  | 'alpha'
  | 'beta'
  | 'gamma'
  | 'north'
  | 'sunny'
  | 'plant'
  | 'abroad'
  | 'alice'
  | 'bob'
  | 'carol'
  | 'ctrlAlpha'
  | 'ctrlBeta'
  | 'roof'
  | 'pack'
  | 'old'
  | 'betaBattery';

let t: TestApp;
const id = {} as Record<Key, number>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  const f = await orgFixtures(t);
  const alpha = await f.company('Alpha Energy');
  const beta = await f.company('Beta Power');
  const gamma = await f.company('Gamma Abroad', f.otherSiteId);
  id.alpha = alpha.id;
  id.beta = beta.id;
  id.gamma = gamma.id;
  id.north = await f.group(alpha.id, alpha.rootGroupId, 'North');
  id.alice = await f.user('alice.novak@search.test', 'ROLE_USER_BASIC', { companyId: alpha.id });
  id.carol = await f.user('carol@search.test', 'ROLE_USER_ADVANCED', {
    companyId: alpha.id,
    verified: false,
  });
  id.bob = await f.user('bob@search.test', 'ROLE_USER_BASIC', { companyId: beta.id });
  await f.user('gamma-user@search.test', 'ROLE_USER_BASIC', {
    companyId: gamma.id,
    siteId: f.otherSiteId,
  });
  id.sunny = await f.location(alpha.id, id.north, 'Sunny Home', {
    ownerId: id.alice,
    street: 'Trubarjeva',
    houseNumber: '5',
    postCode: '1000',
    city: 'Ljubljana',
    eicCode: '28X-SUNNY-HOME-1',
    countryId: f.countryId,
  });
  id.plant = await f.location(beta.id, beta.rootGroupId, 'Beta Plant', { city: 'Maribor' });
  id.abroad = await f.location(gamma.id, gamma.rootGroupId, 'Abroad', { city: 'Ljubljana' });
  id.ctrlAlpha = await f.controller(alpha.id, id.sunny, {
    alias: 'Roof controller',
    ownerId: id.alice,
    serial: 'ALPH-1111-2222-3333',
    unitId: 'unit-alpha-roof',
    connected: true,
  });
  id.ctrlBeta = await f.controller(beta.id, null, { serial: 'BETA-1111-2222-3333' });
  id.roof = await f.deviceGroup(id.sunny, 'Roof');
  id.pack = await f.device(id.sunny, 'Battery pack', {
    category: 'BATTERY',
    manufacturer: 'Voltbox',
    model: 'VB-10',
    deviceGroupId: id.roof,
    controllerId: id.ctrlAlpha,
  });
  id.old = await f.device(id.sunny, 'Old battery', { category: 'BATTERY', deletedAt: new Date() });
  id.betaBattery = await f.device(id.plant, 'Battery beta', { category: 'BATTERY' });
  await f.device(id.abroad, 'Battery abroad', { category: 'BATTERY' });

  id.admin = await f.user('search-admin@search.test', 'ROLE_SUPER_ADMIN');
  id.otherAdmin = await f.user('search-other@search.test', 'ROLE_SUPER_ADMIN', {
    siteId: f.otherSiteId,
  });
  id.aggAlpha = await f.user('search-agg-alpha@search.test', 'ROLE_AGGREGATOR', {
    companyId: alpha.id,
  });
  id.aggBeta = await f.user('search-agg-beta@search.test', 'ROLE_AGGREGATOR', {
    companyId: beta.id,
  });
  id.aggNone = await f.user('search-agg-none@search.test', 'ROLE_AGGREGATOR');
  id.basic = await f.user('search-basic@search.test', 'ROLE_USER_BASIC', { companyId: alpha.id });
  tokens.admin = await f.login('search-admin@search.test');
  tokens.otherAdmin = await f.login('search-other@search.test');
  tokens.aggAlpha = await f.login('search-agg-alpha@search.test');
  tokens.aggBeta = await f.login('search-agg-beta@search.test');
  tokens.aggNone = await f.login('search-agg-none@search.test');
  tokens.basic = await f.login('search-basic@search.test');
});
afterAll(() => t.close());

type Page = { items: Record<string, unknown>[]; total: number; page: number; pageSize: number };

async function search(kind: keyof typeof searchRoutes, who: Who, query: Record<string, string>) {
  const res = await send(t.app, 'GET', `/api/search/${kind}?${new URLSearchParams(query)}`, {
    token: tokens[who],
  });
  return res;
}

async function found(kind: keyof typeof searchRoutes, who: Who, query: Record<string, string>) {
  const res = await search(kind, who, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(envelope(searchRoutes[kind].data).safeParse(JSON.parse(res.body)).success).toBe(true);
  return json<{ data: Page }>(res).data;
}

const ids = (page: Page) => page.items.map((item) => item.id);

describe('GET /search/users', () => {
  it('matches name, full name and e-mail case-insensitively, with what the admin screen needs', async () => {
    for (const q of ['NOVAK', 'novak fix', 'alice.novak@', 'Fixture']) {
      expect(ids(await found('users', 'admin', { q })), q).toContain(id.alice);
    }
    const page = await found('users', 'admin', { q: 'alice.novak' });
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(page.items[0]).toEqual({
      id: id.alice,
      email: 'alice.novak@search.test',
      firstName: 'alice.novak',
      lastName: 'Fixture',
      fullName: 'alice.novak Fixture',
      role: 'ROLE_USER_BASIC',
      verified: true,
      company: { id: id.alpha, name: 'Alpha Energy' },
      locationsCount: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const carol = await found('users', 'admin', { q: 'carol' });
    expect(carol.items[0]).toMatchObject({ verified: false, locationsCount: 0 });
  });

  it('keeps aggregators inside their company and super admins inside their site', async () => {
    const agg = await found('users', 'aggAlpha', {});
    expect(ids(agg)).toEqual(expect.arrayContaining([id.alice, id.carol, id.aggAlpha]));
    expect(ids(agg)).not.toContain(id.bob);
    expect(agg.items.every((u) => (u.company as { id: number }).id === id.alpha)).toBe(true);
    const admin = await found('users', 'admin', { q: 'search.test' });
    expect(ids(admin)).toEqual(expect.arrayContaining([id.alice, id.bob, id.aggNone]));
    expect(admin.items.map((u) => u.email)).not.toContain('gamma-user@search.test');
    const other = await found('users', 'otherAdmin', { q: 'search.test' });
    expect(other.items.map((u) => u.email)).toEqual([
      'gamma-user@search.test',
      'search-other@search.test',
    ]);
    expect(await found('users', 'aggNone', {})).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
  });

  it('narrows to a company; a company outside the scope is 404', async () => {
    expect(ids(await found('users', 'admin', { companyId: String(id.beta) }))).toEqual([
      id.bob,
      id.aggBeta,
    ]);
    for (const [who, company] of [
      ['aggAlpha', id.beta],
      ['aggNone', id.alpha],
      ['admin', id.gamma],
      ['otherAdmin', id.alpha],
      ['admin', 999_999],
    ] as [Who, number][]) {
      const res = await search('users', who, { companyId: String(company) });
      expect(res.statusCode, `${who} → ${company}`).toBe(404);
    }
  });

  it('pages through the matches', async () => {
    const all = await found('users', 'admin', { q: 'search.test', pageSize: '100' });
    const second = await found('users', 'admin', { q: 'search.test', page: '2', pageSize: '2' });
    expect(second.total).toBe(all.total);
    expect(ids(second)).toEqual(ids(all).slice(2, 4));
  });

  it('takes LIKE wildcards in q literally', async () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect((await found('users', 'admin', { q: '%' })).total).toBe(0);
    expect((await found('users', 'admin', { q: '_' })).total).toBe(0);
  });
});

describe('GET /search/locations', () => {
  it('matches name, street, post code, city and EIC code within the scope', async () => {
    // The demo seed has locations of its own in the site: the admin's searches are narrowed to the company.
    const alpha = String(id.alpha);
    for (const q of ['sunny', 'TRUBAR', '1000', 'ljubljana', '28x-sunny']) {
      expect(ids(await found('locations', 'admin', { q, companyId: alpha })), q).toEqual([
        id.sunny,
      ]);
    }
    const everywhere = ids(await found('locations', 'admin', { q: 'ljubljana', pageSize: '100' }));
    expect(everywhere).toContain(id.sunny);
    expect(everywhere).not.toContain(id.abroad);
    const page = await found('locations', 'aggAlpha', { q: 'sunny' });
    expect(page.items[0]).toEqual({
      id: id.sunny,
      name: 'Sunny Home',
      company: { id: id.alpha, name: 'Alpha Energy' },
      group: { id: id.north, name: 'North' },
      owner: { id: id.alice, fullName: 'alice.novak Fixture', email: 'alice.novak@search.test' },
      country: { id: expect.any(Number), code: 'SI' },
      address: { street: 'Trubarjeva', houseNumber: '5', postCode: '1000', city: 'Ljubljana' },
      controllersCount: 1,
    });
    expect((await found('locations', 'aggAlpha', { q: 'plant' })).total).toBe(0);
    expect(ids(await found('locations', 'aggBeta', {}))).toEqual([id.plant]);
    expect(ids(await found('locations', 'otherAdmin', { q: 'ljubljana' }))).toEqual([id.abroad]);
  });
});

describe('GET /search/controllers', () => {
  it('matches alias, serial and unit id within the scope', async () => {
    for (const q of ['roof contr', 'alph-1111', 'UNIT-ALPHA']) {
      expect(ids(await found('controllers', 'admin', { q })), q).toEqual([id.ctrlAlpha]);
    }
    const page = await found('controllers', 'aggAlpha', {});
    expect(page.items).toEqual([
      {
        id: id.ctrlAlpha,
        alias: 'Roof controller',
        unitId: 'unit-alpha-roof',
        serial: 'ALPH-1111-2222-3333',
        setupType: 'CONTROLLER',
        connected: true,
        lastSeenAt: null,
        company: { id: id.alpha, name: 'Alpha Energy' },
        location: { id: id.sunny, name: 'Sunny Home' },
        owner: { id: id.alice, fullName: 'alice.novak Fixture', email: 'alice.novak@search.test' },
        devicesCount: 1,
      },
    ]);
    const beta = await found('controllers', 'aggBeta', {});
    expect(beta.items).toEqual([
      expect.objectContaining({ id: id.ctrlBeta, location: null, owner: null, devicesCount: 0 }),
    ]);
  });
});

describe('GET /search/devices', () => {
  it('matches name, manufacturer and model, leaves out deleted devices, within the scope', async () => {
    const batteries = ids(await found('devices', 'admin', { q: 'battery', pageSize: '100' }));
    expect(batteries).toEqual(expect.arrayContaining([id.betaBattery, id.pack]));
    expect(batteries).not.toContain(id.old);
    expect(batteries.length).toBe(new Set(batteries).size);
    expect(ids(await found('devices', 'otherAdmin', { q: 'battery' }))).toHaveLength(1);
    for (const q of ['voltbox', 'vb-10']) {
      expect(ids(await found('devices', 'admin', { q })), q).toEqual([id.pack]);
    }
    const page = await found('devices', 'aggAlpha', { q: 'battery' });
    expect(page.items).toEqual([
      {
        id: id.pack,
        name: 'Battery pack',
        category: 'BATTERY',
        status: 'OK',
        manufacturer: 'Voltbox',
        model: 'VB-10',
        company: { id: id.alpha, name: 'Alpha Energy' },
        location: { id: id.sunny, name: 'Sunny Home' },
        deviceGroup: { id: id.roof, name: 'Roof' },
        controller: { id: id.ctrlAlpha, alias: 'Roof controller', serial: 'ALPH-1111-2222-3333' },
      },
    ]);
    expect(ids(await found('devices', 'admin', { companyId: String(id.beta) }))).toEqual([
      id.betaBattery,
    ]);
  });
});

describe('every search route', () => {
  it('narrows to a company and pages through the matches with the count of all', async () => {
    const beta = { companyId: String(id.beta) };
    expect(ids(await found('controllers', 'admin', beta))).toEqual([id.ctrlBeta]);
    expect(ids(await found('locations', 'admin', beta))).toEqual([id.plant]);
    for (const kind of ['users', 'locations', 'controllers', 'devices'] as const) {
      const all = await found(kind, 'admin', { pageSize: '100' });
      expect(all.total, kind).toBeGreaterThan(3);
      const second = await found(kind, 'admin', { page: '2', pageSize: '2' });
      expect(second.total, kind).toBe(all.total);
      expect(ids(second), kind).toEqual(ids(all).slice(2, 4));
    }
  });

  it('refuses users who are not admins (403) and bad filters (400 with the field)', async () => {
    for (const kind of ['users', 'locations', 'controllers', 'devices'] as const) {
      const basic = await search(kind, 'basic', {});
      expect(basic.statusCode).toBe(403);
      for (const [query, field] of [
        [{ pageSize: '101' }, 'query.pageSize'],
        [{ page: '0' }, 'query.page'],
        [{ companyId: 'abc' }, 'query.companyId'],
        [{ companyId: '0' }, 'query.companyId'],
        [{ q: 'x'.repeat(101) }, 'query.q'],
        [{ sort: 'name' }, 'query.sort'],
      ] as [Record<string, string>, string][]) {
        const res = await search(kind, 'admin', query);
        expect(res.statusCode, `${kind} ${JSON.stringify(query)}`).toBe(400);
        expect(
          json<{ error: { fields: Record<string, string> } }>(res).error.fields,
        ).toHaveProperty(field);
      }
    }
  });
});
