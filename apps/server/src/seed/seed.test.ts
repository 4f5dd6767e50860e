import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CATEGORIES, DEVICE_SETUP_TYPES, isSetUp, ROLES } from '@ec/domain';
import {
  asc,
  companies,
  controllerPresence,
  controllers,
  countries,
  deviceGroups,
  devices,
  deviceState,
  eq,
  invitations,
  locationGroupPermissions,
  locationGroups,
  locationPermissions,
  locations,
  sites,
  users,
} from '@ec/db';
import { createOrgAccess } from '../modules/org/org-access.ts';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { SITE_ASSETS_DIR } from '../app.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import { DEMO_UNVERIFIED_USER, DEMO_USERS } from './data.ts';
import { createRandom } from './random.ts';
import { hasDemoUsers, isDatabaseEmpty, seedDefaultSite, seedDemo } from './seed.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const snapshot = async () => ({
  sites: (await db.db.select().from(sites).orderBy(asc(sites.identifier))).map(
    ({ createdAt: _c, updatedAt: _u, ...rest }) => rest,
  ),
  users: (await db.db.select().from(users).orderBy(asc(users.email))).map(
    ({ createdAt: _c, updatedAt: _u, ...rest }) => rest,
  ),
  invitations: await db.db.select().from(invitations).orderBy(asc(invitations.id)),
  organisation: await Promise.all(
    // menu_version included: a second run changes nothing the menu shows, so the menu caches stay valid.
    [companies, locationGroups, locations, controllers, deviceGroups, devices].map(async (table) =>
      (await db.db.select().from(table).orderBy(asc(table.id))).map(
        ({ createdAt: _c, updatedAt: _u, ...rest }) => rest,
      ),
    ),
  ),
  liveState: [
    (await db.db.select().from(deviceState).orderBy(asc(deviceState.deviceId))).map(
      ({ updatedAt: _u, ...rest }) => rest,
    ),
    (
      await db.db.select().from(controllerPresence).orderBy(asc(controllerPresence.controllerId))
    ).map(({ updatedAt: _u, ...rest }) => rest),
  ],
  grants: [
    await db.db.select().from(locationPermissions).orderBy(asc(locationPermissions.locationId)),
    await db.db
      .select()
      .from(locationGroupPermissions)
      .orderBy(asc(locationGroupPermissions.groupId)),
  ].map((rows) => rows.map(({ createdAt: _c, ...rest }) => rest)),
});

