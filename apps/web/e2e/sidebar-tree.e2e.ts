// The sidebar tree (issue 4; spec 000 §2 Layout, §4, §5, §9): each role's landing through its menu, walking the
// tree with the mouse and the keyboard, a location's children loaded when it is opened, the 500 ms filter, a super
// admin's companies loaded on demand; breadcrumbs named from the menu and the floating navigation of a location.
// Screens at 1280 px and 375 px. Seed (apps/server/src/seed/organisation-data.ts): the basic user owns "Ljubljana
// – hiša Rožna dolina" (home kit: device group Roof) and may view the Domžale warehouse; the aggregator manages
// Sončna energija d.o.o. (Gorenjska › Bled in okolica, Osrednja Slovenija › Ljubljana, Štajerska).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoOverflowOnceTranslated, shotBothWidths, shown } from './accounts.ts';
import {
  demoUsers,
  openLogin,
  pathOf,
  setupBrowser,
  shot,
  signIn,
  until,
  viewports,
  waitForPath,
  type DemoUser,
} from './support.ts';

const browser = setupBrowser();

/** Signs in and waits until the landing redirect has left `/` and the sign-in page. */
async function signInAndLand(page: Page, user: DemoUser): Promise<void> {
  await openLogin(page);
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/auth/'));
}

const tree = (page: Page, locale: string) =>
  page.getByRole('tree', { name: shown(locale, 'menu.tree_label') });
const row = (page: Page, locale: string, name: string) =>
  tree(page, locale).getByRole('treeitem', { name, exact: true });
const rowTitles = (page: Page, locale: string) =>
  tree(page, locale).getByRole('treeitem').allInnerTexts();
const crumbs = (page: Page, locale: string) =>
  page.getByRole('navigation', { name: shown(locale, 'layout.breadcrumbs') });

