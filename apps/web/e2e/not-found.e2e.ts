// Not found (spec 000 §2): any unknown path shows "lost", "missing page" and a link home, inside the auth frame
// when signed out and inside the shell when signed in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUsers,
  expectNoHorizontalOverflow,
  shot,
  signInToLanding,
  t,
  until,
  setupBrowser,
  viewports,
  waitForLanding,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();

async function expectNotFound(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: t('sl', 'not_found.title') }).waitFor();
  await page.getByText(t('sl', 'not_found.message')).waitFor();
  await until(() => page.title(), t('sl', 'not_found.title'));
}

const homeLink = (page: Page) =>
  page.getByRole('main').getByRole('link', { name: t('sl', 'not_found.home_link') });

describe('not-found page', () => {
  it.each([viewports.mobile, viewports.desktop])(
    'signed out: an unknown path shows it in the auth frame; home leads to sign-in ($width px)',
    async (viewport) => {
      const { page } = await browser.open({
        viewport,
        allowSignedOut401: true,
        consent: 'necessary',
      });
      const response = await page.goto('/no/such/page');
      // History fallback: the SPA answers, the router decides.
      expect(response?.status()).toBe(200);
      await expectNotFound(page);
      expect(await page.getByRole('complementary').count()).toBe(0);
      await page.getByRole('contentinfo').waitFor();
      await expectNoHorizontalOverflow(page);
      await shot(page, 'not-found-signed-out');

      await homeLink(page).click();
      await waitForPath(page, '/auth/login');
      await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
    },
  );

  it('signed out: an unknown path under /auth shows it without asking for the user', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const userRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') userRequests.push(request.url());
    });
    await page.goto('/auth/nowhere');
    await expectNotFound(page);
    await page.getByRole('contentinfo').waitFor();
    expect(userRequests).toEqual([]);
  });

  it.each([viewports.mobile, viewports.desktop])(
    'signed in: an unknown path shows it in the shell; home leads to the landing page ($width px)',
    async (viewport) => {
      const { page } = await browser.open({ viewport, consent: 'necessary' });
      await signInToLanding(page, demoUsers.user);
      await page.goto('/no/such/page');
      await expectNotFound(page);
      const crumbs = page.getByRole('navigation', { name: t('sl', 'layout.breadcrumbs') });
      expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(
        t('sl', 'not_found.title'),
      );
      expect(await page.locator('[data-sidebar]').count()).toBe(1);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'not-found-signed-in');

      await homeLink(page).click();
      await waitForLanding(page);
    },
  );
});
