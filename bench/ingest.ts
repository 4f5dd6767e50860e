// End-to-end ingest on PostgreSQL: MQTT publish → committed rows of `reading`, once through the embedded broker and
// once through Mosquitto (127.0.0.1:1883, the server on a shared subscription), with the load generator
// (bench/ingest-generator.ts) in its own process beside the server. Then, in the middle of the run, a broker restart
// and a database outage, and at the end the published (device, ts) pairs against the rows: "lost: N".
//
// What the disruptions are:
// - broker restart: the server process (embedded broker + ingest) is killed with SIGKILL (whatever it had queued and
//   not committed is gone) and started again on the same MQTT port. With Mosquitto the shared service cannot be
//   restarted: the server process is killed and restarted the same way (its subscription goes away and comes back),
//   and every generator connection is cut at the same moment (the clients reconnect and re-send their outboxes).
// - database outage: `ALTER DATABASE <bench db> ALLOW_CONNECTIONS false`, `pg_terminate_backend` of every connection
//   to it, 5 s without a database, then `ALLOW_CONNECTIONS true` (the shared PostgreSQL server itself cannot be
//   restarted here).
//
// "A reading" here is a row of `reading`: one device's sample instant (with its power and two energy counters).
//
// Usage: node bench/ingest.ts [embedded|mosquitto] [--seconds N]   (default: both, a 20 s measuring window each)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import mqtt from 'mqtt';
import pg from 'pg';
import { hashControllerSecret } from '../apps/server/src/ingest/controller-auth.ts';
import type { GeneratorConfig } from './ingest-generator.ts';
import { freePort, repoRoot, report, startServer, type StartedServer } from './lib.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MOSQUITTO_URL = process.env.BENCH_MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
const CONTROLLERS = Number(process.env.BENCH_CONTROLLERS ?? 200);
const REFS = ['GRID', 'SOLAR', 'BATTERY', 'HVAC', 'OTHER'];
const CATEGORIES = ['GRID', 'SOLAR_POWER_PLANT', 'BATTERY', 'HVAC', 'OTHER'];
const args = process.argv.slice(2);
const secondsArg = args.indexOf('--seconds');
const MEASURE_S = secondsArg >= 0 ? Number(args[secondsArg + 1]) : 20;
const noDisrupt = args.includes('--no-disrupt');
// Mosquitto only: restart the server without cutting the controllers' connections (see the note at the top).
const noCut = args.includes('--no-cut');
const brokers = args.filter((a) => a === 'embedded' || a === 'mosquitto');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + name;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** One location per controller, five devices each; secrets only for the embedded broker (Mosquitto is anonymous). */
async function seed(
  db: pg.Client,
  prefix: string,
  broker: 'embedded' | 'mosquitto',
): Promise<GeneratorConfig['controllers']> {
  const one = async (text: string, values: unknown[]) =>
    ((await db.query(text, values)).rows[0] as { id: number }).id;
  const country = await one(
    `insert into countries (code, name) values ('SI', 'Slovenija')
     on conflict (code) do update set name = excluded.name returning id`,
    [],
  );
  const site = await one(
    `insert into sites (identifier, product_name, support_email) values ($1, 'Bench', 'b@bench.test') returning id`,
    [prefix.toLowerCase()],
  );
  const company = await one(
    `insert into companies (site_id, name, country_id) values ($1, 'Bench', $2) returning id`,
    [site, country],
  );
  const group = await one(
    `insert into location_groups (company_id, name) values ($1, 'Root') returning id`,
    [company],
  );
  const controllers: GeneratorConfig['controllers'] = [];
  for (let i = 0; i < CONTROLLERS; i++) {
    const unitId = `${prefix}-${i}`;
    const secret = broker === 'embedded' ? `bench-secret-${prefix}-${i}` : null;
    const location = await one(
      `insert into locations (company_id, group_id, name) values ($1, $2, $3) returning id`,
      [company, group, `Bench ${i}`],
    );
    const controller = await one(
      `insert into controllers (company_id, location_id, unit_id, serial, secret_hash)
       values ($1, $2, $3, $4, $5) returning id`,
      [
        company,
        location,
        unitId,
        `BNCH-${String(process.pid % 10000).padStart(4, '0')}-${broker === 'embedded' ? 'EEEE' : 'MMMM'}-${String(i).padStart(4, '0')}`,
        secret ? hashControllerSecret(secret) : null,
      ],
    );
    await db.query(
      `insert into devices (location_id, controller_id, name, category, ref)
       select $1, $2, r, c, r from unnest($3::text[], $4::text[]) as t(r, c)`,
      [location, controller, REFS, CATEGORIES],
    );
    controllers.push({ unitId, secret, refs: REFS });
  }
  return controllers;
}

