// Test fixtures of the locations module: two companies on the demo site, users of every kind of access, and a
// location with device groups, devices and a controller. Created through the database in each test file's fresh app.
import {
  companies,
  controllerPresence,
  controllers,
  countries,
  deviceGroups,
  devices,
  deviceState,
  eq,
  locationGroupPermissions,
  locationGroups,
  locationPermissions,
  locations,
  users,
} from '@ec/db';
import type { DeviceStatus, Role } from '@ec/domain';
import { ADMIN, createTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { hashPassword } from '../auth/password.ts';

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'fixture-pass-2024';

/** The fixture users: who they are and what they may do with company `mine`. */
export const FIXTURE_USERS = {
  /** Aggregator of company `mine`. */
  aggMine: 'ROLE_AGGREGATOR',
  /** Aggregator of company `other`: sees nothing of `mine`. */
  aggOther: 'ROLE_AGGREGATOR',
  /** Owns location `home`. */
  owner: 'ROLE_USER_BASIC',
  /** `view` on `home` (location grant). */
  viewer: 'ROLE_USER_BASIC',
  /** `view` + `edit` on `home` (location grant). */
  editor: 'ROLE_USER_BASIC',
  /** `view` + `edit` + `manage` on group `north` (so on `cabin`), by a group grant. */
  manager: 'ROLE_USER_ADVANCED',
  /** Nothing granted. */
  stranger: 'ROLE_USER_BASIC',
} as const satisfies Record<string, Role>;
/** A fixture user's key. */
export type FixtureUser = keyof typeof FIXTURE_USERS | 'admin';

/** Ids of everything the fixture made, and a session token per user (`admin` is the demo super admin). */
export interface OrgFixture {
  siteId: number;
  countryId: number;
  companies: { mine: number; other: number };
  groups: { mineRoot: number; north: number; otherRoot: number };
  locations: { home: number; cabin: number; foreign: number };
  deviceGroups: { roof: number; foreign: number };
  devices: { panel: number; battery: number; charger: number; foreign: number };
  controllers: { home: number; foreign: number };
  users: Record<keyof typeof FIXTURE_USERS, { id: number; email: string }>;
  tokens: Record<FixtureUser, string>;
}

/** The value, or a thrown error when a fixture insert returned nothing. */
export function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('fixture row missing');
  return value;
}

let serial = 0;
/** A unique controller serial (XXXX-XXXX-XXXX-XXXX). */
export function nextSerial(): string {
  serial += 1;
  return `TEST-${String(serial).padStart(4, '0')}-ABCD-EF01`;
}

