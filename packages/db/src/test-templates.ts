// Test database templates, built once per test run in a Vitest globalSetup (the main process) and handed to the test
// files through `provide`/`inject`. No `vitest` import here: globalSetup files run outside the test workers.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type Database } from './client.ts';
import { migrate, MIGRATIONS_FOLDER } from './migrate.ts';

/**
 * Where each template lives, by name: the path of a PGlite data-directory dump, or the name of a PostgreSQL
 * database to copy with `CREATE DATABASE … TEMPLATE`. `migrated` is always there once templates were prepared.
 */
export type TestTemplates = Record<string, string>;

/** Fills a template after the migrations (reference data, the demo seed, a job queue's schema…). */
export type TemplatePrepare = (database: Database) => Promise<void>;

/** Options for {@link prepareTestTemplates}. */
export interface PrepareTestTemplatesOptions {
  /** Admin URL of a PostgreSQL server (TEST_DATABASE_URL), or '' for PGlite. */
  adminUrl: string;
  /** Further templates: each starts from the migrated one and is filled by its function. */
  templates?: Record<string, TemplatePrepare>;
}

/** The prepared templates and how to remove the ones that belong to this run. */
export interface PreparedTestTemplates {
  templates: TestTemplates;
  teardown(): Promise<void>;
}

/**
 * Builds the test templates once: the migrated database and every named template on top of it. On PGlite the
 * migrated dump is kept in the temp dir per migrations version (reused by later runs); named templates run code
 * whose sources the hash would not cover (the seed), so they are rebuilt every run and removed by `teardown()`.
 * On PostgreSQL every template is a database of this run, dropped by `teardown()`.
 */
export async function prepareTestTemplates(
  options: PrepareTestTemplatesOptions,
): Promise<PreparedTestTemplates> {
  const named = Object.entries(options.templates ?? {});
  return options.adminUrl
    ? preparePostgresTemplates(options.adminUrl, named)
    : preparePgliteTemplates(named);
}

async function preparePgliteTemplates(
  named: [string, TemplatePrepare][],
): Promise<PreparedTestTemplates> {
  const migrated = await migratedPgliteTemplate();
  const templates: TestTemplates = { migrated };
  const run = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const owned: string[] = [];
  const teardown = async (): Promise<void> => {
    for (const path of owned) rmSync(path, { force: true });
  };
  try {
    for (const [name, prepare] of named) {
      const database = await createDb({ loadDataDir: new Blob([readFileSync(migrated)]) });
      try {
        await prepare(database);
        const path = join(tmpdir(), `ec-pglite-template-${name}-${run}.tar`);
        owned.push(path);
        await dumpTo(database, path);
        templates[name] = path;
      } finally {
        await database.close();
      }
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return { templates, teardown };
}

/**
 * The migrated PGlite dump for the current migrations, built when missing. Dumps are uncompressed: loading one is as
 * fast as a gzipped one and saves the inflating.
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const path = join(tmpdir(), `ec-pglite-template-${migrationsHash()}.tar`);
  if (existsSync(path)) return path;
  const database = await createDb();
  try {
    await migrate(database);
    await dumpTo(database, path);
  } finally {
    await database.close();
  }
  return path;
}

async function dumpTo(database: Database, path: string): Promise<void> {
  const dump = await (database.client as PGlite).dumpDataDir('none');
  // Write then rename, so a parallel test file or run never reads a half-written template.
  const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

async function preparePostgresTemplates(
  adminUrl: string,
  named: [string, TemplatePrepare][],
): Promise<PreparedTestTemplates> {
  const run = randomBytes(6).toString('hex');
  const owned: string[] = [];
  const templates: TestTemplates = {};
  try {
    const migrated = `tpl_${run}_migrated`;
    // Owned before it exists: a template whose preparation fails is dropped too.
    owned.push(migrated);
    await createPostgresTemplate(adminUrl, migrated, null, (database) => migrate(database));
    templates.migrated = migrated;
    for (const [name, prepare] of named) {
      const database = `tpl_${run}_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
      owned.push(database);
      await createPostgresTemplate(adminUrl, database, migrated, prepare);
      templates[name] = database;
    }
  } catch (error) {
    await dropPostgresDatabases(adminUrl, owned);
    throw error;
  }
  return { templates, teardown: () => dropPostgresDatabases(adminUrl, owned) };
}

async function createPostgresTemplate(
  adminUrl: string,
  name: string,
  from: string | null,
  prepare: TemplatePrepare,
): Promise<void> {
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name}${from ? ` template ${from}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before anyone copies the template: CREATE DATABASE … TEMPLATE refuses a template that has sessions. Two
  // connections: migrate() holds one for its advisory lock while the migrator queries through the pool.
  const database = await createDb({ databaseUrl: url.href, maxConnections: 2 });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
}

async function dropPostgresDatabases(adminUrl: string, names: string[]): Promise<void> {
  for (const name of names.reverse()) await dropDatabase(adminUrl, name);
}

/** A hash of the migration files: the migrated PGlite template is reused only for the same migrations. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Runs `work` with a single admin connection to the server of `adminUrl`. */
export async function withAdmin<T>(
  adminUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Drops a database even while sessions are still connected to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}
