// `npm run -s prices -- fetch --source entsoe|octopus --zone CODE --date YYYY-MM-DD`: fetches one delivery day of
// spot prices into the configured database (ENTSO-E needs ENTSOE_TOKEN, else the local emulator answers) and prints
// what it stored. With the embedded PGlite, stop the server first: only one process may open a data directory.
import { createDb, migrate } from '@ec/db';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import { createLogger } from '../src/logger.ts';
import { formatFetchResult, parsePricesArgs } from '../src/modules/spot-prices/prices-cli.ts';
import { createSpotPricesRepository } from '../src/modules/spot-prices/spot-prices.repository.ts';
import { createSpotPricesService } from '../src/modules/spot-prices/spot-prices.service.ts';
import { spotZoneOf } from '../src/modules/spot-prices/zones.ts';

const command = parsePricesArgs(process.argv.slice(2));
if (typeof command === 'string') {
  process.stderr.write(`${command}\n`);
  process.exit(2);
}
try {
  const config = loadConfig();
  const log = createLogger({ ...config, logLevel: 'warn' });
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const repo = createSpotPricesRepository(db.db);
    // The queue is only defined here (never started): the CLI runs one fetch itself.
    const jobs = createJobQueue({ db, log, workers: false });
    const service = createSpotPricesService({ repo, jobs, log, config: config.spotPrices });
    try {
      const result = await service.fetchDay(command.source, command.zone, command.date);
      const zone = spotZoneOf(command.source === 'ENTSOE' ? 'EIC' : 'AGILE', command.zone);
      const rows = zone
        ? await repo.between(zone.type, zone.code, new Date(result.startMs), new Date(result.endMs))
        : [];
      process.stdout.write(
        formatFetchResult(
          result,
          result.status === 'stored'
            ? rows.map((r) => ({ startMs: r.ts.getTime(), pricePerMwh: r.pricePerMwh }))
            : [],
        ),
      );
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
