import { createRequire, registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// npm installed drizzle-orm under packages/db/node_modules (not hoisted), where drizzle-kit (a root devDependency)
// cannot find it. Resolve drizzle-orm from this package when the default lookup fails, so `npm run db:generate`
// works either way. The config is loaded before drizzle-kit imports drizzle-orm, and paths are relative to the
// repository root because the npm script runs there.
const requireFromDb = createRequire(join(process.cwd(), 'packages/db/package.json'));
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
        const url = pathToFileURL(requireFromDb.resolve(specifier)).href;
        return { url, format: 'commonjs', shortCircuit: true };
      }
      throw error;
    }
  },
});

// Generates SQL migrations from the schema: `npm run db:generate`. The same migrations run on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
});
