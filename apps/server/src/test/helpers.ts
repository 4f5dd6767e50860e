import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { desc, mailOutbox } from '@ec/db';
import { createTestDb, hasTestTemplate, type TestDatabase } from '@ec/db/testing';
import { buildApp } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import { createLogger } from '../logger.ts';
import { prepareReferenceData } from '../modules/reference/countries.ts';
import { ensurePartitions } from '../modules/telemetry/partitions.ts';
import { seedDemo } from '../seed/seed.ts';

/** An app on a fresh test database, and how to tear both down. */
export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL). `env` is parsed like
 * the real environment; the SPA directory defaults to one that does not exist, and the demo data is seeded unless
 * `seed: false`. Tests that edit sites in the database pass `siteCacheMs: 0`.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    siteCacheMs?: number;
    /** Receives every JSON log line (at info level and above) instead of discarding them. */
    logLines?: string[];
    /** Called while a live stream watches a location (services' `onWatch`). */
    onWatch?: (locationId: number) => void;
  } = {},
): Promise<TestApp> {
  const seed = options.seed !== false;
  // The project's globalSetup seeds one template per run (src/test/global-setup.ts); copying it saves every file the
  // seed's password hashing. Without it (another Vitest config), seed here.
  const seeded = seed && hasTestTemplate('demo');
  const db = await createTestDb(seeded ? { template: 'demo' } : {});
  if (!seeded) {
    await prepareReferenceData(db.db);
    if (seed) await seedDemo(db.db);
    await ensurePartitions(db.db, { now: new Date(), rawRetentionDays: 35 });
  }
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: join(tmpdir(), 'ec-no-such-dist'),
    // No polling workers: tests deliver queued jobs with `app.mail.idle()` / `app.jobs.drain()`, deterministically.
    JOBS_WORKERS: 'false',
    // Production requires the key that encrypts external credentials.
    ...(options.env?.NODE_ENV === 'production'
      ? { EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) }
      : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    logger: options.logLines
      ? pino({ level: 'info' }, { write: (line: string) => options.logLines?.push(line) })
      : createLogger(config, { tty: false }),
    siteCacheMs: options.siteCacheMs,
    onWatch: options.onWatch,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** The demo super admin's login. */
export const ADMIN = { email: 'admin@demo.energy', password: 'demo-admin-2024' } as const;

/** Signs in through the API and returns the `ec_session` cookie value. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string } = ADMIN,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { data: credentials },
  });
  const cookie = res.cookies.find((c) => c.name === 'ec_session');
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** The parsed JSON body of an injected response. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/** Injects a JSON request with `{ data }` as the body (and a session cookie when given). */
export function send(
  app: FastifyInstance,
  method: 'POST' | 'DELETE' | 'GET',
  url: string,
  options: {
    data?: unknown;
    token?: string;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(options.data === undefined ? {} : { payload: { data: options.data } }),
    cookies: options.token ? { ec_session: options.token } : {},
    headers: options.headers ?? {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** The demo logins by role name. */
export const DEMO = {
  admin: ADMIN,
  aggregator: { email: 'aggregator@demo.energy', password: 'demo-aggregator-2024' },
  advanced: { email: 'advanced@demo.energy', password: 'demo-advanced-2024' },
  basic: { email: 'basic@demo.energy', password: 'demo-basic-2024' },
  user: { email: 'user@demo.energy', password: 'demo-user-2024' },
  unverified: { email: 'unverified@demo.energy', password: 'demo-unverified-2024' },
} as const;

/** The newest message the outbox holds for `to` (after the app's mail queue is idle). */
export async function lastMailTo(
  t: TestApp,
  to: string,
): Promise<{ kind: string; subject: string; text: string; html: string } | undefined> {
  await t.app.mail.idle();
  const rows = await t.db.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  return rows.find((row) => row.toAddress === to);
}

/** The messages the outbox holds for `to`, oldest first. */
export async function mailsTo(t: TestApp, to: string): Promise<{ kind: string; text: string }[]> {
  await t.app.mail.idle();
  const rows = await t.db.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  return rows.filter((row) => row.toAddress === to);
}

/** The `token` query parameter of the first link to `path` in a mail text. */
export function tokenFrom(text: string | undefined, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path}\\?[^\\s]*`).exec(text ?? '');
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0]).searchParams.get('token') ?? '';
}

/** A local port nothing listens on (taken from the OS, then released): an SMTP_URL there makes every send fail. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
