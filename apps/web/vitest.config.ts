import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../../vitest.workers.ts';
import react from '@vitejs/plugin-react';
import { contractRoutes } from './vite-plugins/contract-routes.ts';

const reactRouter = (file: string) =>
  fileURLToPath(
    new URL(`../../node_modules/react-router/dist/development/${file}`, import.meta.url),
  );

export default defineConfig({
  plugins: [react(), contractRoutes()],
  resolve: {
    // Under Node's conditions `react-router` resolves to its CJS build while `react-router/dom` loads the ESM
    // one; two copies mean two router contexts ("useRouteError must be used within a data router").
    alias: [
      { find: /^react-router$/, replacement: reactRouter('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
    ],
  },
  test: {
    name: 'web',
    maxWorkers: TEST_WORKERS,
    environment: 'jsdom',
    // One jsdom per worker instead of one per file (a third of the time went into creating 95 of them); each file
    // still runs in its own VM context, so modules and globals stay per file.
    pool: 'vmThreads',
    // Rendering with user events takes seconds when the machine is busy; the default 5 s failed such runs.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/shared/test/setup.ts'],
    css: false,
    // One copy of react-router (see resolve.alias).
    server: { deps: { inline: [/react-router/] } },
    restoreMocks: true,
    unstubGlobals: true,
  },
});