describe('sidebar tree', () => {
  it('lands a basic user on their first location, opens its children and walks the tree by keyboard', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const sl = 'sl';
    await signInAndLand(page, demoUsers.basic);
    expect(pathOf(page)).toMatch(/^\/locations\/\d+$/);
    const locationPath = pathOf(page);

    // The current location is marked and was opened: its device group and devices came lazily.
    const current = tree(page, sl).locator('[aria-current="page"]');
    await current.waitFor();
    const locationName = (await current.innerText()).trim();
    expect(await current.getAttribute('aria-expanded')).toBe('true');
    const roof = row(page, sl, 'Roof');
    await roof.waitFor();
    await row(page, sl, 'Grid meter').waitFor();
    expect(Number(await roof.getAttribute('aria-level'))).toBe(
      Number(await current.getAttribute('aria-level')) + 1,
    );
    // The page names the location, and so do the breadcrumbs.
    await page.getByRole('main').getByText(locationName, { exact: true }).waitFor();
    // On the location's own page its crumb is the current one.
    await crumbs(page, sl).locator('[aria-current="page"]').getByText(locationName).waitFor();
    await page
      .getByRole('navigation', { name: shown(sl, 'floating_nav.location_label') })
      .waitFor();
    await shotBothWidths(page, 'tree-basic-location');

    // Mouse: a device group opens its page under the location.
    await roof.click();
    await page.waitForURL((url) => url.pathname.startsWith(`${locationPath}/device-groups/`));
    await until(() => roof.getAttribute('aria-current'), 'page');

    // Keyboard: one tab stop; ← closes an open row, on a closed row it goes to the parent (the location); → opens
    // it again, ↓ goes to its first child, Enter opens the location's page.
    await roof.focus();
    // The open page's device group is open (its devices show): ← closes it first.
    expect(await roof.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await until(() => roof.getAttribute('aria-expanded'), 'false');
    await page.keyboard.press('ArrowLeft');
    const location = row(page, sl, locationName);
    await until(() => location.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('ArrowLeft');
    await until(() => location.getAttribute('aria-expanded'), 'false');
    expect(await row(page, sl, 'Roof').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await until(() => location.getAttribute('aria-expanded'), 'true');
    await row(page, sl, 'Roof').waitFor();
    await page.keyboard.press('ArrowDown');
    const first = tree(page, sl)
      .locator(`[aria-level="${await roof.getAttribute('aria-level')}"]`)
      .first();
    await until(() => first.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('ArrowUp');
    await until(() => location.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('Enter');
    await waitForPath(page, locationPath);
    expect(await tree(page, sl).locator('[tabindex="0"]').count()).toBe(1);
  });

  it("filters an aggregator's tree after the pause, case-insensitively, with the way to the matches open", async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const en = 'en';
    await signInAndLand(page, demoUsers.aggregator);
    // The aggregator lands on the first entry of the menu: their company (its root group's flexibility).
    expect(pathOf(page)).toMatch(/^\/companies\/1\/location-groups\/\d+\/flexibility$/);
    const company = row(page, en, 'Sončna energija d.o.o.');
    await company.waitFor();
    expect(await company.getAttribute('aria-current')).toBe('page');
    expect(await company.getAttribute('aria-expanded')).toBe('true');
    await row(page, en, 'Štajerska').waitFor();

    const filter = page.getByRole('textbox', { name: shown(en, 'menu.filter_label') });
    await filter.fill('BLED');
    // Nothing changes before the pause; then only the matches and their ancestors remain.
    expect(await row(page, en, 'Štajerska').count()).toBe(1);
    await until(() => row(page, en, 'Štajerska').count(), 0);
    const titles = await rowTitles(page, en);
    expect(titles).toContain('Bled in okolica');
    expect(titles).toContain('Gorenjska');
    expect(titles).not.toContain('Celje – trgovina');
    await tree(page, en).locator('mark').first().waitFor();
    await shotBothWidths(page, 'tree-filtered');

    await filter.fill('no such place');
    await page.getByText(shown(en, 'menu.no_matches')).waitFor();
    await page.getByRole('button', { name: shown(en, 'menu.filter_clear') }).click();
    await row(page, en, 'Štajerska').waitFor();

    // A location in a closed group: open the group, then the location loads its children.
    await row(page, en, 'Štajerska').locator('[data-testid="menu-toggle"]').click();
    const celje = row(page, en, 'Celje – trgovina');
    await celje.waitFor();
    await celje.locator('[data-testid="menu-toggle"]').click();
    await until(() => celje.getAttribute('aria-expanded'), 'true');
    // Every demo location has a grid meter; Celje is the only location open.
    await row(page, en, 'Grid meter').waitFor();
    expect(await row(page, en, 'Grid meter').getAttribute('aria-level')).toBe(
      String(Number(await celje.getAttribute('aria-level')) + 1),
    );
  });

  it("loads a super admin's company when it is opened", async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const en = 'en';
    await signInAndLand(page, demoUsers.admin);
    await waitForPath(page, '/overview');
    const alpen = row(page, en, 'Alpen Energie GmbH');
    await alpen.waitFor();
    expect(await alpen.getAttribute('aria-expanded')).toBe('false');
    // Companies of the other site are not there.
    expect(await row(page, en, 'SunPower Nederland B.V.').count()).toBe(0);
    const menuCall = page.waitForResponse((response) =>
      /\/api\/menu\/2$/.test(new URL(response.url()).pathname),
    );
    await alpen.locator('[data-testid="menu-toggle"]').click();
    expect((await menuCall).status()).toBe(200);
    await row(page, en, 'Kärnten').waitFor();
    await row(page, en, 'Kärnten').click();
    await page.waitForURL((url) =>
      /^\/companies\/2\/location-groups\/\d+\/flexibility$/.test(url.pathname),
    );
    await crumbs(page, en).getByText('Kärnten').waitFor();
  });

  it('works in the mobile overlay at 375 px', async () => {
    const { page } = await browser.open({ consent: 'necessary', viewport: viewports.mobile });
    const en = 'en';
    await signInAndLand(page, demoUsers.aggregator);
    await page.getByRole('button', { name: shown(en, 'layout.open_sidebar') }).click();
    const villa = row(page, en, 'Gorenjska');
    await villa.waitFor();
    await expectNoOverflowOnceTranslated(page, 'tree-mobile-open');
    await shot(page, 'tree-mobile-open', { fullPage: false });
    await villa.click();
    await page.waitForURL((url) => /\/location-groups\/\d+\/flexibility$/.test(url.pathname));
    // Navigation closes the overlay.
    await tree(page, en).waitFor({ state: 'hidden' });
    await page.getByRole('navigation', { name: shown(en, 'floating_nav.group_label') }).waitFor();
    await shot(page, 'group-flexibility-mobile');
  });
});
