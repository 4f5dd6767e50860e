// Sidebar filter response in the browser (issue 4, spec 000 §5, §9; issue 10: the filter searches on the server):
// a company with 5,000 locations in nested groups (10 regions × 10 areas × 50 locations) and a device per location,
// in a fresh PGlite data directory, the real server serving a production build of the SPA, Chromium (playwright-core,
// launched as apps/web/e2e/chromium.ts does), signed in as the company's aggregator (whose menu holds the whole
// tree) and as the super admin (whose menu holds companies only: the company's tree is never loaded). For each
// query the bench types into the sidebar filter and times, inside the page, from the input event to the first
// animation frame after the filtered rows are in the DOM — the whole real path: the 500 ms pause after the last
// keystroke (spec 000 §9), GET /api/menu/search (access checks, ILIKE over names, the way to each match built
// from the cached company tree) and the rows. The figure is that time minus the 500 ms debounce. Each query must
// have asked the server once. Target ≤ 100 ms (median and worst query printed, per user).
//
// Usage: node bench/sidebar-filter.ts [web dist directory to reuse; default: a fresh build in a temp folder]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@ec/db';
import { launchChromium } from '../apps/web/e2e/chromium.ts';
import { AGGREGATOR, createBigCompany, SUPER_ADMIN } from './big-company.ts';
import { report, repoRoot, startServer } from './lib.ts';

const TARGET_MS = 100;
const DEBOUNCE_MS = 500;
const LOCATIONS = 5000;
/**
 * Queries of different sizes: one location, about a hundred, a group, a region, more matches than one answer
 * holds (1,111: the first 100 are shown), one device, and a hundred devices. Each round varies the numbers, so
 * every query asks the server (the client keeps an answer for 30 s).
 */
const queries = (round: number) => [
  `Location ${4321 + round}`,
  `location ${12 + round}`,
  `region ${3 + round} area 7`,
  `Region ${9 - round}`,
  `location ${4 + round}`,
  `ation ${250 + round}`,
  `meter ${4321 + round}`,
  `meter ${13 + round}`,
];
const ROUNDS = 3;

