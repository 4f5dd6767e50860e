import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/*
 * Moj Elektro (issue 14, DESIGN-14 §4, apps/server/src/modules/moj-elektro): the users' portal tokens (encrypted at
 * rest), the 15-minute series of the metering points (stored ONCE per point for the portal's data, per upload for
 * files), and the users' devices bound to their tokens.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Providers of external credentials. */
export const EXTERNAL_CREDENTIAL_PROVIDER_VALUES = ['MOJ_ELEKTRO'] as const;
/** Where a series comes from. */
export const METERING_SERIES_SOURCES = ['PORTAL', 'UPLOAD'] as const;
/** Import states of a device. */
export const EXTERNAL_DEVICE_IMPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;

/** A user's token of an external service, encrypted (AES-256-GCM `v1:<iv>:<tag>:<ciphertext>`, base64). */
export const externalCredentials = pgTable(
  'external_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider')
      .$type<(typeof EXTERNAL_CREDENTIAL_PROVIDER_VALUES)[number]>()
      .notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    /** The first 5 characters, for the masked display. */
    tokenPrefix: text('token_prefix').notNull(),
    /** HMAC-SHA256 of the token with the credentials key: finds the same token twice without decrypting. */
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_credentials_user_hash_key').on(t.userId, t.tokenHash),
    check('external_credentials_provider_check', sql`${t.provider} in ('MOJ_ELEKTRO')`),
  ],
);

/** A 15-minute series: the portal's data of one metering point (shared), or one user's upload. */
export const meteringSeries = pgTable(
  'metering_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').$type<(typeof METERING_SERIES_SOURCES)[number]>().notNull(),
    eimm: text('eimm').notNull(),
    /** The uploader for UPLOAD; null for PORTAL. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Bumped by every write of its readings: readers cache the series and re-read when it changed. */
    dataVersion: integer('data_version').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('metering_series_portal_eimm_key')
      .on(t.eimm)
      .where(sql`${t.source} = 'PORTAL'`),
    check('metering_series_source_check', sql`${t.source} in ('PORTAL', 'UPLOAD')`),
    check(
      'metering_series_owner_check',
      sql`(${t.source} = 'PORTAL') = (${t.ownerUserId} is null)`,
    ),
  ],
);

/** One 15-minute reading: average power in units of 0.1 W (the engine's units), by interval END. */
export const meteringReadings = pgTable(
  'metering_readings',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => meteringSeries.id, { onDelete: 'cascade' }),
    intervalEnd: at('interval_end').notNull(),
    importW10: integer('import_w10').notNull(),
    exportW10: integer('export_w10'),
    /** A± (energy × 4) was used because P± was absent. */
    fromEnergy: boolean('from_energy').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.intervalEnd] }),
    check('metering_readings_import_check', sql`${t.importW10} >= 0`),
    check('metering_readings_export_check', sql`${t.exportW10} is null or ${t.exportW10} >= 0`),
  ],
);

/** A user's metering device ("abstract device", spec 001 §3), keyed by EIMM per user. */
export const externalDevices = pgTable(
  'external_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eimm: text('eimm').notNull(),
    /** The metering place's GSRN (MM). */
    gsrn: text('gsrn'),
    /** The metering point's GSRN (MT) whose agreed powers apply. */
    mtGsrn: text('mt_gsrn'),
    seriesId: integer('series_id')
      .notNull()
      .references(() => meteringSeries.id, { onDelete: 'cascade' }),
    abstractDeviceTypeId: integer('abstract_device_type_id').notNull().default(1),
    label: text('label'),
    tariffsCount: smallint('tariffs_count'),
    /** The ConsumerInfo of the contract (portal data, or the upload's connection data). */
    consumerInfo: jsonb('consumer_info'),
    consumerInfoAt: at('consumer_info_at'),
    importStatus: text('import_status')
      .$type<(typeof EXTERNAL_DEVICE_IMPORT_STATUSES)[number]>()
      .notNull()
      .default('PENDING'),
    importMonthsDone: integer('import_months_done').notNull().default(0),
    importMonthsTotal: integer('import_months_total').notNull().default(0),
    /** Translation key of the last failure. */
    importError: text('import_error'),
    lastImportAt: at('last_import_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_devices_user_eimm_key').on(t.userId, t.eimm),
    index('external_devices_series_idx').on(t.seriesId),
    check(
      'external_devices_import_status_check',
      sql`${t.importStatus} in ('PENDING', 'RUNNING', 'DONE', 'FAILED')`,
    ),
    check(
      'external_devices_tariffs_check',
      sql`${t.tariffsCount} is null or ${t.tariffsCount} in (1, 2)`,
    ),
  ],
);

/** The tokens a device is read with (a device may be bound to several of the user's tokens). */
export const externalDeviceCredentials = pgTable(
  'external_device_credentials',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => externalDevices.id, { onDelete: 'cascade' }),
    credentialId: integer('credential_id')
      .notNull()
      .references(() => externalCredentials.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.credentialId] }),
    index('external_device_credentials_credential_idx').on(t.credentialId),
  ],
);
