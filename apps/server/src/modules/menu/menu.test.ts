import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, menuRoutes, type MenuItem } from '@ec/contract';
import { deviceGroups, eq, locations } from '@ec/db';
import { createTestApp, json, send, type TestApp } from '../../test/helpers.ts';
import { orgFixtures } from './org-fixtures.ts';

let t: TestApp;
type Key =
  | 'alpha'
  | 'alphaRoot'
  | 'beta'
  | 'betaRoot'
  | 'gamma'
  | 'gammaRoot'
  | 'north'
  | 'northEast'
  | 'south'
  | 'home10'
  | 'home2'
  | 'cabin'
  | 'office'
  | 'barn'
  | 'betaLoc'
  | 'gammaLoc'
  | 'roof'
  | 'controller'
  | 'pv'
  | 'gone'
  | 'charger'
  | 'meter'
  | Who;
type Who =
  'admin' | 'otherAdmin' | 'aggAlpha' | 'aggBeta' | 'aggNone' | 'basic' | 'advanced' | 'stranger';
const id = {} as Record<Key, number>;
const tokens = {} as Record<Who, string>;

/** The value, or a failed test when it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  const f = await orgFixtures(t);
  const alpha = await f.company('Alpha Energy');
  const beta = await f.company('Beta Power');
  const gamma = await f.company('Gamma Other Site', f.otherSiteId);
  Object.assign(id, {
    alpha: alpha.id,
    alphaRoot: alpha.rootGroupId,
    beta: beta.id,
    betaRoot: beta.rootGroupId,
    gamma: gamma.id,
    gammaRoot: gamma.rootGroupId,
  });
  id.north = await f.group(id.alpha, id.alphaRoot, 'North');
  id.northEast = await f.group(id.alpha, id.north, 'North East');
  id.south = await f.group(id.alpha, id.alphaRoot, 'south');
  id.home10 = await f.location(id.alpha, id.alphaRoot, 'Home 10');
  id.home2 = await f.location(id.alpha, id.alphaRoot, 'Home 2');
  id.cabin = await f.location(id.alpha, id.northEast, 'Cabin');
  id.office = await f.location(id.alpha, id.north, 'Office');
  id.barn = await f.location(id.alpha, id.south, 'Barn');
  id.betaLoc = await f.location(id.beta, id.betaRoot, 'Beta site');
  id.gammaLoc = await f.location(id.gamma, id.gammaRoot, 'Gamma site');
  id.roof = await f.deviceGroup(id.cabin, 'Roof');
  id.controller = await f.controller(id.alpha, id.cabin);
  id.pv = await f.device(id.cabin, 'PV array', {
    category: 'SOLAR_POWER_PLANT',
    deviceGroupId: id.roof,
    controllerId: id.controller,
  });
  id.gone = await f.device(id.cabin, 'Old battery', {
    category: 'BATTERY',
    deletedAt: new Date(),
  });
  id.charger = await f.device(id.cabin, 'Charger', {
    category: 'EV_CHARGER',
    controllerId: id.controller,
  });
  id.meter = await f.device(id.cabin, 'Meter', { category: 'GRID' });

  id.admin = await f.user('menu-admin@menu.test', 'ROLE_SUPER_ADMIN');
  id.otherAdmin = await f.user('menu-other-admin@menu.test', 'ROLE_SUPER_ADMIN', {
    siteId: f.otherSiteId,
  });
  id.aggAlpha = await f.user('menu-agg-alpha@menu.test', 'ROLE_AGGREGATOR', {
    companyId: id.alpha,
  });
  id.aggBeta = await f.user('menu-agg-beta@menu.test', 'ROLE_AGGREGATOR', { companyId: id.beta });
  id.aggNone = await f.user('menu-agg-none@menu.test', 'ROLE_AGGREGATOR');
  id.basic = await f.user('menu-basic@menu.test', 'ROLE_USER_BASIC');
  id.advanced = await f.user('menu-advanced@menu.test', 'ROLE_USER_ADVANCED');
  id.stranger = await f.user('menu-stranger@menu.test', 'ROLE_USER_BASIC');
  await f.grantLocation(id.basic, id.cabin, { view: true });
  await f.grantGroup(id.advanced, id.north, { view: true, edit: true });
  const everyone: Who[] = [
    'admin',
    'otherAdmin',
    'aggAlpha',
    'aggBeta',
    'aggNone',
    'basic',
    'advanced',
    'stranger',
  ];
  for (const key of everyone) {
    tokens[key] = await f.login(
      `menu-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}@menu.test`,
    );
  }
});
afterAll(() => t.close());

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  send(t.app, 'GET', url, { token, headers });

type Menu = { structure: MenuItem[]; company: { id: number; name: string } | null };
const data = <T = Menu>(res: { body: string }) => (JSON.parse(res.body) as { data: T }).data;

/** The tree as `title(children…)` text, to compare shapes at a glance. */
function shape(items: MenuItem[] | null): string {
  if (items === null) return '…';
  return items
    .map((item) =>
      item.children && item.children.length > 0
        ? `${item.title}(${shape(item.children)})`
        : item.children === null
          ? `${item.title}…`
          : item.title,
    )
    .join(', ');
}

