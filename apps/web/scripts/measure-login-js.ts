// The JavaScript a browser fetches for a first visit to /auth/login, measured the way a browser loads it (budget:
// 180 KB gzip, issue 2 "Performance", issue 10): the real server (fresh data directory, free port) serves the built
// SPA, Chromium opens /auth/login in a fresh profile and waits until the network is idle, and every script response
// counts: the entry, its modulepreloads, lazy route chunks, the site theme's chunk, prefetches, anything. Each body
// is gzipped here (level 9), so the figure does not depend on how the server compresses. A static count from Vite's
// manifest misses what the code loads at run time (it said 177 KB when a browser fetched 218 KB).
//
// Run after `npm run build -w @ec/web`: `npm run size -w @ec/web` (CI does, after the browser tests' build).
// `npm run bench -- bundle` uses measureLoginJs too. Exit code 1 when over budget.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startAppServer } from '../e2e/app-server.ts';
import { launchChromium } from '../e2e/chromium.ts';

/** The sign-in page's JavaScript budget in KB (gzip), as a browser loads it. */
export const LOGIN_JS_BUDGET_KB = 180;
const defaultDist = new URL('../dist/', import.meta.url).pathname;

/** One script the page loaded, with its gzip -9 size. */
export interface LoadedScript {
  /** The path on the server, e.g. `/assets/index-abc.js`. */
  path: string;
  bytes: number;
  gzipBytes: number;
}

/** What a browser loaded for /auth/login before the network was idle. */
export interface LoginJsMeasurement {
  scripts: LoadedScript[];
  totalGzipBytes: number;
}

/** Whether a response carries JavaScript (module scripts, modulepreloads, classic scripts, workers). */
export function isScriptResponse(resourceType: string, contentType: string, path: string): boolean {
  return (
    resourceType === 'script' ||
    /\bjavascript\b|\becmascript\b/i.test(contentType) ||
    /\.m?js$/.test(path)
  );
}

/** Sums the scripts' gzip sizes, largest first. */
export function summarise(scripts: LoadedScript[]): LoginJsMeasurement {
  const sorted = [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { scripts: sorted, totalGzipBytes: sorted.reduce((sum, s) => sum + s.gzipBytes, 0) };
}

/**
 * Serves the build in `dist` with the real server, opens /auth/login in Chromium (1280 × 800, a fresh profile: no
 * cache, no consent cookie) and returns every script response received before the network was idle.
 */
export async function measureLoginJs(dist: string = defaultDist): Promise<LoginJsMeasurement> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no SPA build in ${dist}`);
  const server = await startAppServer({ webDist: dist, stdio: 'ignore', timeoutMs: 180_000 });
  try {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        locale: 'sl-SI',
      });
      const page = await context.newPage();
      const pending: Promise<LoadedScript | null>[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        const type = response.request().resourceType();
        const contentType = response.headers()['content-type'] ?? '';
        if (!isScriptResponse(type, contentType, url.pathname)) return;
        pending.push(
          response
            .body()
            .then((body) => ({
              path: url.origin === server.baseUrl ? url.pathname : url.href,
              bytes: body.length,
              gzipBytes: gzipSync(body, { level: 9 }).length,
            }))
            // A response whose body is gone (a redirect, an aborted prefetch) carried no script.
            .catch(() => null),
        );
      });
      await page.goto('/auth/login', { waitUntil: 'networkidle' });
      // The page must really be the sign-in form, not an error screen that loaded less.
      await page.locator('input[type="password"]').waitFor({ timeout: 30_000 });
      const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
      await context.close();
      return summarise(scripts);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** Prints the scripts and the total, and whether it is within the budget. */
export function printMeasurement(measurement: LoginJsMeasurement): boolean {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log('\n/auth/login: JavaScript a browser fetched before the network was idle');
  for (const script of measurement.scripts)
    console.log(`  ${kb(script.gzipBytes)} KB  ${script.path}`);
  const total = measurement.totalGzipBytes / 1024;
  console.log(
    `  ${kb(measurement.totalGzipBytes)} KB  total (gzip -9) in ${measurement.scripts.length} files`,
  );
  const ok = total <= LOGIN_JS_BUDGET_KB;
  console.log(
    `\nbudget ${LOGIN_JS_BUDGET_KB} KB: ${ok ? 'OK' : 'OVER'} (${total.toFixed(1)} KB in ${measurement.scripts.length} files, as loaded by Chromium)`,
  );
  return ok;
}

if (import.meta.main) {
  const ok = printMeasurement(await measureLoginJs(process.argv[2] ?? defaultDist));
  if (!ok) process.exitCode = 1;
}
