// The Moj Elektro calculations over HTTP (issue 14): POST /api/pricing/abstract-devices/:id/calculations for 730 days
// of 15-minute data (70 080 intervals, the longest range the filter allows) of one PORTAL device with the portal's
// yearly agreed-power records: the readings read from PostgreSQL, the engine's new / optimized / custom scenarios
// and the old system, mapped to the cost tables. Requests one after another (the figure is one user's wait).
// Target: p95 ≤ 100 ms.
//
// Needs PostgreSQL on 127.0.0.1:5432 with trust authentication (BENCH_POSTGRES_URL overrides the admin URL); the
// bench creates its own database and drops it afterwards. Usage: node bench/moj-elektro-calculations.ts [--runs N]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, sql } from '@ec/db';
import { report, signIn, startServer, timings, BENCH_POSTGRES_URL, postgresAdmin } from './lib.ts';

const TARGET_P95_MS = 100;
const DAYS = 730;
const WARM_UP = 5;
const ADMIN = { email: 'admin@demo.energy', password: 'demo-admin-2024' };

const { values } = parseArgs({ options: { runs: { type: 'string', default: '60' } } });
const runs = Math.max(20, Number(values.runs) || 60);

const adminUrl = BENCH_POSTGRES_URL;
const dbName = `ec_bench_moj_elektro_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).href;

/** `YYYY-MM-DD` of a day in Ljubljana, `offset` days from today. */
function localDate(offset: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Ljubljana' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
  return parts;
}

const record = (year: number) => ({
  block1: 4.6,
  block2: 5.2,
  block3: 5.2,
  block4: 5.2,
  block5: 5.2,
  connectionPower: 17,
  dateFrom: `${year}-01-01`,
  dateTo: `${year}-12-31`,
  isValid: true,
  limitSetBy: 'DISTRIBUTER',
  minimumPower: null,
});

/** The admin's device: a PORTAL series with 730 days of a household-like P+ profile (0.1 W integers). */
async function fill(from: string, to: string): Promise<number> {
  const database = await createDb({ databaseUrl, maxConnections: 1 });
  try {
    const { db } = database;
    await db.execute(sql`update users set country_code = 'SI' where email = ${ADMIN.email}`);
    const series = await db.execute(
      sql`insert into metering_series (source, eimm) values ('PORTAL', '4-9999999') returning id`,
    );
    const seriesId = (series as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
    // Interval ends from the first local midnight + 15 min to the midnight after `to`; a daily shape with an
    // evening peak and some noise, as 0.1 W integers.
    await db.execute(sql`insert into metering_readings (series_id, interval_end, import_w10, export_w10)
      select ${seriesId}, t,
        (3000 + 2500 * (extract(hour from t at time zone 'Europe/Ljubljana') between 17 and 21)::int * 10
          + (abs(hashtext(t::text)) % 12000))::int,
        null
      from generate_series(
        (${from}::date)::timestamp at time zone 'Europe/Ljubljana' + interval '15 minutes',
        ((${to}::date + 1)::timestamp at time zone 'Europe/Ljubljana'),
        interval '15 minutes') t`);
    const info = {
      eimm: '4-9999999',
      gsrn: '383100000000009999',
      billingPower: 10,
      connectionPower: 17,
      consumerType: 'RESIDENTIAL',
      consumptionType: 'Gospodinjstvo',
      currentLimit: 25,
      isThreePhase: true,
      powerLimits: [2024, 2025, 2026, 2027].map(record),
      productionPower: null,
      hash: 'bench',
      tariffsCount: 2,
      voltageClassification: 'Nizka napetost',
      yearlyWorkHours: 0,
      supplier: 'Bench',
      has15MinMetering: true,
    };
    const device = await db.execute(sql`insert into external_devices
        (user_id, eimm, gsrn, series_id, tariffs_count, consumer_info, import_status)
      select id, '4-9999999', '383100000000009999', ${seriesId}, 2, ${JSON.stringify(info)}::jsonb, 'DONE'
      from users where email = ${ADMIN.email} returning id`);
    await db.execute(sql`analyze metering_readings`);
    return (device as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 0;
  } finally {
    await database.close();
  }
}

try {
  await postgresAdmin(`create database ${dbName}`);
} catch (error) {
  console.log(`moj-elektro-calculations: no PostgreSQL at ${adminUrl} (${String(error)}); skipped`);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-moj-elektro-'));
let ok = false;
try {
  const server = await startServer({
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      RATE_LIMITS: 'false',
      JOBS_WORKERS: 'false',
      // Neither the demo year of telemetry nor the Moj Elektro demo import runs beside the measured calls.
      DEMO_SIMULATOR: 'false',
      DEMO_MOJ_ELEKTRO: 'false',
    },
  });
  try {
    const to = localDate(-1);
    const from = localDate(-DAYS);
    const deviceId = await fill(from, to);
    const cookie = await signIn(server.baseUrl, ADMIN);
    const url = `${server.baseUrl}/api/pricing/abstract-devices/${deviceId}/calculations`;
    // Each call has other prices, as a user trying values would send.
    let call = 0;
    const once = async () => {
      call++;
      const body = JSON.stringify({
        data: {
          from,
          to,
          vt: 0.1 + call / 10_000,
          mt: 0.0979,
          et: 0,
          customPowerLimits: [5, 5.5, 5.5, 6, 6],
        },
      });
      const start = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body,
      });
      const text = await res.text();
      const ms = performance.now() - start;
      if (res.status !== 200)
        throw new Error(`calculations answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms, bytes: text.length, text };
    };
    const first = await once();
    const parsed = JSON.parse(first.text) as {
      data: { calculations: { months: unknown[]; totals: { new: { amount: number } } } };
    };
    console.log(
      `moj-elektro-calculations: ${from} … ${to} (${DAYS} days, ${DAYS * 96} intervals), ` +
        `${parsed.data.calculations.months.length} months, new total ${parsed.data.calculations.totals.new.amount} EUR, ` +
        `${(first.bytes / 1024).toFixed(0)} KB JSON; first call ${first.ms.toFixed(1)} ms`,
    );
    for (let i = 0; i < WARM_UP; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await once()).ms);
    const { quantile: pick, max } = timings(times);
    console.log(
      `moj-elektro-calculations: ${runs} calls after ${WARM_UP} warm-up: p50 ${pick(0.5).toFixed(1)} ms, ` +
        `p95 ${pick(0.95).toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
    report('moj-elektro-calculations: p95 of POST …/calculations, 730 days', pick(0.95), 'ms', {
      max: TARGET_P95_MS,
    });
    ok = pick(0.95) <= TARGET_P95_MS;
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await postgresAdmin(`drop database if exists ${dbName} with (force)`);
}
process.exit(ok ? 0 : 1);
