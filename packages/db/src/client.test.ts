import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, PGLITE_SUBDIR, queryRows } from './client.ts';
import { migrate } from './migrate.ts';
import { appSettings, sites, users } from './schema/index.ts';
import { eq, sql } from './index.ts';

const tmp = mkdtempSync(join(tmpdir(), 'ec-db-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('createDb with PGlite', () => {
  it('opens an in-memory database without a data dir', async () => {
    const database = await createDb();
    expect(database.kind).toBe('pglite');
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
  });

  it('creates a missing data dir and keeps data across reopening', async () => {
    const dataDir = join(tmp, 'nested', 'data');
    expect(existsSync(dataDir)).toBe(false);
    const first = await createDb({ dataDir });
    expect(existsSync(join(dataDir, PGLITE_SUBDIR))).toBe(true);
    await migrate(first);
    await first.db.insert(appSettings).values({ key: 'k', value: 'v' });
    await first.close();

    const second = await createDb({ dataDir });
    await migrate(second);
    const rows = await second.db.select().from(appSettings).where(eq(appSettings.key, 'k'));
    expect(rows.map((r) => r.value)).toEqual(['v']);
    await second.close();
  });

  it('rejects ping after close, and close is idempotent', async () => {
    const database = await createDb();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
    await expect(database.close()).resolves.toBeUndefined();
  });
});

describe('migrate', () => {
  it('creates the tables and can run again without changes', async () => {
    const database = await createDb();
    await migrate(database);
    await migrate(database);
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(['app_settings', 'sessions', 'sites', 'users']);
    await database.close();
  });

  it('enforces lower-case e-mails, known roles and known themes', async () => {
    const database = await createDb();
    await migrate(database);
    const [{ siteId } = { siteId: 0 }] = await database.db
      .insert(sites)
      .values({ identifier: 'a', productName: 'A', supportEmail: 's@a.test' })
      .returning({ siteId: sites.id });
    await expect(
      database.db.insert(users).values({ email: 'Upper@Case.test', siteId }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(users).values({ email: 'x@y.test', siteId, role: 'ROLE_NOPE' as never }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(sites).values({
        identifier: 'b',
        productName: 'B',
        supportEmail: 's@b.test',
        theme: 'x' as never,
      }),
    ).rejects.toThrow();
    const [fresh] = await database.db.select().from(sites).where(eq(sites.id, siteId));
    expect(fresh).toMatchObject({
      platformName: 'Cloud',
      status: 'normal',
      hosts: [],
      translationOverrides: {},
    });
    await database.close();
  });
});
