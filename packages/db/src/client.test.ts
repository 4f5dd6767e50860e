import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, PGLITE_SUBDIR, queryRows } from './client.ts';
import { migrate, MIGRATIONS_FOLDER } from './migrate.ts';
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
    expect(rows.map((r) => r.table_name)).toEqual([
      'app_settings',
      'audit_log',
      'companies',
      'company_mail_settings',
      'controller_ingest',
      'controller_presence',
      'controllers',
      'countries',
      'device_groups',
      'device_latest',
      'device_rollup_day',
      'device_rollup_hour',
      'device_rollup_month',
      'device_state',
      'devices',
      'discovered_devices',
      'external_credentials',
      'external_device_credentials',
      'external_devices',
      'interval_15m',
      'invitations',
      'location_group_permissions',
      'location_groups',
      'location_permissions',
      'location_rollup_day',
      'location_rollup_hour',
      'location_rollup_month',
      'locations',
      'mail_outbox',
      'metering_readings',
      'metering_series',
      'oidc_identities',
      'oidc_states',
      'price_lists',
      'price_type_configs',
      'rate_limits',
      'reading',
      'rollup_dirty',
      'sessions',
      'sites',
      'spot_prices',
      'time_plan_blocks',
      'time_plan_seasons',
      'time_plan_slots',
      'time_plans',
      'user_tokens',
      'users',
    ]);
    // 0006 (hand-written part): the raw readings and 15-minute intervals are range-partitioned on ts, with no
    // partition yet (the telemetry.partitions job creates them) and in particular no DEFAULT partition.
    const partitioned = await queryRows<{ relname: string; strategy: string; key: string }>(
      database.db,
      sql`select c.relname, p.partstrat as strategy, pg_get_partkeydef(c.oid) as key
            from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
           where c.relnamespace = 'public'::regnamespace order by c.relname`,
    );
    expect(partitioned).toEqual([
      { relname: 'interval_15m', strategy: 'r', key: 'RANGE (ts)' },
      { relname: 'reading', strategy: 'r', key: 'RANGE (ts)' },
    ]);
    const partitions = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_inherits
            where inhparent in ('public.reading'::regclass, 'public.interval_15m'::regclass)`,
    );
    expect(partitions[0]?.n).toBe(0);
    await database.close();
  });

  it('0001_accounts treats users that existed before e-mail verification as verified', async () => {
    // A migrations folder holding only the foundation migration, to create a user before 0001 runs.
    const folder = join(tmp, 'migrations-0000');
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }),
    );

    const database = await createDb();
    await migrate(database, { migrationsFolder: folder });
    await queryRows(
      database.db,
      sql`insert into sites (identifier, product_name, support_email) values ('s', 'P', 'x@y.z')`,
    );
    await queryRows(
      database.db,
      sql`insert into users (email, site_id, created_at) select 'old@x.y', id, '2024-05-01T00:00:00Z' from sites`,
    );
    await migrate(database);
    const [user] = await database.db.select().from(users).where(eq(users.email, 'old@x.y'));
    expect(user?.emailVerifiedAt?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(user?.type).toBe('PROVISIONED');
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

describe.skipIf(!inject('testDatabaseUrl'))('createDb with PostgreSQL', () => {
  it('survives a connection terminated while a transaction holds it (the transaction fails, the process does not)', async () => {
    const database = await createDb({ databaseUrl: inject('testDatabaseUrl') });
    try {
      const admin = await createDb({ databaseUrl: inject('testDatabaseUrl') });
      const failed = database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await admin.db.execute(sql`select pg_terminate_backend(${row?.pid ?? 0})`);
        await admin.close();
        // Idle in the transaction while the server's FATAL arrives: the 'error' event a bare pg client would throw.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toThrow();
      // The pool replaces the broken connection.
      const [again] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(again?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
