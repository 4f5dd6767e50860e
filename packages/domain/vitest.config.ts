import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'domain',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bin/**/*.test.ts'],
    // bin/network-fee.test.ts runs the CLI in new Node processes: slow on a busy machine, not broken.
    testTimeout: 60_000,
  },
});
