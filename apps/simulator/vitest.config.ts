import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'simulator',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts'],
    // The controller tests start an MQTT broker; generous limits so a busy machine does not time them out.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
