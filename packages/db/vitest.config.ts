import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'db',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bin/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // createTestDb() (src/testing.ts) reads this through vitest's inject(): PostgreSQL when set, PGlite when ''.
    provide: { testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '' },
    // Builds the test database templates once per run and provides them as testDbTemplates.
    globalSetup: ['./src/test-global-setup.ts'],
  },
});
