// Entry point: `node apps/server/src/server.ts` (npm start). Parses the configuration, opens and migrates the
// database, seeds an empty one, builds the app, listens, and shuts down cleanly on SIGTERM/SIGINT.
import { createDb, migrate } from '@ec/db';
import type { Fleet } from '@ec/simulator';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startDemoFleet } from './demo/demo-fleet.ts';
import { DEMO_EIMMS, DEMO_TOKEN } from './modules/moj-elektro/moj-elektro.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { writeDemoHistory } from './demo/demo-history.ts';
import { createLogger } from './logger.ts';
import { seedPricingDefaults } from './modules/pricing/pricing.seed.ts';
import { prepareReferenceData } from './modules/reference/countries.ts';
import { fallbackOrigin } from './modules/site/site-origin.ts';
import { startNotes } from './start-notes.ts';
import {
  hasDemoUsers,
  isDatabaseEmpty,
  logDemoLogins,
  seedDefaultSite,
  seedDemo,
} from './seed/seed.ts';
import { createStartupPhases } from './startup-phases.ts';

// performance.now() counts from the process start: this is the time Node took to load the server's modules.
const started = performance.now();
const phases = createStartupPhases();

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(
    `${error.message}\n\nSee apps/server/README.md for every variable and its default.\n`,
  );
  process.exit(1);
}

const log = createLogger(config);
const db = await phases
  .run('open database', () =>
    createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
  )
  .catch((error: unknown) => {
    log.fatal({ err: error }, 'could not open the database');
    process.exit(1);
  });

/** The demo user who gets the Moj Elektro demo token and devices. */
const MOJ_ELEKTRO_DEMO_USER = 'advanced@demo.energy';

/** Whether this start seeded the demo into an empty database (then the demo year of history is written). */
let seededNow = false;
try {
  await phases.run('migrate', () => migrate(db));
  await phases.run('reference data', () => prepareReferenceData(db.db));
  // Predefined time plans and price-type configs shipped per country (stored once, found again by code).
  await phases.run('pricing defaults', () => seedPricingDefaults(db.db));
  if (await isDatabaseEmpty(db.db)) {
    if (config.seedDemo) {
      log.info('empty database: seeding the demo data');
      await seedDemo(db.db, log, phases);
      seededNow = true;
    } else {
      log.info('empty database: creating the default site (SEED_DEMO is off)');
      await phases.run('seed', () => seedDefaultSite(db.db));
    }
  }
} catch (error) {
  log.fatal({ err: error }, 'could not prepare the database');
  await db.close();
  process.exit(1);
}

let demoFleet: Fleet | undefined;
/** The demo history written in the background on a first start; shutdown stops it between two chunks. */
let demoHistory: Promise<void> = Promise.resolve();
const stopHistory = new AbortController();
const app = await phases.run('build app', () => buildApp({ config, db, logger: log }));
try {
  // The job queue's workers and cron schedules (off with JOBS_WORKERS=false); its schema came with the migrations.
  // Raw readings need their daily partition before the first insert (no DEFAULT partition); the daily job repeats it.
  await phases.run('telemetry partitions', () => app.services.telemetry.maintainPartitions());
  await phases.run('jobs', () => app.jobs.start());
  // Spot prices: back-fill and tomorrow at once, not at the next hourly run (the job skips complete days).
  if (config.jobsWorkers)
    await phases.run('spot prices', () => app.services.spotPrices.requestFetch());
  await phases.run('listen', () => app.listen({ port: config.port, host: config.host }));
  // The embedded MQTT broker (or the connection to MQTT_URL) and the ingest.
  if (config.mqtt.enabled) await phases.run('mqtt', () => app.services.mqtt.start());
  demoFleet = await startDemo();
  // Moj Elektro demo (the local emulator only): the advanced demo user gets the demo token and its three metering
  // points, imported by the job queue. In the background, after the first start's year of history (both share the
  // one thread of the embedded database; the history fills the overview everybody sees first): the server answers
  // meanwhile.
  if (config.demoMojElektro && config.mojElektroUrl === 'local' && (await hasDemoUsers(db.db))) {
    void demoHistory
      .then(async () => {
        if (stopHistory.signal.aborted) return; // shutting down
        await app.services.mojElektroModule.seedDemo({
          email: MOJ_ELEKTRO_DEMO_USER,
          token: DEMO_TOKEN,
          eimms: DEMO_EIMMS,
          marker: createSettingsRepository(db.db),
        });
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'moj elektro demo: could not add the demo token and devices');
      });
  }
} catch (error) {
  log.fatal({ err: error }, 'could not start the job queue, listen or start MQTT');
  await app.close();
  await db.close();
  process.exit(1);
}

/**
 * The demo's simulated controllers on the embedded broker (DEMO_SIMULATOR), after a year of history on the first
 * start (apps/server/src/demo).
 */
async function startDemo(): Promise<Fleet | undefined> {
  const status = app.services.mqtt.status();
  if (!config.demoSimulator || status.kind !== 'embedded' || !(await hasDemoUsers(db.db))) {
    return undefined;
  }
  if (seededNow && config.demoHistoryDays > 0) {
    // In the background: the last days of every location first (the overview's totals), then the rest of the year;
    // the server answers meanwhile.
    demoHistory = writeDemoHistory({
      db: db.db,
      telemetry: app.services.telemetry,
      log,
      days: config.demoHistoryDays,
      signal: stopHistory.signal,
    }).then(
      () => undefined,
      (error: unknown) => {
        if (!stopHistory.signal.aborted) {
          log.error({ err: error }, 'demo: writing the year of history failed');
        }
      },
    );
  }
  return phases.run('demo controllers', () =>
    startDemoFleet({
      db: db.db,
      url: `mqtt://127.0.0.1:${status.tcpPort}`,
      log,
      provision: (ids) => app.services.controllerSecrets.provision(ids),
    }),
  );
}

const origin = fallbackOrigin(config);
const phaseMs = { modules: Math.round(started), ...phases.summary() };
log.info(
  { phaseMs },
  `start-up phases: ${Object.entries(phaseMs)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(' · ')}`,
);
log.info(
  {
    database: db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
    startupMs: Math.round(performance.now()),
  },
  `ready: ${origin} (API documentation at /api/docs)`,
);
for (const line of startNotes(config, origin)) log.info(line);
if (config.seedDemo && (await hasDemoUsers(db.db))) logDemoLogins(log);

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  // Do not wait forever for a stuck connection.
  const force = setTimeout(() => {
    log.error('shutdown took longer than 10 s: exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    stopHistory.abort();
    await demoHistory;
    log.debug('shutdown: demo history stopped');
    await demoFleet?.stop();
    log.debug('shutdown: demo controllers stopped');
    await app.close();
    log.debug('shutdown: app closed');
    await db.close();
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', (signal) => void shutdown(signal));
process.on('SIGINT', (signal) => void shutdown(signal));
