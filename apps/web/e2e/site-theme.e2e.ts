// White label (spec 001 §3, §9): `?identifier=` picks the site; its theme, logo and texts apply, and the choice
// stays for the visit while navigating.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUsers,
  openLogin,
  shot,
  signIn,
  siteInfo,
  t,
  until,
  setupBrowser,
  viewports,
  waitForPath,
  waitForLanding,
} from './support.ts';

const browser = setupBrowser();

interface Look {
  primary: string;
  body: string;
  scheme: string | null;
  submitBackground: string;
  logo: string | null;
}

/** What tells the sites apart on the sign-in page: theme colours, colour scheme and logo. */
async function look(page: Page): Promise<Look> {
  const submit = page.getByRole('button', { name: t('sl', 'login.submit'), exact: true });
  const submitBackground = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
  const logo = await page.getByRole('main').getByRole('img').getAttribute('src');
  return page.evaluate(
    ({ submitBackground, logo }) => {
      const root = getComputedStyle(document.documentElement);
      return {
        primary: root.getPropertyValue('--mantine-primary-color-filled').trim(),
        body: getComputedStyle(document.body).backgroundColor,
        scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
        submitBackground,
        logo,
      };
    },
    { submitBackground, logo },
  );
}

describe('site theme by ?identifier=', () => {
  it('default, sunpower and gridline each render with their own theme and logo', async () => {
    const looks = new Map<string, Look>();
    for (const identifier of ['default', 'sunpower', 'gridline']) {
      const { page } = await browser.open({ consent: 'necessary' });
      const site = await siteInfo(browser.baseUrl, identifier);
      await openLogin(page, 'sl', identifier);
      const current = await look(page);
      expect(current.logo, identifier).toBe(site.logo);
      expect(
        await page.getByRole('main').getByRole('img', { name: site.platformName }).count(),
      ).toBe(1);
      expect(current.primary, identifier).not.toBe('');
      await until(() => page.locator('link[rel="icon"]').getAttribute('href'), site.favicon);
      looks.set(identifier, current);
    }
    const [standard, sunpower, gridline] = ['default', 'sunpower', 'gridline'].map(
      (id) => looks.get(id) as Look,
    ) as [Look, Look, Look];
    for (const [a, b] of [
      [standard, sunpower],
      [standard, gridline],
      [sunpower, gridline],
    ] as const) {
      expect(a.primary).not.toBe(b.primary);
      expect(a.submitBackground).not.toBe(b.submitBackground);
      expect(a.body).not.toBe(b.body);
      expect(a.logo).not.toBe(b.logo);
    }
    // energy-blue is a light theme, dark-orange a dark one.
    expect([standard.scheme, sunpower.scheme, gridline.scheme]).toEqual(['light', 'light', 'dark']);
  });

  it.each([viewports.mobile, viewports.desktop])(
    'sunpower keeps its branding while navigating, reloading and after sign-in ($width px)',
    async (viewport) => {
      const { page } = await browser.open({ viewport, consent: 'necessary' });
      const site = await siteInfo(browser.baseUrl, 'sunpower');
      await openLogin(page, 'sl', 'sunpower');
      const branded = await look(page);
      // The site's own wording overrides the catalog (sunpower's translation overrides).
      await page.getByText('Prijava v vaš sončni portal SunPower').waitFor();
      await shot(page, 'sunpower-login');

      // In-app link without the parameter: still sunpower.
      await page.getByRole('main').getByRole('link', { name: site.platformName }).click();
      await waitForPath(page, '/auth/login', '');
      expect(await look(page)).toEqual(branded);

      // A full load without the parameter (same tab): remembered for the visit.
      await page.goto('/auth/support');
      await page.getByRole('heading', { name: t('sl', 'pages.support_title') }).waitFor();
      expect(
        await page.getByRole('link', { name: site.contact.supportEmail }).getAttribute('href'),
      ).toBe(`mailto:${site.contact.supportEmail}`);
      await page.reload();
      await page.getByRole('heading', { name: t('sl', 'pages.support_title') }).waitFor();
      await until(
        async () => page.getByRole('link', { name: site.contact.supportEmail }).count(),
        1,
      );

      await page.goto('/auth/login');
      await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
      expect(await look(page)).toEqual(branded);
      // Signed in, the plain user lands on /setup (spec 000 §4), still in the site's look.
      await signIn(page, demoUsers.user);
      await waitForLanding(page);
      await until(() => page.title(), t('sl', 'nav.setup'));
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement)
          .getPropertyValue('--mantine-primary-color-filled')
          .trim(),
      );
      expect(primary).toBe(branded.primary);
    },
  );
});
