// Locations: GET/PUT/POST/DELETE /api/locations and POST /api/locations/:id/move — who may do what (404 for
// invisible, 403 without the flag), the field rules and the delete and move rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, eq, locations } from '@ec/db';
import { json, type TestApp } from '../../test/helpers.ts';
import {
  call,
  deniedWriters,
  must,
  nextSerial,
  startOrgFixture,
  type OrgFixture,
} from './locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
beforeAll(async () => ({ t, f } = await startOrgFixture()));
afterAll(() => t.close());

const form = (changes: Record<string, unknown> = {}) => ({
  name: 'Home',
  countryCode: 'SI',
  spotRegion: { code: '10YSI-ELES-----O', type: 'EIC' },
  timezone: 'Europe/Ljubljana',
  coordinates: { latitude: 46.056946, longitude: 14.505751 },
  ...changes,
});
type Body = { data: { location: Record<string, unknown> } };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function newLocation(name: string, groupId = f.groups.mineRoot) {
  const res = await call(t, f.tokens.admin, 'POST', '/api/locations', {
    groupId,
    name,
    countryCode: 'SI',
    timezone: 'Europe/Ljubljana',
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Body>(res).data.location.id as number;
}

describe('GET /api/locations/:id', () => {
  it('answers the location with the actor’s flags', async () => {
    const res = await call(t, f.tokens.viewer, 'GET', `/api/locations/${f.locations.home}`);
    expect(res.statusCode).toBe(200);
    expect(json<Body>(res).data.location).toEqual({
      id: f.locations.home,
      name: 'Home',
      companyId: f.companies.mine,
      groupId: f.groups.mineRoot,
      country: { id: f.countryId, code: 'SI' },
      spotRegion: null,
      timezone: 'Europe/Ljubljana',
      coordinates: null,
      eicCode: null,
      agileRegion: null,
      ownerId: f.users.owner.id,
      address: { street: null, houseNumber: null, postCode: null, city: null },
      permissions: { view: true, edit: false, manage: false },
    });
  });

  it.each([
    ['owner', 'home', { view: true, edit: true, manage: true }],
    ['aggMine', 'home', { view: true, edit: true, manage: true }],
    ['manager', 'cabin', { view: true, edit: true, manage: true }],
    ['admin', 'foreign', { view: true, edit: true, manage: true }],
  ] as const)('%s sees %s with every flag', async (user, key, permissions) => {
    const res = await call(t, f.tokens[user], 'GET', `/api/locations/${f.locations[key]}`);
    expect(res.statusCode).toBe(200);
    expect(json<Body>(res).data.location.permissions).toEqual(permissions);
  });

  it.each([
    ['stranger', 'home'],
    ['aggOther', 'home'],
    ['viewer', 'cabin'],
    ['manager', 'home'],
    ['aggMine', 'foreign'],
  ] as const)('404 for %s on %s (invisible), like an unknown id', async (user, key) => {
    const res = await call(t, f.tokens[user], 'GET', `/api/locations/${f.locations[key]}`);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
    const unknown = await call(t, f.tokens[user], 'GET', '/api/locations/999999');
    expect(unknown.statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('400 for the id %s', async (id) => {
    const res = await call(t, f.tokens.admin, 'GET', `/api/locations/${id}`);
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error.fields).toEqual({ 'params.id': expect.any(String) });
  });
});

describe('PUT /api/locations/:id', () => {
  it('saves the settings for a user with edit and answers them', async () => {
    const res = await call(
      t,
      f.tokens.editor,
      'PUT',
      `/api/locations/${f.locations.home}`,
      form({
        name: 'Home sweet home',
        countryCode: 'AT',
        spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
        timezone: 'Europe/Vienna',
        coordinates: { latitude: '47,8', longitude: '13.05' },
        address: { street: 'Getreidegasse', houseNumber: '9', postCode: '5020', city: 'Salzburg' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Body>(res).data.location).toMatchObject({
      name: 'Home sweet home',
      country: { code: 'AT' },
      spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
      timezone: 'Europe/Vienna',
      coordinates: { latitude: 47.8, longitude: 13.05 },
      address: { street: 'Getreidegasse', houseNumber: '9', postCode: '5020', city: 'Salzburg' },
      permissions: { view: true, edit: true, manage: false },
    });
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, f.locations.home));
    expect(row).toMatchObject({ latitude: 47.8, longitude: 13.05, timezone: 'Europe/Vienna' });
  });

  it('clears coordinates and spot region with null and keeps the address when none is sent', async () => {
    const res = await call(
      t,
      f.tokens.owner,
      'PUT',
      `/api/locations/${f.locations.home}`,
      form({ coordinates: null, spotRegion: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(json<Body>(res).data.location).toMatchObject({
      coordinates: null,
      spotRegion: null,
      address: { city: 'Salzburg' },
    });
  });

  it.each([
    [
      { latitude: '91', longitude: '14' },
      { 'data.coordinates.latitude': 'coordinates.latitude_range' },
    ],
    [
      { latitude: 46, longitude: -180.5 },
      { 'data.coordinates.longitude': 'coordinates.longitude_range' },
    ],
    [
      { latitude: 'north', longitude: '14..2' },
      {
        'data.coordinates.latitude': 'coordinates.invalid_latitude_format',
        'data.coordinates.longitude': 'coordinates.invalid_longitude_format',
      },
    ],
    [{ latitude: '46', longitude: '' }, { 'data.coordinates.longitude': 'validation.required' }],
  ])('400 with the coordinate rule for %j', async (coordinates, fields) => {
    const res = await call(
      t,
      f.tokens.owner,
      'PUT',
      `/api/locations/${f.locations.home}`,
      form({ coordinates }),
    );
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'errors.VALIDATION_FAILED',
      fields,
    });
  });

  it('400 for an unknown country, time zone and spot region, all at once, and nothing changes', async () => {
    const res = await call(
      t,
      f.tokens.owner,
      'PUT',
      `/api/locations/${f.locations.home}`,
      form({
        name: 'Changed',
        countryCode: 'XX',
        timezone: 'Mars/Olympus',
        spotRegion: { code: 'NOPE', type: 'EIC' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error.fields).toEqual({
      'data.countryCode': 'validation.invalid_value',
      'data.timezone': 'validation.invalid_value',
      'data.spotRegion': 'validation.invalid_value',
    });
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, f.locations.home));
    expect(row?.name).not.toBe('Changed');
  });

  it.each([
    [{}, ['data.name', 'data.countryCode', 'data.spotRegion', 'data.timezone', 'data.coordinates']],
    [form({ name: '' }), ['data.name']],
    [form({ countryCode: 'si' }), ['data.countryCode']],
    [form({ coordinates: { latitude: 1 } }), ['data.coordinates.longitude']],
    [form({ ownerId: 1 }), ['data.ownerId']],
  ])('400 with field errors for %j', async (data, fields) => {
    const res = await call(t, f.tokens.owner, 'PUT', `/api/locations/${f.locations.home}`, data);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<ErrorBody>(res).error.fields ?? {}).sort()).toEqual([...fields].sort());
  });

  it.each(deniedWriters('home'))(
    '%s cannot change %s (%i) and nothing changes',
    async (user, key, status) => {
      const res = await call(
        t,
        f.tokens[user],
        'PUT',
        `/api/locations/${f.locations[key]}`,
        form({ name: 'Taken over' }),
      );
      expect(res.statusCode).toBe(status);
      const [row] = await t.db.db
        .select()
        .from(locations)
        .where(eq(locations.id, f.locations[key]));
      expect(row?.name).not.toBe('Taken over');
    },
  );

  it('a super admin changes a location of any company', async () => {
    const res = await call(
      t,
      f.tokens.admin,
      'PUT',
      `/api/locations/${f.locations.foreign}`,
      form({ name: 'Foreign' }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/locations', () => {
  it('creates a location in a group the actor manages', async () => {
    const res = await call(t, f.tokens.manager, 'POST', '/api/locations', {
      groupId: f.groups.north,
      name: 'Barn',
      countryCode: 'SI',
      timezone: 'Europe/Ljubljana',
      coordinates: { latitude: 46.1, longitude: 14.6 },
      address: { city: 'Kamnik' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Body>(res).data.location).toMatchObject({
      name: 'Barn',
      companyId: f.companies.mine,
      groupId: f.groups.north,
      coordinates: { latitude: 46.1, longitude: 14.6 },
      address: { city: 'Kamnik', street: null },
      ownerId: null,
      permissions: { view: true, edit: true, manage: true },
    });
  });

  it.each([
    ['viewer', 'mineRoot', 404],
    ['manager', 'mineRoot', 404],
    ['aggOther', 'mineRoot', 404],
    ['aggMine', 'otherRoot', 404],
  ] as const)('%s cannot create in %s (%i)', async (user, group, status) => {
    const res = await call(t, f.tokens[user], 'POST', '/api/locations', {
      groupId: f.groups[group],
      name: 'Intruder',
      countryCode: 'SI',
      timezone: 'Europe/Ljubljana',
    });
    expect(res.statusCode).toBe(status);
    const rows = await t.db.db.select().from(locations).where(eq(locations.name, 'Intruder'));
    expect(rows).toEqual([]);
  });

  it('400 for missing fields and an unknown time zone', async () => {
    const missing = await call(t, f.tokens.admin, 'POST', '/api/locations', { name: 'X' });
    expect(Object.keys(json<ErrorBody>(missing).error.fields ?? {}).sort()).toEqual([
      'data.countryCode',
      'data.groupId',
      'data.timezone',
    ]);
    const zone = await call(t, f.tokens.admin, 'POST', '/api/locations', {
      groupId: f.groups.mineRoot,
      name: 'X',
      countryCode: 'SI',
      timezone: 'Europe/Atlantis',
    });
    expect(json<ErrorBody>(zone).error.fields).toEqual({
      'data.timezone': 'validation.invalid_value',
    });
  });
});

describe('DELETE /api/locations/:id', () => {
  it('422 org.location_has_controllers while a controller is assigned, then 204 once it is gone', async () => {
    const id = await newLocation('Doomed');
    const [controller] = await t.db.db
      .insert(controllers)
      .values({
        companyId: f.companies.mine,
        locationId: id,
        unitId: nextSerial(),
        serial: nextSerial(),
      })
      .returning();
    const refused = await call(t, f.tokens.aggMine, 'DELETE', `/api/locations/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toEqual({
      error: { code: 'RULE_BROKEN', message: 'org.location_has_controllers' },
    });
    await t.db.db.delete(controllers).where(eq(controllers.id, must(controller).id));
    const res = await call(t, f.tokens.aggMine, 'DELETE', `/api/locations/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.db.select().from(locations).where(eq(locations.id, id))).toEqual([]);
  });

  it.each([
    ['editor', 'home', 403],
    ['viewer', 'home', 403],
    ['stranger', 'cabin', 404],
    ['aggOther', 'cabin', 404],
  ] as const)('%s cannot delete %s (%i)', async (user, key, status) => {
    const res = await call(t, f.tokens[user], 'DELETE', `/api/locations/${f.locations[key]}`);
    expect(res.statusCode).toBe(status);
    expect(
      await t.db.db.select().from(locations).where(eq(locations.id, f.locations[key])),
    ).toHaveLength(1);
  });
});

describe('POST /api/locations/:id/move', () => {
  it('moves a location to another group of its company', async () => {
    const id = await newLocation('Mover');
    const res = await call(t, f.tokens.aggMine, 'POST', `/api/locations/${id}/move`, {
      groupId: f.groups.north,
    });
    expect(res.statusCode).toBe(200);
    expect(json<Body>(res).data.location.groupId).toBe(f.groups.north);
  });

  it('422 org.already_in_group when it is there already', async () => {
    const res = await call(
      t,
      f.tokens.aggMine,
      'POST',
      `/api/locations/${f.locations.cabin}/move`,
      {
        groupId: f.groups.north,
      },
    );
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({ error: { code: 'RULE_BROKEN', message: 'org.already_in_group' } });
  });

  it('400 for a group of another company (super admin sees both)', async () => {
    const res = await call(t, f.tokens.admin, 'POST', `/api/locations/${f.locations.cabin}/move`, {
      groupId: f.groups.otherRoot,
    });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error.fields).toEqual({
      'data.groupId': 'validation.invalid_value',
    });
  });

  it.each([
    ['manager', 'cabin', 'mineRoot', 404],
    ['editor', 'home', 'north', 403],
    ['aggOther', 'cabin', 'mineRoot', 404],
    ['aggOther', 'foreign', 'mineRoot', 404],
  ] as const)('%s cannot move %s to %s (%i)', async (user, key, group, status) => {
    const res = await call(t, f.tokens[user], 'POST', `/api/locations/${f.locations[key]}/move`, {
      groupId: f.groups[group],
    });
    expect(res.statusCode).toBe(status);
    const [row] = await t.db.db.select().from(locations).where(eq(locations.id, f.locations[key]));
    expect(row?.groupId).not.toBe(f.groups[group]);
  });
});
