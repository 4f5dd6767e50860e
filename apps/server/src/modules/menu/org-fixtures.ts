// Test fixtures for the menu, search and users-admin API tests: companies, groups, locations, devices and users
// created straight in the test database, and signed-in sessions for the users.
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
  sites,
  users,
} from '@ec/db';
import type { DeviceCategory, DeviceStatus, Role } from '@ec/domain';
import { signIn, type TestApp } from '../../test/helpers.ts';
import { hashPassword } from '../auth/password.ts';

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'fixture-pass-2024';

type Flags = { view?: boolean; edit?: boolean; manage?: boolean };

/** The single row an insert or lookup returned. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('fixture: no row');
  return row;
}

/** Builders bound to one test app. */
export async function orgFixtures(t: TestApp) {
  const { db } = t.db;
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  await db
    .insert(countries)
    .values({ code: 'SI', name: 'Slovenia', visible: true })
    .onConflictDoNothing();
  const country = one(await db.select().from(countries).where(eq(countries.code, 'SI')));
  const mainSite = one(await db.select().from(sites).where(eq(sites.identifier, 'default')));
  const otherSite = one(
    await db
      .insert(sites)
      .values({
        identifier: 'fixture-other',
        productName: 'Other',
        supportEmail: 'other@site.test',
      })
      .returning(),
  );
  let serial = 0;

  return {
    siteId: mainSite.id,
    otherSiteId: otherSite.id,
    countryId: country.id,

    /** A company with its root group. */
    async company(name: string, siteId = mainSite.id) {
      const row = one(
        await db.insert(companies).values({ siteId, name, countryId: country.id }).returning(),
      );
      const root = one(
        await db.insert(locationGroups).values({ companyId: row.id, name }).returning(),
      );
      await db.update(companies).set({ rootGroupId: root.id }).where(eq(companies.id, row.id));
      return { id: row.id, rootGroupId: root.id };
    },

    async group(companyId: number, parentId: number, name: string) {
      const row = one(
        await db.insert(locationGroups).values({ companyId, parentId, name }).returning(),
      );
      return row.id;
    },

    async location(
      companyId: number,
      groupId: number,
      name: string,
      extra: Partial<typeof locations.$inferInsert> = {},
    ) {
      const row = one(
        await db
          .insert(locations)
          .values({ companyId, groupId, name, ...extra })
          .returning(),
      );
      return row.id;
    },

    async deviceGroup(locationId: number, name: string) {
      const row = one(await db.insert(deviceGroups).values({ locationId, name }).returning());
      return row.id;
    },

    /** A controller; `connected` and `lastSeenAt` go to its presence row (live state). */
    async controller(
      companyId: number,
      locationId: number | null,
      {
        connected,
        lastSeenAt,
        ...extra
      }: Partial<typeof controllers.$inferInsert> & {
        connected?: boolean;
        lastSeenAt?: Date | null;
      } = {},
    ) {
      serial += 1;
      const tail = String(serial).padStart(4, '0');
      const row = one(
        await db
          .insert(controllers)
          .values({
            companyId,
            locationId,
            unitId: `unit-${companyId}-${tail}`,
            serial: `FX${String(companyId).padStart(2, '0')}-AAAA-BBBB-${tail}`,
            ...extra,
          })
          .returning(),
      );
      if (connected !== undefined || lastSeenAt !== undefined) {
        await db.insert(controllerPresence).values({
          controllerId: row.id,
          connected: connected ?? false,
          lastSeenAt: lastSeenAt ?? null,
        });
      }
      return row.id;
    },

    /** A device; `status` goes to its state row (live state). */
    async device(
      locationId: number,
      name: string,
      extra: {
        category?: DeviceCategory;
        deviceGroupId?: number | null;
        controllerId?: number | null;
        manufacturer?: string;
        model?: string;
        deletedAt?: Date;
        status?: DeviceStatus;
      } = {},
    ) {
      const { status, ...values } = extra;
      const row = one(
        await db
          .insert(devices)
          .values({ locationId, name, ...values })
          .returning(),
      );
      if (status !== undefined) await db.insert(deviceState).values({ deviceId: row.id, status });
      return row.id;
    },

    /** A verified user with {@link FIXTURE_PASSWORD}. */
    async user(
      email: string,
      role: Role,
      extra: { companyId?: number | null; siteId?: number; verified?: boolean } = {},
    ) {
      const row = one(
        await db
          .insert(users)
          .values({
            email,
            passwordHash,
            firstName: email.slice(0, email.indexOf('@')),
            lastName: 'Fixture',
            role,
            siteId: extra.siteId ?? mainSite.id,
            companyId: extra.companyId ?? null,
            emailVerifiedAt: extra.verified === false ? null : new Date(),
          })
          .returning(),
      );
      return row.id;
    },

    async grantLocation(userId: number, locationId: number, flags: Flags = { view: true }) {
      await db.insert(locationPermissions).values({
        userId,
        locationId,
        canView: flags.view ?? false,
        canEdit: flags.edit ?? false,
        canManage: flags.manage ?? false,
      });
    },

    async grantGroup(userId: number, groupId: number, flags: Flags = { view: true }) {
      await db.insert(locationGroupPermissions).values({
        userId,
        groupId,
        canView: flags.view ?? false,
        canEdit: flags.edit ?? false,
        canManage: flags.manage ?? false,
      });
    },

    /** Signs a fixture user in; returns the session cookie value. */
    login(email: string) {
      return signIn(t.app, { email, password: FIXTURE_PASSWORD });
    },
  };
}

/** The fixture builders. */
export type OrgFixtures = Awaited<ReturnType<typeof orgFixtures>>;
