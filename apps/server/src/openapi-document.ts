import { fileURLToPath } from 'node:url';
import { createDb } from '@ec/db';
import { buildApp } from './app.ts';
import { parseConfig } from './config.ts';
import { createLogger } from './logger.ts';

/** The committed copy of the OpenAPI document. */
export const OPENAPI_FILE = fileURLToPath(
  new URL('../../../docs/api/openapi.json', import.meta.url),
);

/**
 * The OpenAPI document exactly as the server serves it, as stable text (2-space JSON, trailing newline). Builds the
 * app on a throwaway in-memory database with a fixed secret, so nothing is read from the environment.
 */
export async function generateOpenApiText(): Promise<string> {
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'openapi-generation-only-secret-0000000000',
  });
  const db = await createDb();
  const app = await buildApp({ config, db, logger: createLogger(config, { tty: false }) });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await db.close();
  }
}
