// Live data: GET /api/locations/:id/live, GET /api/location-groups/:id/live and the discovered devices of a
// controller — who may see them (404 for other tenants), bad input, and what the snapshot holds once latest values,
// readings of the current 15-minute interval and today's roll-up are in the database.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  controllerPresence,
  controllers,
  deviceLatest,
  devices,
  discoveredDevices,
  eq,
  locationRollupDay,
  locations,
  readings,
} from '@ec/db';
import { LOCALES, localDayOf, quarterHourStartMs } from '@ec/domain';
import { loadCatalog } from '@ec/i18n/node';
import { json, type TestApp } from '../../test/helpers.ts';
import { lookup } from '../mail/mail.templates.ts';
import {
  call,
  must,
  nextSerial,
  startOrgFixture,
  type FixtureUser,
  type OrgFixture,
} from '../locations/locations.fixtures.ts';
import { LIVE_RULES } from './live.service.ts';

let t: TestApp;
let f: OrgFixture;
let grid: number;
let oldMeter: number;
let third: number;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);

beforeAll(async () => {
  ({ t, f } = await startOrgFixture());
  const { db } = t.db;
  // A third location of company `mine` (in its root group), so group answers can cover 1, 2 or 3 locations.
  const [row] = await db
    .insert(locations)
    .values({ name: 'Barn', companyId: f.companies.mine, groupId: f.groups.mineRoot })
    .returning();
  third = must(row).id;
  const [gridRow] = await db
    .insert(devices)
    .values({
      name: 'Grid meter',
      locationId: f.locations.home,
      category: 'GRID',
      ref: 'grid',
      controllerId: f.controllers.home,
    })
    .returning();
  grid = must(gridRow).id;
  const [meterRow] = await db
    .insert(devices)
    .values({ name: 'Old meter', locationId: f.locations.home, category: 'OTHER' })
    .returning();
  oldMeter = must(meterRow).id;
  await db
    .update(controllerPresence)
    .set({ connection: 'wifi', lastSeenAt: ago(5_000) })
    .where(eq(controllerPresence.controllerId, f.controllers.home));
  const latest = (deviceId: number, metric: string, value: number, at: Date) => ({
    deviceId,
    metric,
    value,
    at,
  });
  await db.insert(deviceLatest).values([
    latest(grid, 'power_w', -1000, ago(10_000)),
    latest(grid, 'energy_import_wh', 123_456, ago(10_000)),
    latest(f.devices.panel, 'power_w', 3500, ago(5_000)),
    latest(f.devices.battery, 'power_w', -1500, ago(4_000)),
    latest(f.devices.battery, 'soc_pct', 55, ago(4_000)),
    // Older than a minute: shown on the device, left out of the current flows.
    latest(f.devices.battery, 'temperature_c', 21.5, ago(120_000)),
    latest(oldMeter, 'power_w', 999, ago(120_000)),
    // A metric the protocol does not have is not answered.
    latest(oldMeter, 'foo', 1, ago(1_000)),
    latest(f.devices.charger, 'power_w', 7200, ago(3_000)),
  ]);
  // Readings of the current 15-minute interval: the grid averages −800 W, the panel 3 000 W.
  const start = quarterHourStartMs(now);
  const inInterval = (ms: number) => new Date(Math.min(start + ms, now));
  await db.insert(readings).values([
    { deviceId: grid, ts: inInterval(1), powerW: -600 },
    { deviceId: grid, ts: inInterval(2), powerW: -1000 },
    { deviceId: f.devices.panel, ts: inInterval(1), powerW: 3000 },
    // Before the interval: not counted.
    { deviceId: f.devices.panel, ts: new Date(start - 60_000), powerW: 100_000 },
  ]);
  const today = localDayOf(now, 'Europe/Ljubljana');
  const yesterday = localDayOf(today.startMs - 1, 'Europe/Ljubljana');
  const sums = {
    consumptionWh: 10_000,
    gridImportWh: 2_500,
    gridExportWh: 3_000,
    solarWh: 12_000,
    batteryChargeWh: 4_000,
    batteryDischargeWh: 2_000,
    evWh: 0,
    hvacWh: 0,
  };
  await db.insert(locationRollupDay).values([
    { locationId: f.locations.home, day: today.day, ...sums },
    { locationId: f.locations.home, day: yesterday.day, ...sums, consumptionWh: 99_999 },
    { locationId: f.locations.cabin, day: today.day, ...sums, evWh: 5_000 },
  ]);
});
afterAll(() => t.close());

