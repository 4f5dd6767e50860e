import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'i18n',
    maxWorkers: TEST_WORKERS,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bin/**/*.test.ts'],
  },
});
