// The sidebar follows every change made through the API at once (issue 10: a device group created in Manage ›
// Structure did not show until the user navigated). The server side of it: after each mutation the menu answers
// (cached per company menu_version, with ETags) are new — the old ETag no longer gives 304 — and show the change.
// Live state (device status, controller presence, latest values; docs/decisions/0016) and configuration the menu
// does not show leave the answers valid: the old ETag still gives 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@ec/contract';
import { companies, controllerPresence, deviceLatest, deviceState, eq } from '@ec/db';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { orgFixtures } from './org-fixtures.ts';

let t: TestApp;
let token = '';
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  const f = await orgFixtures(t);
  const company = await f.company('Delta Solar');
  Object.assign(id, { company: company.id, root: company.rootGroupId });
  id.east = await f.group(company.id, company.rootGroupId, 'East');
  id.west = await f.group(company.id, company.rootGroupId, 'West');
  id.farm = await f.location(company.id, id.east, 'Farm', {
    countryId: f.countryId,
    timezone: 'Europe/Ljubljana',
  });
  id.hub = await f.controller(company.id, null, { connected: false });
  id.meter = await f.device(id.farm, 'Meter', { category: 'GRID' });
  await f.user('changes-agg@menu.test', 'ROLE_AGGREGATOR', { companyId: company.id });
  token = await f.login('changes-agg@menu.test');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    cookies: { ec_session: token },
    ...(data === undefined ? {} : { payload: { data } }),
  });
}

/** Runs `change` and checks that the menu answer at `url` is new afterwards (no 304 on the old ETag). */
async function changed(url: string, change: () => Promise<{ statusCode: number; body: string }>) {
  const before = await call('GET', url);
  expect(before.statusCode).toBe(200);
  const etag = String(before.headers.etag);
  const res = await change();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const after = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    cookies: { ec_session: token },
    headers: { 'if-none-match': etag },
  });
  expect(after.statusCode, `${url} after the change`).toBe(200);
  return json<{ data: { structure: MenuItem[] } }>(after).data.structure;
}

/** Runs `change` and checks that the menu answer at `url` is still valid (304 on the old ETag). */
async function unchanged(
  url: string,
  change: () => Promise<{ statusCode: number; body: string } | undefined>,
) {
  const before = await call('GET', url);
  expect(before.statusCode).toBe(200);
  const res = await change();
  if (res) expect(res.statusCode, res.body).toBeLessThan(300);
  const after = await t.app.inject({
    method: 'GET',
    url: `/api${url}`,
    cookies: { ec_session: token },
    headers: { 'if-none-match': String(before.headers.etag) },
  });
  expect(after.statusCode, `${url} after the change`).toBe(304);
}

/** A fixture id (set in beforeAll). */
function idOf(key: string): number {
  const value = id[key];
  if (value === undefined) throw new Error(`fixture ${key} missing`);
  return value;
}

async function menuVersion(): Promise<number> {
  const [row] = await t.db.db
    .select({ v: companies.menuVersion })
    .from(companies)
    .where(eq(companies.id, idOf('company')));
  return row?.v ?? -1;
}

const titles = (items: MenuItem[] | null): string[] =>
  (items ?? []).flatMap((item) => [item.title, ...titles(item.children)]);

