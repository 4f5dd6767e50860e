// Cookie consent (spec 001 §2, §4, §9) on voltika, the demo site with an analytics snippet: every choice is
// stored in `cookie_consent` for a year and survives a reload; the snippet loads only with analytics consent;
// the choice can be changed later from the footer.
import type { BrowserContext, Page } from 'playwright-core';
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
  waitForLanding,
} from './support.ts';

const browser = setupBrowser();
const SITE = 'voltika';
const YEAR_S = 365 * 24 * 60 * 60;
const DAY_S = 24 * 60 * 60;

interface StoredConsent {
  config: { necessaryCookies: boolean; analyticsCookies: boolean };
  consentedAt: string;
}

/** The `cookie_consent` cookie, decoded, with its expiry (seconds since the epoch). */
async function storedConsent(
  context: BrowserContext,
): Promise<{ value: StoredConsent; expires: number } | null> {
  const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
  if (!cookie) return null;
  return {
    value: JSON.parse(decodeURIComponent(cookie.value)) as StoredConsent,
    expires: cookie.expires,
  };
}

const banner = (page: Page) => page.getByRole('region', { name: t('sl', 'cookies.banner_title') });

/** The analytics snippet ran (the demo snippet marks <html data-demo-analytics="loaded">). */
const analyticsRan = (page: Page) => page.locator('html').getAttribute('data-demo-analytics');

/** Records requests for the site's analytics script. */
function watchAnalyticsRequests(page: Page, scriptUrl: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === scriptUrl) seen.push(request.url());
  });
  return seen;
}

/** Opens voltika's sign-in page and waits for the banner. */
async function openWithBanner(page: Page): Promise<void> {
  await openLogin(page, 'sl', SITE);
  await banner(page).waitFor();
}

/** The stored choice is the expected one, made during this test, kept for a year. */
async function expectStored(
  context: BrowserContext,
  analyticsCookies: boolean,
  since: number,
): Promise<string> {
  const stored = await storedConsent(context);
  expect(stored?.value.config).toEqual({ necessaryCookies: true, analyticsCookies });
  const consentedAt = stored?.value.consentedAt ?? '';
  expect(consentedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(Date.parse(consentedAt)).toBeGreaterThanOrEqual(since - 1000);
  expect(Date.parse(consentedAt)).toBeLessThanOrEqual(Date.now() + 1000);
  const lifetime = (stored?.expires ?? 0) - Date.parse(consentedAt) / 1000;
  expect(Math.abs(lifetime - YEAR_S)).toBeLessThan(DAY_S);
  return consentedAt;
}

/** After a reload: no banner, and the snippet loaded exactly when analytics is consented. */
async function expectAfterReload(page: Page, analytics: boolean): Promise<void> {
  await page.reload();
  await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
  expect(await banner(page).count()).toBe(0);
  if (analytics) await until(() => analyticsRan(page), 'loaded');
  else {
    // The script element is added in the same commit that renders the page, so its absence is final.
    expect(await page.locator('script[data-ec-analytics]').count()).toBe(0);
    expect(await analyticsRan(page)).toBeNull();
  }
}

/** Opens the settings dialog (from the banner's Customize or the footer link). */
async function settingsDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: t('sl', 'cookies.settings_title') });
  await dialog.waitFor();
  return {
    dialog,
    necessary: dialog.getByRole('switch', { name: t('sl', 'cookies.necessary_label') }),
    analytics: dialog.getByRole('switch', { name: t('sl', 'cookies.analytics_label') }),
    save: dialog.getByRole('button', { name: t('sl', 'cookies.save_choice') }),
  };
}

