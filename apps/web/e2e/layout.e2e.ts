// Layout at the sizes people use (issue 10): at 1280 × 800 the sidebar tree keeps most of the sidebar and its
// footer is whole, with and without the maintenance banner; the marketing question floats in a card that never
// moves the page; the cookie banner covers no link or button of the sign-in page on any demo site, at 1280 and at
// 375 px. Screenshots (e2e/screenshots/layout-*) are for a person to look at.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentUser, newAccount, shown, signInWithLocalProvider } from './accounts.ts';
import {
  demoUsers,
  openLogin,
  setupBrowser,
  shot,
  signIn,
  t,
  until,
  viewports,
  waitForLanding,
} from './support.ts';

const browser = setupBrowser();

/** Signing in switches to the super admin's own language (the profile's `en`). */
const ADMIN_LOCALE = demoUsers.admin.locale;

async function signInAsAdmin(page: Page, identifier?: string): Promise<void> {
  await openLogin(page, 'sl', identifier);
  await signIn(page, demoUsers.admin);
  await waitForLanding(page, ADMIN_LOCALE);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box (not visible)');
  return found;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible link, button and form control on the page outside `container`, with its name and box. */
async function actionsOutside(
  page: Page,
  container: Locator,
): Promise<{ name: string; box: Box }[]> {
  const handle = await container.elementHandle();
  return page.evaluate((outside) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="switch"]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => !outside?.contains(element))
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return {
          name:
            element.getAttribute('aria-label') ??
            (element.textContent?.trim() || element.tagName.toLowerCase()),
          box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
          // On screen: a link moved out of sight (the skip link until focused) covers and is covered by nothing.
          visible:
            rect.width > 0 &&
            rect.height > 0 &&
            rect.bottom > 0 &&
            rect.top < window.innerHeight &&
            getComputedStyle(element).visibility !== 'hidden',
        };
      })
      .filter((action) => action.visible)
      .map(({ name, box }) => ({ name, box }));
  }, handle);
}

/** The names of the page's actions that `cover` lies over where it is on screen (its own controls excepted). */
async function coveredActions(page: Page, cover: Locator): Promise<string[]> {
  const coverBox = await box(cover);
  const height = page.viewportSize()?.height ?? 0;
  if (coverBox.y + coverBox.height <= 0 || coverBox.y >= height) return [];
  return (await actionsOutside(page, cover))
    .filter((action) => intersects(action.box, coverBox))
    .map((action) => action.name);
}

const sidebar = (page: Page) => page.locator('#app-sidebar');
const tree = (page: Page) =>
  sidebar(page).getByRole('navigation', { name: t(ADMIN_LOCALE, 'layout.main_navigation') });
const footer = (page: Page) =>
  sidebar(page).getByRole('group', { name: t(ADMIN_LOCALE, 'layout.sidebar_footer') });

/** Checks the sidebar at the desktop size: the tree ≥ 60 % of its height, every footer entry on screen. */
async function expectTreeFirstAndWholeFooter(page: Page): Promise<void> {
  await tree(page).waitFor();
  await footer(page).waitFor();
  const whole = await box(sidebar(page));
  const treeBox = await box(tree(page));
  expect(treeBox.height / whole.height, 'tree share of the sidebar height').toBeGreaterThanOrEqual(
    0.6,
  );
  const viewport = page.viewportSize() ?? viewports.desktop;
  expect(whole.y).toBeGreaterThanOrEqual(0);
  expect(whole.y + whole.height, 'sidebar bottom on screen').toBeLessThanOrEqual(viewport.height);
  const entries = footer(page).locator('a, button');
  expect(await entries.count()).toBeGreaterThanOrEqual(7);
  for (const entry of await entries.all()) {
    const entryBox = await box(entry);
    expect(entryBox.y).toBeGreaterThanOrEqual(0);
    expect(entryBox.y + entryBox.height, 'footer entry on screen').toBeLessThanOrEqual(
      viewport.height,
    );
    // Icons only: each has a name for assistive technology (and a tooltip).
    expect(await entry.getAttribute('aria-label')).toBeTruthy();
  }
}

