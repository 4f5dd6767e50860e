import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const screenshotDir = new URL('./screenshots/', import.meta.url).pathname;

/** Viewports the shell must work at (issue 2: 375 px and 1280 px). */
export const viewports = {
  mobile: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface Session {
  browser: Browser;
  baseUrl: string;
  /** A fresh context (own cookies and storage) with a page. */
  open(options?: {
    viewport?: { width: number; height: number };
    locale?: string;
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Launches Debian's Chromium headless with the flags these machines need and a fresh profile. */
export async function startBrowser(): Promise<Session> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ec-chromium-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${userDataDir}`,
    ],
  });
  const baseUrl = inject('baseUrl');
  return {
    browser,
    baseUrl,
    async open(options = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: options.viewport ?? viewports.desktop,
        locale: options.locale ?? 'sl-SI',
      });
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot under e2e/screenshots (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
