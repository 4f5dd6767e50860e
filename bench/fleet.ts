// 10,000 controllers connected at once to the embedded broker (server on PostgreSQL, production mode): connect time
// and the server process's memory (RSS and V8 heap after a full GC, before and after, and per controller). The
// controllers are lean mqtt.js clients in this process that sign in with their unit ID and secret, subscribe to
// their `cmd/#` and `ack` topics and publish their retained `state` (no telemetry: the simulator's physical models
// would measure the load generator rather than the broker). `--controllers N` changes the count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { freePort, repoRoot, report, startServer, type StartedServer } from './lib.ts';

const args = process.argv.slice(2);
const countArg = args.indexOf('--controllers');
const COUNT = countArg >= 0 ? Number(args[countArg + 1]) : 10_000;
const CONCURRENCY = 200;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ec_bench_fleet_${process.pid}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbUrl = (name: string) =>
  Object.assign(new URL(ADMIN_URL), { pathname: '/' + name }).toString();

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

interface Memory {
  rss: number;
  heapUsed: number;
}

async function memoryOf(server: StartedServer, file: string): Promise<Memory> {
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Memory;
    } catch {
      // not written yet
    }
  }
  throw new Error('the server did not report its memory');
}

const mb = (bytes: number) => bytes / 1024 / 1024;
await sql(ADMIN_URL, `create database ${dbName}`);
const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-fleet-'));
const memFile = join(dataDir, 'memory.json');
const mqttPort = await freePort();
let server: StartedServer | null = null;
const clients: MqttClient[] = [];
try {
  server = await startServer({
    dataDir,
    env: {
      DATABASE_URL: dbUrl(dbName),
      SEED_DEMO: 'false',
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      MQTT_WS_PORT: 'off',
      BENCH_MEM_FILE: memFile,
      NODE_OPTIONS: `--expose-gc --import ${repoRoot}bench/mem-probe.ts ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ''}`,
    },
  });
  // One company and location; COUNT controllers with secret `fleet-<i>` (its SHA-256 hex in secret_hash).
  await sql(
    dbUrl(dbName),
    `with country as (
       insert into countries (code, name) values ('SI', 'Slovenija')
       on conflict (code) do update set name = excluded.name returning id),
     site as (insert into sites (identifier, product_name, support_email)
       values ('fleet', 'Fleet', 'f@bench.test') returning id),
     company as (insert into companies (site_id, name, country_id)
       select site.id, 'Fleet', country.id from site, country returning id),
     grp as (insert into location_groups (company_id, name) select id, 'Root' from company returning id, company_id),
     loc as (insert into locations (company_id, group_id, name) select company_id, id, 'Fleet' from grp
       returning id, company_id)
     insert into controllers (company_id, location_id, unit_id, serial, secret_hash)
     select loc.company_id, loc.id, 'FLEET-' || n, 'FLET-' || lpad((n / 10000)::text, 4, '0') || '-' ||
            lpad((n % 10000)::text, 4, '0') || '-0000',
            encode(sha256(convert_to('fleet-' || n, 'UTF8')), 'hex')
     from loc, generate_series(0, $1::int - 1) n`,
    [COUNT],
  );
  await sleep(2000);
  const before = await memoryOf(server, memFile);

  const started = performance.now();
  let next = 0;
  let failed = 0;
  const connectOne = (i: number) =>
    new Promise<void>((resolve) => {
      const unitId = `FLEET-${i}`;
      const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: unitId,
        username: unitId,
        password: `fleet-${i}`,
        clean: true,
        keepalive: 120,
        reconnectPeriod: 0,
        connectTimeout: 60_000,
        will: {
          topic: `ec/v1/c/${unitId}/state`,
          payload: Buffer.from('{"online":false}'),
          qos: 1,
          retain: true,
        },
      });
      clients.push(client);
      client.once('connect', () => {
        client.subscribe([`ec/v1/c/${unitId}/cmd/#`, `ec/v1/c/${unitId}/ack`], { qos: 1 }, () => {
          client.publish(
            `ec/v1/c/${unitId}/state`,
            JSON.stringify({ online: true, firmware: '1.0.0', connection: 'ethernet' }),
            { qos: 1, retain: true },
            () => resolve(),
          );
        });
      });
      client.once('error', () => {
        failed += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) await connectOne(next++);
    }),
  );
  const connectMs = performance.now() - started;
  await sleep(3000);
  const connected = clients.filter((c) => c.connected).length;
  const after = await memoryOf(server, memFile);
  const { rows } = await sql(
    dbUrl(dbName),
    `select count(*)::int as n from controller_presence where connected`,
  );
  console.log(
    `  ${connected} of ${COUNT} controllers connected (${failed} refused or failed), ${rows[0].n} marked connected in the database`,
  );
  report(
    `fleet: ${COUNT} controllers connect (sign in, subscribe, retained state), all of them`,
    connectMs,
    'ms',
  );
  report('fleet: server RSS before', mb(before.rss), 'MB');
  report(`fleet: server RSS with ${COUNT} connected`, mb(after.rss), 'MB');
  report('fleet: server heap used before (after GC)', mb(before.heapUsed), 'MB');
  report(`fleet: server heap used with ${COUNT} connected (after GC)`, mb(after.heapUsed), 'MB');
  report('fleet: RSS per controller', (after.rss - before.rss) / 1024 / COUNT, 'KB');
  report('fleet: heap per controller', (after.heapUsed - before.heapUsed) / 1024 / COUNT, 'KB');
  if (connected < COUNT) process.exitCode = 1;
} finally {
  for (const client of clients) client.end(true);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await sql(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
}