describe('demo seed', () => {
  it('starts from an empty database', async () => {
    expect(await isDatabaseEmpty(db.db)).toBe(true);
    expect(await hasDemoUsers(db.db)).toBe(false);
  });

  it('is idempotent and deterministic: a second run leaves every row as it was, hashes included', async () => {
    await seedDemo(db.db);
    const first = await snapshot();
    await seedDemo(db.db);
    expect(await snapshot()).toEqual(first);
    expect(first.sites).toHaveLength(4);
    expect(await isDatabaseEmpty(db.db)).toBe(false);
    expect(await hasDemoUsers(db.db)).toBe(true);
  });

  it('creates one verified user per role whose demo password verifies as argon2id', async () => {
    const rows = await db.db.select().from(users);
    const demo = rows.filter((u) => DEMO_USERS.some((d) => d.email === u.email));
    expect(demo.map((u) => u.role).sort()).toEqual([...ROLES].sort());
    for (const demo of DEMO_USERS) {
      const row = rows.find((u) => u.email === demo.email);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(row?.passwordHash ?? '', demo.password)).toBe(true);
    }
  });

  it('adds one unverified self-registered basic user', async () => {
    const [row] = await db.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_UNVERIFIED_USER.email));
    expect(row).toMatchObject({
      role: 'ROLE_USER_BASIC',
      type: 'REGISTERED',
      emailVerifiedAt: null,
    });
    expect(await verifyPassword(row?.passwordHash ?? '', DEMO_UNVERIFIED_USER.password)).toBe(true);
  });

  it('adds the pending invitation 1 for the basic user, and new invitations get later ids', async () => {
    const rows = await db.db.select().from(invitations);
    expect(rows).toMatchObject([
      { id: 1, email: 'basic@demo.energy', locationName: 'Hiša Bled', status: 'pending' },
    ]);
    const [next] = await db.db
      .insert(invitations)
      .values({ email: 'x@y.z', locationName: 'X', expiresAt: new Date() })
      .returning({ id: invitations.id });
    expect(next?.id).toBe(2);
    await db.db.delete(invitations).where(eq(invitations.id, 2));
  });

  it('builds the demo organisation: 3+ companies in different countries, nested groups, 15+ real locations', async () => {
    const companyRows = await db.db
      .select({ name: companies.name, code: countries.code, siteId: companies.siteId })
      .from(companies)
      .innerJoin(countries, eq(countries.id, companies.countryId));
    expect(new Set(companyRows.map((c) => c.code)).size).toBeGreaterThanOrEqual(3);
    const groups = await db.db.select().from(locationGroups);
    const depth = (id: number | null): number =>
      id === null ? 0 : 1 + depth(groups.find((g) => g.id === id)?.parentId ?? null);
    expect(Math.max(...groups.map((g) => depth(g.id)))).toBeGreaterThanOrEqual(3);
    const rows = await db.db.select().from(locations);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) {
      expect(row.latitude).not.toBeNull();
      expect(row.street && row.city && row.postCode).toBeTruthy();
      expect(() => new Intl.DateTimeFormat('en', { timeZone: row.timezone })).not.toThrow();
    }
    const deviceRows = await db.db.select().from(devices);
    expect(new Set(deviceRows.map((d) => d.category))).toEqual(new Set(DEVICE_CATEGORIES));
    const controllerRows = await db.db.select().from(controllers);
    expect(new Set(controllerRows.map((c) => c.setupType))).toEqual(new Set(DEVICE_SETUP_TYPES));
    const [invitation] = await db.db.select().from(invitations).where(eq(invitations.id, 1));
    expect(invitation?.locationId).toBe(1);
  });

  it('gives every device a status and every controller its presence (live state), offline where disconnected', async () => {
    const states = await db.db.select().from(deviceState);
    expect(states.map((s) => s.deviceId).sort((a, b) => a - b)).toEqual(
      (await db.db.select({ id: devices.id }).from(devices)).map((d) => d.id).sort((a, b) => a - b),
    );
    expect(new Set(states.map((s) => s.status))).toEqual(
      new Set(['OK', 'WARNING', 'ERROR', 'OFFLINE']),
    );
    const presence = await db.db.select().from(controllerPresence);
    expect(presence).toHaveLength((await db.db.select().from(controllers)).length);
    expect(presence.some((p) => p.connected) && presence.some((p) => !p.connected)).toBe(true);
    const offline = await db.db
      .select({ status: deviceState.status })
      .from(deviceState)
      .innerJoin(devices, eq(devices.id, deviceState.deviceId))
      .innerJoin(controllerPresence, eq(controllerPresence.controllerId, devices.controllerId))
      .where(eq(controllerPresence.connected, false));
    expect(offline.length).toBeGreaterThan(0);
    expect(new Set(offline.map((s) => s.status))).toEqual(new Set(['OFFLINE']));
  });

  it('gives each role rights on part of the tree, and leaves one basic user without a location', async () => {
    const access = createOrgAccess(db.db);
    const userRows = await db.db.select().from(users);
    const setUp = async (email: string) => {
      const user = userRows.find((u) => u.email === email);
      if (!user) throw new Error(`${email} missing`);
      return isSetUp({ role: user.role, ...(await access.permissionsOf(user)) });
    };
    expect(await setUp('basic@demo.energy')).toBe(true);
    expect(await setUp('advanced@demo.energy')).toBe(true);
    expect(await setUp('setup@demo.energy')).toBe(false);
    expect(userRows.find((u) => u.email === 'aggregator@demo.energy')?.companyId).toBe(1);
    const basicUser = userRows.find((u) => u.email === 'basic@demo.energy');
    if (!basicUser) throw new Error('basic user missing');
    const basic = await access.permissionsOf(basicUser);
    expect(basic.permissions.locations.length).toBeGreaterThanOrEqual(2);
  });

  it('restores a confirmed demo invitation to pending', async () => {
    await db.db.update(invitations).set({ status: 'confirmed' }).where(eq(invitations.id, 1));
    await seedDemo(db.db);
    const [row] = await db.db.select().from(invitations).where(eq(invitations.id, 1));
    expect(row?.status).toBe('pending');
  });

  it('gives the sites distinct themes and real logo files, with maintenance on a non-default site', async () => {
    const rows = await db.db.select().from(sites);
    expect(new Set(rows.map((s) => s.theme)).size).toBe(rows.length);
    for (const site of rows) {
      for (const url of [site.logo, site.favicon]) {
        const file = join(SITE_ASSETS_DIR, (url ?? '').replace('/api/site/assets/', ''));
        expect(existsSync(file), `${site.identifier}: ${url}`).toBe(true);
      }
    }
    const maintenance = rows.filter((s) => s.status === 'maintenance');
    expect(maintenance.map((s) => s.identifier)).toEqual(['gridline']);
    expect(rows.find((s) => s.identifier === 'default')?.hosts).toEqual(['localhost', '127.0.0.1']);
  });

  it('restores the default site on its own (the production bootstrap)', async () => {
    const other = await createTestDb();
    try {
      await seedDefaultSite(other.db);
      const rows = await other.db.select().from(sites);
      expect(rows.map((s) => s.identifier)).toEqual(['default']);
      expect(await other.db.select().from(users)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('createRandom', () => {
  it('repeats its sequence for the same seed', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(
      Array.from({ length: 5 }, () => b.next()),
    );
    expect(createRandom(1).bytes(8)).not.toEqual(createRandom(2).bytes(8));
    const r = createRandom(7);
    for (let i = 0; i < 100; i++) {
      const n = r.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
  });
});