describe('the menu answers after each change', () => {
  it('follows device groups and devices below a location (GET /menu/locations/:id)', async () => {
    const children = `/menu/locations/${id.farm}`;
    let groupId = 0;
    let tree = await changed(children, async () => {
      const res = await call('POST', `/locations/${id.farm}/device-groups`, { name: 'Barn roof' });
      groupId = json<{ data: { deviceGroup: { id: number } } }>(res).data.deviceGroup.id;
      return res;
    });
    expect(titles(tree)).toContain('Barn roof');

    tree = await changed(children, () =>
      call('PUT', `/device-groups/${groupId}`, { name: 'Shed roof' }),
    );
    expect(titles(tree)).toContain('Shed roof');
    expect(titles(tree)).not.toContain('Barn roof');

    tree = await changed(children, () =>
      call('POST', `/locations/${id.farm}/devices/move`, {
        deviceIds: [id.meter],
        deviceGroupId: groupId,
      }),
    );
    expect(tree.find((item) => item.title === 'Shed roof')?.children?.[0]?.title).toBe('Meter');

    tree = await changed(children, () =>
      call('PUT', `/devices/${id.meter}`, {
        name: 'Main meter',
        category: 'GRID',
        deviceGroupId: groupId,
      }),
    );
    expect(titles(tree)).toContain('Main meter');

    tree = await changed(children, () => call('DELETE', `/devices/${id.meter}`));
    expect(titles(tree)).not.toContain('Main meter');
    tree = await changed(children, () => call('POST', `/devices/${id.meter}/restore`));
    expect(titles(tree)).toContain('Main meter');

    tree = await changed(children, () => call('DELETE', `/device-groups/${groupId}`));
    expect(titles(tree)).toEqual(['Main meter']);
  });

  it('follows groups, locations and the company name (GET /menu/:companyId and GET /menu)', async () => {
    const companyTree = `/menu/${id.company}`;
    let groupId = 0;
    let tree = await changed(companyTree, async () => {
      const res = await call('POST', '/location-groups', { parentId: id.root, name: 'North' });
      groupId = json<{ data: { group: { id: number } } }>(res).data.group.id;
      return res;
    });
    expect(titles(tree)).toContain('North');

    tree = await changed(companyTree, () =>
      call('PUT', `/location-groups/${groupId}`, { name: 'Far north' }),
    );
    expect(titles(tree)).toContain('Far north');

    tree = await changed(companyTree, () =>
      call('POST', `/location-groups/${groupId}/move`, { parentId: id.west }),
    );
    expect(tree.find((item) => item.title === 'West')?.children?.[0]?.title).toBe('Far north');

    tree = await changed(companyTree, () => call('DELETE', `/location-groups/${groupId}`));
    expect(titles(tree)).not.toContain('Far north');

    tree = await changed(companyTree, () =>
      call('PUT', `/locations/${id.farm}`, {
        name: 'Dairy farm',
        countryCode: 'SI',
        spotRegion: null,
        timezone: 'Europe/Ljubljana',
        coordinates: null,
      }),
    );
    expect(titles(tree)).toContain('Dairy farm');

    tree = await changed(companyTree, () =>
      call('POST', `/locations/${id.farm}/move`, { groupId: id.west }),
    );
    expect(tree.find((item) => item.title === 'West')?.children?.[0]?.title).toBe('Dairy farm');

    const menu = await changed('/menu', () =>
      call('PUT', `/companies/${id.company}`, { name: 'Delta Solar d.o.o.' }),
    );
    expect(menu[0]?.title).toBe('Delta Solar d.o.o.');
  });

  it('keeps its answers through status, presence and latest-value updates, then follows a rename', async () => {
    const { db } = t.db;
    const version = await menuVersion();
    const urls = [`/menu/locations/${id.farm}`, `/menu/${id.company}`, '/menu'];
    for (const url of urls) {
      await unchanged(url, async () => {
        await db
          .insert(deviceState)
          .values({ deviceId: idOf('meter'), status: 'ERROR' })
          .onConflictDoUpdate({ target: deviceState.deviceId, set: { status: 'ERROR' } });
        await db
          .insert(controllerPresence)
          .values({ controllerId: idOf('hub'), connected: true, lastSeenAt: new Date() })
          .onConflictDoUpdate({
            target: controllerPresence.controllerId,
            set: { connected: true, lastSeenAt: new Date() },
          });
        await db
          .insert(deviceLatest)
          .values({
            deviceId: idOf('meter'),
            metric: 'grid.power',
            value: 512,
            unit: 'W',
            at: new Date(),
          })
          .onConflictDoUpdate({
            target: [deviceLatest.deviceId, deviceLatest.metric],
            set: { value: 640, at: new Date() },
          });
      });
    }
    // A location edit that leaves its name alone (time zone, address) does not change the menu either.
    const location = json<{ data: { location: { name: string } } }>(
      await call('GET', `/locations/${id.farm}`),
    ).data.location;
    await unchanged(`/menu/${id.company}`, () =>
      call('PUT', `/locations/${id.farm}`, {
        name: location.name,
        countryCode: 'SI',
        spotRegion: null,
        timezone: 'Europe/Vienna',
        coordinates: null,
        address: { street: 'Cesta 1', city: 'Bled' },
      }),
    );
    expect(await menuVersion()).toBe(version);

    const tree = await changed(`/menu/locations/${id.farm}`, () =>
      call('PUT', `/devices/${id.meter}`, {
        name: 'Grid meter',
        category: 'GRID',
        deviceGroupId: null,
      }),
    );
    expect(titles(tree)).toContain('Grid meter');
    expect(await menuVersion()).toBeGreaterThan(version);
  });
});
