// The sidebar menu on PostgreSQL with a company of 5,000 locations in nested groups (10 regions × 10 areas, 50
// locations each, 2 devices and a controller per location, a device group at every tenth): GET /api/menu/:companyId
// (super admin), GET /api/menu (the company's aggregator) and GET /api/menu/locations/:id, each at 500 requests/s
// (an open-loop generator: one request every 2 ms, 10 s after a 3 s warm-up). Target: p99 ≤ 30 ms. Nothing is
// pinned: the server, PostgreSQL and this generator share the machine's cores as they would in production (pinning
// the server to one core made it wait for PostgreSQL backends scheduled on that core while the other was idle).
// The figures are measured with `Accept-Encoding: gzip` (as every browser sends), plus the 304 answer to
// `If-None-Match` for the whole-company tree. The server's CPU time per request is printed beside each p99: it does
// not depend on what else the machine runs.
//
// Needs PostgreSQL on 127.0.0.1:5432 with trust authentication (BENCH_POSTGRES_URL overrides the admin URL); the
// bench creates its own database and drops it afterwards.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, queryRows, sql, type Database } from '@ec/db';
import { AGGREGATOR, createBigCompany } from './big-company.ts';
import { openLoop, report, signIn, startServer, BENCH_POSTGRES_URL, postgresAdmin } from './lib.ts';

const TARGET_P99_MS = 30;
const RATE = 500;
const LOCATIONS = 5000;
const ADMIN = { email: 'admin@demo.energy', password: 'demo-admin-2024' };

