// What a stored reading costs (docs/telemetry.md): writes N readings through the telemetry store into a scratch
// database on the PostgreSQL server of the admin URL, runs the roll-ups, and prints bytes per row (heap, indexes,
// total) of `reading` and `interval_15m`, plus the write rate. The scratch database is dropped at the end.
//
//   node apps/server/scripts/telemetry-bytes.ts postgres://postgres@127.0.0.1:5432/postgres [readings] [profile]
//
// profile: `power` (power_w only), `meter` (power_w + both energy counters, the usual device), `p1` (a three-phase
// P1 meter: power, counters, per-phase power, voltage and current).
import { randomBytes } from 'node:crypto';
import { createDb, migrate, queryRows, sql, type Db } from '@ec/db';
import type { TelemetryValues } from '@ec/protocol';
import { ensurePartitions } from '../src/modules/telemetry/partitions.ts';
import { runRollups } from '../src/modules/telemetry/rollups.ts';
import {
  createTelemetryStore,
  type IncomingBatch,
} from '../src/modules/telemetry/telemetry.repository.ts';
import { telemetryFixture } from '../src/modules/telemetry/telemetry.fixtures.ts';

const [adminUrl, countText = '200000', profile = 'meter'] = process.argv.slice(2);
if (!adminUrl || !['power', 'meter', 'p1'].includes(profile)) {
  process.stderr.write(
    'usage: telemetry-bytes.ts <postgres admin url> [readings] [power|meter|p1]\n',
  );
  process.exit(2);
}
const count = Number(countText);
const DEVICES = 100;
const perDevice = Math.ceil(count / DEVICES);

function values(i: number, n: number): TelemetryValues {
  const power = 1000 + ((i * 37 + n * 11) % 500);
  if (profile === 'power') return { power_w: power };
  const meter = { power_w: power, energy_import_wh: 1e6 + n * 17, energy_export_wh: 2e5 + n * 3 };
  if (profile === 'meter') return meter;
  return {
    ...meter,
    power_l1_w: power / 3,
    power_l2_w: power / 3,
    power_l3_w: power / 3,
    voltage_l1_v: 230.1,
    voltage_l2_v: 229.8,
    voltage_l3_v: 231.0,
    current_l1_a: 1.4,
    current_l2_a: 1.5,
    current_l3_a: 1.3,
  };
}

const name = `telemetry_bytes_${randomBytes(4).toString('hex')}`;
const admin = await createDb({ databaseUrl: adminUrl, maxConnections: 1 });
await admin.db.execute(sql.raw(`create database ${name}`));
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await createDb({ databaseUrl: url.href, maxConnections: 2 });
try {
  await migrate(database);
  const db: Db = database.db;
  const fx = await telemetryFixture(db);
  // 99 more devices on controller UNIT-1 (refs d0…d98), next to the fixture's `grid`.
  for (let i = 0; i < DEVICES - 1; i++) {
    await db.execute(
      sql`insert into devices (location_id, controller_id, name, category, ref)
          values (${fx.locationId}, ${fx.controllerId}, ${`d${i}`}, 'OTHER', ${`d${i}`})`,
    );
  }
  const refs = ['grid', ...Array.from({ length: DEVICES - 1 }, (_, i) => `d${i}`)];
  const now = new Date();
  await ensurePartitions(db, { now, rawRetentionDays: 35 });
  const store = createTelemetryStore(db, { now: () => now });
  const start = now.getTime() - perDevice * 60_000;
  // 20 samples of 100 devices = 2,000 readings per call, the ingest's flush size.
  const started = performance.now();
  let written = 0;
  for (let n = 0; n < perDevice; n += 20) {
    const samples: IncomingBatch['samples'] = [];
    for (let k = n; k < Math.min(n + 20, perDevice); k++) {
      const entry: Record<string, TelemetryValues> = {};
      refs.forEach((ref, i) => (entry[ref] = values(i, k)));
      samples.push({ time: new Date(start + k * 60_000).toISOString(), values: entry });
    }
    const [outcome] = await store.writeBatches([
      { unitId: 'UNIT-1', seq: n, samples, receivedAt: now },
    ]);
    written += outcome?.stored ?? 0;
  }
  const writeMs = performance.now() - started;
  const rollupStarted = performance.now();
  while ((await runRollups(db, { limit: 5000 })).processed > 0);
  const rollupMs = performance.now() - rollupStarted;
  await db.execute(sql`vacuum analyze`);
  const sizes = await queryRows<{
    parent: string;
    rows: number;
    heap: number;
    indexes: number;
    total: number;
  }>(
    db,
    sql`select p.relname as parent,
          (select count(*)::int from reading) as rows_r, (select count(*)::int from interval_15m) as rows_i,
          sum(pg_relation_size(i.inhrelid))::bigint::float8 as heap,
          sum(pg_indexes_size(i.inhrelid))::bigint::float8 as indexes,
          sum(pg_total_relation_size(i.inhrelid))::bigint::float8 as total
        from pg_inherits i join pg_class p on p.oid = i.inhparent
        where p.relname in ('reading', 'interval_15m') group by p.relname order by p.relname`,
  );
  const [version] = await queryRows<{ v: string }>(
    db,
    sql`select current_setting('server_version') as v`,
  );
  process.stdout.write(
    `PostgreSQL ${version?.v}, profile ${profile}: ${written} readings written in ${Math.round(writeMs)} ms ` +
      `(${Math.round((written / writeMs) * 1000)}/s through writeBatches, 2,000 per transaction); ` +
      `roll-ups ${Math.round(rollupMs)} ms\n`,
  );
  for (const row of sizes) {
    const r = row as unknown as {
      parent: string;
      rows_r: number;
      rows_i: number;
      heap: number;
      indexes: number;
      total: number;
    };
    const n = r.parent === 'reading' ? r.rows_r : r.rows_i;
    const per = (bytes: number) => (bytes / n).toFixed(1);
    process.stdout.write(
      `${r.parent}: ${n} rows, heap ${per(r.heap)} B/row, indexes ${per(r.indexes)} B/row, total ${per(r.total)} B/row\n`,
    );
  }
} finally {
  await database.close();
  await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.close();
}
