import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { DEVICE_STATUSES, type DeviceStatus } from '@ec/domain';
import { controllers, devices } from './organisation.ts';

/*
 * Live state (docs/decisions/0016-live-state-apart-from-configuration.md): what controllers report — a device's
 * status, a controller's presence, the latest value of each metric — lives here, apart from the configuration
 * tables in organisation.ts. These rows change all the time and carry no triggers: writing them never bumps a
 * company's `menu_version`, so the menu caches survive telemetry. One row per device / controller /
 * (device, metric), overwritten in place (upsert); history belongs in the time-series tables, not here.
 */

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A device's last known status. No row: nothing reported yet, which the API shows as
 * {@link DEVICE_STATUS_UNREPORTED}.
 */
export const deviceState = pgTable(
  'device_state',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeviceStatus>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('device_state_status_check', sql`${t.status} in (${quoted(DEVICE_STATUSES)})`)],
);

/**
 * What a device without a `device_state` row shows as its status: the default of the former `devices.status`
 * column, so answers did not change when the column moved here.
 */
export const DEVICE_STATUS_UNREPORTED: DeviceStatus = 'OK';

/**
 * A controller's presence: whether its MQTT session is up and when it last sent anything. No row: never seen
 * (shown as not connected, last seen null).
 */
export const controllerPresence = pgTable('controller_presence', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  connected: boolean('connected').notNull().default(false),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** How it reaches the internet, from its `state` message: `ethernet`, `wifi` or `mobile`. */
  connection: text('connection'),
  updatedAt: updatedAt(),
});

/**
 * The latest value of each of a device's metrics (e.g. `pv.power` in W, `battery.soc` in %), for live cards and
 * lists without reading the time series. Metric names and units follow the controller protocol
 * (packages/protocol); `at` is when the controller measured it, `updated_at` when it arrived. Filled by the
 * telemetry ingest: metric = the protocol's value field (`power_w`, `soc_pct`, …).
 */
export const deviceLatest = pgTable(
  'device_latest',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.metric] }),
    check('device_latest_metric_check', sql`length(trim(${t.metric})) > 0`),
  ],
);
