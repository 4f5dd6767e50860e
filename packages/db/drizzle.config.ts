import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npm run db:generate` (run from the repository root). The same
// migrations run on PGlite and PostgreSQL. drizzle-orm is also a root devDependency so drizzle-kit finds it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
});