function buildWeb(): { dist: string; temporary: boolean } {
  const given = process.argv[2];
  if (given) {
    if (!existsSync(join(given, 'index.html')))
      throw new Error(`sidebar-filter: no build in ${given}`);
    return { dist: given, temporary: false };
  }
  const dist = mkdtempSync(join(tmpdir(), 'ec-bench-web-'));
  execFileSync(
    'npm',
    ['run', '-s', 'build', '-w', '@ec/web', '--', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return { dist, temporary: true };
}

const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-filter-'));
const web = buildWeb();
let ok = true;
try {
  const database = await createDb({ dataDir });
  await createBigCompany(database, { locations: LOCATIONS, devices: true }).finally(() =>
    database.close(),
  );
  const server = await startServer({
    dataDir,
    env: {
      WEB_DIST_DIR: web.dist,
      MQTT_PORT: '0',
      MAP_TILE_URL: 'local',
    },
    publicUrl: true,
  });
  const browser = await launchChromium();
  try {
    /** Signs `login` in and measures every query; returns whether the worst response met the target. */
    const measure = async (login: { email: string; password: string }, who: string) => {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        locale: 'en-GB',
      });
      try {
        const signIn = await context.request.post('/api/auth/login', { data: { data: login } });
        if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
        const page = await context.newPage();
        const searches: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname === '/api/menu/search') searches.push(url.searchParams.get('q') ?? '');
        });
        await page.goto('/');
        const tree = page.getByRole('tree');
        await tree
          .getByRole('treeitem', { name: 'Bench Energy', exact: true })
          .waitFor({ timeout: 60_000 });
        const rows = await page.evaluate(async () => {
          const { structure } = (
            (await (await fetch('/api/menu')).json()) as {
              data: { structure: { children: unknown[] | null }[] };
            }
          ).data;
          const count = (items: { children: unknown[] | null }[]): number =>
            items.reduce((n, item) => n + 1 + count((item.children ?? []) as typeof items), 0);
          return count(structure);
        });
        console.log(`sidebar-filter: ${who}: ${rows} items in the menu (GET /api/menu)`);
        // The filter box is the only input of the sidebar's navigation.
        const filter = page.locator('aside nav input').first();

        /** Types `query` and resolves the ms from the input event to the frame after the filtered rows show. */
        const timeQuery = (query: string) =>
          page.evaluate(
            ({ query }) =>
              new Promise<number>((resolve, reject) => {
                const input = document.querySelector<HTMLInputElement>('aside nav input');
                const treeEl =
                  document.querySelector('[role="tree"]')?.parentElement?.parentElement;
                if (!input || !treeEl) return reject(new Error('no filter or tree'));
                const wanted = query.toLocaleLowerCase();
                let started = 0;
                const matches = () => {
                  const marks = [...treeEl.querySelectorAll('[role="treeitem"] mark')];
                  return (
                    marks.length > 0 &&
                    marks.every((m) => m.textContent?.toLocaleLowerCase() === wanted)
                  );
                };
                const observer = new MutationObserver(() => {
                  if (!started || !matches()) return;
                  observer.disconnect();
                  requestAnimationFrame(() => resolve(performance.now() - started));
                });
                observer.observe(treeEl, { childList: true, subtree: true, characterData: true });
                input.addEventListener('input', () => (started = performance.now()), {
                  once: true,
                });
                // The way a user's typing reaches React: the native setter, then an input event.
                const setter = Object.getOwnPropertyDescriptor(
                  HTMLInputElement.prototype,
                  'value',
                )?.set;
                setter?.call(input, query);
                input.dispatchEvent(new Event('input', { bubbles: true }));
                setTimeout(() => reject(new Error(`no rows for ${query} in 10 s`)), 10_000);
              }),
            { query },
          );

        const clear = async () => {
          await filter.fill('');
          await page.waitForFunction(
            () => document.querySelectorAll('[role="treeitem"] mark').length === 0,
          );
        };

        const responses: number[] = [];
        const perQuery = new Map<string, number[]>();
        // One search first, not timed: the server parses the company's cached tree on the first search after
        // it (re)built it — once per company and tree version, like the tree's own first build.
        await timeQuery('region 1 area 1');
        for (let round = 0; round < ROUNDS; round++) {
          for (const [index, query] of queries(round).entries()) {
            await clear();
            const asked = searches.length;
            const total = await timeQuery(query);
            // The rows came from the server's answer.
            if (!searches.slice(asked).includes(query.toLocaleLowerCase())) {
              throw new Error(`"${query}" did not ask GET /api/menu/search`);
            }
            const response = total - DEBOUNCE_MS;
            responses.push(response);
            const kind = queries(0)[index] ?? query;
            perQuery.set(kind, [...(perQuery.get(kind) ?? []), response]);
          }
        }
        const visible = await tree.getByRole('treeitem').count();
        console.log(
          `sidebar-filter: ${who}: ${visible} rows in the DOM after the last query (virtualised)`,
        );
        for (const [query, times] of perQuery) {
          const sorted = [...times].sort((a, b) => a - b);
          console.log(
            `sidebar-filter: ${who}: "${query}" (and its variants): ${sorted.map((ms) => ms.toFixed(0)).join(', ')} ms after the ${DEBOUNCE_MS} ms pause`,
          );
        }
        const sorted = [...responses].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
        const worst = sorted.at(-1) ?? NaN;
        console.log(
          `sidebar-filter: ${who}: typing to rows including the ${DEBOUNCE_MS} ms pause: median ${(median + DEBOUNCE_MS).toFixed(0)} ms`,
        );
        report(
          `sidebar filter response (${who}), median (after the 500 ms debounce)`,
          median,
          'ms',
          {
            max: TARGET_MS,
          },
        );
        report(`sidebar filter response (${who}), worst query`, worst, 'ms', { max: TARGET_MS });
        return worst <= TARGET_MS;
      } finally {
        await context.close();
      }
    };

    const aggregatorOk = await measure(AGGREGATOR, 'aggregator');
    const adminOk = await measure(SUPER_ADMIN, 'super admin');
    ok = aggregatorOk && adminOk;
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (web.temporary) rmSync(web.dist, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
