import {
  companies,
  controllers,
  countries,
  deviceGroups,
  devices,
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
  DEMO_COUNTRY_NAMES,
  DEMO_DEVICE_SETS,
  DEMO_GROUP_GRANTS,
  DEMO_LOCATION_GRANTS,
  DEMO_LOCATIONS,
  DEMO_SPOT_REGIONS,
  DEMO_TIMEZONES,
  DEMO_USER_COMPANIES,
  type DemoDevice,
} from './organisation-data.ts';
import { createRandom } from './random.ts';

/** `value`, or an error naming what is missing in the demo data (a bug in organisation-data.ts). */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: ${what} missing`);
  return value;
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

  for (const [code, name] of Object.entries(DEMO_COUNTRY_NAMES)) {
    await db.insert(countries).values({ code, name, visible: true }).onConflictDoNothing();
  }
  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, Object.keys(DEMO_COUNTRY_NAMES)));
  const countryId = (code: string) => {
    const row = countryRows.find((c) => c.code === code);
    if (!row) throw new Error(`demo country ${code} missing`);
    return row.id;
  };
  const siteRows = await db.select({ id: sites.id, identifier: sites.identifier }).from(sites);
  const siteId = (identifier: string) => {
    const row = siteRows.find((s) => s.identifier === identifier);
    if (!row) throw new Error(`demo site ${identifier} missing`);
    return row.id;
  };
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = (email: string) => {
    const row = userRows.find((u) => u.email === email);
    if (!row) throw new Error(`demo user ${email} missing`);
    return row.id;
  };

  for (const company of DEMO_COMPANIES) {
    const values = {
      id: company.id,
      siteId: siteId(company.siteIdentifier),
      name: company.name,
      countryId: countryId(company.countryCode),
      contactEmail: company.contactEmail,
      contactPhone: company.contactPhone,
      supportEmail: company.contactEmail,
    };
    const { id: _id, ...changes } = values;
    await db
      .insert(companies)
      .values(values)
      .onConflictDoUpdate({ target: companies.id, set: changes });
    for (const group of company.groups) {
      const row = {
        id: group.id,
        companyId: company.id,
        parentId: group.parent,
        name: group.name,
      };
      const { id: _gid, ...groupChanges } = row;
      await db
        .insert(locationGroups)
        .values(row)
        .onConflictDoUpdate({ target: locationGroups.id, set: groupChanges });
    }
    const root = must(company.groups[0], `root group of ${company.name}`).id;
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
    const country = company.countryCode;
    const ownerId = location.owner ? userId(location.owner) : null;
    const values = {
      id: location.id,
      companyId: location.company,
      groupId: location.group,
      name: location.name,
      countryId: countryId(country),
      timezone: must(DEMO_TIMEZONES[country], `time zone of ${country}`),
      spotRegionCode: must(DEMO_SPOT_REGIONS[country], `spot region of ${country}`),
      spotRegionType: 'EIC' as const,
      latitude: location.latitude,
      longitude: location.longitude,
      ownerId,
      street: location.street,
      houseNumber: location.houseNumber,
      postCode: location.postCode,
      city: location.city,
    };
    const { id: _id, ...changes } = values;
    await db
      .insert(locations)
      .values(values)
      .onConflictDoUpdate({ target: locations.id, set: changes });

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
      connected: location.connected,
      lastSeenAt: DEMO_VERIFIED_AT,
    };
    const { id: _cid, ...controllerChanges } = controller;
    await db
      .insert(controllers)
      .values(controller)
      .onConflictDoUpdate({ target: controllers.id, set: controllerChanges });

    const kit: readonly DemoDevice[] = DEMO_DEVICE_SETS[location.kit];
    const groupIds = new Map<string, number>();
    for (const name of new Set(kit.map((d) => d.group).filter((g): g is string => g !== null))) {
      deviceGroupId += 1;
      groupIds.set(name, deviceGroupId);
      await db
        .insert(deviceGroups)
        .values({ id: deviceGroupId, locationId: location.id, name })
        .onConflictDoUpdate({
          target: deviceGroups.id,
          set: { locationId: location.id, name },
        });
    }
    for (const device of kit) {
      deviceId += 1;
      const row = {
        id: deviceId,
        locationId: location.id,
        controllerId: controller.id,
        deviceGroupId: device.group ? must(groupIds.get(device.group), device.group) : null,
        name: device.name,
        category: device.category,
        manufacturer: device.manufacturer,
        model: device.model,
        status: location.connected ? (device.status ?? 'OK') : ('OFFLINE' as const),
        deletedAt: null,
      };
      const { id: _did, ...deviceChanges } = row;
      await db
        .insert(devices)
        .values(row)
        .onConflictDoUpdate({ target: devices.id, set: deviceChanges });
    }
  }

  for (const grant of DEMO_GROUP_GRANTS) {
    const values = {
      userId: userId(grant.email),
      groupId: grant.group,
      canView: grant.view,
      canEdit: grant.edit,
      canManage: grant.manage,
    };
    await db
      .insert(locationGroupPermissions)
      .values(values)
      .onConflictDoUpdate({
        target: [locationGroupPermissions.userId, locationGroupPermissions.groupId],
        set: { canView: grant.view, canEdit: grant.edit, canManage: grant.manage },
      });
  }
  for (const grant of DEMO_LOCATION_GRANTS) {
    const values = {
      userId: userId(grant.email),
      locationId: grant.location,
      canView: grant.view,
      canEdit: grant.edit,
      canManage: grant.manage,
    };
    await db
      .insert(locationPermissions)
      .values(values)
      .onConflictDoUpdate({
        target: [locationPermissions.userId, locationPermissions.locationId],
        set: { canView: grant.view, canEdit: grant.edit, canManage: grant.manage },
      });
  }

  for (const table of ID_TABLES) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
    );
  }
  return { companies: DEMO_COMPANIES.length, locations: DEMO_LOCATIONS.length };
}
