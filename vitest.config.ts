import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './vitest.workers.ts';

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
    // Also in every project's config, where it takes effect (see vitest.workers.ts).
    maxWorkers: TEST_WORKERS,
  },
});
