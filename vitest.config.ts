import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests; browser tests (apps/web/e2e) run separately.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/emulators/vitest.config.ts',
      'apps/simulator/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
    // Vitest's default leaves one core to its main process, which on this 2-core machine meant one test file at a
    // time for every project together (17 minutes). The main process mostly waits, so a worker per core.
    maxWorkers: availableParallelism(),
  },
});
