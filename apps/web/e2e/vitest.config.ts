import { defineConfig } from 'vitest/config';

// Browser tests: playwright-core drives Debian's Chromium against the real server with seeded data.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Chromium starts in the hooks; .ci/run runs the static checks beside these tests, so allow for a busy machine.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One browser at a time: the machines have two cores and the server needs one.
    fileParallelism: false,
  },
});