const adminUrl = BENCH_POSTGRES_URL;
const dbName = `ec_bench_menu_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).href;

/** The big company: nested groups, 5,000 locations, devices and controllers. Returns the ids the bench asks for. */
async function fill(database: Database) {
  const { db } = database;
  const { companyId } = await createBigCompany(database, { locations: LOCATIONS });
  await db.execute(sql`insert into controllers (company_id, location_id, unit_id, serial)
    select ${companyId}, l.id, 'bench-unit-' || l.id,
      'BNCH-' || lpad((l.id / 100000000)::text, 4, '0') || '-' || lpad((l.id / 10000 % 10000)::text, 4, '0')
        || '-' || lpad((l.id % 10000)::text, 4, '0')
    from locations l where l.company_id = ${companyId}`);
  // Presence is live state (docs/decisions/0016), in its own table.
  await db.execute(sql`insert into controller_presence (controller_id, connected)
    select c.id, true from controllers c where c.company_id = ${companyId}`);
  await db.execute(sql`insert into device_groups (location_id, name)
    select l.id, 'Roof' from locations l where l.company_id = ${companyId} and l.id % 10 = 0`);
  await db.execute(sql`insert into devices (location_id, controller_id, device_group_id, name, category)
    select l.id, c.id, (select dg.id from device_groups dg where dg.location_id = l.id limit 1),
      'PV ' || l.id, 'SOLAR_POWER_PLANT'
    from locations l join controllers c on c.location_id = l.id where l.company_id = ${companyId}`);
  await db.execute(sql`insert into devices (location_id, controller_id, name, category)
    select l.id, c.id, 'Meter ' || l.id, 'GRID'
    from locations l join controllers c on c.location_id = l.id where l.company_id = ${companyId}`);
  // The location whose children are asked for: 3 device groups of 4 devices and 3 ungrouped devices more.
  const [target] = await queryRows<{ id: number }>(
    db,
    sql`select id from locations where company_id = ${companyId} order by id limit 1 offset 2500`,
  );
  const locationId = target?.id ?? 0;
  for (const group of ['Battery room', 'Carport', 'Heat pumps']) {
    await db.execute(sql`with g as (
        insert into device_groups (location_id, name) values (${locationId}, ${group}) returning id
      )
      insert into devices (location_id, device_group_id, name, category)
      select ${locationId}, g.id, ${group} || ' ' || n, 'BATTERY' from g, generate_series(1, 4) n`);
  }
  await db.execute(sql`insert into devices (location_id, name, category)
    select ${locationId}, 'Charger ' || n, 'EV_CHARGER' from generate_series(1, 3) n`);
  await db.execute(sql`analyze`);
  return { companyId, locationId };
}

/**
 * CPU seconds a process has used (user + system, from /proc), or null where /proc is missing. The p99 depends on
 * what else the machine runs; the server's CPU time per request does not, so it is printed next to it.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One measured run: warm-up, then 10 s at the fixed rate (open loop, see lib.ts openLoop). */
async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  expected: number,
  serverPid: number | undefined,
): Promise<boolean> {
  const options = { url, headers, rate: RATE };
  await openLoop({ ...options, durationMs: 3000 });
  const cpuBefore = cpuSeconds(serverPid);
  const result = await openLoop({ ...options, durationMs: 10_000 });
  const cpuAfter = cpuSeconds(serverPid);
  const wrong = result.sent - (result.statuses[expected] ?? 0);
  if (wrong > 0 || result.errors > 0) {
    console.log(`menu: ${name}: ${wrong} answers other than ${expected}, ${result.errors} errors`);
  }
  const cpu =
    cpuBefore === null || cpuAfter === null
      ? ''
      : `, server CPU ${(((cpuAfter - cpuBefore) * 1000) / result.sent).toFixed(2)} ms per request`;
  console.log(
    `menu: ${name}: ${result.sent} requests in 10 s, ` +
      `${(result.bytesPerAnswer / 1024).toFixed(1)} KB per answer, p50 ${result.p50} ms, max ${result.max} ms${cpu}`,
  );
  report(`menu: ${name} p99 at ${RATE} req/s`, result.p99, 'ms', { max: TARGET_P99_MS });
  return result.p99 <= TARGET_P99_MS && wrong === 0 && result.errors === 0;
}

try {
  await postgresAdmin(`create database ${dbName}`);
} catch (error) {
  console.log(`menu: no PostgreSQL at ${adminUrl} (${String(error)}); skipped`);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-menu-'));
let ok = true;
try {
  const database = await createDb({ databaseUrl });
  const { companyId, locationId } = await fill(database).finally(() => database.close());
  const server = await startServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
  try {
    const base = server.baseUrl;
    const adminCookie = await signIn(base, ADMIN);
    const aggregatorCookie = await signIn(base, AGGREGATOR);
    const gzip = { 'accept-encoding': 'gzip' };
    const tree = await fetch(`${base}/api/menu/${companyId}`, {
      headers: { cookie: adminCookie, 'accept-encoding': 'identity' },
    });
    const etag = tree.headers.get('etag') ?? '';
    const text = await tree.text();
    const zipped = await fetch(`${base}/api/menu/${companyId}`, {
      headers: { cookie: adminCookie, ...gzip },
    });
    const zippedBytes = Number(zipped.headers.get('content-length') ?? 0);
    await zipped.arrayBuffer();
    const body = JSON.parse(text) as { data: { structure: unknown[] } };
    console.log(
      `menu: company tree of ${LOCATIONS} locations: ${body.data.structure.length} top items, ` +
        `${(Buffer.byteLength(text) / 1024).toFixed(0)} KB JSON, ${(zippedBytes / 1024).toFixed(0)} KB gzip`,
    );
    const prefix = `/companies/${companyId}/location-groups/1/locations/${locationId}`;
    const runs: [string, string, Record<string, string>, number][] = [
      [
        'GET /api/menu/:companyId (super admin, gzip)',
        `${base}/api/menu/${companyId}`,
        { cookie: adminCookie, ...gzip },
        200,
      ],
      [
        'GET /api/menu/:companyId with If-None-Match (304)',
        `${base}/api/menu/${companyId}`,
        { cookie: adminCookie, 'if-none-match': etag, ...gzip },
        304,
      ],
      [
        'GET /api/menu (aggregator, gzip)',
        `${base}/api/menu`,
        { cookie: aggregatorCookie, ...gzip },
        200,
      ],
      [
        'GET /api/menu/locations/:id (super admin)',
        `${base}/api/menu/locations/${locationId}?level=4&prefix=${encodeURIComponent(prefix)}`,
        { cookie: adminCookie, ...gzip },
        200,
      ],
    ];
    for (const [name, url, headers, expected] of runs) {
      ok = (await measure(name, url, headers, expected, server.child.pid)) && ok;
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await postgresAdmin(`drop database if exists ${dbName} with (force)`);
}
process.exit(ok ? 0 : 1);
