// `npm start` runs this before the server: it builds the SPA only when its inputs changed since the last build.
// The inputs are the web app's sources (index.html, public/, src/, vite-plugins/, the Vite and TypeScript config,
// its package.json), the sources of every workspace package it imports (followed through their own workspace
// dependencies), the lockfile and NODE_ENV. Their hash is stored beside the build (dist/.vite/build-inputs.json);
// Vite empties dist on every build, so a build made any other way (the browser tests', `npm run build`) leaves no
// stamp and the next start builds again. Tests, e2e, scripts and Markdown do not change the bundle: not inputs.
// Usage: node apps/web/scripts/build-if-changed.ts [--check]  (--check: print whether a build is needed, exit 1 if so)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const defaultRoot = new URL('../../../', import.meta.url).pathname;

/** Where the stamp lives, relative to the dist folder (Vite's own metadata folder, never served as a page). */
export const STAMP_PATH = '.vite/build-inputs.json';

/** What the stamp holds. */
export interface BuildStamp {
  hash: string;
  builtAt: string;
}

interface PackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = (path: string): PackageJson =>
  JSON.parse(readFileSync(path, 'utf8')) as PackageJson;

/** Folders never walked: installed packages, outputs, and what does not go into the bundle. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'e2e',
  'scripts',
  'incoming',
  'pending',
]);
/** Files that do not change the bundle. */
const isSkippedFile = (name: string) =>
  /\.test\.tsx?$/.test(name) || name.endsWith('.md') || name.endsWith('.tsbuildinfo');

function walk(dir: string, into: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path, into);
    } else if (entry.isFile() && !isSkippedFile(entry.name)) into.push(path);
  }
}

/** The workspace packages by name (`@ec/contract` → its folder), from the root's `packages/` folder. */
function workspacePackages(root: string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const entry of readdirSync(join(root, 'packages'), { withFileTypes: true })) {
    const manifest = join(root, 'packages', entry.name, 'package.json');
    if (!entry.isDirectory() || !existsSync(manifest)) continue;
    const name = readJson(manifest).name;
    if (name) byName.set(name, join(root, 'packages', entry.name));
  }
  return byName;
}

/** Every file whose content goes into the web build, absolute paths, sorted. */
export function webBuildInputs(root: string = defaultRoot): string[] {
  const web = join(root, 'apps/web');
  const files: string[] = [];
  for (const name of ['index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'])
    if (existsSync(join(web, name))) files.push(join(web, name));
  for (const dir of ['public', 'src', 'vite-plugins']) walk(join(web, dir), files);

  // Workspace packages the web app imports, and theirs in turn.
  const packages = workspacePackages(root);
  const seen = new Set<string>();
  const queue = Object.keys(readJson(join(web, 'package.json')).dependencies ?? {});
  while (queue.length > 0) {
    const name = queue.shift() ?? '';
    const dir = packages.get(name);
    if (!dir || seen.has(name)) continue;
    seen.add(name);
    walk(dir, files);
    queue.push(...Object.keys(readJson(join(dir, 'package.json')).dependencies ?? {}));
  }
  for (const name of ['package-lock.json', 'tsconfig.base.json'])
    if (existsSync(join(root, name))) files.push(join(root, name));
  return [...new Set(files)].sort();
}

/** A hash of the inputs' paths and contents, and of the settings that change the output (NODE_ENV). */
export function hashInputs(
  root: string,
  files: readonly string[],
  env: { NODE_ENV?: string | undefined } = {},
): string {
  const hash = createHash('sha256');
  hash.update(`NODE_ENV=${env.NODE_ENV ?? ''}\n`);
  for (const file of files) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(createHash('sha256').update(readFileSync(file)).digest('hex'));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** The stamp of the build in `dist`, or null when there is none (or no build at all). */
export function readStamp(dist: string): BuildStamp | null {
  if (!existsSync(join(dist, 'index.html'))) return null;
  try {
    const stamp = JSON.parse(readFileSync(join(dist, STAMP_PATH), 'utf8')) as Partial<BuildStamp>;
    return typeof stamp.hash === 'string' && typeof stamp.builtAt === 'string'
      ? { hash: stamp.hash, builtAt: stamp.builtAt }
      : null;
  } catch {
    return null;
  }
}

/** Records that the build in `dist` was made from inputs with this hash. */
export function writeStamp(dist: string, hash: string, now: Date = new Date()): void {
  writeFileSync(
    join(dist, STAMP_PATH),
    `${JSON.stringify({ hash, builtAt: now.toISOString() })}\n`,
  );
}

/** Whether the build in `dist` is missing or was made from other inputs than the current ones. */
export function needsBuild(
  root: string,
  dist: string,
  env: { NODE_ENV?: string | undefined } = {},
): { needed: boolean; hash: string; reason: string } {
  const hash = hashInputs(root, webBuildInputs(root), env);
  const stamp = readStamp(dist);
  if (!existsSync(join(dist, 'index.html'))) return { needed: true, hash, reason: 'no build yet' };
  if (!stamp) return { needed: true, hash, reason: 'the build has no record of its inputs' };
  if (stamp.hash !== hash) return { needed: true, hash, reason: 'the web sources changed' };
  return { needed: false, hash, reason: `inputs unchanged since the build of ${stamp.builtAt}` };
}

if (import.meta.main) {
  const root = defaultRoot;
  const dist = join(root, 'apps/web/dist');
  const started = performance.now();
  const check = needsBuild(root, dist, process.env);
  const checkMs = Math.round(performance.now() - started);
  if (process.argv.includes('--check')) {
    console.log(`web build ${check.needed ? 'needed' : 'up to date'}: ${check.reason}`);
    process.exit(check.needed ? 1 : 0);
  }
  if (!check.needed) {
    console.log(`web build: up to date, skipped (${check.reason}; checked in ${checkMs} ms)`);
  } else {
    console.log(`web build: building (${check.reason})`);
    execFileSync('npm', ['run', '-s', 'build', '-w', '@ec/web'], { cwd: root, stdio: 'inherit' });
    writeStamp(dist, check.hash);
  }
}
