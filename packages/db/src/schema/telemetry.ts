import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { controllers, devices, locations } from './organisation.ts';

/*
 * Telemetry (issue 12, docs/telemetry.md). Readings arrive from controllers over MQTT (docs/controller-protocol.md)
 * and land in `reading` at their own resolution; a job turns them into 15-minute intervals per device and hourly,
 * daily and monthly roll-ups per device and per location, recomputing what late data touched (`rollup_dirty`).
 *
 * `reading` and `interval_15m` are partitioned by time on both engines (declarative partitioning, hand-written in the
 * migration: drizzle does not model it); a job creates partitions ahead and drops expired raw ones. Only `reading`
 * expires (default 35 days); intervals and roll-ups are kept.
 *
 * Column names of a reading are the controller protocol's value fields, so a payload maps onto a row without a
 * translation table. Energy in a reading is the device's cumulative counter (Wh); energy in an interval or roll-up
 * is the energy of that interval, derived from counter differences (a counter that goes down is a reset, not a
 * negative amount). Sign convention as the protocol: `import` = energy in the + direction of `power_w`.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Per controller: the highest telemetry `seq` committed (what the cloud acknowledges) and when. */
export const controllerIngest = pgTable('controller_ingest', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  /** The highest seq seen (committed) from this controller, gaps or not. */
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastMessageAt: at('last_message_at').notNull(),
  /**
   * The acknowledged seq: every seq up to it is committed (or refused as malformed), with no gap. The ack the cloud
   * publishes is this value, whichever instance committed which message (shared subscriptions split a stream).
   */
  ackedSeq: bigint('acked_seq', { mode: 'number' }),
  /** Committed seqs above `acked_seq` waiting for a gap below them to fill (bounded; see the telemetry store). */
  pendingSeqs: bigint('pending_seqs', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  /** Since when a gap has held the ack back; a gap older than the store's limit is skipped (logged). */
  gapSince: at('gap_since'),
});

/**
 * A device reference a controller reported that matches none of its devices: kept for an admin to adopt (it then
 * becomes a device with that `ref`), with its latest values so the admin sees what it is.
 */
export const discoveredDevices = pgTable(
  'discovered_devices',
  {
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    lastValues: jsonb('last_values').$type<Record<string, number>>().notNull(),
    samples: integer('samples').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.ref] })],
);

/** Raw readings, one row per device and sample instant (partitioned by day on `ts`, kept 35 days by default). */
export const readings = pgTable(
  'reading',
  {
    // `ts` before `device_id`: 8-byte alignment of the timestamp after a 4-byte integer would pad 4 bytes, so this
    // order saves 8 bytes per row (a row with only power_w: 48 instead of 56 bytes of tuple). The key is unchanged.
    ts: at('ts').notNull(),
    deviceId: integer('device_id').notNull(),
    powerW: real('power_w'),
    energyImportWh: doublePrecision('energy_import_wh'),
    energyExportWh: doublePrecision('energy_export_wh'),
    socPct: real('soc_pct'),
    temperatureC: real('temperature_c'),
    powerL1W: real('power_l1_w'),
    powerL2W: real('power_l2_w'),
    powerL3W: real('power_l3_w'),
    voltageL1V: real('voltage_l1_v'),
    voltageL2V: real('voltage_l2_v'),
    voltageL3V: real('voltage_l3_v'),
    currentL1A: real('current_l1_a'),
    currentL2A: real('current_l2_a'),
    currentL3A: real('current_l3_a'),
    gasM3: doublePrecision('gas_m3'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.ts] }),
    // Time-range scans over all devices (the live view's current quarter hour of a location, retention checks):
    // a BRIN index costs ~24 kB per million rows, as rows arrive in time order.
    index('reading_ts_brin_idx').using('brin', t.ts),
  ],
);

/**
 * 15-minute intervals per device (partitioned by month on `ts`, the interval's start). Energy per direction in
 * the interval, average/min/max power, last state of charge, mean temperature, and how many samples it holds.
 */
