// The signed-in shell (spec 000 §2 Layout, §4) at 1280 px and 375 px: sidebar open/collapsed and remembered on
// desktop, an overlay on mobile that closes after navigation, with Escape and on the backdrop; breadcrumbs;
// the sidebar footer's toggle.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUsers,
  expectNoHorizontalOverflow,
  pathOf,
  shot,
  signInToLanding,
  t,
  until,
  setupBrowser,
  viewports,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();
const user = demoUsers.user;

// The plain user is never set up: `/` lands on /setup (spec 001 §2), whose menu is empty.
const landing = (page: Page) => page.getByRole('heading', { level: 1, name: t('sl', 'nav.setup') });
const crumbs = (page: Page) =>
  page.getByRole('navigation', { name: t('sl', 'layout.breadcrumbs') });
const shellState = (page: Page) => page.locator('[data-sidebar]').getAttribute('data-sidebar');

async function box(locator: Locator): Promise<{ x: number; width: number }> {
  const b = await locator.boundingBox();
  return { x: Math.round(b?.x ?? NaN), width: Math.round(b?.width ?? NaN) };
}

/** The element the page's focus is on, by its accessible label. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

describe('shell at 1280 px', () => {
  it('the sidebar is open (360 px), collapses to 50 px, and the state is remembered across reloads', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInToLanding(page, user);
    const sidebar = page.getByRole('complementary');
    expect(await shellState(page)).toBe('open');
    await until(async () => (await box(sidebar)).width, 360);
    await sidebar.getByText(t('sl', 'nav.menu_empty')).waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'home');

    await sidebar.getByRole('button', { name: t('sl', 'layout.collapse_sidebar') }).click();
    await until(() => shellState(page), 'collapsed');
    await until(async () => (await box(sidebar)).width, 50);
    // Collapsed: icons keep their names (tooltips), the labels and the menu text go.
    await sidebar.getByRole('link', { name: t('sl', 'nav.support') }).waitFor();
    expect(await sidebar.getByText(t('sl', 'nav.menu_empty')).count()).toBe(0);
    await shot(page, 'home-sidebar-collapsed');

    await page.reload();
    await landing(page).waitFor();
    expect(await shellState(page)).toBe('collapsed');
    await until(async () => (await box(sidebar)).width, 50);

    await sidebar.getByRole('button', { name: t('sl', 'layout.expand_sidebar') }).click();
    await until(async () => (await box(sidebar)).width, 360);
    await page.reload();
    await landing(page).waitFor();
    expect(await shellState(page)).toBe('open');
  });

  it('breadcrumbs show the trail with the current page last, and link back', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInToLanding(page, user);
    expect(await crumbs(page).locator('[aria-current="page"]').textContent()).toBe(
      t('sl', 'nav.setup'),
    );
    await page
      .getByRole('complementary')
      .getByRole('link', { name: t('sl', 'nav.support') })
      .click();
    await waitForPath(page, '/support');
    await page.getByRole('heading', { level: 1, name: t('sl', 'pages.support_title') }).waitFor();
    expect(await crumbs(page).getByRole('listitem').allInnerTexts()).toEqual([
      t('sl', 'nav.home'),
      t('sl', 'nav.support'),
    ]);
    expect(await crumbs(page).locator('[aria-current="page"]').textContent()).toBe(
      t('sl', 'nav.support'),
    );
    await crumbs(page)
      .getByRole('link', { name: t('sl', 'nav.home') })
      .click();
    await waitForPath(page, '/setup');
    await landing(page).waitFor();
  });

  it('the sidebar footer closes and opens with its toggle', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInToLanding(page, user);
    const sidebar = page.getByRole('complementary');
    const signOut = sidebar.getByRole('button', { name: t('sl', 'nav.sign_out') });
    const less = sidebar.getByRole('button', { name: t('sl', 'layout.close_sidebar_footer') });
    const more = sidebar.getByRole('button', { name: t('sl', 'layout.open_sidebar_footer') });
    await signOut.waitFor();
    expect(await less.getAttribute('aria-expanded')).toBe('true');

    await less.click();
    await signOut.waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await shot(page, 'home-sidebar-footer-closed');

    await more.click();
    await signOut.waitFor();
    expect(await less.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('shell at 375 px', () => {
  it('the sidebar is an overlay that closes after navigation, with Escape, on the backdrop and its close button', async () => {
    const viewport = viewports.mobile;
    const { page } = await browser.open({ viewport, consent: 'necessary' });
    await signInToLanding(page, user);
    expect(await shellState(page)).toBe('mobile');
    const opener = page.getByRole('button', { name: t('sl', 'layout.open_sidebar') });
    const sidebarId = await opener.getAttribute('aria-controls');
    const aside = page.locator(`[id="${sidebarId}"]`);
    const sidebar = page.getByRole('complementary');
    // Hidden: off screen, invisible and out of the accessibility tree.
    await aside.waitFor({ state: 'hidden' });
    expect(await sidebar.count()).toBe(0);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await expectNoHorizontalOverflow(page);
    await shot(page, 'home');

    const open = async () => {
      await opener.click();
      await sidebar.waitFor();
      await until(async () => (await box(sidebar)).x, 0);
      expect(await opener.getAttribute('aria-expanded')).toBe('true');
    };

    await open();
    // Over the page, narrower than the viewport so the page shows beside it.
    expect((await box(sidebar)).width).toBe(viewport.width - 40);
    await sidebar.getByText(t('sl', 'nav.menu_empty')).waitFor();
    await shot(page, 'sidebar-mobile-open');

    // Navigation from the overlay closes it.
    await sidebar.getByRole('link', { name: t('sl', 'nav.support') }).click();
    await waitForPath(page, '/support');
    await page.getByRole('heading', { level: 1, name: t('sl', 'pages.support_title') }).waitFor();
    await aside.waitFor({ state: 'hidden' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    // Escape closes it and gives focus back to the opener.
    await open();
    await page.keyboard.press('Escape');
    await aside.waitFor({ state: 'hidden' });
    await until(() => focusedLabel(page), t('sl', 'layout.open_sidebar'));

    // So does a tap on the backdrop beside it…
    await open();
    await page.mouse.click(viewport.width - 10, viewport.height / 2);
    await aside.waitFor({ state: 'hidden' });

    // …and its close button.
    await open();
    await sidebar.getByRole('button', { name: t('sl', 'layout.close_sidebar') }).click();
    await aside.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/support');
  });

  it('breadcrumbs keep only the current page and put the rest in the "…" menu', async () => {
    const { page } = await browser.open({ viewport: viewports.mobile, consent: 'necessary' });
    await signInToLanding(page, user);
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: t('sl', 'pages.support_title') }).waitFor();
    expect(await crumbs(page).locator('[aria-current="page"]').textContent()).toBe(
      t('sl', 'nav.support'),
    );
    expect(await crumbs(page).getByRole('link').count()).toBe(0);
    // Slovenian has a "one" form: "1 skrita raven".
    const hidden = crumbs(page).getByRole('button', {
      name: t('sl', 'layout.breadcrumbs_hidden_one', { count: '1' }),
    });
    await hidden.click();
    await page.getByRole('menuitem', { name: t('sl', 'nav.home') }).click();
    await waitForPath(page, '/setup');
    await landing(page).waitFor();
  });

  it('in mobile landscape the sidebar footer starts closed', async () => {
    const { page } = await browser.open({
      viewport: { width: 740, height: 360 },
      consent: 'necessary',
    });
    await signInToLanding(page, user);
    await page.getByRole('button', { name: t('sl', 'layout.open_sidebar') }).click();
    const sidebar = page.getByRole('complementary');
    const more = sidebar.getByRole('button', { name: t('sl', 'layout.open_sidebar_footer') });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await sidebar.getByRole('button', { name: t('sl', 'nav.sign_out') }).count()).toBe(0);
    await more.click();
    await sidebar.getByRole('button', { name: t('sl', 'nav.sign_out') }).waitFor();
  });
});