/** Builds the fixture in the app's database and signs every user in. */
export async function createOrgFixture(t: TestApp): Promise<OrgFixture> {
  const { db } = t.db;
  const [admin] = await db.select().from(users).where(eq(users.email, ADMIN.email));
  const siteId = must(admin).siteId;
  await db
    .insert(countries)
    .values([
      { code: 'SI', name: 'Slovenia', visible: true },
      { code: 'AT', name: 'Austria', visible: true },
    ])
    .onConflictDoNothing();
  const [country] = await db.select().from(countries).where(eq(countries.code, 'SI'));
  const countryId = must(country).id;

  async function company(name: string) {
    const [row] = await db.insert(companies).values({ siteId, name, countryId }).returning();
    const [root] = await db
      .insert(locationGroups)
      .values({ companyId: must(row).id, name })
      .returning();
    await db
      .update(companies)
      .set({ rootGroupId: must(root).id })
      .where(eq(companies.id, must(row).id));
    return { id: must(row).id, root: must(root).id };
  }
  const mine = await company('Fixture Mine');
  const other = await company('Fixture Other');
  const [north] = await db
    .insert(locationGroups)
    .values({ companyId: mine.id, parentId: mine.root, name: 'North' })
    .returning();

  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  const userIds = {} as OrgFixture['users'];
  for (const [key, role] of Object.entries(FIXTURE_USERS) as [keyof typeof FIXTURE_USERS, Role][]) {
    const email = `${key.toLowerCase()}@fixture.test`;
    const companyId = key === 'aggMine' ? mine.id : key === 'aggOther' ? other.id : null;
    const [row] = await db
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: key,
        lastName: 'Fixture',
        role,
        siteId,
        companyId,
        locale: 'en',
        emailVerifiedAt: new Date(),
      })
      .returning();
    userIds[key] = { id: must(row).id, email };
  }

  async function location(name: string, companyId: number, groupId: number, ownerId?: number) {
    const [row] = await db
      .insert(locations)
      .values({
        name,
        companyId,
        groupId,
        countryId,
        timezone: 'Europe/Ljubljana',
        ownerId: ownerId ?? null,
      })
      .returning();
    return must(row).id;
  }
  const home = await location('Home', mine.id, mine.root, userIds.owner.id);
  const cabin = await location('Cabin', mine.id, must(north).id);
  const foreign = await location('Foreign', other.id, other.root);

  await db.insert(locationPermissions).values([
    { userId: userIds.viewer.id, locationId: home, canView: true },
    { userId: userIds.editor.id, locationId: home, canView: true, canEdit: true },
  ]);
  await db.insert(locationGroupPermissions).values({
    userId: userIds.manager.id,
    groupId: must(north).id,
    canView: true,
    canEdit: true,
    canManage: true,
  });

  const [homeController] = await db
    .insert(controllers)
    .values({
      companyId: mine.id,
      locationId: home,
      alias: 'Home hub',
      unitId: `unit-${nextSerial()}`,
      serial: nextSerial(),
      versions: { firmware: '2.4.1' },
    })
    .returning();
  await db
    .insert(controllerPresence)
    .values({ controllerId: must(homeController).id, connected: true });
  const [foreignController] = await db
    .insert(controllers)
    .values({
      companyId: other.id,
      locationId: foreign,
      alias: 'Foreign hub',
      unitId: `unit-${nextSerial()}`,
      serial: nextSerial(),
    })
    .returning();
  const [roof] = await db
    .insert(deviceGroups)
    .values({ locationId: home, name: 'Roof' })
    .returning();
  const [foreignGroup] = await db
    .insert(deviceGroups)
    .values({ locationId: foreign, name: 'Cellar' })
    .returning();
  /** A device; `status` goes to its state row (live state). */
  async function device(
    name: string,
    locationId: number,
    { status, ...values }: Partial<typeof devices.$inferInsert> & { status?: DeviceStatus } = {},
  ) {
    const [row] = await db
      .insert(devices)
      .values({ name, locationId, ...values })
      .returning();
    if (status !== undefined)
      await db.insert(deviceState).values({ deviceId: must(row).id, status });
    return must(row).id;
  }
  const panel = await device('Solar panel', home, {
    category: 'SOLAR_POWER_PLANT',
    deviceGroupId: must(roof).id,
    controllerId: must(homeController).id,
  });
  const battery = await device('Battery', home, {
    category: 'BATTERY',
    status: 'WARNING',
    controllerId: must(homeController).id,
  });
  const charger = await device('Charger', cabin, { category: 'EV_CHARGER' });
  const foreignDevice = await device('Foreign heat pump', foreign, {
    category: 'HVAC',
    deviceGroupId: must(foreignGroup).id,
    controllerId: must(foreignController).id,
  });

  const tokens = { admin: await signIn(t.app, ADMIN) } as Record<FixtureUser, string>;
  for (const [key, { email }] of Object.entries(userIds)) {
    tokens[key as keyof typeof FIXTURE_USERS] = await signIn(t.app, {
      email,
      password: FIXTURE_PASSWORD,
    });
  }

  return {
    siteId,
    countryId,
    companies: { mine: mine.id, other: other.id },
    groups: { mineRoot: mine.root, north: must(north).id, otherRoot: other.root },
    locations: { home, cabin, foreign },
    deviceGroups: { roof: must(roof).id, foreign: must(foreignGroup).id },
    devices: { panel, battery, charger, foreign: foreignDevice },
    controllers: { home: must(homeController).id, foreign: must(foreignController).id },
    users: userIds,
    tokens,
  };
}

/**
 * The fixture users who may not change `target` of location `home`, each with its status (403 for the viewer, who
 * sees it; 404 for those who do not), and company `mine`'s aggregator on the `foreign` one of company `other` (404).
 */
export function deniedWriters<K extends string>(target: K) {
  return [
    ['viewer', target, 403],
    ['stranger', target, 404],
    ['aggOther', target, 404],
    ['aggMine', 'foreign', 404],
  ] as const;
}

/** A fresh test app (rate limits off) with the fixture built in it: a test file's usual start. */
export async function startOrgFixture(): Promise<{ t: TestApp; f: OrgFixture }> {
  const t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  return { t, f: await createOrgFixture(t) };
}

/** Injects a request with a JSON body `{ data }` (when given) as a fixture user. */
export function call(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  return t.app.inject({
    method,
    url,
    cookies: { ec_session: token },
    ...(data === undefined ? {} : { payload: { data } }),
  });
}