export const intervals15m = pgTable(
  'interval_15m',
  {
    deviceId: integer('device_id').notNull(),
    ts: at('ts').notNull(),
    importWh: doublePrecision('import_wh'),
    exportWh: doublePrecision('export_wh'),
    powerAvgW: real('power_avg_w'),
    powerMinW: real('power_min_w'),
    powerMaxW: real('power_max_w'),
    socPct: real('soc_pct'),
    temperatureC: real('temperature_c'),
    samples: smallint('samples').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.ts] }),
    index('interval_15m_ts_brin_idx').using('brin', t.ts),
  ],
);

/** Per-device energy and power roll-up columns (hour, day, month). */
const deviceRollupColumns = () => ({
  deviceId: integer('device_id')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' }),
  importWh: doublePrecision('import_wh'),
  exportWh: doublePrecision('export_wh'),
  powerAvgW: real('power_avg_w'),
  powerMinW: real('power_min_w'),
  powerMaxW: real('power_max_w'),
  /** How many 15-minute intervals it covers (a completeness measure: 4 per hour, 92–100 per local day). */
  intervals: integer('intervals').notNull(),
});

/** Per-device hourly roll-up (`bucket` = the hour's start). */
export const deviceRollupHour = pgTable(
  'device_rollup_hour',
  { ...deviceRollupColumns(), bucket: at('bucket').notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.bucket] })],
);

/** Per-device daily roll-up, by the location's local calendar day. */
export const deviceRollupDay = pgTable(
  'device_rollup_day',
  { ...deviceRollupColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/** Per-device monthly roll-up, by the location's local calendar month (`month` = its first day). */
export const deviceRollupMonth = pgTable(
  'device_rollup_month',
  { ...deviceRollupColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.month] })],
);

/**
 * Per-location energy columns (Wh). grid import/export from GRID devices; solar = production of SOLAR_POWER_PLANT
 * devices; battery charge/discharge from BATTERY devices; ev = EV_CHARGER consumption; hvac = HVAC consumption;
 * consumption = everything the location used: grid import − grid export + solar + battery discharge − battery
 * charge + net output of hybrid inverters (so EV and HVAC are part of it).
 */
const locationRollupColumns = () => ({
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  consumptionWh: doublePrecision('consumption_wh').notNull(),
  gridImportWh: doublePrecision('grid_import_wh').notNull(),
  gridExportWh: doublePrecision('grid_export_wh').notNull(),
  solarWh: doublePrecision('solar_wh').notNull(),
  batteryChargeWh: doublePrecision('battery_charge_wh').notNull(),
  batteryDischargeWh: doublePrecision('battery_discharge_wh').notNull(),
  evWh: doublePrecision('ev_wh').notNull(),
  hvacWh: doublePrecision('hvac_wh').notNull(),
});

/** Per-location hourly energy (`bucket` = the hour's start). */
export const locationRollupHour = pgTable(
  'location_rollup_hour',
  { ...locationRollupColumns(), bucket: at('bucket').notNull() },
  (t) => [primaryKey({ columns: [t.locationId, t.bucket] })],
);

/** Per-location daily energy, by the location's local calendar day. */
export const locationRollupDay = pgTable(
  'location_rollup_day',
  { ...locationRollupColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.locationId, t.day] })],
);

/** Per-location monthly energy, by the location's local calendar month (`month` = its first day). */
export const locationRollupMonth = pgTable(
  'location_rollup_month',
  { ...locationRollupColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.locationId, t.month] })],
);

/**
 * 15-minute intervals whose readings changed since the roll-up job last ran (new, late or corrected data). The
 * job recomputes each one's interval, then the hours, days and months above it, and deletes the row.
 */
export const rollupDirty = pgTable(
  'rollup_dirty',
  {
    deviceId: integer('device_id').notNull(),
    ts: at('ts').notNull(),
    markedAt: at('marked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.ts] }),
    index('rollup_dirty_marked_at_idx').on(t.markedAt),
  ],
);
