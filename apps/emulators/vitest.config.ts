import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'emulators',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts'],
    // Each test starts an HTTP server; generous limits so a busy machine does not time them out.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
