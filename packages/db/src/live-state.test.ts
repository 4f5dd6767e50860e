// Live state (device status, controller presence, latest values) lives apart from the configuration tables, and
// the menu-version triggers fire only on changes that alter the menu (docs/decisions/0016). Runs on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, queryRows } from './client.ts';
import { eq, sql } from './index.ts';
import { migrate, MIGRATIONS_FOLDER } from './migrate.ts';
import {
  companies,
  controllerPresence,
  controllers,
  countries,
  deviceGroups,
  deviceLatest,
  devices,
  deviceState,
  locationGroups,
  locations,
  sites,
} from './schema/index.ts';
import { createTestDb, type TestDatabase } from './testing.ts';

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('missing fixture row');
  return value;
}

let database: TestDatabase;
const ids = { company: 0, root: 0, north: 0, location: 0, group: 0, device: 0, controller: 0 };

beforeAll(async () => {
  database = await createTestDb();
  const { db } = database;
  const [site] = await db
    .insert(sites)
    .values({ identifier: 'live', productName: 'P', supportEmail: 's@example.com' })
    .returning();
  const [country] = await db.insert(countries).values({ code: 'SI', name: 'Slovenia' }).returning();
  const [company] = await db
    .insert(companies)
    .values({ siteId: must(site).id, name: 'Co', countryId: must(country).id })
    .returning();
  ids.company = must(company).id;
  const [root] = await db
    .insert(locationGroups)
    .values({ companyId: ids.company, name: 'Root' })
    .returning();
  ids.root = must(root).id;
  await db.update(companies).set({ rootGroupId: ids.root }).where(eq(companies.id, ids.company));
  const [north] = await db
    .insert(locationGroups)
    .values({ companyId: ids.company, parentId: ids.root, name: 'North' })
    .returning();
  ids.north = must(north).id;
  const [location] = await db
    .insert(locations)
    .values({ companyId: ids.company, groupId: ids.root, name: 'Home' })
    .returning();
  ids.location = must(location).id;
  const [group] = await db
    .insert(deviceGroups)
    .values({ locationId: ids.location, name: 'Roof' })
    .returning();
  ids.group = must(group).id;
  const [controller] = await db
    .insert(controllers)
    .values({
      companyId: ids.company,
      locationId: ids.location,
      unitId: 'unit-live',
      serial: 'LIVE-0000-0000-0001',
    })
    .returning();
  ids.controller = must(controller).id;
  const [device] = await db
    .insert(devices)
    .values({ locationId: ids.location, name: 'PV', category: 'SOLAR_POWER_PLANT' })
    .returning();
  ids.device = must(device).id;
});
afterAll(() => database.close());

async function version(): Promise<number> {
  const [row] = await database.db
    .select({ v: companies.menuVersion })
    .from(companies)
    .where(eq(companies.id, ids.company));
  return must(row).v;
}

/** The menu version's change while `work` runs. */
async function bumpOf(work: () => Promise<unknown>): Promise<number> {
  const before = await version();
  await work();
  return (await version()) - before;
}

