import {
  companies,
  controllerPresence,
  controllers,
  countries,
  deviceGroups,
  devices,
  deviceState,
  eq,
  inArray,
  locationGroupPermissions,
  locationGroups,
  locationPermissions,
  locations,
  sites,
  sql,
  users,
  type Db,
} from '@ec/db';
import { DEMO_VERIFIED_AT } from './data.ts';
import {
  DEMO_COMPANIES,
  DEMO_COUNTRIES,
  DEMO_DEVICE_SETS,
  DEMO_GRANTS,
  DEMO_LOCATION_GROUPS,
  DEMO_LOCATIONS,
  DEMO_USER_COMPANIES,
  type DemoDevice,
} from './organisation-data.ts';
import { createRandom } from './random.ts';
import { upsert } from './upsert.ts';

/** `value`, or an error naming what is missing in the demo data (a bug in organisation-data.ts). */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: ${what} missing`);
  return value;
}

/** The id of the row whose `key` is the given value: a lookup of ids by natural key. */
function idOf(rows: readonly { id: number; key: string }[], what: string) {
  return (key: string): number =>
    must(
      rows.find((row) => row.key === key),
      `${what} ${key}`,
    ).id;
}

const SERIAL_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Tables whose demo rows have fixed ids: their identity sequences move past the largest id afterwards. */
const ID_TABLES = [
  'companies',
  'location_groups',
  'locations',
  'controllers',
  'device_groups',
  'devices',
] as const;

/**
 * Seeds the demo organisation (organisation-data.ts) after the sites and users exist: upserts by fixed ids, so a
 * second run restores the demo state. Countries the demo needs are added when missing (the reference data adds
 * the rest at start).
 */
export async function seedOrganisation(db: Db): Promise<{ companies: number; locations: number }> {
  const random = createRandom(20_241_001);

  for (const [code, { name }] of Object.entries(DEMO_COUNTRIES)) {
    await db.insert(countries).values({ code, name, visible: true }).onConflictDoNothing();
  }
  const countryId = idOf(
    await db
      .select({ id: countries.id, key: countries.code })
      .from(countries)
      .where(inArray(countries.code, Object.keys(DEMO_COUNTRIES))),
    'country',
  );
  const siteId = idOf(await db.select({ id: sites.id, key: sites.identifier }).from(sites), 'site');
  const userId = idOf(await db.select({ id: users.id, key: users.email }).from(users), 'user');

  for (const company of DEMO_COMPANIES) {
    await upsert(db, companies, ['id'], {
      id: company.id,
      siteId: siteId(company.siteIdentifier),
      name: company.name,
      countryId: countryId(company.countryCode),
      contactEmail: company.contactEmail,
      contactPhone: company.contactPhone,
      supportEmail: company.contactEmail,
    });
  }
  for (const group of DEMO_LOCATION_GROUPS) {
    await upsert(db, locationGroups, ['id'], {
      id: group.id,
      companyId: group.company,
      parentId: group.parent,
      name: group.name,
    });
  }
  for (const company of DEMO_COMPANIES) {
    const root = must(
      DEMO_LOCATION_GROUPS.find((g) => g.company === company.id && g.parent === null),
      `root group of ${company.name}`,
    ).id;
    await db
      .update(companies)
      .set({ rootGroupId: root, defaultLocationGroupId: root })
      .where(eq(companies.id, company.id));
  }

  for (const [email, companyId] of Object.entries(DEMO_USER_COMPANIES)) {
    await db.update(users).set({ companyId }).where(eq(users.email, email));
  }

  let deviceGroupId = 0;
  let deviceId = 0;
  for (const location of DEMO_LOCATIONS) {
    const company = must(
      DEMO_COMPANIES.find((c) => c.id === location.company),
      `company ${location.company}`,
    );
    const country = must(DEMO_COUNTRIES[company.countryCode], `country ${company.countryCode}`);
    const ownerId = location.owner ? userId(location.owner) : null;
    await upsert(db, locations, ['id'], {
      id: location.id,
      companyId: location.company,
      groupId: location.group,
      name: location.name,
      countryId: countryId(company.countryCode),
      timezone: country.timezone,
      spotRegionCode: country.spotRegion,
      spotRegionType: 'EIC',
      latitude: location.latitude,
      longitude: location.longitude,
      ownerId,
      street: location.street,
      houseNumber: location.houseNumber,
      postCode: location.postCode,
      city: location.city,
    });

    const serial = Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => SERIAL_CHARS[random.int(0, SERIAL_CHARS.length - 1)]).join(
        '',
      ),
    ).join('-');
    const controller = {
      id: location.id,
      companyId: location.company,
      locationId: location.id,
      ownerId,
      alias: `${location.city} ${location.setupType === 'P1_WIFI' ? 'P1' : 'EMS'}`,
      unitId: `EC-${String(location.id).padStart(6, '0')}`,
      serial,
      setupType: location.setupType,
      versions: { firmware: `2.${random.int(2, 5)}.${random.int(0, 9)}`, hardware: 'rev C' },
      addresses: {
        ip: `10.${location.company}.${location.id}.${random.int(2, 254)}`,
        mac: Array.from({ length: 6 }, (_, i) =>
          (i === 0 ? 0x02 : random.int(0, 255)).toString(16).padStart(2, '0'),
        )
          .join(':')
          .toUpperCase(),
      },
    };
    await upsert(db, controllers, ['id'], controller);
    // Live state (docs/decisions/0016): the demo's controllers were last heard from at a fixed time.
    await upsert(db, controllerPresence, ['controllerId'], {
      controllerId: controller.id,
      connected: location.connected,
      lastSeenAt: DEMO_VERIFIED_AT,
    });

    const kit: readonly DemoDevice[] = DEMO_DEVICE_SETS[location.kit];
    const groupIds = new Map<string, number>();
    for (const name of new Set(kit.map((d) => d.group).filter((g): g is string => g !== null))) {
      deviceGroupId += 1;
      groupIds.set(name, deviceGroupId);
      await upsert(db, deviceGroups, ['id'], { id: deviceGroupId, locationId: location.id, name });
    }
    for (const device of kit) {
      deviceId += 1;
      await upsert(db, devices, ['id'], {
        id: deviceId,
        locationId: location.id,
        controllerId: controller.id,
        deviceGroupId: device.group ? must(groupIds.get(device.group), device.group) : null,
        name: device.name,
        ref: device.ref,
        category: device.category,
        manufacturer: device.manufacturer,
        model: device.model,
        deletedAt: null,
      });
      await upsert(db, deviceState, ['deviceId'], {
        deviceId,
        status: location.connected ? (device.status ?? 'OK') : 'OFFLINE',
      });
    }
  }

  for (const grant of DEMO_GRANTS) {
    const holder = userId(grant.email);
    const flags = { canView: grant.view, canEdit: grant.edit, canManage: grant.manage };
    if ('group' in grant) {
      const row = { userId: holder, groupId: grant.group, ...flags };
      await upsert(db, locationGroupPermissions, ['userId', 'groupId'], row);
    } else {
      const row = { userId: holder, locationId: grant.location, ...flags };
      await upsert(db, locationPermissions, ['userId', 'locationId'], row);
    }
  }

  for (const table of ID_TABLES) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
    );
  }
  return { companies: DEMO_COMPANIES.length, locations: DEMO_LOCATIONS.length };
}
