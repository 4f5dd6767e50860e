import { chromium, type Browser } from 'playwright-core';

/**
 * Launches Debian's Chromium headless with the flags these machines need (browser tests and the sidebar-filter
 * bench). The profile is fresh: Playwright creates a temporary one per launch and deletes it on close (it refuses
 * a `--user-data-dir` argument).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
    ],
  });
}
