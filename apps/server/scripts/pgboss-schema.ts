// Prints pg-boss's schema SQL as a drizzle migration body (statements split by `--> statement-breakpoint`), so the
// queue's tables are created once by our migrations instead of by `boss.start()` (docs/decisions/0015).
//
//   node apps/server/scripts/pgboss-schema.ts              the full schema (migration 0005_pgboss.sql)
//   node apps/server/scripts/pgboss-schema.ts --from 46    the upgrade from schema version 46 (after a pg-boss update)
//
// Write the output into a custom migration: `npx drizzle-kit generate --custom --name pgboss_vNN --config
// packages/db/drizzle.config.ts`, then paste. The jobs tests fail (pg-boss refuses to start) until it is applied.
import { getConstructionPlans, getMigrationPlans } from 'pg-boss';
import { JOBS_SCHEMA } from '../src/jobs/queue.ts';
import { toMigration } from '../src/jobs/schema-sql.ts';

const fromIndex = process.argv.indexOf('--from');
const sql =
  fromIndex > 0
    ? getMigrationPlans(JOBS_SCHEMA, Number(process.argv[fromIndex + 1]))
    : getConstructionPlans(JOBS_SCHEMA);
process.stdout.write(toMigration(sql));