describe('live state and the menu version', () => {
  it('leaves the menu version alone on status, presence and latest-value upserts', async () => {
    const { db } = database;
    const upsertStatus = (status: 'OK' | 'WARNING') =>
      db
        .insert(deviceState)
        .values({ deviceId: ids.device, status })
        .onConflictDoUpdate({ target: deviceState.deviceId, set: { status } });
    const upsertPresence = (connected: boolean) =>
      db
        .insert(controllerPresence)
        .values({ controllerId: ids.controller, connected, lastSeenAt: new Date() })
        .onConflictDoUpdate({
          target: controllerPresence.controllerId,
          set: { connected, lastSeenAt: new Date() },
        });
    const upsertLatest = (value: number) =>
      db
        .insert(deviceLatest)
        .values({ deviceId: ids.device, metric: 'pv.power', value, unit: 'W', at: new Date() })
        .onConflictDoUpdate({
          target: [deviceLatest.deviceId, deviceLatest.metric],
          set: { value, at: new Date() },
        });

    expect(await bumpOf(() => upsertStatus('WARNING'))).toBe(0);
    expect(await bumpOf(() => upsertStatus('OK'))).toBe(0);
    expect(await bumpOf(() => upsertPresence(true))).toBe(0);
    expect(await bumpOf(() => upsertPresence(false))).toBe(0);
    expect(await bumpOf(() => upsertLatest(1200))).toBe(0);
    expect(await bumpOf(() => upsertLatest(1350.5))).toBe(0);

    const [latest] = await db
      .select()
      .from(deviceLatest)
      .where(eq(deviceLatest.deviceId, ids.device));
    expect(latest).toMatchObject({ metric: 'pv.power', value: 1350.5, unit: 'W' });
    const [state] = await db.select().from(deviceState).where(eq(deviceState.deviceId, ids.device));
    expect(state?.status).toBe('OK');
  });

  it('leaves it alone on configuration changes the menu does not show', async () => {
    const { db } = database;
    expect(
      await bumpOf(() =>
        db
          .update(locations)
          .set({ street: 'Cesta 1', city: 'Bled', timezone: 'Europe/Vienna' })
          .where(eq(locations.id, ids.location)),
      ),
    ).toBe(0);
    expect(
      await bumpOf(() =>
        db
          .update(devices)
          .set({ manufacturer: 'Fronius', model: 'Symo' })
          .where(eq(devices.id, ids.device)),
      ),
    ).toBe(0);
    expect(
      await bumpOf(() =>
        db.update(controllers).set({ alias: 'Hub' }).where(eq(controllers.id, ids.controller)),
      ),
    ).toBe(0);
    // An update that sets a menu column to the value it has changes nothing.
    expect(
      await bumpOf(() => db.update(devices).set({ name: 'PV' }).where(eq(devices.id, ids.device))),
    ).toBe(0);
  });

  it('bumps it on every change that alters the menu', async () => {
    const { db } = database;
    const device = (values: Partial<typeof devices.$inferInsert>) => () =>
      db.update(devices).set(values).where(eq(devices.id, ids.device));
    const location = (values: Partial<typeof locations.$inferInsert>) => () =>
      db.update(locations).set(values).where(eq(locations.id, ids.location));

    expect(await bumpOf(device({ name: 'Solar' }))).toBeGreaterThan(0);
    expect(await bumpOf(device({ category: 'BATTERY' }))).toBeGreaterThan(0);
    expect(await bumpOf(device({ deviceGroupId: ids.group }))).toBeGreaterThan(0);
    expect(await bumpOf(device({ controllerId: ids.controller }))).toBeGreaterThan(0);
    expect(await bumpOf(device({ deletedAt: new Date() }))).toBeGreaterThan(0);
    expect(await bumpOf(device({ deletedAt: null }))).toBeGreaterThan(0);
    expect(await bumpOf(location({ name: 'House' }))).toBeGreaterThan(0);
    expect(await bumpOf(location({ groupId: ids.north }))).toBeGreaterThan(0);
    expect(
      await bumpOf(() =>
        db.update(deviceGroups).set({ name: 'Attic' }).where(eq(deviceGroups.id, ids.group)),
      ),
    ).toBeGreaterThan(0);
    expect(
      await bumpOf(() =>
        db.update(locationGroups).set({ name: 'Sever' }).where(eq(locationGroups.id, ids.north)),
      ),
    ).toBeGreaterThan(0);
    const [south] = await db
      .insert(locationGroups)
      .values({ companyId: ids.company, parentId: ids.root, name: 'South' })
      .returning();
    expect(
      await bumpOf(() =>
        db
          .update(locationGroups)
          .set({ parentId: must(south).id })
          .where(eq(locationGroups.id, ids.north)),
      ),
    ).toBeGreaterThan(0);
    expect(
      await bumpOf(() =>
        db.update(companies).set({ name: 'Company' }).where(eq(companies.id, ids.company)),
      ),
    ).toBeGreaterThan(0);
  });

  it('drops a device’s and a controller’s live state with them', async () => {
    const { db } = database;
    const [extra] = await db
      .insert(devices)
      .values({ locationId: ids.location, name: 'Meter' })
      .returning();
    const deviceId = must(extra).id;
    await db.insert(deviceState).values({ deviceId, status: 'ERROR' });
    await db
      .insert(deviceLatest)
      .values({ deviceId, metric: 'grid.power', value: 1, at: new Date() });
    await db.delete(devices).where(eq(devices.id, deviceId));
    expect(await db.select().from(deviceState).where(eq(deviceState.deviceId, deviceId))).toEqual(
      [],
    );
    expect(await db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, deviceId))).toEqual(
      [],
    );
    await expect(
      db.insert(deviceState).values({ deviceId: ids.device, status: 'BROKEN' as never }),
    ).rejects.toThrow();
  });
});

