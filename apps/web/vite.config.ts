import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contractRoutes } from './vite-plugins/contract-routes.ts';

// The dev API server (apps/server) listens on 3000; the SPA talks to it same-origin through this proxy.
const apiTarget = 'http://127.0.0.1:3000';

/**
 * Long-cached vendor chunks for the libraries every screen needs (React with the router; TanStack Query and
 * i18next). Only those packages: a broader pattern (all of @tanstack) once pulled the sidebar's virtualiser into
 * the sign-in page. Everything else, Mantine included, is left to automatic splitting: components only some routes
 * use (menus, modals, tooltips) then stay out of the first load. Each route module is its own lazy chunk.
 * Measure with `npm run size -w @ec/web` (budget: 180 KB gzip for /auth/login).
 */
const vendorGroups: readonly (readonly [name: string, test: RegExp])[] = [
  [
    'react',
    /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  ],
  [
    'vendor',
    /node_modules[\\/](@tanstack[\\/](query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
  ],
];

function vendorChunk(id: string): string | null {
  return vendorGroups.find(([, test]) => test.test(id))?.[0] ?? null;
}

export default defineConfig({
  plugins: [react(), contractRoutes()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The manifest lets scripts/measure-login-js.ts follow exactly what /auth/login loads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: (id: string) => vendorChunk(id), debugName: 'vendor' }],
        },
      },
    },
  },
});
