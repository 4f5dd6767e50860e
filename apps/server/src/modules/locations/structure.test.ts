// A location's structure: device groups, devices (soft delete and restore) and controllers — the calls, their rules
// and who may use them (404 for invisible, 403 without the flag, super admins everywhere).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, deviceGroups, devices, eq } from '@ec/db';
import { json, type TestApp } from '../../test/helpers.ts';
import {
  call,
  deniedWriters,
  startOrgFixture,
  type FixtureUser,
  type OrgFixture,
} from './locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
beforeAll(async () => ({ t, f } = await startOrgFixture()));
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Structure = {
  deviceGroups: { id: number; name: string; devices: { id: number; name: string }[] }[];
  ungrouped: { id: number; name: string; deviceGroupId: number | null }[];
};
const deviceRow = async (id: number) =>
  (await t.db.db.select().from(devices).where(eq(devices.id, id)))[0];
const groupRow = async (id: number) =>
  (await t.db.db.select().from(deviceGroups).where(eq(deviceGroups.id, id)))[0];
const structureOf = async (locationId: number) =>
  json<{ data: Structure }>(
    await call(t, f.tokens.admin, 'GET', `/api/locations/${locationId}/structure`),
  ).data;

describe('GET /api/locations/:id/structure', () => {
  it('lists device groups with their devices, then ungrouped devices', async () => {
    const res = await call(
      t,
      f.tokens.viewer,
      'GET',
      `/api/locations/${f.locations.home}/structure`,
    );
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      data: {
        deviceGroups: [
          {
            id: f.deviceGroups.roof,
            name: 'Roof',
            devices: [
              {
                id: f.devices.panel,
                name: 'Solar panel',
                category: 'SOLAR_POWER_PLANT',
                status: 'OK',
                deviceGroupId: f.deviceGroups.roof,
                controllerId: f.controllers.home,
              },
            ],
          },
        ],
        ungrouped: [
          {
            id: f.devices.battery,
            name: 'Battery',
            category: 'BATTERY',
            status: 'WARNING',
            deviceGroupId: null,
            controllerId: f.controllers.home,
          },
        ],
      },
    });
  });

  it.each([
    ['stranger', 'home'],
    ['aggOther', 'home'],
    ['manager', 'home'],
    ['aggMine', 'foreign'],
  ] as const)('404 for %s on %s', async (user, key) => {
    const res = await call(
      t,
      f.tokens[user],
      'GET',
      `/api/locations/${f.locations[key]}/structure`,
    );
    expect(res.statusCode).toBe(404);
  });

  it('a super admin sees another company’s structure', async () => {
    const structure = await structureOf(f.locations.foreign);
    expect(structure.deviceGroups.map((g) => g.name)).toEqual(['Cellar']);
  });
});

