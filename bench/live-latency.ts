// Publish-to-browser latency of the live stream, as `npm start` runs but on PostgreSQL: the server in development
// mode with the demo seed (a fresh database, embedded broker, demo fleet running). An SSE client (fetch with the
// session cookie of the demo super admin) reads GET /api/locations/{id}/live/stream of a demo location; the bench adds
// its own controller and device to that location (in the database, with a known secret), connects as it and publishes telemetry every 300 ms whose `power_w` is a fresh number, with the sample time =
// now. Latency = publish → the SSE event whose data carries that number (ingest flush + commit + live bus + stream
// debounce + read + send). p50/p95/p99 over 250 samples; target p99 ≤ 1 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import pg from 'pg';
import { hashControllerSecret } from '../apps/server/src/ingest/controller-auth.ts';
import { freePort, report, startServer, timings } from './lib.ts';

const SAMPLES = 250;
const INTERVAL_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ec_bench_live_${process.pid}`;
function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + name;
  return url.toString();
}
async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}
await admin(`create database ${dbName}`);
const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-live-'));
const mqttPort = await freePort();
const server = await startServer({
  dataDir,
  publicUrl: true,
  env: {
    NODE_ENV: 'development',
    DATABASE_URL: dbUrl(dbName),
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    MQTT_WS_PORT: 'off',
    LOG_LEVEL: 'warn',
  },
});
const { baseUrl } = server;
let exit = 0;
try {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ data: { email: 'admin@demo.energy', password: 'demo-admin-2024' } }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('ec_session='))
    ?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

  // A demo location (the first with a controller) gets the bench's own controller and device, written straight into
  // the database with a known secret (the demo simulator keeps its own controllers; nothing else publishes here).
  const db = new pg.Client({ connectionString: dbUrl(dbName) });
  await db.connect();
  const unitId = `BENCH-LIVE-${process.pid}`;
  const secret = `bench-live-secret-${process.pid}`;
  const { rows } = await db.query<{ id: number; company_id: number }>(
    `select l.id, l.company_id from locations l
     where exists (select 1 from controllers c where c.location_id = l.id) order by l.id limit 1`,
  );
  const location = rows[0];
  if (!location) throw new Error('no demo location with a controller');
  const locationId = location.id;
  const { rows: created } = await db.query<{ id: number }>(
    `insert into controllers (company_id, location_id, unit_id, serial, secret_hash)
     values ($1, $2, $3, 'BNCH-LIVE-0000-0001', $4) returning id`,
    [location.company_id, locationId, unitId, hashControllerSecret(secret)],
  );
  const { rows: dev } = await db.query<{ id: number }>(
    `insert into devices (location_id, controller_id, name, category, ref)
     values ($1, $2, 'Bench meter', 'OTHER', 'BENCH') returning id`,
    [locationId, created[0]?.id],
  );
  await db.end();
  const device = { id: dev[0]?.id ?? 0, ref: 'BENCH' };
  const credentials = { unitId, secret };

  // The SSE client.
  const seen = new Map<number, number>();
  const abort = new AbortController();
  const stream = await fetch(`${baseUrl}/api/locations/${locationId}/live/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (stream.status !== 200 || !stream.body) throw new Error(`stream: ${stream.status}`);
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of stream.body as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5))
            .join('\n');
          if (!data) continue;
          const body = JSON.parse(data) as {
            devices?: { id: number; values: { power_w?: number } }[];
            data?: { devices?: { id: number; values: { power_w?: number } }[] };
          };
          const devices = body.devices ?? body.data?.devices ?? [];
          const value = devices.find((d) => d.id === device.id)?.values.power_w;
          if (value !== undefined && !seen.has(value)) seen.set(value, at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();

  // The controller: the demo simulator's session was closed by the rotation; this client takes its unit ID.
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: `bench-live-${credentials.unitId}`,
    username: credentials.unitId,
    password: credentials.secret,
    clean: true,
  });
  await sleep(1000);
  const published = new Map<number, number>();
  for (let i = 0; i < SAMPLES; i++) {
    const value = 700_000 + i;
    const payload = JSON.stringify({
      seq: 1_000_000 + i,
      samples: [{ time: new Date().toISOString(), values: { [device.ref]: { power_w: value } } }],
    });
    published.set(value, performance.now());
    client.publish(`ec/v1/c/${credentials.unitId}/telemetry`, payload, { qos: 1 });
    await sleep(INTERVAL_MS);
  }
  await sleep(2000);
  abort.abort();
  await reading;
  await client.endAsync();

  const latencies: number[] = [];
  let missed = 0;
  for (const [value, at] of published) {
    const got = seen.get(value);
    if (got === undefined) missed += 1;
    else latencies.push(got - at);
  }
  const pick = timings(latencies).quantile;
  console.log(
    `  ${latencies.length} of ${SAMPLES} published values seen on the stream (${missed} folded into a later event or missed)`,
  );
  report('live: publish → SSE event p50', pick(0.5), 'ms');
  report('live: publish → SSE event p95', pick(0.95), 'ms');
  report('live: publish → SSE event p99', pick(0.99), 'ms', { max: 1000 });
  if (latencies.length < 200) exit = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${dbName} with (force)`);
}
process.exit(exit);
