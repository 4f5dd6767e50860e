import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDb, queryRows } from './client.ts';
import { sql } from './index.ts';
import { migrate, MIGRATIONS_FOLDER } from './migrate.ts';
import { prepareTestTemplates } from './test-templates.ts';
import { createTestDb, hasTestTemplate } from './testing.ts';
import { sites } from './schema/index.ts';

describe('createTestDb', () => {
  it('gives a migrated, empty database of the configured kind', async () => {
    const database = await createTestDb();
    expect(database.kind).toBe(inject('testDatabaseUrl') ? 'postgres' : 'pglite');
    expect(await database.db.select().from(sites)).toEqual([]);
    await database.close();
  });

  it('gives each call its own database', async () => {
    const a = await createTestDb();
    const b = await createTestDb();
    await a.db
      .insert(sites)
      .values({ identifier: 'only-a', productName: 'A', supportEmail: 'a@a.test' });
    expect(await b.db.select().from(sites)).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });
});

const adminUrl = inject('testDatabaseUrl');

// Runs only when TEST_DATABASE_URL names a PostgreSQL server (CI runs the suite both ways).
describe.runIf(adminUrl)('createTestDb on PostgreSQL', () => {
  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function databaseExists(name: string): Promise<boolean> {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const result = await admin.query('select 1 from pg_database where datname = $1', [name]);
      return result.rowCount === 1;
    } finally {
      await admin.end();
    }
  }

  it('creates a fresh test_<random> database and drops it on close', async () => {
    const database = await createTestDb({ adminUrl });
    expect(database.kind).toBe('postgres');
    const name = database.databaseName ?? '';
    expect(name).toMatch(/^test_[0-9a-f]{16}$/);
    await expect(database.ping()).resolves.toBeUndefined();
    expect(await databaseExists(name)).toBe(true);
    await database.close();
    await database.close();
    expect(await databaseExists(name)).toBe(false);
  });

  it('lets instances that start together on an empty database migrate one after the other', async () => {
    const name = `test_race_${Date.now()}`;
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => createDb({ databaseUrl: url.href })));
    try {
      await Promise.all(instances.map((instance) => migrate(instance)));
      const [first] = instances;
      const rows = first
        ? await queryRows<{ n: number }>(
            first.db,
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          )
        : [];
      // Each migration recorded once, although three instances ran the migrator at the same time.
      const journal = JSON.parse(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});

describe('test database templates', () => {
  it('the project globalSetup prepared the migrated template for this run', () => {
    expect(hasTestTemplate('migrated')).toBe(true);
    expect(hasTestTemplate('no-such-template')).toBe(false);
  });

  it('copies a named template per test database, each copy its own, and removes it on teardown', async () => {
    const prepared = await prepareTestTemplates({
      adminUrl,
      templates: {
        'with-site': async (database) => {
          await database.db
            .insert(sites)
            .values({ identifier: 'templated', productName: 'T', supportEmail: 't@t.test' });
        },
      },
    });
    const { templates } = prepared;
    try {
      expect(Object.keys(templates).sort()).toEqual(['migrated', 'with-site']);
      const a = await createTestDb({ templates, template: 'with-site' });
      const b = await createTestDb({ templates, template: 'with-site' });
      const empty = await createTestDb({ templates });
      await a.db.delete(sites);
      expect(await a.db.select().from(sites)).toEqual([]);
      expect((await b.db.select().from(sites)).map((s) => s.identifier)).toEqual(['templated']);
      expect(await empty.db.select().from(sites)).toEqual([]);
      await Promise.all([a.close(), b.close(), empty.close()]);
      await expect(createTestDb({ templates, template: 'other' })).rejects.toThrow(
        'no test database template other',
      );
    } finally {
      await prepared.teardown();
    }
    // This run's named template is gone (the migrated PGlite dump stays: later runs reuse it by migrations hash).
    const named = templates['with-site'] ?? '';
    if (adminUrl) expect(await databaseExists(named)).toBe(false);
    else expect(existsSync(named)).toBe(false);
  });
});

async function databaseExists(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const result = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await admin.end();
  }
}