function find(items: MenuItem[], itemId: string): MenuItem | undefined {
  for (const item of items) {
    if (item.id === itemId) return item;
    const inner = item.children ? find(item.children, itemId) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

const ALPHA_TREE = 'North(North East(Cabin…), Office…), south(Barn…), Home 2…, Home 10…';

describe('GET /menu/:companyId', () => {
  it('gives an admin the whole tree: groups before locations, by name (numeric), hrefs and levels', async () => {
    const res = await get(`/api/menu/${id.alpha}`, tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = data(res);
    expect(envelope(menuRoutes.company.data).safeParse(JSON.parse(res.body)).success).toBe(true);
    expect(shape(body.structure)).toBe(ALPHA_TREE);
    expect(body.company).toEqual({
      id: id.alpha,
      name: 'Alpha Energy',
      rootGroup: { id: id.alphaRoot },
    });
    const north = must(find(body.structure, `location-group:${id.north}`));
    expect(north).toMatchObject({
      href: `/companies/${id.alpha}/location-groups/${id.north}`,
      type: 'location-group',
      level: 1,
      aliases: [`/location-groups/${id.north}`],
      data: { entityId: id.north, companyId: id.alpha, hasChildren: true },
    });
    const cabin = must(find(body.structure, `location:${id.cabin}`));
    expect(cabin).toEqual({
      id: `location:${id.cabin}`,
      title: 'Cabin',
      href: `/locations/${id.cabin}`,
      type: 'location',
      level: 3,
      children: null,
      aliases: [
        `/location-groups/${id.northEast}/locations/${id.cabin}`,
        `/companies/${id.alpha}/location-groups/${id.northEast}/locations/${id.cabin}`,
      ],
      data: { entityId: id.cabin, companyId: id.alpha, hasChildren: true },
    });
    expect(must(find(body.structure, `location:${id.barn}`)).data.hasChildren).toBe(false);
  });

  it('answers admins with an ETag; If-None-Match gives 304; a tree change gives a new tag and body', async () => {
    const first = await get(`/api/menu/${id.alpha}`, tokens.admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"mc\d+-\d+-\d+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // The aggregator of the company gets the same cached answer.
    const agg = await get(`/api/menu/${id.alpha}`, tokens.aggAlpha);
    expect(agg.headers.etag).toBe(etag);
    expect(agg.body).toBe(first.body);

    const again = await get(`/api/menu/${id.alpha}`, tokens.admin, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await get(`/api/menu/${id.alpha}`, tokens.admin, {
      'if-none-match': `"other", W/${etag}`,
    });
    expect(weak.statusCode).toBe(304);

    await t.db.db
      .update(locations)
      .set({ name: 'Cabin renamed' })
      .where(eq(locations.id, id.cabin));
    const changed = await get(`/api/menu/${id.alpha}`, tokens.admin, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(must(find(data(changed).structure, `location:${id.cabin}`)).title).toBe('Cabin renamed');
    await t.db.db.update(locations).set({ name: 'Cabin' }).where(eq(locations.id, id.cabin));
  });

  it('sends the cached body gzip-compressed when the client takes gzip', async () => {
    const plain = await get(`/api/menu/${id.alpha}`, tokens.admin);
    const zipped = await get(`/api/menu/${id.alpha}`, tokens.admin, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await get(`/api/menu/${id.alpha}`, tokens.admin, {
      'accept-encoding': 'gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('gives users with grants only their part, groups they cannot open left out; no ETag', async () => {
    const basic = await get(`/api/menu/${id.alpha}`, tokens.basic);
    expect(basic.statusCode).toBe(200);
    expect(basic.headers.etag).toBeUndefined();
    expect(basic.headers['cache-control']).toBe('no-store');
    expect(shape(data(basic).structure)).toBe('Cabin…');
    expect(must(data(basic).structure[0]).level).toBe(1);

    const advanced = await get(`/api/menu/${id.alpha}`, tokens.advanced);
    expect(shape(data(advanced).structure)).toBe('North(North East(Cabin…), Office…)');
  });

  it('is 404 for companies outside the scope, of another site, unknown or without anything granted', async () => {
    const cases: [Who, number][] = [
      ['aggBeta', id.alpha],
      ['aggNone', id.alpha],
      ['aggAlpha', id.gamma],
      ['otherAdmin', id.alpha],
      ['admin', id.gamma],
      ['basic', id.beta],
      ['stranger', id.alpha],
      ['admin', 999_999],
    ];
    for (const [who, company] of cases) {
      const res = await get(`/api/menu/${company}`, tokens[who]);
      expect(res.statusCode, `${who} → ${company}`).toBe(404);
      expect(json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
    }
  });

  it('rejects bad ids with 400 field errors', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/menu/${bad}`, tokens.admin);
      expect(res.statusCode, bad).toBe(400);
      expect(json<{ error: { fields: Record<string, string> } }>(res).error.fields).toHaveProperty(
        'params.companyId',
      );
    }
  });
});

describe('GET /menu', () => {
  it("gives a super admin the site's companies, not loaded, and no company", async () => {
    const res = await get('/api/menu', tokens.admin);
    expect(res.statusCode).toBe(200);
    const body = data(res);
    expect(body.company).toBeNull();
    const ids = body.structure.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([`company:${id.alpha}`, `company:${id.beta}`]));
    expect(ids).not.toContain(`company:${id.gamma}`);
    expect(body.structure.find((item) => item.id === `company:${id.alpha}`)).toEqual({
      id: `company:${id.alpha}`,
      title: 'Alpha Energy',
      href: `/companies/${id.alpha}/location-groups/${id.alphaRoot}`,
      type: 'company',
      level: 0,
      children: null,
      aliases: [
        `/settings/global/companies/${id.alpha}`,
        `/companies/${id.alpha}/integrated-devices`,
      ],
      data: { entityId: id.alpha, companyId: id.alpha, hasChildren: true },
    });
  });

  it('gives an aggregator their company with its tree (cached, with an ETag)', async () => {
    const res = await get('/api/menu', tokens.aggAlpha);
    expect(res.statusCode).toBe(200);
    expect(envelope(menuRoutes.menu.data).safeParse(JSON.parse(res.body)).success).toBe(true);
    const body = data(res);
    expect(body.company).toEqual({
      id: id.alpha,
      name: 'Alpha Energy',
      rootGroup: { id: id.alphaRoot },
    });
    expect(shape(body.structure)).toBe(`Alpha Energy(${ALPHA_TREE})`);
    expect(must(body.structure[0]).data).toEqual({
      entityId: id.alpha,
      companyId: id.alpha,
      hasChildren: true,
    });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"mm/);
    const again = await get('/api/menu', tokens.aggAlpha, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    // Another company's aggregator never matches that tag.
    const other = await get('/api/menu', tokens.aggBeta, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(shape(data(other).structure)).toBe('Beta Power(Beta site…)');
  });

  it('gives an aggregator without a company an empty menu', async () => {
    const res = await get('/api/menu', tokens.aggNone);
    expect(data(res)).toEqual({ structure: [], company: null });
  });

  it('gives users with grants one company item each, not navigable unless the root group is granted', async () => {
    const basic = data(await get('/api/menu', tokens.basic));
    expect(shape(basic.structure)).toBe('Alpha Energy(Cabin…)');
    expect(must(basic.structure[0]).data).toEqual({
      entityId: id.alpha,
      companyId: id.alpha,
      hasChildren: true,
      navigable: false,
    });
    expect(basic.company).toBeNull();
    const advanced = data(await get('/api/menu', tokens.advanced));
    expect(shape(advanced.structure)).toBe('Alpha Energy(North(North East(Cabin…), Office…))');
    expect(data(await get('/api/menu', tokens.stranger))).toEqual({
      structure: [],
      company: null,
    });
  });

  it('while impersonating, answers as the impersonated user', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { data: { email: 'menu-admin@menu.test', password: 'fixture-pass-2024' } },
    });
    const token = must(admin.cookies.find((c) => c.name === 'ec_session')).value;
    const started = await send(t.app, 'POST', '/api/auth/impersonate', {
      token,
      data: { userId: id.basic },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(shape(data(await get('/api/menu', token)).structure)).toBe('Alpha Energy(Cabin…)');
    const company = await get(`/api/menu/${id.alpha}`, token);
    expect(company.headers.etag).toBeUndefined();
    expect(shape(data(company).structure)).toBe('Cabin…');
  });
});

describe('GET /menu/locations/:id', () => {
  it('lists device groups with their devices, then ungrouped devices, under the prefix; deleted devices left out', async () => {
    const prefix = `/companies/${id.alpha}/location-groups/${id.northEast}/locations/${id.cabin}`;
    const res = await get(
      `/api/menu/locations/${id.cabin}?level=4&prefix=${encodeURIComponent(prefix)}`,
      tokens.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { structure } = data<{ structure: MenuItem[] }>(res);
    expect(shape(structure)).toBe('Roof(PV array), Charger, Meter');
    expect(structure[0]).toMatchObject({
      id: `device-group:${id.roof}`,
      href: `${prefix}/device-groups/${id.roof}`,
      type: 'device-group',
      level: 4,
      data: { entityId: id.roof, companyId: id.alpha, hasChildren: true },
    });
    expect(must(must(structure[0]).children)[0]).toEqual({
      id: `device:${id.pv}`,
      title: 'PV array',
      href: `${prefix}/device-groups/${id.roof}/devices/${id.pv}`,
      type: 'device',
      level: 5,
      children: [],
      aliases: [],
      data: {
        entityId: id.pv,
        companyId: id.alpha,
        category: 'SOLAR_POWER_PLANT',
        hasChildren: false,
      },
    });
    expect(structure[1]).toMatchObject({
      href: `${prefix}/manage/oem-devices/${id.controller}/devices/${id.charger}`,
      level: 4,
      data: { category: 'EV_CHARGER' },
    });
    expect(must(structure[2]).href).toBe(`${prefix}/manage/structure`);
  });

  it('defaults to level 1 under /locations/{id}', async () => {
    const res = await get(`/api/menu/locations/${id.cabin}`, tokens.basic);
    expect(res.statusCode).toBe(200);
    const [roof] = data<{ structure: MenuItem[] }>(res).structure;
    expect(roof).toMatchObject({
      href: `/locations/${id.cabin}/device-groups/${id.roof}`,
      level: 1,
    });
  });

  it('answers a change below the location at once (the cached answer follows the menu version)', async () => {
    const before = await get(`/api/menu/locations/${id.cabin}`, tokens.basic);
    expect(JSON.stringify(data(before))).toContain('"title":"Roof"');
    await t.db.db.update(deviceGroups).set({ name: 'Attic' }).where(eq(deviceGroups.id, id.roof));
    try {
      const after = await get(`/api/menu/locations/${id.cabin}`, tokens.basic);
      expect(JSON.stringify(data(after))).toContain('"title":"Attic"');
    } finally {
      await t.db.db.update(deviceGroups).set({ name: 'Roof' }).where(eq(deviceGroups.id, id.roof));
    }
  });

  it('answers with an ETag per location, version, level and prefix; If-None-Match gives 304; gzip is cached', async () => {
    const url = `/api/menu/locations/${id.cabin}?level=2`;
    const first = await get(url, tokens.basic);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"ml\d+-\d+-\d+-[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await get(url, tokens.basic, { 'if-none-match': etag })).statusCode).toBe(304);
    const otherLevel = await get(`/api/menu/locations/${id.cabin}?level=3`, tokens.basic);
    expect(otherLevel.headers.etag).not.toBe(etag);
    // Access is checked before the tag: a user who does not see the location gets 404, not 304.
    expect((await get(url, tokens.stranger, { 'if-none-match': etag })).statusCode).toBe(404);
    const zipped = await get(url, tokens.basic, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);
    await t.db.db.update(deviceGroups).set({ name: 'Loft' }).where(eq(deviceGroups.id, id.roof));
    try {
      const changed = await get(url, tokens.basic, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body).toContain('"title":"Loft"');
    } finally {
      await t.db.db.update(deviceGroups).set({ name: 'Roof' }).where(eq(deviceGroups.id, id.roof));
    }
  });

  it('is 404 for locations the user does not see', async () => {
    const cases: [Who, number][] = [
      ['stranger', id.cabin],
      ['basic', id.office],
      ['aggBeta', id.cabin],
      ['otherAdmin', id.cabin],
      ['aggAlpha', id.gammaLoc],
      ['admin', 999_999],
    ];
    for (const [who, location] of cases) {
      const res = await get(`/api/menu/locations/${location}`, tokens[who]);
      expect(res.statusCode, `${who} → ${location}`).toBe(404);
    }
    expect((await get(`/api/menu/locations/${id.office}`, tokens.advanced)).statusCode).toBe(200);
  });

  it('rejects bad level, prefix and unknown query fields with 400', async () => {
    const cases: [string, string][] = [
      ['level=-1', 'query.level'],
      ['level=abc', 'query.level'],
      ['prefix=https%3A%2F%2Fevil.example', 'query.prefix'],
      ['prefix=%2Flocations%2F..%2Fx', 'query.prefix'],
      ['prefix=locations', 'query.prefix'],
      [`prefix=${'%2Fa'.repeat(200)}`, 'query.prefix'],
      ['other=1', 'query.other'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/menu/locations/${id.cabin}?${query}`, tokens.admin);
      expect(res.statusCode, query).toBe(400);
      expect(json<{ error: { fields: Record<string, string> } }>(res).error.fields).toHaveProperty(
        field,
      );
    }
  });
});
