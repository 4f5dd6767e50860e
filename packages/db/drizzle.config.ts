import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npm run db:generate`. The same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
});