interface Generator {
  ready: Promise<number>;
  lastProgress(): Record<string, number>;
  send(command: string): void;
  done: Promise<{ published: Record<string, number>; messages: number; resent: number }>;
}

function startGenerator(config: GeneratorConfig): Generator {
  const child = spawn(process.execPath, ['bench/ingest-generator.ts'], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_GENERATOR: JSON.stringify(config) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let progress: Record<string, number> = {};
  let resolveReady: (ms: number) => void = () => undefined;
  let resolveDone: (value: Awaited<Generator['done']>) => void = () => undefined;
  const ready = new Promise<number>((r) => (resolveReady = r));
  const done = new Promise<Awaited<Generator['done']>>((r) => (resolveDone = r));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { type: string; ms?: number } & Record<string, unknown>;
    if (message.type === 'ready') resolveReady(message.ms ?? 0);
    if (message.type === 'progress') progress = message as Record<string, number>;
    if (message.type === 'done') resolveDone(message as unknown as Awaited<Generator['done']>);
  });
  return {
    ready,
    done,
    lastProgress: () => progress,
    send: (command) => child.stdin.write(command + '\n'),
  };
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function countRows(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select count(*) as n from reading');
  return Number(rows[0]?.n ?? 0);
}

async function run(broker: 'embedded' | 'mosquitto'): Promise<void> {
  const dbName = `ec_bench_ingest_${process.pid}_${broker}`;
  const prefix = `BENCH${process.pid}${broker === 'embedded' ? 'E' : 'M'}`;
  await admin((c) => c.query(`create database ${dbName}`));
  const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-ingest-'));
  const mqttPort = broker === 'embedded' ? await freePort() : 0;
  const serverEnv: Record<string, string> = {
    DATABASE_URL: dbUrl(dbName),
    SEED_DEMO: 'false',
    ...(process.env.BENCH_SERVER_NODE_OPTIONS
      ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
      : {}),
    MQTT_WS_PORT: 'off',
    ...(broker === 'embedded'
      ? { MQTT_PORT: String(mqttPort), MQTT_HOST: '127.0.0.1' }
      : { MQTT_URL: MOSQUITTO_URL, MQTT_SHARE_GROUP: `bench${process.pid}` }),
  };
  let server: StartedServer | null = null;
  const db = new pg.Client({ connectionString: dbUrl(dbName) });
  db.on('error', () => undefined);
  try {
    server = await startServer({ dataDir, env: serverEnv });
    await db.connect();
    const controllers = await seed(db, prefix, broker);
    const now = Date.now();
    const config: GeneratorConfig = {
      url: broker === 'embedded' ? `mqtt://127.0.0.1:${mqttPort}` : MOSQUITTO_URL,
      controllers,
      samplesPerMessage: 20,
      window: 4,
      baseMs: now - 30 * 60_000,
      stepMs: 5,
      maxSamples: 300_000,
      resendMs: 10_000,
    };
    const generator = startGenerator(config);
    const connectMs = await generator.ready;
    console.log(
      `  ${broker}: ${CONTROLLERS} controllers × ${REFS.length} devices connected in ${connectMs} ms`,
    );
    await sleep(5000); // warm-up
    const r0 = await countRows(db);
    const c0 = cpuSeconds(server.child.pid ?? 0);
    const t0 = performance.now();
    await sleep(MEASURE_S * 1000);
    const r1 = await countRows(db);
    const t1 = performance.now();
    const serverCpu = (cpuSeconds(server.child.pid ?? 0) - c0) / ((t1 - t0) / 1000);
    const rate = ((r1 - r0) * 1000) / (t1 - t0);
    report(
      `ingest (${broker}, PostgreSQL): readings committed per second (MQTT publish → rows of reading)`,
      rate,
      'readings/s',
      { min: 50_000 },
    );
    console.log(
      `  (${(rate * 3).toFixed(0)} values/s: 3 values per reading; server process CPU ${(serverCpu * 100).toFixed(0)} % of one core)`,
    );
    await db.end();
    if (noDisrupt) {
      generator.send('stop');
      await generator.done;
      return;
    }

    // Broker restart.
    server.child.kill('SIGKILL');
    const killed = server;
    await new Promise((r) => killed.child.once('exit', r));
    if (broker === 'mosquitto' && !noCut) generator.send('drop');
    console.log(
      `  broker restart: server killed (SIGKILL)${broker === 'mosquitto' && !noCut ? ', generator connections cut' : ''}; restarting`,
    );
    await sleep(2000);
    server = await startServer({ dataDir, env: serverEnv });
    await sleep(5000);

    // Database outage.
    await admin(async (c) => {
      await c.query(`alter database ${dbName} allow_connections false`);
      await c.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
    });
    console.log('  database outage: connections refused and terminated for 5 s');
    await sleep(5000);
    await admin((c) => c.query(`alter database ${dbName} allow_connections true`));
    await sleep(5000);

    generator.send('stop');
    const result = await Promise.race([
      generator.done,
      sleep(180_000).then(() => {
        throw new Error(`generator did not drain: ${JSON.stringify(generator.lastProgress())}`);
      }),
    ]);
    const check = new pg.Client({ connectionString: dbUrl(dbName) });
    await check.connect();
    const { rows } = await check.query<{ unit_id: string; ref: string; n: string }>(
      `select c.unit_id, d.ref, count(r.ts) as n
       from controllers c join devices d on d.controller_id = c.id
       left join reading r on r.device_id = d.id group by c.unit_id, d.ref`,
    );
    await check.end();
    let lost = 0;
    let published = 0;
    for (const row of rows) {
      const expected = result.published[row.unit_id] ?? 0;
      published += expected;
      lost += Math.max(0, expected - Number(row.n));
    }
    console.log(
      `  published ${published} readings in ${result.messages} messages (${result.resent} re-sent after the disruptions)`,
    );
    console.log(`lost: ${lost}`);
    if (lost > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin(async (c) => {
      await c.query(`alter database ${dbName} allow_connections true`).catch(() => undefined);
      await c.query(`drop database if exists ${dbName} with (force)`);
    });
    if (broker === 'mosquitto') await clearRetained(prefix);
  }
}

/** Clears whatever retained `state` the bench's unit IDs left on Mosquitto (the generator sends none; to be sure). */
async function clearRetained(prefix: string): Promise<void> {
  const client = await mqtt.connectAsync(MOSQUITTO_URL, { clientId: `bench-clear-${process.pid}` });
  for (let i = 0; i < CONTROLLERS; i++)
    await client.publishAsync(`ec/v1/c/${prefix}-${i}/state`, '', { retain: true, qos: 1 });
  await client.endAsync();
}

for (const broker of brokers.length > 0 ? brokers : (['embedded', 'mosquitto'] as const)) {
  await run(broker as 'embedded' | 'mosquitto');
}
