// TEMPORARY, test set-up only (issue 12): the telemetry migration (0006) is written on another branch. Until it is
// merged, the test templates get the columns and tables the live module and the seed touch, as
// packages/db/src/schema/telemetry.ts declares them (unpartitioned). Every statement is idempotent, so this is a
// no-op once the real migration ran; the lead removes this file and its call in global-setup.ts at the merge.
import { sql, type Database } from '@ec/db';

const STATEMENTS = [
  `alter table devices add column if not exists ref text`,
  `create unique index if not exists devices_controller_ref_idx on devices (controller_id, ref)`,
  `alter table controllers add column if not exists secret_hash text`,
  `alter table controllers add column if not exists secret_rotated_at timestamptz`,
  `alter table controller_presence add column if not exists connection text`,
  `create table if not exists discovered_devices (
    controller_id integer not null references controllers(id) on delete cascade,
    ref text not null,
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    last_values jsonb not null,
    samples integer not null default 1,
    primary key (controller_id, ref))`,
  `create table if not exists reading (
    device_id integer not null, ts timestamptz not null,
    power_w real, energy_import_wh double precision, energy_export_wh double precision, soc_pct real,
    temperature_c real, power_l1_w real, power_l2_w real, power_l3_w real, voltage_l1_v real, voltage_l2_v real,
    voltage_l3_v real, current_l1_a real, current_l2_a real, current_l3_a real, gas_m3 double precision,
    primary key (device_id, ts))`,
  ...['hour:bucket timestamptz', 'day:day date', 'month:month date'].map((spec) => {
    const [period, column] = spec.split(':');
    return `create table if not exists location_rollup_${period} (
      location_id integer not null references locations(id) on delete cascade,
      consumption_wh double precision not null, grid_import_wh double precision not null,
      grid_export_wh double precision not null, solar_wh double precision not null,
      battery_charge_wh double precision not null, battery_discharge_wh double precision not null,
      ev_wh double precision not null, hvac_wh double precision not null,
      ${column} not null,
      primary key (location_id, ${(column ?? '').split(' ')[0]}))`;
  }),
];

/** Adds the telemetry columns and tables the tests need when the migrations have not (see the header). */
export async function ensureTelemetryTables(database: Database): Promise<void> {
  for (const statement of STATEMENTS) await database.db.execute(sql.raw(statement));
}
