// JavaScript a browser fetches for /auth/login (gzip, budget 180 KB) and lazy route modules (issue 2 "Performance",
// issue 10), from the SPA build in apps/web/dist; builds it first when there is none. The size is measured the way a
// browser loads the page: the real server serves the build, Chromium opens /auth/login and every script response
// before the network is idle counts (apps/web/scripts/measure-login-js.ts, also `npm run size -w @ec/web` in CI).
// This adds the check that no page or layout module is in the entry.
// Usage: node bench/bundle.ts [dist directory, default apps/web/dist]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  LOGIN_JS_BUDGET_KB,
  measureLoginJs,
  printMeasurement,
} from '../apps/web/scripts/measure-login-js.ts';
import { report, repoRoot } from './lib.ts';

/** Vite's build manifest (dist/.vite/manifest.json): chunks keyed by source path or `_shared` name. */
type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }
>;
const web = join(repoRoot, 'apps/web');
const dist = process.argv[2] ?? join(web, 'dist');
const manifestPath = join(dist, '.vite/manifest.json');

/** Whether the build bundles React's development code (built with NODE_ENV set to something else). */
function isDevelopmentBuild(): boolean {
  const assets = join(dist, 'assets');
  return readdirSync(assets).some(
    (file) =>
      file.endsWith('.js') &&
      readFileSync(join(assets, file), 'utf8').includes('Download the React DevTools'),
  );
}

const missing = !existsSync(manifestPath);
if (missing || isDevelopmentBuild()) {
  if (process.argv[2]) throw new Error(`bundle: no production build in ${dist}`);
  console.log(
    `bundle: ${missing ? 'no apps/web/dist yet' : 'apps/web/dist is a development build'}; building`,
  );
  execFileSync('npm', ['run', '-s', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
console.log(`bundle: build of ${statSync(manifestPath).mtime.toISOString()}`);

// 1. Size, as Chromium loads /auth/login from the real server.
const measurement = await measureLoginJs(`${dist}/`);
printMeasurement(measurement);
const totalKb = measurement.totalGzipBytes / 1024;
report('bundle: JS a browser fetches for /auth/login (gzip -9)', totalKb, 'KB', {
  max: LOGIN_JS_BUDGET_KB,
});
report('bundle: script files fetched for /auth/login', measurement.scripts.length, 'files');

// 2. Lazy routes: every route module (src/app/routes/*, src/app/layouts/*) must be its own dynamically imported
// chunk and must not be reachable from the entry through static imports. A module the entry imports statically
// is bundled into the entry's chunks and has no chunk of its own in the manifest.
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const routeModules = ['src/app/routes', 'src/app/layouts'].flatMap((dir) =>
  readdirSync(join(web, dir))
    .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
    .map((name) => `${dir}/${name}`),
);
const entryKey = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entryKey) throw new Error('bundle: no entry chunk in the manifest');
const staticFromEntry = new Set<string>();
const walk = (key: string): void => {
  if (staticFromEntry.has(key)) return;
  staticFromEntry.add(key);
  for (const imported of manifest[key]?.imports ?? []) walk(imported);
};
walk(entryKey);

const eager = routeModules.filter(
  (module) => !manifest[module]?.isDynamicEntry || staticFromEntry.has(module),
);
for (const module of eager) console.log(`  not lazy: ${module}`);
console.log(`  ${routeModules.length - eager.length} of ${routeModules.length} route modules lazy`);
report('bundle: route modules loaded eagerly by the entry', eager.length, 'modules', { max: 0 });

if (totalKb > LOGIN_JS_BUDGET_KB || eager.length > 0) process.exitCode = 1;
