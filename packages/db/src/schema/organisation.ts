import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  DEVICE_CATEGORIES,
  DEVICE_SETUP_TYPES,
  type DeviceCategory,
  type DeviceSetupType,
  type SpotRegionType,
} from '@ec/domain';
import { sites } from './sites.ts';
import { users } from './users.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Countries (spec 001 §3 Country). Filled from the reference data at start; `visible` marks the countries the
 * product is offered in (GET /api/countries?visible=true).
 */
export const countries = pgTable(
  'countries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** ISO 3166-1 alpha-2, upper case. */
    code: text('code').notNull().unique(),
    /** English name; the web shows the name in the user's language through Intl.DisplayNames. */
    name: text('name').notNull(),
    visible: boolean('visible').notNull().default(false),
  },
  (t) => [check('countries_code_check', sql`${t.code} ~ '^[A-Z]{2}$'`)],
);

/**
 * Energy companies (spec 000 §3, spec 001 §3 Company): a tenant inside a site. Aggregators belong to one; super
 * admins of the site see all of its companies. `menu_version` is bumped by triggers on every change to the
 * company's tree that alters the menu (names, parents, categories, moves, deletion of groups, locations, device
 * groups and devices; migrations 0003 and 0004), so menu caches can be validated with one read. Live state
 * (schema/live-state.ts) never bumps it.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** The root of the company's location-group tree; set right after the company row is created. */
    rootGroupId: integer('root_group_id').references((): AnyPgColumn => locationGroups.id, {
      onDelete: 'set null',
    }),
    // Company settings (spec 001 §3 Company labels).
    productName: text('product_name'),
    platformName: text('platform_name'),
    slogan: text('slogan'),
    domain: text('domain'),
    supportEmail: text('support_email'),
    privacyPolicyUrl: text('privacy_policy_url'),
    termsUrl: text('terms_url'),
    defaultLocationGroupId: integer('default_location_group_id').references(
      (): AnyPgColumn => locationGroups.id,
      { onDelete: 'set null' },
    ),
    registrationUrl: text('registration_url'),
    menuVersion: integer('menu_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_site_id_idx').on(t.siteId),
    check('companies_name_check', sql`length(trim(${t.name})) > 0`),
  ],
);

/**
 * A company's outgoing-mail identity (spec 001 §3 company e-mail settings): sender, and the DKIM key pair the
 * server generated for it. The private key never leaves the server.
 */
export const companyMailSettings = pgTable('company_mail_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  senderName: text('sender_name'),
  senderEmail: text('sender_email'),
  dkimSelector: text('dkim_selector').notNull(),
  /** PKCS#8 PEM. */
  dkimPrivateKey: text('dkim_private_key').notNull(),
  /** SPKI DER, base64 (the `p=` value of the DKIM record). */
  dkimPublicKey: text('dkim_public_key').notNull(),
  /** The last DNS check: per record whether it was found and matches. */
  dnsCheck: jsonb('dns_check').$type<Record<string, unknown>>(),
  dnsCheckedAt: timestamp('dns_checked_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Location groups: a tree per company; the root has no parent (spec 000 §3). */
export const locationGroups = pgTable(
  'location_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => locationGroups.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('location_groups_company_id_idx').on(t.companyId),
    index('location_groups_parent_id_idx').on(t.parentId),
    uniqueIndex('location_groups_one_root_idx')
      .on(t.companyId)
      .where(sql`${t.parentId} is null`),
    check('location_groups_name_check', sql`length(trim(${t.name})) > 0`),
  ],
);

/** Locations (spec 001 §3 Location). Coordinates are optional; both or neither. */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => locationGroups.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    /** IANA time zone name. */
    timezone: text('timezone').notNull().default('Europe/Ljubljana'),
    spotRegionCode: text('spot_region_code'),
    spotRegionType: text('spot_region_type').$type<SpotRegionType>(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The metering point's EIC code (spec 001 §3 eicCode.eic). */
    eicCode: text('eic_code'),
    /** Octopus Agile region letter (spec 001 §3 agileRegion.regionCode). */
    agileRegion: text('agile_region'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    street: text('street'),
    houseNumber: text('house_number'),
    postCode: text('post_code'),
    city: text('city'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_company_id_idx').on(t.companyId),
    index('locations_group_id_idx').on(t.groupId),
    index('locations_owner_id_idx').on(t.ownerId),
    check('locations_name_check', sql`length(trim(${t.name})) > 0`),
    check('locations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_check', sql`${t.longitude} between -180 and 180`),
    check(
      'locations_coordinates_pair_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null)`,
    ),
    check(
      'locations_spot_region_check',
      sql`(${t.spotRegionCode} is null and ${t.spotRegionType} is null) or (${t.spotRegionCode} is not null and ${t.spotRegionType} in ('EIC', 'AGILE'))`,
    ),
  ],
);

/** Device groups inside a location (spec 000 §3); devices may also stay outside any group. */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('device_groups_location_id_idx').on(t.locationId),
    check('device_groups_name_check', sql`length(trim(${t.name})) > 0`),
  ],
);

