import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createDb, type Database } from './client.ts';
import { migrate } from './migrate.ts';
import {
  dropDatabase,
  migratedPgliteTemplate,
  withAdmin,
  type TestTemplates,
} from './test-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server for tests (TEST_DATABASE_URL), or '' for PGlite. */
    testDatabaseUrl: string;
    /**
     * Templates the project's globalSetup prepared once for the run (see prepareTestTemplates), absent in projects
     * without one.
     */
    testDbTemplates?: TestTemplates;
  }
}

/** A migrated database for one test file; `close()` also drops the PostgreSQL database it created. */
export interface TestDatabase extends Database {
  /** The PostgreSQL database name, or null for PGlite. */
  databaseName: string | null;
}

/** Options for {@link createTestDb}. */
export interface CreateTestDbOptions {
  /**
   * Admin URL of a PostgreSQL server. Defaults to TEST_DATABASE_URL, handed over by the vitest config's `provide`
   * (config files are the only places that read the environment); '' or unset means in-memory PGlite.
   */
  adminUrl?: string;
  /**
   * Start from this template of the run (`hasTestTemplate` says whether the globalSetup prepared it) instead of the
   * migrated one. Templates belong to the project's server, so they are used only with the provided admin URL.
   */
  template?: string;
  /** The templates to choose from; defaults to those the globalSetup provided (for the provided admin URL only). */
  templates?: TestTemplates;
}

/** Whether the project's globalSetup prepared the template `name` for this run. */
export function hasTestTemplate(name: string): boolean {
  return inject('testDbTemplates')?.[name] !== undefined;
}

/**
 * A fresh migrated database: in-memory PGlite by default, or a newly created PostgreSQL database
 * (`CREATE DATABASE test_<random>` through the admin URL) when TEST_DATABASE_URL is set. Both start from a template
 * the project's globalSetup prepared once for the run when there is one, so a test file neither runs initdb nor the
 * migrations; without one, PGlite loads the migrated dump of the temp dir and PostgreSQL migrates.
 */
export async function createTestDb(options: CreateTestDbOptions = {}): Promise<TestDatabase> {
  const providedUrl = inject('testDatabaseUrl');
  const adminUrl = options.adminUrl ?? providedUrl;
  const templates =
    options.templates ?? (adminUrl === providedUrl ? inject('testDbTemplates') : undefined);
  const templateName = options.template ?? 'migrated';
  const template = templates?.[templateName];
  if (options.template && !template)
    throw new Error(`no test database template ${options.template} (see hasTestTemplate)`);
  if (!adminUrl) return { ...(await createPgliteTestDb(template)), databaseName: null };
  const name = `test_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.href, maxConnections: 4 });
  try {
    // Nothing to do on a template of this run; the migrations of a database without one.
    await migrate(database);
  } catch (error) {
    await database.close();
    await dropDatabase(adminUrl, name);
    throw error;
  }
  let dropped: Promise<void> | undefined;
  return {
    ...database,
    databaseName: name,
    close() {
      dropped ??= database.close().then(() => dropDatabase(adminUrl, name));
      return dropped;
    },
  };
}

/** PGlite spends most of its start-up in initdb; loading a dumped data directory skips it and the migrations. */
async function createPgliteTestDb(template: string | undefined): Promise<Database> {
  const path = template ?? (await migratedPgliteTemplate());
  const database = await createDb({ loadDataDir: new Blob([readFileSync(path)]) });
  // A no-op on a current template; keeps a stale one (say, a migration added in watch mode) correct.
  await migrate(database);
  return database;
}