type LiveBody = { data: Record<string, unknown> & { flows: Record<string, unknown> } };

describe('GET /api/locations/:id/live', () => {
  it.each([
    ['owner', 'home'],
    ['viewer', 'home'],
    ['editor', 'home'],
    ['aggMine', 'home'],
    ['admin', 'home'],
    ['manager', 'cabin'],
    ['admin', 'foreign'],
  ] as const)('%s sees %s', async (user, key) => {
    const res = await call(t, f.tokens[user], 'GET', `/api/locations/${f.locations[key]}/live`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<LiveBody>(res).data.locationId).toBe(f.locations[key]);
  });

  it.each([
    ['stranger', 'home'],
    ['aggOther', 'home'],
    ['manager', 'home'],
    ['viewer', 'cabin'],
    ['aggMine', 'foreign'],
  ] as const)('404 for %s on %s, like an unknown id', async (user, key) => {
    const res = await call(t, f.tokens[user], 'GET', `/api/locations/${f.locations[key]}/live`);
    expect(res.statusCode).toBe(404);
    expect(json<{ error: { code: string } }>(res).error.code).toBe('NOT_FOUND');
    const unknown = await call(t, f.tokens[user], 'GET', '/api/locations/999999/live');
    expect(unknown.statusCode).toBe(404);
  });

  it('401 without a session, 400 for a bad id or a query', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/locations/${f.locations.home}/live`,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999']) {
      const res = await call(t, f.tokens.admin, 'GET', `/api/locations/${id}/live`);
      expect(res.statusCode, id).toBe(400);
    }
    const query = await call(
      t,
      f.tokens.admin,
      'GET',
      `/api/locations/${f.locations.home}/live?x=1`,
    );
    expect(query.statusCode).toBe(400);
  });

  describe('at the moment the fixture was written', () => {
    // The readings sit in the quarter hour (and the roll-up on the local day) of `now`; the fixture takes seconds to
    // start, so without a fixed clock the test fails whenever a quarter hour ends in between. Only Date is faked.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers devices with their latest values, controllers with presence, and the flows', async () => {
      const res = await call(t, f.tokens.viewer, 'GET', `/api/locations/${f.locations.home}/live`);
      const data = json<LiveBody>(res).data;
      expect(data.timezone).toBe('Europe/Ljubljana');
      expect(data.controllers).toEqual([
        {
          id: f.controllers.home,
          alias: 'Home hub',
          unitId: expect.any(String),
          connected: true,
          lastSeenAt: ago(5_000).toISOString(),
          firmware: '2.4.1',
          connection: 'wifi',
        },
      ]);
      expect(data.devices).toEqual([
        {
          id: f.devices.battery,
          ref: null,
          name: 'Battery',
          category: 'BATTERY',
          controllerId: f.controllers.home,
          time: ago(4_000).toISOString(),
          values: { power_w: -1500, soc_pct: 55, temperature_c: 21.5 },
        },
        {
          id: grid,
          ref: 'grid',
          name: 'Grid meter',
          category: 'GRID',
          controllerId: f.controllers.home,
          time: ago(10_000).toISOString(),
          values: { power_w: -1000, energy_import_wh: 123_456 },
        },
        {
          id: oldMeter,
          ref: null,
          name: 'Old meter',
          category: 'OTHER',
          controllerId: null,
          time: ago(1_000).toISOString(),
          values: { power_w: 999 },
        },
        {
          id: f.devices.panel,
          ref: null,
          name: 'Solar panel',
          category: 'SOLAR_POWER_PLANT',
          controllerId: f.controllers.home,
          time: ago(5_000).toISOString(),
          values: { power_w: 3500 },
        },
      ]);
      const today = localDayOf(Date.now(), 'Europe/Ljubljana').day;
      expect(data.flows).toEqual({
        time: ago(1_000).toISOString(),
        // −1000 + 3500 − 1500 = 1000 W used at home; the old meter's stale power is left out.
        current: {
          gridW: -1000,
          solarW: 3500,
          batteryW: -1500,
          homeW: 1000,
          evW: null,
          hvacW: null,
          socPct: 55,
        },
        intervalStart: new Date(quarterHourStartMs(Date.now())).toISOString(),
        average15m: {
          gridW: -800,
          solarW: 3000,
          batteryW: null,
          homeW: 2200,
          evW: null,
          hvacW: null,
          socPct: null,
        },
        day: today,
        today: {
          consumptionWh: 10_000,
          gridImportWh: 2_500,
          gridExportWh: 3_000,
          solarWh: 12_000,
          batteryChargeWh: 4_000,
          batteryDischargeWh: 2_000,
          evWh: 0,
          hvacWh: 0,
          selfSufficiencyPct: 75,
          selfConsumptionPct: 75,
        },
      });
    });
  });

  it('leaves deleted devices out', async () => {
    await t.db.db.update(devices).set({ deletedAt: new Date() }).where(eq(devices.id, oldMeter));
    const res = await call(t, f.tokens.owner, 'GET', `/api/locations/${f.locations.home}/live`);
    const ids = (json<LiveBody>(res).data.devices as { id: number }[]).map((d) => d.id);
    expect(ids).not.toContain(oldMeter);
    expect(json<LiveBody>(res).data.flows.time).toBe(ago(4_000).toISOString());
    await t.db.db.update(devices).set({ deletedAt: null }).where(eq(devices.id, oldMeter));
  });

  it('answers a location without devices or controllers with empty lists and null flows', async () => {
    const res = await call(t, f.tokens.aggMine, 'GET', `/api/locations/${third}/live`);
    const data = json<LiveBody>(res).data;
    expect(data.devices).toEqual([]);
    expect(data.controllers).toEqual([]);
    expect(data.flows.time).toBeNull();
    expect((data.flows.current as Record<string, unknown>).homeW).toBeNull();
    expect((data.flows.today as Record<string, unknown>).selfSufficiencyPct).toBeNull();
  });
});

describe('GET /api/location-groups/:id/live', () => {
  type GroupBody = {
    data: {
      groupId: number;
      locationsCount: number;
      onlineCount: number;
      flows: {
        current: Record<string, number | null>;
        today: Record<string, number | null>;
      };
    };
  };
  const group = async (user: FixtureUser, id: number) => {
    const res = await call(t, f.tokens[user], 'GET', `/api/location-groups/${id}/live`);
    return { res, body: res.statusCode === 200 ? json<GroupBody>(res).data : undefined };
  };

  it('sums over every location for the company’s aggregator', async () => {
    const { body } = await group('aggMine', f.groups.mineRoot);
    expect(body).toMatchObject({ groupId: f.groups.mineRoot, locationsCount: 3, onlineCount: 1 });
    // Home's flows plus the cabin's charger.
    expect(body?.flows.current).toMatchObject({ gridW: -1000, solarW: 3500, evW: 7200 });
    expect(body?.flows.today).toMatchObject({ consumptionWh: 20_000, evWh: 5_000 });
  });

  it('sums only over the locations the user may see (1 of 3)', async () => {
    const { body } = await group('owner', f.groups.mineRoot);
    expect(body).toMatchObject({ locationsCount: 1, onlineCount: 1 });
    expect(body?.flows.current.evW).toBeNull();
    expect(body?.flows.today).toMatchObject({ consumptionWh: 10_000, evWh: 0 });
    const manager = await group('manager', f.groups.mineRoot);
    expect(manager.body).toMatchObject({ locationsCount: 1, onlineCount: 0 });
    expect(manager.body?.flows.current).toMatchObject({ evW: 7200, gridW: null, homeW: 7200 });
  });

  it('answers a granted group below the user’s grant', async () => {
    const { body } = await group('manager', f.groups.north);
    expect(body).toMatchObject({ groupId: f.groups.north, locationsCount: 1 });
  });

  it.each([
    ['stranger', 'mineRoot'],
    ['aggOther', 'mineRoot'],
    ['aggMine', 'otherRoot'],
    ['viewer', 'north'],
    ['owner', 'north'],
  ] as const)('404 for %s on %s', async (user, key) => {
    const { res } = await group(user, f.groups[key]);
    expect(res.statusCode).toBe(404);
  });

  it('404 for an unknown group, 400 for a bad id', async () => {
    expect((await group('admin', 999_999)).res.statusCode).toBe(404);
    const bad = await call(t, f.tokens.admin, 'GET', '/api/location-groups/x/live');
    expect(bad.statusCode).toBe(400);
  });

  it('super admins see every company’s groups', async () => {
    const { body } = await group('admin', f.groups.otherRoot);
    expect(body).toMatchObject({ locationsCount: 1, onlineCount: 0 });
  });
});

describe('discovered devices', () => {
  const base = () => `/api/controllers/${f.controllers.home}/discovered-devices`;
  const discover = (ref: string, values: Record<string, number> = { power_w: 450 }) =>
    t.db.db
      .insert(discoveredDevices)
      .values({
        controllerId: f.controllers.home,
        ref,
        firstSeenAt: ago(60_000),
        lastSeenAt: ago(2_000),
        lastValues: values,
      })
      .onConflictDoNothing();

  it('lists the references the controller reported (view)', async () => {
    await discover('pv2', { power_w: 450, bogus: 3 });
    const res = await call(t, f.tokens.viewer, 'GET', base());
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { devices: unknown[] } }>(res).data.devices).toEqual([
      {
        controllerId: f.controllers.home,
        ref: 'pv2',
        firstSeenAt: ago(60_000).toISOString(),
        lastSeenAt: ago(2_000).toISOString(),
        values: { power_w: 450 },
      },
    ]);
  });

  it.each(['stranger', 'aggOther', 'manager'] as const)('404 for %s', async (user) => {
    expect((await call(t, f.tokens[user], 'GET', base())).statusCode).toBe(404);
    const adopt = await call(t, f.tokens[user], 'POST', `${base()}/adopt`, {
      ref: 'pv2',
      name: 'PV east',
      category: 'SOLAR_POWER_PLANT',
      deviceGroupId: null,
    });
    expect(adopt.statusCode).toBe(404);
    const dismiss = await call(t, f.tokens[user], 'POST', `${base()}/dismiss`, { ref: 'pv2' });
    expect(dismiss.statusCode).toBe(404);
  });

  it('403 for a viewer who may not edit', async () => {
    const res = await call(t, f.tokens.viewer, 'POST', `${base()}/dismiss`, { ref: 'pv2' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses bad bodies', async () => {
    const bodies = [
      { ref: 'pv 2', name: 'PV', category: 'SOLAR_POWER_PLANT', deviceGroupId: null },
      { ref: 'pv2', name: '', category: 'SOLAR_POWER_PLANT', deviceGroupId: null },
      { ref: 'pv2', name: 'PV', category: 'ROCKET', deviceGroupId: null },
      { ref: 'pv2', name: 'PV', category: 'SOLAR_POWER_PLANT', deviceGroupId: 'x' },
      { ref: 'pv2', name: 'PV', category: 'SOLAR_POWER_PLANT' },
      { ref: 'pv2', name: 'PV', category: 'SOLAR_POWER_PLANT', deviceGroupId: null, extra: 1 },
    ];
    for (const body of bodies) {
      const res = await call(t, f.tokens.editor, 'POST', `${base()}/adopt`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call(t, f.tokens.editor, 'POST', `${base()}/dismiss`, { ref: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call(t, f.tokens.editor, 'GET', '/api/controllers/abc/discovered-devices')).statusCode,
    ).toBe(400);
  });

  it('adopts a reference as a device of the controller’s location (edit)', async () => {
    const foreignGroup = await call(t, f.tokens.editor, 'POST', `${base()}/adopt`, {
      ref: 'pv2',
      name: 'PV east',
      category: 'SOLAR_POWER_PLANT',
      deviceGroupId: f.deviceGroups.foreign,
    });
    expect(foreignGroup.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(foreignGroup).error.fields).toEqual({
      'data.deviceGroupId': 'validation.invalid_value',
    });
    const unknown = await call(t, f.tokens.editor, 'POST', `${base()}/adopt`, {
      ref: 'nothing-here',
      name: 'PV east',
      category: 'SOLAR_POWER_PLANT',
      deviceGroupId: null,
    });
    expect(unknown.statusCode).toBe(404);

    const res = await call(t, f.tokens.editor, 'POST', `${base()}/adopt`, {
      ref: 'pv2',
      name: 'PV east',
      category: 'SOLAR_POWER_PLANT',
      deviceGroupId: f.deviceGroups.roof,
    });
    expect(res.statusCode, res.body).toBe(201);
    const device = json<{ data: { device: { id: number } } }>(res).data.device;
    expect(device).toMatchObject({
      name: 'PV east',
      category: 'SOLAR_POWER_PLANT',
      deviceGroupId: f.deviceGroups.roof,
      controllerId: f.controllers.home,
      location: { id: f.locations.home },
    });
    const [row] = await t.db.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.ref).toBe('pv2');
    const left = await t.db.db
      .select()
      .from(discoveredDevices)
      .where(eq(discoveredDevices.controllerId, f.controllers.home));
    expect(left.map((r) => r.ref)).not.toContain('pv2');
    // Its last values are its latest values now.
    const live = await call(t, f.tokens.editor, 'GET', `/api/locations/${f.locations.home}/live`);
    const adopted = (json<LiveBody>(live).data.devices as { id: number; values: unknown }[]).find(
      (d) => d.id === device.id,
    );
    expect(adopted?.values).toEqual({ power_w: 450 });

    // Reported again before the controller learnt about it: the device exists, so 409.
    await discover('pv2');
    const again = await call(t, f.tokens.editor, 'POST', `${base()}/adopt`, {
      ref: 'pv2',
      name: 'PV east again',
      category: 'SOLAR_POWER_PLANT',
      deviceGroupId: null,
    });
    expect(again.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(again).error.message).toBe('live.device_ref_taken');
  });

  it('dismisses a reference (edit); 404 when there is none', async () => {
    await discover('meter9');
    const res = await call(t, f.tokens.editor, 'POST', `${base()}/dismiss`, { ref: 'meter9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ data: {} });
    const again = await call(t, f.tokens.editor, 'POST', `${base()}/dismiss`, { ref: 'meter9' });
    expect(again.statusCode).toBe(404);
  });

  it('422 for a controller without a location', async () => {
    const [row] = await t.db.db
      .insert(controllers)
      .values({ companyId: f.companies.mine, unitId: `unit-${nextSerial()}`, serial: nextSerial() })
      .returning();
    const id = must(row).id;
    await t.db.db.insert(discoveredDevices).values({
      controllerId: id,
      ref: 'x1',
      firstSeenAt: new Date(),
      lastSeenAt: new Date(),
      lastValues: {},
    });
    const res = await call(
      t,
      f.tokens.aggMine,
      'POST',
      `/api/controllers/${id}/discovered-devices/adopt`,
      {
        ref: 'x1',
        name: 'X',
        category: 'OTHER',
        deviceGroupId: null,
      },
    );
    expect(res.statusCode).toBe(422);
    expect(json<{ error: { message: string } }>(res).error.message).toBe(
      'live.controller_without_location',
    );
  });
});

describe('message keys', () => {
  it.each(LOCALES)('catalog %s has every rule message of the live module', (locale) => {
    const catalog = loadCatalog(locale);
    expect(Object.values(LIVE_RULES).filter((key) => !lookup(catalog, key))).toEqual([]);
  });
});