/**
 * Controllers, the specification's "oem devices" (spec 001 §3 Controller). A controller belongs to a company and,
 * once set up, to a location; a location with controllers cannot be deleted (spec 001 §5). Its presence
 * (connected, last seen) is live state: `controller_presence` in schema/live-state.ts.
 */
export const controllers = pgTable(
  'controllers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    alias: text('alias'),
    unitId: text('unit_id').notNull().unique(),
    serial: text('serial').notNull().unique(),
    setupType: text('setup_type').$type<DeviceSetupType>().notNull().default('CONTROLLER'),
    /** e.g. { firmware: '2.4.1', hardware: 'rev C' }. */
    versions: jsonb('versions')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** e.g. { ip: '10.0.0.12', mac: '00:1A:…' }. */
    addresses: jsonb('addresses')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * SHA-256 (hex) of the controller's MQTT secret (docs/controller-protocol.md). The secret is 32 random bytes
     * shown once, so a fast hash is enough (a slow password hash would cost every CONNECT of a large fleet and add
     * nothing against a 256-bit secret). Null: no secret issued, the controller cannot connect.
     */
    secretHash: text('secret_hash'),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('controllers_company_id_idx').on(t.companyId),
    index('controllers_location_id_idx').on(t.locationId),
    index('controllers_owner_id_idx').on(t.ownerId),
    check('controllers_serial_check', sql`${t.serial} ~ '^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$'`),
    check('controllers_setup_type_check', sql`${t.setupType} in (${quoted(DEVICE_SETUP_TYPES)})`),
  ],
);

/**
 * Devices at a location (spec 000 §3): solar plants, batteries, EV chargers, heat pumps, meters… Their status and
 * latest values are live state: `device_state` and `device_latest` in schema/live-state.ts.
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    controllerId: integer('controller_id').references(() => controllers.id, {
      onDelete: 'set null',
    }),
    deviceGroupId: integer('device_group_id').references(() => deviceGroups.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    category: text('category').$type<DeviceCategory>().notNull().default('OTHER'),
    manufacturer: text('manufacturer'),
    model: text('model'),
    /**
     * The device's reference on its controller (`grid`, `pv1`, …): the key of its values in telemetry
     * (docs/controller-protocol.md). Unique per controller; null for a device no controller reports.
     */
    ref: text('ref'),
    /** Set when deleted; a deleted device can be restored (spec 001 §4 label-only states). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('devices_location_id_idx').on(t.locationId),
    index('devices_controller_id_idx').on(t.controllerId),
    index('devices_device_group_id_idx').on(t.deviceGroupId),
    uniqueIndex('devices_controller_ref_idx').on(t.controllerId, t.ref),
    check('devices_ref_check', sql`${t.ref} ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$'`),
    check('devices_name_check', sql`length(trim(${t.name})) > 0`),
    check('devices_category_check', sql`${t.category} in (${quoted(DEVICE_CATEGORIES)})`),
  ],
);

const actionFlags = () => ({
  canView: boolean('can_view').notNull().default(true),
  canEdit: boolean('can_edit').notNull().default(false),
  canManage: boolean('can_manage').notNull().default(false),
});

/** A user's rights on one location (spec 000 §3 User.permissions.locations; flags in the domain's access docs). */
export const locationPermissions = pgTable(
  'location_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    ...actionFlags(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.locationId] }),
    index('location_permissions_location_id_idx').on(t.locationId),
  ],
);

/** A user's rights on a location group and everything below it (spec 000 §3 User.locationGroups). */
export const locationGroupPermissions = pgTable(
  'location_group_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => locationGroups.id, { onDelete: 'cascade' }),
    ...actionFlags(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('location_group_permissions_group_id_idx').on(t.groupId),
  ],
);
