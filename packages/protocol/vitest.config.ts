import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'protocol',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts'],
  },
});
