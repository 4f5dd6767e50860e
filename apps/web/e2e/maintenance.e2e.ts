// Maintenance (spec 000 §2, spec 001 §4): gridline is in maintenance; its message shows in a dismissible
// banner that stays dismissed for the visit while navigating.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUsers,
  openLogin,
  shot,
  signIn,
  siteInfo,
  t,
  setupBrowser,
  viewports,
  waitForLanding,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();

const banner = (page: Page) => page.getByTestId('maintenance-banner');
async function expectBannerWithMessage(page: Page): Promise<void> {
  const site = await siteInfo(browser.baseUrl, 'gridline');
  expect(site.status).toBe('maintenance');
  await banner(page).waitFor();
  expect(await banner(page).getAttribute('role')).toBe('status');
  const text = await banner(page).innerText();
  expect(text).toContain(t('sl', 'maintenance.title'));
  expect(text).toContain(site.maintenance?.message ?? '(no message)');
}

describe('maintenance banner', () => {
  it.each([viewports.mobile, viewports.desktop])(
    "gridline shows the site's maintenance message on the sign-in page and signed in ($width px)",
    async (viewport) => {
      const { page } = await browser.open({ viewport, consent: 'necessary' });
      await openLogin(page, 'sl', 'gridline');
      await expectBannerWithMessage(page);
      await shot(page, 'gridline-maintenance-login');

      await signIn(page, demoUsers.user);
      await waitForLanding(page);
      await expectBannerWithMessage(page);
      await shot(page, 'gridline-maintenance-home');
    },
  );

  it('is dismissible and stays dismissed while navigating and after a reload', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page, 'sl', 'gridline');
    await expectBannerWithMessage(page);
    await banner(page)
      .getByRole('button', { name: t('sl', 'maintenance.dismiss') })
      .click();
    await banner(page).waitFor({ state: 'detached' });

    // In-app navigation: sign in, then the sidebar's Support page.
    await signIn(page, demoUsers.user);
    await waitForLanding(page);
    expect(await banner(page).count()).toBe(0);
    await page
      .getByRole('complementary')
      .getByRole('link', { name: t('sl', 'nav.support') })
      .click();
    await waitForPath(page, '/support');
    await page.getByRole('heading', { level: 1, name: t('sl', 'pages.support_title') }).waitFor();
    expect(await banner(page).count()).toBe(0);

    // A reload in the same visit (the identifier and the dismissal are kept for the browser session).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: t('sl', 'pages.support_title') }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('is not shown for a site in normal operation', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page, 'sl', 'sunpower');
    expect(await banner(page).count()).toBe(0);
  });
});