describe('cookie consent', () => {
  it('Accept all stores both, loads analytics, and stays chosen after a reload', async () => {
    const { context, page } = await browser.open();
    const since = Date.now();
    await openWithBanner(page);
    expect(await analyticsRan(page)).toBeNull();
    await banner(page)
      .getByRole('button', { name: t('sl', 'cookies.accept_all') })
      .click();
    await banner(page).waitFor({ state: 'detached' });
    await until(() => analyticsRan(page), 'loaded');
    await page.getByText(t('sl', 'cookies.saved')).waitFor();
    await expectStored(context, true, since);
    await expectAfterReload(page, true);
  });

  it('Only necessary stores analytics off, never requests the snippet, and stays after a reload', async () => {
    const { context, page } = await browser.open();
    const site = await siteInfo(browser.baseUrl, SITE);
    const requests = watchAnalyticsRequests(page, site.analytics?.scriptUrl ?? '');
    const since = Date.now();
    await openWithBanner(page);
    await banner(page)
      .getByRole('button', { name: t('sl', 'cookies.only_necessary') })
      .click();
    await banner(page).waitFor({ state: 'detached' });
    await expectStored(context, false, since);
    await expectAfterReload(page, false);
    expect(requests).toEqual([]);
  });

  it.each([
    { analytics: true, label: 'on', viewport: viewports.desktop },
    { analytics: false, label: 'off', viewport: viewports.mobile },
  ])(
    'Customize with analytics $label is stored and survives a reload ($viewport.width px)',
    async ({ analytics, viewport }) => {
      const { context, page } = await browser.open({ viewport });
      const since = Date.now();
      await openWithBanner(page);
      await banner(page)
        .getByRole('button', { name: t('sl', 'cookies.customize') })
        .click();
      const dialog = await settingsDialog(page);
      expect(await dialog.necessary.isChecked()).toBe(true);
      expect(await dialog.necessary.isDisabled()).toBe(true);
      expect(await dialog.analytics.isChecked()).toBe(false);
      await shot(page, 'cookie-dialog', { fullPage: false });
      if (analytics) {
        await dialog.analytics.check();
        await until(() => dialog.analytics.isChecked(), true);
      }
      await dialog.save.click();
      await dialog.dialog.waitFor({ state: 'detached' });
      expect(await banner(page).count()).toBe(0);
      await expectStored(context, analytics, since);
      if (analytics) await until(() => analyticsRan(page), 'loaded');
      await expectAfterReload(page, analytics);
    },
  );

  it('the choice can be changed later from the footer, and from the signed-in sidebar', async () => {
    const { context, page } = await browser.open();
    await openWithBanner(page);
    await banner(page)
      .getByRole('button', { name: t('sl', 'cookies.only_necessary') })
      .click();
    const first = await expectStored(context, false, 0);

    // Auth footer: analytics on; the snippet loads at once, without a reload.
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: t('sl', 'cookies.change_choice') })
      .click();
    let dialog = await settingsDialog(page);
    expect(await dialog.analytics.isChecked()).toBe(false);
    await dialog.analytics.check();
    await dialog.save.click();
    await dialog.dialog.waitFor({ state: 'detached' });
    await until(() => analyticsRan(page), 'loaded');
    const second = await expectStored(context, true, Date.parse(first));
    expect(Date.parse(second)).toBeGreaterThanOrEqual(Date.parse(first));
    await expectAfterReload(page, true);

    // Signed in: the sidebar footer's cookie settings turn analytics off again.
    await signIn(page, demoUsers.user);
    await waitForLanding(page);
    await page
      .getByRole('complementary')
      .getByRole('button', { name: t('sl', 'cookies.change_choice') })
      .click();
    dialog = await settingsDialog(page);
    expect(await dialog.analytics.isChecked()).toBe(true);
    await dialog.analytics.uncheck();
    await dialog.save.click();
    await dialog.dialog.waitFor({ state: 'detached' });
    await expectStored(context, false, Date.parse(second));
    expect(await page.locator('script[data-ec-analytics]').count()).toBe(0);

    await page.reload();
    await waitForLanding(page);
    expect(await banner(page).count()).toBe(0);
    expect(await analyticsRan(page)).toBeNull();
  });
});
