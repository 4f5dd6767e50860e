import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { buildApp } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import { createLogger } from '../logger.ts';
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
  options: { env?: Record<string, string>; seed?: boolean; siteCacheMs?: number } = {},
): Promise<TestApp> {
  const db = await createTestDb();
  if (options.seed !== false) await seedDemo(db.db);
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: join(tmpdir(), 'ec-no-such-dist'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    logger: createLogger(config, { tty: false }),
    siteCacheMs: options.siteCacheMs,
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
