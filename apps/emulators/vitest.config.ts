import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'emulators',
    include: ['src/**/*.test.ts'],
    // Each test starts an HTTP server; generous limits so a busy machine does not time them out.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