describe('0004_live_state', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'ec-live-state-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('copies status, connected and last seen into the live-state tables before dropping the columns', async () => {
    // The migrations up to 0003, to create configuration rows with the old columns.
    const folder = join(tmp, 'migrations-0003');
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const upTo = journal.entries.findIndex((e) => e.tag === '0003_organisation');
    writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }),
    );

    const old = await createDb();
    try {
      await migrate(old, { migrationsFolder: folder });
      await queryRows(
        old.db,
        sql`with s as (insert into sites (identifier, product_name, support_email)
            values ('s', 'P', 'x@y.z') returning id),
          c as (insert into countries (code, name) values ('SI', 'Slovenia') returning id)
          insert into companies (id, site_id, name, country_id) select 1, s.id, 'Co', c.id from s, c`,
      );
      await queryRows(
        old.db,
        sql`insert into location_groups (id, company_id, name) values (1, 1, 'Root')`,
      );
      await queryRows(
        old.db,
        sql`insert into locations (id, company_id, group_id, name) values (1, 1, 1, 'Home')`,
      );
      await queryRows(
        old.db,
        sql`insert into controllers (id, company_id, location_id, unit_id, serial, connected, last_seen_at)
          values (1, 1, 1, 'u1', 'AAAA-0000-0000-0001', true, '2026-05-01T10:00:00Z'),
                 (2, 1, 1, 'u2', 'AAAA-0000-0000-0002', false, null)`,
      );
      await queryRows(
        old.db,
        sql`insert into devices (id, location_id, name, status) values (1, 1, 'PV', 'WARNING'), (2, 1, 'Meter', 'OK')`,
      );
      await migrate(old);

      const presence = await queryRows<{
        controller_id: number;
        connected: boolean;
        last_seen_at: string | Date | null;
      }>(
        old.db,
        sql`select controller_id, connected, last_seen_at from controller_presence order by controller_id`,
      );
      expect(
        presence.map((p) => [
          p.controller_id,
          p.connected,
          p.last_seen_at === null ? null : new Date(p.last_seen_at).toISOString(),
        ]),
      ).toEqual([
        [1, true, '2026-05-01T10:00:00.000Z'],
        [2, false, null],
      ]);
      const states = await queryRows<{ device_id: number; status: string }>(
        old.db,
        sql`select device_id, status from device_state order by device_id`,
      );
      expect(states).toEqual([
        { device_id: 1, status: 'WARNING' },
        { device_id: 2, status: 'OK' },
      ]);
      const columns = await queryRows<{ table_name: string; column_name: string }>(
        old.db,
        sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and (table_name, column_name) in
            (('devices', 'status'), ('controllers', 'connected'), ('controllers', 'last_seen_at'))`,
      );
      expect(columns).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
