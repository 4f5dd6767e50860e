// Test set-up shared by the accounts test files: one app on a fresh demo database per file.
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** The accounts test apps' environment: rate limits off (the tests send more than they allow). */
export const ACCOUNTS_TEST_ENV = { RATE_LIMITS: 'false' };

/**
 * Registers the calling test file's hooks: the app is built before its tests (with
 * {@link ACCOUNTS_TEST_ENV}) and closed after them. The answer stands for that app; read it only
 * inside hooks and tests.
 */
export function useAccountsTestApp(): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({ env: ACCOUNTS_TEST_ENV });
  });
  afterAll(() => current?.close());
  const app = (): TestApp => {
    if (!current) throw new Error('the accounts test app is read outside its tests');
    return current;
  };
  return {
    get app() {
      return app().app;
    },
    get db() {
      return app().db;
    },
    get config() {
      return app().config;
    },
    close: () => app().close(),
  };
}
