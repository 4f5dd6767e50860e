import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'server',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // createTestDb() (@ec/db/testing) reads this through vitest's inject(): PostgreSQL when set, PGlite when ''.
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '' },
    // Builds the test database templates once per run and provides them as testDbTemplates.
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
