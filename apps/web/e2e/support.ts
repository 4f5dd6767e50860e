import { readFileSync } from 'node:fs';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { SiteInfo } from '@ec/contract';
import { screenshot, startBrowser, viewports, type Session } from './browser.ts';

export { viewports };

/** Demo logins from apps/server/src/seed/data.ts (public demo passwords; `locale` is the profile's). */
export const demoUsers = {
  admin: {
    email: 'admin@demo.energy',
    password: 'demo-admin-2024',
    name: 'Ana Novak',
    role: 'ROLE_SUPER_ADMIN',
    locale: 'en',
  },
  aggregator: {
    email: 'aggregator@demo.energy',
    password: 'demo-aggregator-2024',
    name: 'Marko Kovač',
    role: 'ROLE_AGGREGATOR',
    locale: 'en',
  },
  advanced: {
    email: 'advanced@demo.energy',
    password: 'demo-advanced-2024',
    name: 'Eva Horvat',
    role: 'ROLE_USER_ADVANCED',
    locale: 'en',
  },
  basic: {
    email: 'basic@demo.energy',
    password: 'demo-basic-2024',
    name: 'Luka Krajnc',
    role: 'ROLE_USER_BASIC',
    locale: 'sl',
  },
  user: {
    email: 'user@demo.energy',
    password: 'demo-user-2024',
    name: 'Maja Zupan',
    role: 'ROLE_USER',
    locale: 'sl',
  },
} as const;
export type DemoUser = (typeof demoUsers)[keyof typeof demoUsers];

type Catalog = { [key: string]: string | Catalog };
const catalogs = new Map<string, Catalog>();

/**
 * A text from the shipped catalog (packages/i18n/locales/<locale>.json) with `{{name}}` filled in, so the
 * tests follow the catalogs instead of copying their wording. Site overrides are not applied.
 */
