// GET /api/menu/search — the sidebar filter over the whole tree the user may see (issue 10: a super admin’s filter
// found nothing in companies never opened, and devices never matched). Who finds what follows the org access core:
// a super admin every company of the site, an aggregator their company, others what they own or are granted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, menuRoutes, type MenuItem } from '@ec/contract';
import { createTestApp, json, send, type TestApp } from '../../test/helpers.ts';
import { orgFixtures } from './org-fixtures.ts';

let t: TestApp;
const id: Record<string, number> = {};
type Who = 'admin' | 'otherAdmin' | 'aggAlpha' | 'aggBeta' | 'aggNone' | 'basic' | 'advanced';
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  const f = await orgFixtures(t);
  const alpha = await f.company('Alpha Energy');
  const beta = await f.company('Beta Power');
  const gamma = await f.company('Gamma Other Site', f.otherSiteId);
  Object.assign(id, { alpha: alpha.id, alphaRoot: alpha.rootGroupId, beta: beta.id });
  id.north = await f.group(alpha.id, alpha.rootGroupId, 'North');
  id.northEast = await f.group(alpha.id, id.north, 'North East');
  id.south = await f.group(alpha.id, alpha.rootGroupId, 'South');
  id.cabin = await f.location(alpha.id, id.northEast, 'Cabin');
  id.office = await f.location(alpha.id, id.north, 'Office Zorvik');
  id.barn = await f.location(alpha.id, id.south, 'Barn Zorvik');
  id.home = await f.location(alpha.id, alpha.rootGroupId, 'Home');
  id.betaSite = await f.location(beta.id, beta.rootGroupId, 'Beta site Zorvik');
  id.gammaSite = await f.location(gamma.id, gamma.rootGroupId, 'Gamma site Zorvik');
  id.roof = await f.deviceGroup(id.cabin, 'Roof');
  id.controller = await f.controller(alpha.id, id.cabin);
  id.pv = await f.device(id.cabin, 'PV array', {
    category: 'SOLAR_POWER_PLANT',
    deviceGroupId: id.roof,
    controllerId: id.controller,
  });
  id.charger = await f.device(id.cabin, 'Wallbox zcharger', {
    category: 'EV_CHARGER',
    controllerId: id.controller,
  });
  id.gone = await f.device(id.cabin, 'Old zcharger', {
    category: 'BATTERY',
    deletedAt: new Date(),
  });
  id.betaCharger = await f.device(id.betaSite, 'Beta zcharger', { category: 'EV_CHARGER' });
  id.gammaCharger = await f.device(id.gammaSite, 'Gamma zcharger', { category: 'EV_CHARGER' });

  await f.user('search-admin@menu.test', 'ROLE_SUPER_ADMIN');
  await f.user('search-other-admin@menu.test', 'ROLE_SUPER_ADMIN', { siteId: f.otherSiteId });
  await f.user('search-agg-alpha@menu.test', 'ROLE_AGGREGATOR', { companyId: alpha.id });
  await f.user('search-agg-beta@menu.test', 'ROLE_AGGREGATOR', { companyId: beta.id });
  await f.user('search-agg-none@menu.test', 'ROLE_AGGREGATOR');
  const basic = await f.user('search-basic@menu.test', 'ROLE_USER_BASIC');
  const advanced = await f.user('search-advanced@menu.test', 'ROLE_USER_ADVANCED');
  await f.grantLocation(basic, id.cabin, { view: true });
  await f.grantGroup(advanced, id.north, { view: true, edit: true });
  const emails: Record<Who, string> = {
    admin: 'search-admin@menu.test',
    otherAdmin: 'search-other-admin@menu.test',
    aggAlpha: 'search-agg-alpha@menu.test',
    aggBeta: 'search-agg-beta@menu.test',
    aggNone: 'search-agg-none@menu.test',
    basic: 'search-basic@menu.test',
    advanced: 'search-advanced@menu.test',
  };
  for (const [who, email] of Object.entries(emails) as [Who, string][]) {
    tokens[who] = await f.login(email);
  }
});
afterAll(() => t.close());

type Answer = { structure: MenuItem[]; matches: string[]; total: number };

