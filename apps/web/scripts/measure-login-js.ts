// Gzip size of the JavaScript a first visit to /auth/login loads (budget: 180 KB, issue 2 "Performance").
// Two views of the same build:
//  1. index.html's module script + its modulepreload links + the login route's lazy chunks and their imports;
//  2. the same set derived from Vite's manifest (entry + static imports + the auth layout and login route
//     modules with their static imports), as a cross-check.
// Run after `npm run build -w @ec/web`: `npm run size -w @ec/web`. bench/bundle.ts imports measureLoginJs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 180;
const defaultDist = new URL('../dist/', import.meta.url).pathname;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
/** Vite's build manifest (dist/.vite/manifest.json): chunks keyed by source path or `_shared` name. */
export type Manifest = Record<string, ManifestChunk>;

/** One view of the /auth/login JavaScript: its files with their gzip -9 sizes, largest first. */
export interface LoginJsView {
  label: string;
  files: { file: string; bytes: number }[];
  totalBytes: number;
}

// The modules the router loads lazily for /auth/login: the auth layout and the login route.
const loginRouteModules = ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login-route.tsx'];

/** The gzip size of the JavaScript /auth/login loads, from the build in `dist` (both views above). */
export function measureLoginJs(dist: string = defaultDist): LoginJsView[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

  /** A chunk's file plus every chunk it statically imports, recursively. */
  function withStaticImports(key: string, into: Set<string>): void {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  }

  // 1. From index.html.
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const fromHtml = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g))
    fromHtml.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g))
    fromHtml.add(match[1] ?? '');
  for (const key of loginRouteModules) withStaticImports(key, fromHtml);

  // 2. From the manifest alone.
  const fromManifest = new Set<string>();
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('no entry in the manifest');
  withStaticImports(entry, fromManifest);
  for (const key of loginRouteModules) withStaticImports(key, fromManifest);

  const view = (label: string, files: Set<string>): LoginJsView => {
    const rows = [...files]
      .map((file) => ({ file, bytes: gz(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    return { label, files: rows, totalBytes: rows.reduce((sum, row) => sum + row.bytes, 0) };
  };
  return [
    view('/auth/login JS from index.html (script + modulepreloads) + login route chunks', fromHtml),
    view('/auth/login JS from the Vite manifest', fromManifest),
  ];
}

if (import.meta.main) {
  const views = measureLoginJs();
  for (const { label, files, totalBytes } of views) {
    console.log(`\n${label}`);
    for (const row of files)
      console.log(`  ${(row.bytes / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
    console.log(`  ${(totalBytes / 1024).toFixed(1).padStart(7)} KB  total (gzip -9)`);
  }
  const worst = Math.max(...views.map((v) => v.totalBytes)) / 1024;
  console.log(
    `\nbudget ${BUDGET_KB} KB: ${worst <= BUDGET_KB ? 'OK' : 'OVER'} (${worst.toFixed(1)} KB)`,
  );
  if (worst > BUDGET_KB) process.exitCode = 1;
}