export function t(locale: string, key: string, values: Record<string, string> = {}): string {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const file = new URL(`../../../packages/i18n/locales/${locale}.json`, import.meta.url);
    catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    catalogs.set(locale, catalog);
  }
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${locale}.json`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** Site info as the server answers it (the tests compare the page with it). */
export async function siteInfo(baseUrl: string, identifier: string): Promise<SiteInfo> {
  const res = await fetch(`${baseUrl}/api/site/info?identifier=${encodeURIComponent(identifier)}`);
  if (!res.ok) throw new Error(`site info for ${identifier}: ${res.status}`);
  return ((await res.json()) as { data: SiteInfo }).data;
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  /**
   * The start sequence asks GET /api/auth/user on signed-in paths; signed out it answers 401 and Chromium logs
   * "Failed to load resource … 401". Tests that visit such a path signed out allow exactly that message.
   */
  allowSignedOut401?: boolean;
  /**
   * Answers the test provokes on purpose (a wrong password: 401 from /api/auth/login; a 429): Chromium logs each
   * as "Failed to load resource: … status of <status>", which is allowed only for this status and path.
   */
  allowFailedResponses?: readonly { status: number; path: string }[];
  /** Store a cookie choice before the first visit, so the banner stays out of the way. */
  consent?: 'necessary' | 'all';
}

export interface Opened {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, CSP violations, unexpected console errors and 5xx answers seen so far. */
  problems: string[];
}

const CSP_MARK = '[csp-violation]';

/** Whether a console message is Chromium's "Failed to load resource" for this status at this path. */
function isFailedResponse(message: ConsoleMessage, status: number, path: string): boolean {
  return (
    message.type() === 'error' &&
    message.text().includes(`status of ${status}`) &&
    new URL(message.location().url || 'about:blank', 'http://x').pathname === path
  );
}

function isSignedOut401(message: ConsoleMessage): boolean {
  return isFailedResponse(message, 401, '/api/auth/user');
}

/** Collects everything that fails a test: page errors, CSP violations, console errors, server errors. */
function watch(page: Page, problems: string[], options: OpenOptions): void {
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy') || text.startsWith(CSP_MARK)) {
      problems.push(`CSP: ${text}`);
    } else if (message.type() === 'error') {
      if (options.allowSignedOut401 && isSignedOut401(message)) return;
      const allowed = options.allowFailedResponses ?? [];
      if (allowed.some(({ status, path }) => isFailedResponse(message, status, path))) return;
      problems.push(`console.error: ${text} (${message.location().url})`);
    }
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
}

/** The `cookie_consent` value stored for a choice made now. */
export function consentValue(analyticsCookies: boolean): string {
  return encodeURIComponent(
    JSON.stringify({
      config: { necessaryCookies: true, analyticsCookies },
      consentedAt: new Date().toISOString(),
    }),
  );
}

export interface BrowserFixture {
  readonly baseUrl: string;
  /** A fresh context (own cookies and storage) and page, watched for problems and closed after the test. */
  open(options?: OpenOptions): Promise<Opened>;
}

/**
 * Per test file: one Chromium; per test: fresh contexts. After each test the contexts close and the test
 * fails when any page had an uncaught error, a CSP violation, an unexpected console error or a 5xx answer.
 */
export function setupBrowser(): BrowserFixture {
  let session: Session | undefined;
  const opened: Opened[] = [];
  beforeAll(async () => {
    session = await startBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });
  afterEach(async () => {
    const problems = opened.flatMap((o) => o.problems);
    await Promise.all(opened.map((o) => o.context.close()));
    opened.length = 0;
    expect(problems, 'page errors, CSP violations or unexpected console errors').toEqual([]);
  });
  const current = (): Session => {
    if (!session) throw new Error('the browser is not started (use open() inside a test)');
    return session;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    async open(options = {}) {
      const { context, page } = await current().open(options);
      // A missing element fails the test in 25 s instead of Playwright's 30 s (the test itself has 60 s). 15 s was
      // too short on a loaded 2-core CI machine: a lazily loaded admin route once took longer to redirect.
      context.setDefaultTimeout(25_000);
      // securitypolicyviolation also reports violations Chromium does not log (e.g. in workers).
      await context.addInitScript((mark: string) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
          console.error(
            `${mark} ${event.violatedDirective} blocked ${event.blockedURI} at ${where}`,
          );
        });
      }, CSP_MARK);
      if (options.consent) {
        await context.addCookies([
          {
            name: 'cookie_consent',
            value: consentValue(options.consent === 'all'),
            url: current().baseUrl,
            sameSite: 'Lax',
          },
        ]);
      }
      const entry: Opened = { context, page, problems: [] };
      watch(page, entry.problems, options);
      opened.push(entry);
      return entry;
    },
  };
}

/** Waits until `read()` equals `expected` (Vitest's expect.poll), for conditions a locator cannot wait for. */
export async function until<T>(read: () => Promise<T> | T, expected: T, message?: string) {
  await expect.poll(read, { timeout: 10_000, interval: 50, message }).toEqual(expected);
}

/** The path and query of the page's URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits for the page's URL to have this pathname (and, when given, this query). */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL(
    (url) => url.pathname === pathname && (search === undefined || url.search === search),
  );
}

/** Fills and submits the sign-in form that is on the page, in the page's current language. */
export async function signIn(page: Page, user: DemoUser, locale = 'sl'): Promise<void> {
  await page.getByLabel(t(locale, 'login.email')).fill(user.email);
  await page.getByLabel(t(locale, 'login.password')).fill(user.password);
  await page.getByRole('button', { name: t(locale, 'login.submit'), exact: true }).click();
}

/** Opens /auth/login (optionally for a site) and waits for the form. */
export async function openLogin(page: Page, locale = 'sl', identifier?: string): Promise<void> {
  await page.goto(identifier ? `/auth/login?identifier=${identifier}` : '/auth/login');
  await page.getByRole('heading', { name: t(locale, 'login.title'), exact: true }).waitFor();
}

/**
 * Waits for the landing page after a sign-in or a visit to `/` (spec 000 §4): the super admin's company picker,
 * the first entry of the user's menu, or /setup for users who are not set up (plain users, new accounts) — any
 * signed-in page but `/` itself, with the signed-in frame's breadcrumbs.
 */
export async function waitForLanding(page: Page, locale = 'sl'): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/auth/'));
  await page.getByRole('navigation', { name: t(locale, 'layout.breadcrumbs') }).waitFor();
}

/** Signs in from /auth/login and waits for the user's landing page (see {@link waitForLanding}). */
export async function signInToLanding(
  page: Page,
  user: DemoUser,
  options: { locale?: string; identifier?: string } = {},
): Promise<void> {
  const locale = options.locale ?? 'sl';
  await openLogin(page, locale, options.identifier);
  await signIn(page, user, locale);
  await waitForLanding(page, locale);
}

/** The `document.documentElement.lang`. */
export function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

/** Nothing wider than the viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page wider than the viewport').toBeLessThanOrEqual(innerWidth);
}

/** A screenshot named after the screen and the viewport width (e2e/screenshots/<name>-<width>.png). */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  return screenshot(page, `${name}-${width}`, options);
}

/** Marks the window so a later check can tell whether the page reloaded since. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

/** Whether the window marked by markWindow is still the same (no reload happened). */
export function windowStillMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}