describe('device groups', () => {
  it('create, rename and delete (its devices become ungrouped) with edit', async () => {
    const created = await call(
      t,
      f.tokens.editor,
      'POST',
      `/api/locations/${f.locations.home}/device-groups`,
      { name: '  Garage ' },
    );
    expect(created.statusCode).toBe(201);
    const group = json<{ data: { deviceGroup: { id: number } } }>(created).data.deviceGroup;
    expect(group).toEqual({ id: expect.any(Number), name: 'Garage', locationId: f.locations.home });

    const renamed = await call(t, f.tokens.editor, 'PUT', `/api/device-groups/${group.id}`, {
      name: 'Carport',
    });
    expect(json(renamed)).toEqual({
      data: { deviceGroup: { id: group.id, name: 'Carport', locationId: f.locations.home } },
    });

    const [device] = await t.db.db
      .insert(devices)
      .values({ name: 'Car', locationId: f.locations.home, deviceGroupId: group.id })
      .returning();
    const deleted = await call(t, f.tokens.editor, 'DELETE', `/api/device-groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await groupRow(group.id)).toBeUndefined();
    expect((await deviceRow(device?.id ?? 0))?.deviceGroupId).toBeNull();
    await t.db.db.delete(devices).where(eq(devices.id, device?.id ?? 0));
  });

  it.each(deniedWriters('home'))(
    '%s cannot create a group in %s (%i)',
    async (user, key, status) => {
      const res = await call(
        t,
        f.tokens[user],
        'POST',
        `/api/locations/${f.locations[key]}/device-groups`,
        { name: 'Intruder' },
      );
      expect(res.statusCode).toBe(status);
      const rows = await t.db.db
        .select()
        .from(deviceGroups)
        .where(eq(deviceGroups.name, 'Intruder'));
      expect(rows).toEqual([]);
    },
  );

  it.each(deniedWriters('roof'))(
    '%s cannot rename or delete device group %s (%i)',
    async (user, key, status) => {
      const id = f.deviceGroups[key];
      const rename = await call(t, f.tokens[user], 'PUT', `/api/device-groups/${id}`, {
        name: 'Taken',
      });
      expect(rename.statusCode).toBe(status);
      const remove = await call(t, f.tokens[user], 'DELETE', `/api/device-groups/${id}`);
      expect(remove.statusCode).toBe(status);
      expect((await groupRow(id))?.name).not.toBe('Taken');
    },
  );

  it('400 for an empty or missing name', async () => {
    for (const data of [{ name: '   ' }, {}]) {
      const res = await call(
        t,
        f.tokens.admin,
        'POST',
        `/api/locations/${f.locations.home}/device-groups`,
        data,
      );
      expect(res.statusCode).toBe(400);
      expect(json<ErrorBody>(res).error.fields).toEqual({ 'data.name': 'validation.required' });
    }
  });
});

describe('POST /api/locations/:id/devices/move', () => {
  const move = (user: FixtureUser, locationId: number, data: unknown) =>
    call(t, f.tokens[user], 'POST', `/api/locations/${locationId}/devices/move`, data);

  it('moves devices into a group and out again, answering the new structure', async () => {
    const res = await move('editor', f.locations.home, {
      deviceIds: [f.devices.battery],
      deviceGroupId: f.deviceGroups.roof,
    });
    expect(res.statusCode).toBe(200);
    const structure = json<{ data: Structure }>(res).data;
    expect(structure.deviceGroups[0]?.devices.map((d) => d.id)).toEqual([
      f.devices.battery,
      f.devices.panel,
    ]);
    expect(structure.ungrouped).toEqual([]);
    const back = await move('editor', f.locations.home, {
      deviceIds: [f.devices.battery, f.devices.panel],
      deviceGroupId: null,
    });
    expect(json<{ data: Structure }>(back).data.ungrouped.map((d) => d.name)).toEqual([
      'Battery',
      'Solar panel',
    ]);
  });

  it('422 org.already_in_group when every device is there already; moves the others otherwise', async () => {
    const res = await move('editor', f.locations.home, {
      deviceIds: [f.devices.battery],
      deviceGroupId: null,
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({ error: { code: 'RULE_BROKEN', message: 'org.already_in_group' } });
    const mixed = await move('editor', f.locations.home, {
      deviceIds: [f.devices.battery, f.devices.panel, f.devices.panel],
      deviceGroupId: f.deviceGroups.roof,
    });
    expect(mixed.statusCode).toBe(200);
    expect((await deviceRow(f.devices.panel))?.deviceGroupId).toBe(f.deviceGroups.roof);
  });

  it('404 for a device or a group of another location, and nothing moves', async () => {
    const foreignDevice = await move('admin', f.locations.home, {
      deviceIds: [f.devices.battery, f.devices.charger],
      deviceGroupId: null,
    });
    expect(foreignDevice.statusCode).toBe(404);
    const foreignGroup = await move('admin', f.locations.home, {
      deviceIds: [f.devices.battery],
      deviceGroupId: f.deviceGroups.foreign,
    });
    expect(foreignGroup.statusCode).toBe(404);
    expect((await deviceRow(f.devices.battery))?.deviceGroupId).toBe(f.deviceGroups.roof);
    expect((await deviceRow(f.devices.charger))?.deviceGroupId).toBeNull();
  });

  it.each([
    ['viewer', 'home', 403],
    ['aggOther', 'home', 404],
    ['stranger', 'home', 404],
  ] as const)('%s cannot move devices in %s (%i)', async (user, key, status) => {
    const res = await move(user, f.locations[key], {
      deviceIds: [f.devices.battery],
      deviceGroupId: null,
    });
    expect(res.statusCode).toBe(status);
    expect((await deviceRow(f.devices.battery))?.deviceGroupId).toBe(f.deviceGroups.roof);
  });

  it.each([
    [{ deviceIds: [], deviceGroupId: null }, 'data.deviceIds'],
    [{ deviceIds: ['1'], deviceGroupId: null }, 'data.deviceIds.0'],
    [{ deviceIds: [1] }, 'data.deviceGroupId'],
  ])('400 for %j', async (data, field) => {
    const res = await move('admin', f.locations.home, data);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<ErrorBody>(res).error.fields ?? {})).toEqual([field]);
  });
});

describe('devices', () => {
  type DeviceBody = { data: { device: Record<string, unknown> } };

  it('GET answers the device with its location, controller and the actor’s flags', async () => {
    const res = await call(t, f.tokens.viewer, 'GET', `/api/devices/${f.devices.panel}`);
    expect(res.statusCode).toBe(200);
    expect(json<DeviceBody>(res).data.device).toMatchObject({
      id: f.devices.panel,
      name: 'Solar panel',
      category: 'SOLAR_POWER_PLANT',
      location: { id: f.locations.home, name: 'Home', companyId: f.companies.mine },
      controller: { id: f.controllers.home, alias: 'Home hub' },
      deletedAt: null,
      permissions: { view: true, edit: false, manage: false },
    });
  });

  it('PUT changes name, category and group (a group of the same location only)', async () => {
    const res = await call(t, f.tokens.editor, 'PUT', `/api/devices/${f.devices.battery}`, {
      name: 'Home battery',
      category: 'HYBRID_INVERTER',
      deviceGroupId: null,
    });
    expect(res.statusCode).toBe(200);
    expect(json<DeviceBody>(res).data.device).toMatchObject({
      name: 'Home battery',
      category: 'HYBRID_INVERTER',
      deviceGroupId: null,
    });
    const wrong = await call(t, f.tokens.admin, 'PUT', `/api/devices/${f.devices.battery}`, {
      name: 'Home battery',
      category: 'BATTERY',
      deviceGroupId: f.deviceGroups.foreign,
    });
    expect(wrong.statusCode).toBe(400);
    expect(json<ErrorBody>(wrong).error.fields).toEqual({
      'data.deviceGroupId': 'validation.invalid_value',
    });
    expect((await deviceRow(f.devices.battery))?.category).toBe('HYBRID_INVERTER');
  });

  it('DELETE is soft: the device leaves the structure, stays readable, and restore brings it back', async () => {
    const res = await call(t, f.tokens.editor, 'DELETE', `/api/devices/${f.devices.battery}`);
    expect(res.statusCode).toBe(204);
    expect((await deviceRow(f.devices.battery))?.deletedAt).toBeInstanceOf(Date);
    const structure = await structureOf(f.locations.home);
    const listed = [...structure.ungrouped, ...structure.deviceGroups.flatMap((g) => g.devices)];
    expect(listed.map((d) => d.id)).not.toContain(f.devices.battery);
    const read = await call(t, f.tokens.viewer, 'GET', `/api/devices/${f.devices.battery}`);
    expect(json<DeviceBody>(read).data.device.deletedAt).toEqual(expect.any(String));

    const restored = await call(
      t,
      f.tokens.editor,
      'POST',
      `/api/devices/${f.devices.battery}/restore`,
    );
    expect(restored.statusCode).toBe(200);
    expect(json<DeviceBody>(restored).data.device.deletedAt).toBeNull();
    expect((await deviceRow(f.devices.battery))?.deletedAt).toBeNull();
  });

  it.each([
    ['viewer', 'battery', 403],
    ['stranger', 'battery', 404],
    ['aggOther', 'battery', 404],
    ['manager', 'battery', 404],
    ['aggMine', 'foreign', 404],
  ] as const)('%s cannot change, delete or restore device %s (%i)', async (user, key, status) => {
    const id = f.devices[key];
    const token = f.tokens[user];
    const put = await call(t, token, 'PUT', `/api/devices/${id}`, {
      name: 'Taken',
      category: 'OTHER',
      deviceGroupId: null,
    });
    expect(put.statusCode).toBe(status);
    expect((await call(t, token, 'DELETE', `/api/devices/${id}`)).statusCode).toBe(status);
    expect((await call(t, token, 'POST', `/api/devices/${id}/restore`)).statusCode).toBe(status);
    const row = await deviceRow(id);
    expect(row?.name).not.toBe('Taken');
    expect(row?.deletedAt).toBeNull();
  });

  it('404 reading devices the actor cannot see; a super admin reads any', async () => {
    for (const user of ['stranger', 'aggOther'] as const) {
      const res = await call(t, f.tokens[user], 'GET', `/api/devices/${f.devices.panel}`);
      expect(res.statusCode).toBe(404);
    }
    const admin = await call(t, f.tokens.admin, 'GET', `/api/devices/${f.devices.foreign}`);
    expect(admin.statusCode).toBe(200);
  });

  it('400 for an unknown category', async () => {
    const res = await call(t, f.tokens.admin, 'PUT', `/api/devices/${f.devices.panel}`, {
      name: 'Panel',
      category: 'NUCLEAR',
      deviceGroupId: null,
    });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error.fields).toEqual({
      'data.category': 'validation.invalid_value',
    });
  });
});

describe('controllers', () => {
  type ControllerBody = { data: { controller: Record<string, unknown> } };

  it('lists a location’s controllers with their device counts (deleted devices not counted)', async () => {
    await t.db.db.insert(devices).values({
      name: 'Old meter',
      locationId: f.locations.home,
      controllerId: f.controllers.home,
      deletedAt: new Date(),
    });
    const res = await call(
      t,
      f.tokens.viewer,
      'GET',
      `/api/locations/${f.locations.home}/controllers`,
    );
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      data: {
        controllers: [
          {
            id: f.controllers.home,
            alias: 'Home hub',
            unitId: expect.any(String),
            serial: expect.stringMatching(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/),
            setupType: 'CONTROLLER',
            versions: { firmware: '2.4.1' },
            addresses: {},
            connected: true,
            lastSeenAt: null,
            ownerId: null,
            devicesCount: 2,
          },
        ],
      },
    });
  });

  it('GET /controllers/:id includes every device, the deleted one marked', async () => {
    const res = await call(t, f.tokens.viewer, 'GET', `/api/controllers/${f.controllers.home}`);
    expect(res.statusCode).toBe(200);
    const { controller } = json<ControllerBody>(res).data;
    expect(controller).toMatchObject({
      companyId: f.companies.mine,
      locationId: f.locations.home,
      devicesCount: 2,
      permissions: { view: true, edit: false, manage: false },
    });
    const list = controller.devices as { name: string; deletedAt: string | null }[];
    expect(list.map((d) => [d.name, d.deletedAt === null])).toEqual([
      ['Home battery', true],
      ['Old meter', false],
      ['Solar panel', true],
    ]);
  });

  it('PUT changes the alias with edit; an empty alias clears it', async () => {
    const res = await call(t, f.tokens.editor, 'PUT', `/api/controllers/${f.controllers.home}`, {
      alias: 'Garage hub',
    });
    expect(json<ControllerBody>(res).data.controller.alias).toBe('Garage hub');
    const cleared = await call(
      t,
      f.tokens.editor,
      'PUT',
      `/api/controllers/${f.controllers.home}`,
      {
        alias: '',
      },
    );
    expect(json<ControllerBody>(cleared).data.controller.alias).toBeNull();
  });

  it.each(deniedWriters('home'))(
    '%s cannot rename controller %s (%i)',
    async (user, key, status) => {
      const id = f.controllers[key];
      const res = await call(t, f.tokens[user], 'PUT', `/api/controllers/${id}`, {
        alias: 'Taken',
      });
      expect(res.statusCode).toBe(status);
      const [row] = await t.db.db.select().from(controllers).where(eq(controllers.id, id));
      expect(row?.alias).not.toBe('Taken');
    },
  );

  it.each([
    ['stranger', 'home'],
    ['aggOther', 'home'],
    ['aggMine', 'foreign'],
  ] as const)('404 for %s reading controller %s and its location’s list', async (user, key) => {
    const id = f.controllers[key];
    expect((await call(t, f.tokens[user], 'GET', `/api/controllers/${id}`)).statusCode).toBe(404);
    const location = key === 'home' ? f.locations.home : f.locations.foreign;
    const list = await call(t, f.tokens[user], 'GET', `/api/locations/${location}/controllers`);
    expect(list.statusCode).toBe(404);
  });

  it('an unassigned controller is visible to its owner and the company’s admins only', async () => {
    const [loose] = await t.db.db
      .insert(controllers)
      .values({
        companyId: f.companies.mine,
        unitId: 'loose-unit',
        serial: 'LOOS-E000-0000-0001',
        ownerId: f.users.viewer.id,
      })
      .returning();
    const id = loose?.id ?? 0;
    expect((await call(t, f.tokens.viewer, 'GET', `/api/controllers/${id}`)).statusCode).toBe(200);
    expect((await call(t, f.tokens.aggMine, 'GET', `/api/controllers/${id}`)).statusCode).toBe(200);
    expect((await call(t, f.tokens.owner, 'GET', `/api/controllers/${id}`)).statusCode).toBe(404);
    expect((await call(t, f.tokens.aggOther, 'GET', `/api/controllers/${id}`)).statusCode).toBe(
      404,
    );
  });

  describe('POST /api/controllers/:id/owner', () => {
    const setOwner = (user: FixtureUser, id: number, userId: number | null) =>
      call(t, f.tokens[user], 'POST', `/api/controllers/${id}/owner`, { userId });

    it('an aggregator sets a user of their company’s tree as owner, and clears it', async () => {
      const res = await setOwner('aggMine', f.controllers.home, f.users.owner.id);
      expect(res.statusCode).toBe(200);
      expect(json<ControllerBody>(res).data.controller.ownerId).toBe(f.users.owner.id);
      const cleared = await setOwner('aggMine', f.controllers.home, null);
      expect(json<ControllerBody>(cleared).data.controller.ownerId).toBeNull();
    });

    it('404 for a user outside the aggregator’s company; a super admin may pick any user of the site', async () => {
      const res = await setOwner('aggMine', f.controllers.home, f.users.stranger.id);
      expect(res.statusCode).toBe(404);
      const admin = await setOwner('admin', f.controllers.home, f.users.stranger.id);
      expect(json<ControllerBody>(admin).data.controller.ownerId).toBe(f.users.stranger.id);
      expect((await setOwner('admin', f.controllers.home, 999_999)).statusCode).toBe(404);
    });

    it.each([
      ['aggOther', 'home', 404],
      ['aggMine', 'foreign', 404],
      ['owner', 'home', 403],
      ['editor', 'home', 403],
    ] as const)('%s cannot set the owner of controller %s (%i)', async (user, key, status) => {
      const res = await setOwner(user, f.controllers[key], f.users.viewer.id);
      expect(res.statusCode).toBe(status);
      const [row] = await t.db.db
        .select()
        .from(controllers)
        .where(eq(controllers.id, f.controllers[key]));
      expect(row?.ownerId).not.toBe(f.users.viewer.id);
    });
  });
});
