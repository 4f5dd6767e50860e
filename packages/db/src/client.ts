import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The tables, as drizzle sees them. */
export type Schema = typeof schema;

/** A drizzle database over either driver; repositories take this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Which engine a database handle talks to. */
export type DbKind = 'pglite' | 'postgres';

/** An open database: the drizzle handle plus the driver client and lifecycle helpers. */
export interface Database {
  db: Db;
  kind: DbKind;
  /** The driver's client: a PGlite instance or a node-postgres Pool. */
  client: PGlite | pg.Pool;
  /** Resolves when a trivial query succeeds within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the connection(s). Safe to call more than once. */
  close(): Promise<void>;
}

/** Where to connect. `databaseUrl` wins; otherwise PGlite stores its files under `dataDir` (in memory without it). */
export interface CreateDbOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** PGlite only: start from this data-directory dump (see PGlite `dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
}

/** The folder under DATA_DIR that holds the embedded database's files. */
export const PGLITE_SUBDIR = 'pglite';

/**
 * Opens the database: node-postgres when `databaseUrl` is set, otherwise embedded PGlite (file-backed under
 * `<dataDir>/pglite`, created when missing, or in memory when no `dataDir` is given).
 */
export async function createDb(options: CreateDbOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = join(resolve(dataDir), PGLITE_SUBDIR);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { loadDataDir });
  } else {
    client = await PGlite.create({ loadDataDir });
  }
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    client,
    ping: (timeoutMs = 2000) => withTimeout(client.query('select 1').then(noop), timeoutMs),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

function openPostgres(databaseUrl: string, max: number): Database {
  const client = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection emits 'error' on the pool; without a listener Node would crash.
  client.on('error', noop);
  // A checked-out client (e.g. idle inside a transaction between two statements) that loses its connection (the
  // server restarts, pg_terminate_backend) emits 'error' on itself; without a listener that crashes the process. The
  // caller's next query fails instead ("not queryable"), and the pool drops the broken client when it is released.
  client.on('connect', (connection) => connection.on('error', noop));
  const db = drizzlePg({ client, schema });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    client,
    ping: (timeoutMs = 2000) => withTimeout(db.execute(sql`select 1`).then(noop), timeoutMs),
    close() {
      closed ??= client.end();
      return closed;
    },
  };
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer with `{ rows }`; the generic drizzle type cannot say so.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function noop(): void {}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
