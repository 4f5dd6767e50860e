import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createTestDb } from './testing.ts';
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
});
