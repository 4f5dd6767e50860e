// The spot-price store: one zone's day (96 quarter hours, what GET /api/pricing/spot-market answers for `date`)
// read through the service at 200 requests/s, open loop (one request every 5 ms, latency from its scheduled time),
// 10 s after a 2 s warm-up. Target: p99 ≤ 5 ms. The store holds a year of quarter hours for 40 zones (1.4 million
// rows); each request asks a random zone and day. On PostgreSQL (127.0.0.1:5432, trust; BENCH_POSTGRES_URL overrides
// the admin URL; the bench creates and drops its own database), else on in-memory PGlite.
import { createDb, migrate, sql, type Database } from '@ec/db';
import { ENTSOE_BIDDING_ZONES, AGILE_REGIONS } from '@ec/domain';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { createSpotPricesRepository } from '../apps/server/src/modules/spot-prices/spot-prices.repository.ts';
import { createSpotPricesService } from '../apps/server/src/modules/spot-prices/spot-prices.service.ts';
import { report, BENCH_POSTGRES_URL, postgresAdmin } from './lib.ts';

const TARGET_P99_MS = 5;
const RATE = 200;
const DAYS = 365;
const FIRST_DAY = '2025-11-01';

const adminUrl = BENCH_POSTGRES_URL;
const dbName = `ec_bench_spot_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).href;

let engine = 'PostgreSQL';
let database: Database;
try {
  await postgresAdmin(`create database ${dbName}`);
  database = await createDb({ databaseUrl, maxConnections: 10 });
} catch (error) {
  console.log(
    `spot-prices: no PostgreSQL at ${adminUrl} (${String(error)}); using in-memory PGlite`,
  );
  engine = 'PGlite';
  database = await createDb({});
}

const zones = [
  ...ENTSOE_BIDDING_ZONES.slice(0, 26).map((z) => ({ type: z.type, code: z.code })),
  ...AGILE_REGIONS.map((z) => ({ type: z.type, code: z.code })),
];
let ok = true;
try {
  await migrate(database);
  const fillStart = performance.now();
  for (const zone of zones) {
    await database.db.execute(sql`insert into spot_prices
        (region_type, region_code, ts, source, price_per_mwh, price_inc_vat_per_mwh, currency, source_resolution_min)
      select ${zone.type}, ${zone.code}, t, ${zone.type === 'EIC' ? 'ENTSOE' : 'OCTOPUS'},
             round((80 + 60 * sin(extract(epoch from t) / 13750))::numeric, 2),
             ${zone.type === 'EIC' ? sql`null` : sql`round((84 + 63 * sin(extract(epoch from t) / 13750))::numeric, 4)`},
             ${zone.type === 'EIC' ? 'EUR' : 'GBP'}, 15
        from generate_series(${`${FIRST_DAY}T00:00:00Z`}::timestamptz,
                             ${`${FIRST_DAY}T00:00:00Z`}::timestamptz + interval '${sql.raw(String(DAYS))} days' - interval '15 minutes',
                             interval '15 minutes') t`);
  }
  // As autovacuum would leave it after a bulk load (and not in the middle of the measurement).
  await database.db.execute(sql`vacuum analyze spot_prices`);
  console.log(
    `spot-prices: ${engine}, ${zones.length} zones × ${DAYS} days of quarter hours stored in ${Math.round(
      performance.now() - fillStart,
    )} ms`,
  );

  const log = { info() {}, warn() {}, error() {} };
  const service = createSpotPricesService({
    repo: createSpotPricesRepository(database.db),
    jobs: createJobQueue({ db: database, log, workers: false }),
    log,
    config: {
      entsoeUrl: null,
      entsoeToken: undefined,
      octopusUrl: 'local',
      octopusProduct: 'AGILE-24-10-01',
    },
  });
  const dayMs = 86_400_000;
  const first = Date.parse(`${FIRST_DAY}T00:00:00Z`);
  let wrong = 0;
  const ask = async () => {
    const zone = zones[Math.floor(Math.random() * zones.length)] ?? zones[0];
    const date = new Date(first + (1 + Math.floor(Math.random() * (DAYS - 2))) * dayMs)
      .toISOString()
      .slice(0, 10);
    const days = await service.days(zone?.type ?? 'EIC', zone?.code ?? '', date, date);
    // 92, 96 or 100 quarter hours a day.
    if (!days || days.prices.length < 92) wrong++;
  };

  async function openLoop(durationMs: number): Promise<number[]> {
    const latencies: number[] = [];
    const interval = 1000 / RATE;
    const total = Math.round((RATE * durationMs) / 1000);
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const scheduled = start + i * interval;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(ask().then(() => void latencies.push(performance.now() - scheduled)));
    }
    await Promise.all(pending);
    return latencies.sort((a, b) => a - b);
  }

  await openLoop(2000);
  wrong = 0;
  const latencies = await openLoop(10_000);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  console.log(
    `spot-prices: ${latencies.length} day reads in 10 s, p50 ${pct(0.5).toFixed(2)} ms, max ${(latencies.at(-1) ?? 0).toFixed(2)} ms, ${wrong} incomplete answers`,
  );
  report(
    `spot-prices: one zone's day from the store, p99 at ${RATE} req/s (${engine})`,
    pct(0.99),
    'ms',
    {
      max: TARGET_P99_MS,
    },
  );
  ok = pct(0.99) <= TARGET_P99_MS && wrong === 0;
} finally {
  await database.close();
  if (engine === 'PostgreSQL') await postgresAdmin(`drop database if exists ${dbName}`);
}
process.exit(ok ? 0 : 1);
