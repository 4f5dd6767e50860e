// The telemetry store alone on PostgreSQL (no broker, no JSON): how many readings per second `writeBatches` commits
// when the flushes come as the ingest makes them — 200 controllers × 5 devices, in-order samples with power and two
// energy counters, one call at a time and two at once (the pipeline's default). The end-to-end figure is
// bench/ingest.ts; this one says how much of it the database allows on this machine.
//
// Usage: node bench/ingest-store.ts [--rounds N] [--rows-per-flush N]
import pg from 'pg';
import { createDb, migrate } from '../packages/db/src/index.ts';
import { createTelemetryStore } from '../apps/server/src/modules/telemetry/telemetry.repository.ts';
import type { IncomingBatch } from '../apps/server/src/ingest/telemetry-store.ts';
import { report } from './lib.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ROUNDS = arg('--rounds', 24);
const ROWS_PER_FLUSH = arg('--rows-per-flush', 10_000);
const CONTROLLERS = 200;
const REFS = ['GRID', 'SOLAR', 'BATTERY', 'HVAC', 'OTHER'];
const samplesPerController = Math.max(1, Math.round(ROWS_PER_FLUSH / CONTROLLERS / REFS.length));

const name = `bench_store_${process.pid}`;
const adminUrl = new URL(ADMIN_URL);
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = '/' + name;
const database = await createDb({ databaseUrl: url.toString() });
try {
  await migrate(database);
  const client = database.client as pg.Pool;
  const id = async (text: string, values: unknown[]) =>
    ((await client.query(text, values)).rows[0] as { id: number }).id;
  const country = await id(
    `insert into countries (code, name) values ('SI', 'Slovenija')
     on conflict (code) do update set name = excluded.name returning id`,
    [],
  );
  const site = await id(
    `insert into sites (identifier, product_name, support_email) values ('bench', 'Bench', 'b@bench.test') returning id`,
    [],
  );
  const company = await id(
    `insert into companies (site_id, name, country_id) values ($1, 'Bench', $2) returning id`,
    [site, country],
  );
  const group = await id(
    `insert into location_groups (company_id, name) values ($1, 'Root') returning id`,
    [company],
  );
  const units: string[] = [];
  for (let i = 0; i < CONTROLLERS; i++) {
    const location = await id(
      `insert into locations (company_id, group_id, name) values ($1, $2, $3) returning id`,
      [company, group, `Bench ${i}`],
    );
    const controller = await id(
      `insert into controllers (company_id, location_id, unit_id, serial) values ($1, $2, $3, $4) returning id`,
      [company, location, `bench-${i}`, `BNCH-0000-STOR-${String(i).padStart(4, '0')}`],
    );
    await client.query(
      `insert into devices (location_id, controller_id, name, category, ref)
       select $1, $2, r, 'OTHER', r from unnest($3::text[]) r`,
      [location, controller, REFS],
    );
    units.push(`bench-${i}`);
  }
  const store = createTelemetryStore(database.db);
  const start = Date.now() - 6 * 3600_000;
  let second = 0;
  let seq = 0;
  /** The next flush: every controller's next samples, one second apart. */
  const nextFlush = (): IncomingBatch[] => {
    seq += 1;
    const batches = units.map((unitId, i) => ({
      unitId,
      seq,
      receivedAt: new Date(),
      samples: Array.from({ length: samplesPerController }, (_, k) => ({
        time: new Date(start + (second + k) * 1000 + i).toISOString(),
        values: Object.fromEntries(
          REFS.map((ref) => [
            ref,
            { power_w: 100 + k, energy_import_wh: 1000 + second + k, energy_export_wh: 5 },
          ]),
        ),
      })),
    }));
    second += samplesPerController;
    return batches;
  };
  const rowsPerFlush = CONTROLLERS * REFS.length * samplesPerController;
  for (const inFlight of [1, 2]) {
    await store.writeBatches(nextFlush()); // warm-up
    const began = performance.now();
    for (let round = 0; round < ROUNDS; round += inFlight) {
      await Promise.all(Array.from({ length: inFlight }, () => store.writeBatches(nextFlush())));
    }
    const seconds = (performance.now() - began) / 1000;
    const rate = Math.round((ROUNDS * rowsPerFlush) / seconds);
    report(
      `telemetry store alone (PostgreSQL), ${rowsPerFlush} readings per flush, ${inFlight} in flight`,
      rate,
      'readings/s',
    );
  }
} finally {
  await database.close();
  await admin.query(`drop database ${name}`);
  await admin.end();
}
