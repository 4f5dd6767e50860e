import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './chromium.ts';

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

/** A browser session for one test file (see {@link launchChromium} for the flags and the fresh profile). */
export async function startBrowser(): Promise<Session> {
  const browser = await launchChromium();
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
    },
  };
}

/**
 * Saves a screenshot under e2e/screenshots (ignored by git) for a person to look at: the full page, or only the
 * viewport (`fullPage: false`) when a modal overlay covers just the viewport.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  const fullPage = options.fullPage ?? true;
  // A full-page capture draws fixed elements where they sit for the current scroll position: from the top, the
  // skip link stays hidden above the page and the cookie banner at the bottom of the first screen.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  // Transitions finish at once, so a screenshot never catches a half-open dialog or sidebar.
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}
