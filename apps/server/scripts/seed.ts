// `npm run db:seed`: migrates the configured database and (re)applies the demo data. Idempotent. With the embedded
// PGlite, stop the server first: only one process may open a data directory.
import { createDb, migrate } from '@ec/db';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { prepareReferenceData } from '../src/modules/reference/countries.ts';
import { logDemoLogins, seedDemo } from '../src/seed/seed.ts';

try {
  const config = loadConfig();
  const log = createLogger(config);
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    await prepareReferenceData(db.db);
    await seedDemo(db.db, log);
    logDemoLogins(log);
  } finally {
    await db.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