async function search(who: Who, q: string, extra = ''): Promise<Answer> {
  const res = await send(t.app, 'GET', `/api/menu/search?q=${encodeURIComponent(q)}${extra}`, {
    token: tokens[who],
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(envelope(menuRoutes.search.data).safeParse(JSON.parse(res.body)).success).toBe(true);
  return json<{ data: Answer }>(res).data;
}

/** The answer as `title(children…)` text; `…` marks children: null (the client loads or knows them). */
function shape(items: MenuItem[] | null): string {
  if (items === null) return '…';
  return items
    .map((item) =>
      item.children === null
        ? `${item.title}…`
        : item.children.length > 0
          ? `${item.title}(${shape(item.children)})`
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

describe('GET /menu/search', () => {
  it('finds for a super admin locations in companies whose tree was never loaded, with the way to them', async () => {
    const found = await search('admin', 'zorvik');
    // GET /menu gives a super admin companies only; the search reaches into them (both of this site).
    expect(shape(found.structure)).toBe(
      'Alpha Energy(North(Office Zorvik…), South(Barn Zorvik…)), Beta Power(Beta site Zorvik…)',
    );
    expect(found.matches).toEqual([
      `location:${id.office}`,
      `location:${id.barn}`,
      `location:${id.betaSite}`,
    ]);
    expect(found.total).toBe(3);
  });

  it('gives the items the ids, hrefs, levels and aliases GET /menu/:companyId gives them', async () => {
    const found = await search('admin', 'cabin');
    const tree = json<{ data: { structure: MenuItem[] } }>(
      await send(t.app, 'GET', `/api/menu/${id.alpha}`, { token: tokens.admin }),
    ).data.structure;
    for (const itemId of [
      `location-group:${id.north}`,
      `location-group:${id.northEast}`,
      `location:${id.cabin}`,
    ]) {
      const { children: _a, ...fromSearch } = find(found.structure, itemId) ?? {};
      const { children: _b, ...fromTree } = find(tree, itemId) ?? {};
      expect(fromSearch, itemId).toEqual(fromTree);
    }
    expect(found.structure[0]).toMatchObject({
      id: `company:${id.alpha}`,
      type: 'company',
      level: 0,
      href: `/companies/${id.alpha}/location-groups/${id.alphaRoot}`,
    });
  });

  it('finds device groups and devices (not deleted ones) below their location, with menu hrefs', async () => {
    const chargers = await search('admin', 'zcharger');
    expect(shape(chargers.structure)).toBe(
      'Alpha Energy(North(North East(Cabin(Wallbox zcharger)))), Beta Power(Beta site Zorvik(Beta zcharger))',
    );
    const wallbox = find(chargers.structure, `device:${id.charger}`);
    expect(wallbox).toMatchObject({
      type: 'device',
      level: 4,
      href: `/locations/${id.cabin}/manage/oem-devices/${id.controller}/devices/${id.charger}`,
      data: { entityId: id.charger, companyId: id.alpha, category: 'EV_CHARGER' },
    });
    expect(find(chargers.structure, `device:${id.gone}`)).toBeUndefined();

    // A matching device group keeps its devices (the content below a match is browsable).
    const roof = await search('aggAlpha', 'ROOF');
    expect(shape(roof.structure)).toBe('Alpha Energy(North(North East(Cabin(Roof(PV array)))))');
    expect(roof.matches).toEqual([`device-group:${id.roof}`]);
    expect(find(roof.structure, `device:${id.pv}`)?.href).toBe(
      `/locations/${id.cabin}/device-groups/${id.roof}/devices/${id.pv}`,
    );
  });

  it('finds groups and companies; a match without matches below leaves its children to the client', async () => {
    const found = await search('admin', 'north');
    expect(shape(found.structure)).toBe('Alpha Energy(North(North East…))');
    expect(found.matches).toEqual([`location-group:${id.north}`, `location-group:${id.northEast}`]);
    const company = await search('admin', 'beta power');
    expect(shape(company.structure)).toBe('Beta Power…');
  });

  it("never finds another company's or another site's things for an aggregator", async () => {
    const beta = await search('aggBeta', 'zorvik');
    expect(shape(beta.structure)).toBe('Beta Power(Beta site Zorvik…)');
    expect((await search('aggBeta', 'zcharger')).matches).toEqual([`device:${id.betaCharger}`]);
    expect((await search('aggAlpha', 'beta')).matches).toEqual([]);
    expect((await search('aggNone', 'zorvik')).structure).toEqual([]);
    // Another site's super admin finds only their own site's company.
    expect((await search('otherAdmin', 'zorvik')).matches).toEqual([`location:${id.gammaSite}`]);
    expect((await search('admin', 'gamma')).matches).toEqual([]);
  });

  it('finds for users with grants only what they may see, pruned as their menu is', async () => {
    // The basic user sees Cabin only (a location grant): the groups above it are not theirs.
    expect(shape((await search('basic', 'cabin')).structure)).toBe('Alpha Energy(Cabin…)');
    expect(shape((await search('basic', 'zcharger')).structure)).toBe(
      'Alpha Energy(Cabin(Wallbox zcharger))',
    );
    expect((await search('basic', 'zorvik')).matches).toEqual([]);
    expect((await search('basic', 'north')).matches).toEqual([]);
    expect((await search('basic', 'alpha')).matches).toEqual([`company:${id.alpha}`]);
    // The advanced user holds North: its subtree, not South or Beta.
    const advanced = await search('advanced', 'zorvik');
    expect(shape(advanced.structure)).toBe('Alpha Energy(North(Office Zorvik…))');
    expect((await search('advanced', 'zcharger')).matches).toEqual([`device:${id.charger}`]);
  });

  it('answers at most `limit` matches, higher levels first, and counts them all', async () => {
    const all = await search('admin', 'r');
    const two = await search('admin', 'r', '&limit=2');
    expect(two.total).toBe(all.total);
    expect(all.total).toBeGreaterThan(2);
    expect(two.matches).toHaveLength(2);
    expect(
      two.matches.every((m) => m.startsWith('company:') || m.startsWith('location-group:')),
    ).toBe(true);
  });

  it('takes LIKE wildcards literally and is never cached', async () => {
    expect((await search('admin', '%')).matches).toEqual([]);
    expect((await search('admin', '_')).matches).toEqual([]);
    const res = await send(t.app, 'GET', '/api/menu/search?q=cabin', { token: tokens.admin });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('rejects a missing, empty or long q and a bad limit with field errors; needs a session', async () => {
    const cases: [string, string][] = [
      ['', 'query.q'],
      ['q=', 'query.q'],
      ['q=%20%20', 'query.q'],
      [`q=${'x'.repeat(101)}`, 'query.q'],
      ['q=x&limit=0', 'query.limit'],
      ['q=x&limit=201', 'query.limit'],
      ['q=x&limit=abc', 'query.limit'],
      ['q=x&other=1', 'query.other'],
    ];
    for (const [query, field] of cases) {
      const res = await send(t.app, 'GET', `/api/menu/search?${query}`, { token: tokens.admin });
      expect(res.statusCode, query).toBe(400);
      expect(json<{ error: { fields: Record<string, string> } }>(res).error.fields).toHaveProperty(
        field,
      );
    }
    expect((await send(t.app, 'GET', '/api/menu/search?q=x')).statusCode).toBe(401);
  });
});
