// Initial JavaScript for /auth/login (gzip, budget 180 KB) and lazy route modules (issue 2 "Performance"), from
// the SPA build in apps/web/dist; builds it first when there is none. The size logic is the web app's own
// (apps/web/scripts/measure-login-js.ts); this adds the check that no page or layout module is in the entry.
// Usage: node bench/bundle.ts [dist directory, default apps/web/dist]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { measureLoginJs, type Manifest } from '../apps/web/scripts/measure-login-js.ts';
import { report, repoRoot } from './lib.ts';

const BUDGET_KB = 180;
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

// 1. Size: the larger of the two views (index.html's preloads vs. the manifest's static graph).
const views = measureLoginJs(`${dist}/`);
for (const view of views) console.log(`  ${(view.totalBytes / 1024).toFixed(1)} KB  ${view.label}`);
const worstKb = Math.max(...views.map((view) => view.totalBytes)) / 1024;
report('bundle: initial JS for /auth/login (gzip -9)', worstKb, 'KB', { max: BUDGET_KB });

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

if (worstKb > BUDGET_KB || eager.length > 0) process.exitCode = 1;
