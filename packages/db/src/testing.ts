import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Database } from './client.ts';
import { migrate, MIGRATIONS_FOLDER } from './migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server for tests (TEST_DATABASE_URL), or '' for PGlite. */
    testDatabaseUrl: string;
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
}

/**
 * A fresh migrated database: in-memory PGlite by default, or a newly created PostgreSQL database
 * (`CREATE DATABASE test_<random>` through the admin URL) when TEST_DATABASE_URL is set.
 */
export async function createTestDb(options: CreateTestDbOptions = {}): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? inject('testDatabaseUrl');
  if (!adminUrl) return { ...(await createPgliteTestDb()), databaseName: null };
  const name = `test_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.href, maxConnections: 4 });
  try {
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

/**
 * PGlite spends most of its start-up in initdb. The first test database of a migrations version is dumped to a
 * file in the temp dir; later ones (in any test file or run) load that dump, which takes about a third of the time.
 */
async function createPgliteTestDb(): Promise<Database> {
  const template = join(tmpdir(), `ec-pglite-template-${migrationsHash()}.tar.gz`);
  let dump: Blob | undefined;
  try {
    dump = new Blob([readFileSync(template)]);
  } catch {
    // no template yet: build one below
  }
  const database = await createDb({ loadDataDir: dump });
  await migrate(database);
  if (!dump) {
    const fresh = await (database.client as PGlite).dumpDataDir('gzip');
    // Write then rename, so a parallel test file never reads a half-written template.
    const partial = `${template}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, Buffer.from(await fresh.arrayBuffer()));
    renameSync(partial, template);
  }
  return database;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}
