// GET /api/companies/:id/integrated-devices: the company's devices the actor sees, with category, status, location
// and controller; filtered by text, category and status; paged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, deviceState } from '@ec/db';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { call, createOrgFixture, type FixtureUser, type OrgFixture } from './locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  f = await createOrgFixture(t);
  // A deleted device never shows; a name with LIKE wildcards tests that they are taken literally.
  const [, meter] = await t.db.db
    .insert(devices)
    .values([
      { name: 'Removed inverter', locationId: f.locations.home, deletedAt: new Date() },
      { name: 'Meter 100%_a', locationId: f.locations.cabin, category: 'GRID' },
    ])
    .returning({ id: devices.id });
  await t.db.db.insert(deviceState).values({ deviceId: meter?.id ?? 0, status: 'OFFLINE' });
});
afterAll(() => t.close());

type Page = {
  items: {
    id: number;
    name: string;
    category: string;
    status: string;
    location: { id: number; name: string };
    controller: { id: number; alias: string | null; serial: string } | null;
  }[];
  total: number;
  page: number;
  pageSize: number;
};
const list = async (user: FixtureUser, query = '', companyId = f.companies.mine) => {
  const res = await call(
    t,
    f.tokens[user],
    'GET',
    `/api/companies/${companyId}/integrated-devices${query ? `?${query}` : ''}`,
  );
  return { res, page: res.statusCode === 200 ? json<{ data: Page }>(res).data : null };
};
const names = (page: Page | null) => page?.items.map((i) => i.name);

describe('GET /api/companies/:id/integrated-devices', () => {
  it('lists the company’s devices by name with location, controller and status (deleted ones left out)', async () => {
    const { res, page } = await list('aggMine');
    expect(res.statusCode).toBe(200);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(names(page)).toEqual(['Battery', 'Charger', 'Meter 100%_a', 'Solar panel']);
    expect(page?.items[0]).toEqual({
      id: f.devices.battery,
      name: 'Battery',
      category: 'BATTERY',
      status: 'WARNING',
      location: { id: f.locations.home, name: 'Home' },
      controller: { id: f.controllers.home, alias: 'Home hub', serial: expect.any(String) },
    });
    expect(page?.items[1]?.controller).toBeNull();
  });

  it('filters by text (device, location, controller alias or serial), category and status', async () => {
    expect(names((await list('aggMine', 'q=cabin')).page)).toEqual(['Charger', 'Meter 100%_a']);
    expect(names((await list('aggMine', 'q=HOME%20HUB')).page)).toEqual(['Battery', 'Solar panel']);
    expect(names((await list('aggMine', 'q=100%25_')).page)).toEqual(['Meter 100%_a']);
    expect(names((await list('aggMine', 'q=%25')).page)).toEqual(['Meter 100%_a']);
    expect(names((await list('aggMine', 'category=EV_CHARGER')).page)).toEqual(['Charger']);
    expect(names((await list('aggMine', 'status=WARNING')).page)).toEqual(['Battery']);
    expect(names((await list('aggMine', 'status=OK&category=BATTERY')).page)).toEqual([]);
  });

  it('pages', async () => {
    const { page } = await list('aggMine', 'page=2&pageSize=3');
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(page)).toEqual(['Solar panel']);
  });

  it('non-admins see only the devices of locations they may see', async () => {
    expect(names((await list('viewer')).page)).toEqual(['Battery', 'Solar panel']);
    expect(names((await list('manager')).page)).toEqual(['Charger', 'Meter 100%_a']);
  });

  it('a super admin lists any company; others get 404 for a company they see nothing of', async () => {
    expect(names((await list('admin', '', f.companies.other)).page)).toEqual(['Foreign heat pump']);
    for (const user of ['aggOther', 'stranger'] as const) {
      const { res } = await list(user);
      expect(res.statusCode).toBe(404);
    }
    expect((await list('aggMine', '', f.companies.other)).res.statusCode).toBe(404);
    expect((await list('admin', '', 999_999)).res.statusCode).toBe(404);
  });

  it.each([
    ['pageSize=101', 'query.pageSize'],
    ['page=0', 'query.page'],
    ['category=ROCKET', 'query.category'],
    ['status=BROKEN', 'query.status'],
    ['sort=name', 'query.sort'],
  ])('400 for %s', async (query, field) => {
    const { res } = await list('aggMine', query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ error: { fields: object } }>(res).error.fields)).toEqual([field]);
  });
});