describe('sidebar at 1280 × 800', () => {
  it('keeps the tree the main thing and the footer whole (super admin)', async () => {
    const { page } = await browser.open({ viewport: viewports.desktop, consent: 'necessary' });
    await signInAsAdmin(page);
    await expectTreeFirstAndWholeFooter(page);
    await shot(page, 'layout-sidebar-admin', { fullPage: false });

    // Keyboard: the footer's entries are tab stops whose tooltip names them on focus.
    const settings = footer(page).getByRole('link', { name: t(ADMIN_LOCALE, 'nav.user_settings') });
    // Reached with the keyboard (Tab), as focus-visible: a tooltip opens on keyboard focus, not on a script's.
    await settings.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await settings.evaluate((element) => element === document.activeElement)).toBe(true);
    const tooltip = page.getByRole('tooltip', { name: t(ADMIN_LOCALE, 'nav.user_settings') });
    await tooltip.waitFor();
    // Faded in (for the screenshot).
    await until(() => tooltip.evaluate((element) => getComputedStyle(element).opacity), '1');
    await shot(page, 'layout-sidebar-admin-tooltip', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/user/settings'));
  });

  it('with the maintenance banner too (gridline), where the banner sits in the content column', async () => {
    const { page } = await browser.open({ viewport: viewports.desktop, consent: 'necessary' });
    await signInAsAdmin(page, 'gridline');
    const banner = page.getByTestId('maintenance-banner');
    await banner.waitFor();
    await expectTreeFirstAndWholeFooter(page);
    // The banner is beside the sidebar, not above it.
    const bannerBox = await box(banner);
    const sidebarBox = await box(sidebar(page));
    expect(bannerBox.x).toBeGreaterThanOrEqual(sidebarBox.x + sidebarBox.width - 1);
    expect(sidebarBox.y).toBe(0);
    await shot(page, 'layout-sidebar-admin-maintenance', { fullPage: false });
  });

  it('remembers a closed footer across visits', async () => {
    const { page } = await browser.open({ viewport: viewports.desktop, consent: 'necessary' });
    await signInAsAdmin(page);
    await sidebar(page)
      .getByRole('button', { name: t(ADMIN_LOCALE, 'layout.close_sidebar_footer') })
      .click();
    await footer(page).waitFor({ state: 'hidden' });
    await page.reload();
    await sidebar(page)
      .getByRole('button', { name: t(ADMIN_LOCALE, 'layout.open_sidebar_footer') })
      .waitFor();
    expect(await footer(page).isVisible()).toBe(false);
  });

  it('shows each site’s logo readable: on a plate where the sidebar is navy (sunpower)', async () => {
    const { page } = await browser.open({ viewport: viewports.desktop, consent: 'necessary' });
    await signInAsAdmin(page, 'sunpower');
    const brand = sidebar(page).getByRole('link', { name: t(ADMIN_LOCALE, 'nav.home') });
    await brand.waitFor();
    const plate = await brand.evaluate(
      (link) => getComputedStyle(link.parentElement ?? link).backgroundColor,
    );
    expect(plate).not.toBe('rgba(0, 0, 0, 0)');
    await shot(page, 'layout-sidebar-sunpower', { fullPage: false });
  });

  it('opens as an overlay on a phone with the footer in reach', async () => {
    const { page } = await browser.open({ viewport: viewports.mobile, consent: 'necessary' });
    await signInAsAdmin(page);
    await page.getByRole('button', { name: t(ADMIN_LOCALE, 'layout.open_sidebar') }).click();
    await footer(page).waitFor();
    const viewport = viewports.mobile;
    for (const entry of await footer(page).locator('a, button').all()) {
      const entryBox = await box(entry);
      expect(entryBox.x + entryBox.width).toBeLessThanOrEqual(viewport.width);
      expect(entryBox.y + entryBox.height).toBeLessThanOrEqual(viewport.height);
    }
    await shot(page, 'layout-sidebar-admin', { fullPage: false });
  });
});

describe('marketing question', () => {
  it.each([viewports.desktop, viewports.mobile])(
    'floats in a card that does not move the page or cover its actions ($width px)',
    async (viewport) => {
      const { page } = await browser.open({ viewport, consent: 'necessary' });
      await openLogin(page);
      await signInWithLocalProvider(page, newAccount('layout', 'Tara', 'Plavalna'));
      await waitForLanding(page);
      expect((await currentUser(page))?.marketingConsent).toBeNull();
      const card = page.getByTestId('marketing-banner');
      await card.waitFor();
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      const withCard = await box(heading);
      expect(await coveredActions(page, card)).toEqual([]);
      await shot(page, 'layout-marketing-card', { fullPage: false });

      await card.getByRole('button', { name: shown('sl', 'marketing_banner.later') }).click();
      await card.waitFor({ state: 'detached' });
      const withoutCard = await box(heading);
      expect(withoutCard.y).toBe(withCard.y);
      expect(withoutCard.x).toBe(withCard.x);
    },
  );
});

describe('cookie banner on the sign-in page', () => {
  it.each(
    ['default', 'sunpower', 'gridline', 'voltika'].flatMap((site) =>
      [viewports.desktop, viewports.mobile].map((viewport) => ({ site, viewport })),
    ),
  )('covers no link or button on $site ($viewport.width px)', async ({ site, viewport }) => {
    const { page } = await browser.open({ viewport });
    await openLogin(page, 'sl', site);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    expect(await coveredActions(page, banner)).toEqual([]);
    // …also scrolled to the end of the page (a phone), and the footer's links are on the page at all.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await coveredActions(page, banner)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `layout-cookie-login-${site}`);
  });
});
