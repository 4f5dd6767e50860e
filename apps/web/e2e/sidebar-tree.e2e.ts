// The sidebar tree (issue 4; spec 000 §2 Layout, §4, §5, §9): each role's landing through its menu, walking the
// tree with the mouse and the keyboard, a location's children loaded when it is opened, the 500 ms filter, a super
// admin's companies loaded on demand; breadcrumbs named from the menu and the floating navigation of a location.
// Screens at 1280 px and 375 px. Seed (apps/server/src/seed/organisation-data.ts): the basic user owns "Ljubljana
// – hiša Rožna dolina" (home kit: device group Roof) and may view the Domžale warehouse; the advanced user owns
// "Ljubljana – poslovna stavba" and may edit Štajerska; the aggregator manages Sončna energija d.o.o. (Gorenjska ›
// Bled in okolica, Osrednja Slovenija › Ljubljana, Štajerska). Issue 10: users land on the location they own; the
// filter searches the whole tree on the server (a super admin's companies never opened, devices); a change in
// Manage › Structure shows in the tree at once; a group the user may not see says so.
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
  it('lands a basic user on the house they own, opens its children and walks the tree by keyboard', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const sl = 'sl';
    await signInAndLand(page, demoUsers.basic);
    // Their own house, not the Domžale warehouse shared with them (first in the menu by name).
    expect(pathOf(page)).toBe('/locations/5');
    const locationPath = pathOf(page);

    // The current location is marked and was opened: its device group and devices came lazily.
    const current = tree(page, sl).locator('[aria-current="page"]');
    await current.waitFor();
    const locationName = (await current.innerText()).trim();
    expect(locationName).toBe('Ljubljana – hiša Rožna dolina');
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

  it('lands an advanced user on the office they own', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAndLand(page, demoUsers.advanced);
    // Not Celje in Štajerska, the group they may edit (groups come first in the menu).
    expect(pathOf(page)).toBe('/locations/4');
    await until(
      () =>
        tree(page, 'en')
          .locator('[aria-current="page"]')
          .innerText()
          .then((text) => text.trim()),
      'Ljubljana – poslovna stavba',
    );
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

  it("finds with a super admin's filter what lies in companies never opened, devices too, and opens the way", async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const en = 'en';
    await signInAndLand(page, demoUsers.admin);
    await waitForPath(page, '/overview');
    await row(page, en, 'Alpen Energie GmbH').waitFor();
    expect(await row(page, en, 'Sončna energija d.o.o.').getAttribute('aria-expanded')).toBe(
      'false',
    );

    const filter = page.getByRole('textbox', { name: shown(en, 'menu.filter_label') });
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/menu/search',
    );
    await filter.fill('maribor');
    expect((await searched).status()).toBe(200);
    // Company → group → location, although the company was never opened (its tree was not loaded).
    await row(page, en, 'Maribor – hiša').waitFor();
    expect(await rowTitles(page, en)).toEqual([
      'Sončna energija d.o.o.',
      'Štajerska',
      'Maribor – hiša',
    ]);
    expect(await page.getByText(shown(en, 'menu.no_matches')).count()).toBe(0);

    // Devices match too, in every company: company → group → location → device.
    await filter.fill('pool pump');
    await until(() => row(page, en, 'Pool pump').count(), 4);
    const titles = await rowTitles(page, en);
    expect(titles).toEqual([
      'Alpen Energie GmbH',
      'Steiermark',
      'Graz – Wohnanlage',
      'Pool pump',
      'Jadran Solar d.o.o.',
      'Istra',
      'Rovinj – apartmani',
      'Pool pump',
      'Sončna energija d.o.o.',
      'Gorenjska',
      'Bled in okolica',
      'Vila Lesce',
      'Pool pump',
      'Štajerska',
      'Maribor – hiša',
      'Pool pump',
    ]);
    await tree(page, en).locator('mark').first().waitFor();
    await shot(page, 'tree-search-admin');

    // Device groups are found the same way (Garage: the full kit's, in four locations of three companies).
    await filter.fill('garage');
    await until(() => row(page, en, 'Garage').count(), 4);
    // A device found opens its page.
    await filter.fill('pool pump');
    await until(() => row(page, en, 'Pool pump').count(), 4);
    await row(page, en, 'Pool pump').last().click();
    await page.waitForURL((url) =>
      /^\/locations\/7\/manage\/oem-devices\/\d+\/devices\/\d+$/.test(url.pathname),
    );
  });

  it('filters on the server in the mobile overlay at 375 px', async () => {
    const { page } = await browser.open({ consent: 'necessary', viewport: viewports.mobile });
    const en = 'en';
    await signInAndLand(page, demoUsers.admin);
    await page.getByRole('button', { name: shown(en, 'layout.open_sidebar') }).click();
    await row(page, en, 'Alpen Energie GmbH').waitFor();
    await page.getByRole('textbox', { name: shown(en, 'menu.filter_label') }).fill('maribor');
    await row(page, en, 'Maribor – hiša').waitFor();
    await tree(page, en).locator('mark').first().waitFor();
    await expectNoOverflowOnceTranslated(page, 'tree-search-admin');
    await shot(page, 'tree-search-admin', { fullPage: false });
  });

  it('shows a device group created in Manage › Structure at once, and its new name after a rename', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const en = 'en';
    await signInAndLand(page, demoUsers.aggregator);
    // Vila Lesce (2): the sidebar opens the location and loads its device groups.
    await page.goto('/locations/2/manage/structure');
    await row(page, en, 'Garage').waitFor();
    const main = page.getByRole('main');

    await main
      .getByRole('textbox', {
        name: new RegExp(shown(en, 'location_manage.structure.new_group_name')),
      })
      .fill('Sidebar shed');
    await main
      .getByRole('button', { name: shown(en, 'location_manage.structure.create_group') })
      .click();
    // In the tree without navigating.
    await row(page, en, 'Sidebar shed').waitFor();
    expect(pathOf(page)).toBe('/locations/2/manage/structure');

    const shed = main.getByRole('region', { name: 'Sidebar shed', exact: true });
    await shed
      .getByRole('button', {
        name: shown(en, 'location_manage.structure.rename_named', { name: 'Sidebar shed' }),
      })
      .click();
    const rename = page.getByRole('dialog', {
      name: shown(en, 'location_manage.structure.rename_title'),
    });
    await rename.getByRole('textbox').fill('Sidebar barn');
    await rename.getByRole('button', { name: shown(en, 'common.save') }).click();
    await row(page, en, 'Sidebar barn').waitFor();
    expect(await row(page, en, 'Sidebar shed').count()).toBe(0);
    expect(pathOf(page)).toBe('/locations/2/manage/structure');

    // Deleted: gone from the tree too (and the demo data as it was).
    await main
      .getByRole('region', { name: 'Sidebar barn', exact: true })
      .getByRole('button', {
        name: shown(en, 'location_manage.structure.delete_named', { name: 'Sidebar barn' }),
      })
      .click();
    await page
      .getByRole('dialog', { name: shown(en, 'location_manage.structure.delete_title') })
      .getByRole('button', { name: shown(en, 'location_manage.structure.delete') })
      .click();
    await row(page, en, 'Sidebar barn').waitFor({ state: 'detached' });
  });

  it('tells a basic user a group they may not see does not exist or is not theirs, like a location', async () => {
    const { page } = await browser.open({
      consent: 'necessary',
      // The group and its live flow (the flexibility page's content) both answer 404.
      allowFailedResponses: [
        { status: 404, path: '/api/location-groups/6' },
        { status: 404, path: '/api/location-groups/6/live' },
      ],
    });
    const sl = 'sl';
    await signInAndLand(page, demoUsers.basic);
    // Štajerska (6): the advanced user's group, not the basic user's.
    await page.goto('/companies/1/location-groups/6/flexibility');
    const main = page.getByRole('main');
    await main.getByRole('alert').getByText(shown(sl, 'frame.group_missing')).waitFor();
    expect(await main.getByText(shown(sl, 'frame.no_data_title')).count()).toBe(0);
    await shotBothWidths(page, 'group-no-access');

    // The same without the company in the address.
    await page.goto('/location-groups/6/summary');
    await main.getByRole('alert').getByText(shown(sl, 'frame.group_missing')).waitFor();
  });
});
