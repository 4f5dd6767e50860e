import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests; browser tests (apps/web/e2e) run separately.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/emulators/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
