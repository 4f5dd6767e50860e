// The company picker with the create-company modal, the admin search with an impersonation started from a result,
// and a company's integrated devices (issue 4; spec 000 §2, §5, §6; spec 001 §4, §6). The super admin of the demo
// seed works in English; texts come from the catalogs (pending keys show as keys until merged).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentUser, fieldLabel, shotBothWidths, shown } from './accounts.ts';
import {
  demoUsers,
  openLogin,
  pathOf,
  setupBrowser,
  signIn,
  until,
  viewports,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();
const admin = demoUsers.admin;
const en = (key: string, values: Record<string, string> = {}) => shown('en', key, values);

/** Signs the super admin in; they land on the company picker (spec 000 §4). */
async function signInAsAdmin(page: Page): Promise<void> {
  await openLogin(page);
  await signIn(page, admin);
  await waitForPath(page, '/overview');
  await page.getByRole('heading', { level: 1, name: en('route_titles.overview') }).waitFor();
}

const cards = (page: Page) => page.getByRole('list', { name: en('route_titles.overview') });

describe('company picker', () => {
  it('the super admin searches the companies and creates one with the modal, then opens it', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAsAdmin(page);
    const list = cards(page);
    await list.getByRole('link', { name: /Sončna energija d\.o\.o\./ }).waitFor();
    expect(await list.getByRole('link').count()).toBeGreaterThanOrEqual(3);
    // The other site's company is not there.
    expect(await list.getByRole('link', { name: /SunPower/ }).count()).toBe(0);
    await shotBothWidths(page, 'overview');

    const search = page.getByRole('searchbox', { name: en('companies.search') });
    await search.fill('ALPEN');
    await until(() => list.getByRole('link').count(), 1);
    await list.getByRole('link', { name: /Alpen Energie GmbH/ }).waitFor();
    await search.fill('');

    await list.getByRole('button', { name: en('companies.add_new') }).click();
    const dialog = page.getByRole('dialog', { name: en('companies.create_title') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: en('companies.create_submit') }).click();
    // Name and country are required (spec 000 §5); nothing is sent.
    await dialog.getByText(en('validation.required', { field: en('companies.name') })).waitFor();
    await dialog.getByText(en('validation.required', { field: en('companies.country') })).waitFor();
    await shotBothWidths(page, 'overview-create-company-errors', { fullPage: false });

    const name = `Test Energija ${Date.now().toString(36)}`;
    await dialog.getByLabel(fieldLabel(en('companies.name'))).fill(name);
    await dialog.getByLabel(fieldLabel(en('companies.country'))).click();
    await dialog.getByLabel(fieldLabel(en('companies.country'))).fill('Sloven');
    await page.getByRole('option', { name: 'Slovenia', exact: true }).click();
    await dialog
      .getByLabel(fieldLabel(en('companies.contact_email')))
      .fill('info@test-energija.si');
    await dialog.getByLabel(fieldLabel(en('companies.contact_phone'))).fill('+386 4 123 45 67');
    await dialog.getByRole('button', { name: en('companies.create_submit') }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = list.getByRole('link', { name: new RegExp(name) });
    await card.waitFor();
    const href = (await card.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/companies\/\d+\/location-groups\/\d+$/);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/companies', { credentials: 'same-origin' });
      return (
        (await res.json()) as {
          data: {
            companies: {
              name: string;
              contactEmail: string | null;
              id: number;
              rootGroup: { id: number };
            }[];
          };
        }
      ).data.companies;
    });
    const company = created.find((c) => c.name === name);
    expect(company?.contactEmail).toBe('info@test-energija.si');
    expect(href).toBe(`/companies/${company?.id}/location-groups/${company?.rootGroup.id}`);

    await card.click();
    await page.waitForURL((url) => url.pathname.startsWith(href));
  });
});

describe('admin search', () => {
  it('finds a user with the sidebar filters, acts as them from the result, and stops', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAsAdmin(page);
    const target = demoUsers.user;

    await page.goto('/admin/search');
    await waitForPath(page, '/admin/search/users');
    const filters = page.getByTestId('admin-search-filters');
    await filters.waitFor();
    // The panel sits in the sidebar instead of the menu tree.
    expect(await page.getByRole('complementary').getByTestId('admin-search-filters').count()).toBe(
      1,
    );

    const results = page.getByRole('list', { name: en('route_titles.search_users') });
    await results.getByRole('listitem').first().waitFor();
    await filters.getByRole('searchbox', { name: en('admin_search.query') }).fill('Zupan');
    await until(() => pathOf(page), '/admin/search/users?q=Zupan');
    await until(() => results.getByRole('listitem').count(), 1);
    await results.getByText(target.email).waitFor();
    await shotBothWidths(page, 'admin-search-users');

    // The types: turning users off shows the locations; the last type on cannot be turned off. A switch follows
    // the URL, so each flip is awaited there.
    const toggle = (key: string) => filters.getByRole('switch', { name: en(key) });
    await toggle('route_titles.search_users').click();
    await until(
      () => pathOf(page),
      '/admin/search/locations?q=Zupan&types=locations%2Coem-devices%2Cdevices',
    );
    await toggle('route_titles.search_oem_devices').click();
    await until(() => pathOf(page), '/admin/search/locations?q=Zupan&types=locations%2Cdevices');
    await toggle('route_titles.search_devices').click();
    await until(() => pathOf(page), '/admin/search/locations?q=Zupan&types=locations');
    await until(() => toggle('route_titles.search_locations').isDisabled(), true);
    expect(await toggle('route_titles.search_locations').isChecked()).toBe(true);
    await filters.getByRole('searchbox', { name: en('admin_search.query') }).fill('Bled');
    await page
      .getByRole('list', { name: en('route_titles.search_locations') })
      .getByRole('link', { name: 'Hiša Bled' })
      .waitFor();
    await shotBothWidths(page, 'admin-search-locations');
    // Devices match on their own name, not the place: without a text query every device is listed.
    await filters.getByRole('searchbox', { name: en('admin_search.query') }).fill('');
    await until(() => pathOf(page), '/admin/search/locations?types=locations');
    await toggle('route_titles.search_devices').click();
    await until(() => pathOf(page), '/admin/search/locations?types=locations%2Cdevices');
    await page
      .getByRole('navigation', { name: en('admin_search.types') })
      .getByRole('link', { name: new RegExp(`^${en('route_titles.search_devices')} \\(\\d+\\)$`) })
      .click();
    await waitForPath(page, '/admin/search/devices');
    await page
      .getByRole('list', { name: en('route_titles.search_devices') })
      .getByRole('listitem')
      .first()
      .waitFor();
    await shotBothWidths(page, 'admin-search-devices');

    // Back to the user, and act as them (the page reloads as the user, spec 001 §4).
    await toggle('route_titles.search_users').click();
    await until(() => pathOf(page), '/admin/search/devices?types=users%2Clocations%2Cdevices');
    await filters.getByRole('searchbox', { name: en('admin_search.query') }).fill('Zupan');
    // The query is searched after a pause; until then the tab's link lacks it, and the search that follows it
    // would re-render the results under the open actions menu.
    await until(
      () => pathOf(page),
      '/admin/search/devices?q=Zupan&types=users%2Clocations%2Cdevices',
    );
    await page
      .getByRole('navigation', { name: en('admin_search.types') })
      .getByRole('link', { name: new RegExp(`^${en('route_titles.search_users')} \\(\\d+\\)$`) })
      .click();
    await waitForPath(page, '/admin/search/users');
    const row = results.getByRole('listitem').filter({ hasText: target.email });
    await row
      .getByRole('button', { name: en('admin_search.actions_for', { name: target.name }) })
      .click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitem', { name: en('admin_search.impersonate') }).click(),
    ]);
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    const acting = await currentUser(page);
    expect([acting?.email, acting?.impersonation?.by.fullName]).toEqual([target.email, admin.name]);
    await shotBothWidths(page, 'admin-search-impersonating');

    await Promise.all([
      page.waitForEvent('load'),
      banner
        .getByRole('button', { name: shown(target.locale, 'impersonation.stop'), exact: true })
        .click(),
    ]);
    await waitForPath(page, '/overview');
    expect(await banner.count()).toBe(0);
    expect((await currentUser(page))?.email).toBe(admin.email);
  });

  it("asks before deleting a user, and shows the server's refusal to delete oneself", async () => {
    const { page } = await browser.open({
      consent: 'necessary',
      // The refusal is the answer this test provokes.
      allowFailedResponses: [{ status: 422, path: '/api/users/1' }],
    });
    await signInAsAdmin(page);
    const me = await currentUser(page);
    await page.goto(`/admin/search/users?q=${encodeURIComponent(admin.email)}`);
    const results = page.getByRole('list', { name: en('route_titles.search_users') });
    const row = results.getByRole('listitem').filter({ hasText: admin.email });
    await row
      .getByRole('button', { name: en('admin_search.actions_for', { name: admin.name }) })
      .click();
    await page.getByRole('menuitem', { name: en('admin_search.delete_user') }).click();
    const dialog = page.getByRole('dialog', { name: en('admin_search.delete_user') });
    await dialog.waitFor();
    await dialog
      .getByRole('button', { name: en('admin_search.delete_submit'), exact: true })
      .click();
    // The server's message; while its key waits in pending, i18next falls back to the dialog's own message.
    const refusal = en('org.cannot_delete_self');
    await dialog
      .getByRole('alert')
      .getByText(refusal === 'org.cannot_delete_self' ? en('admin_search.delete_error') : refusal)
      .waitFor();
    await shotBothWidths(page, 'admin-search-delete-self', { fullPage: false });
    await dialog.getByRole('button', { name: en('common.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await currentUser(page))?.id).toBe(me?.id);
  });

  it('at 375 px the filters open with the sidebar, whose one Back leaves the search', async () => {
    const { page } = await browser.open({ consent: 'necessary', viewport: viewports.mobile });
    await signInAsAdmin(page);
    await page.goto('/support');
    await page.goto('/admin/search/oem-devices');
    await page
      .getByRole('list', { name: en('route_titles.search_oem_devices') })
      .getByRole('listitem')
      .first()
      .waitFor();
    await page.getByRole('button', { name: en('layout.open_sidebar') }).click();
    const filters = page.getByTestId('admin-search-filters');
    await filters.getByRole('searchbox', { name: en('admin_search.query') }).waitFor();
    await page.screenshot({
      path: new URL('./screenshots/admin-search-filters-375.png', import.meta.url).pathname,
      animations: 'disabled',
    });
    // One way back: the sidebar footer's Back (spec 000 §2), none in the filter panel.
    const sidebar = page.getByRole('complementary');
    expect(await sidebar.getByRole('button', { name: en('nav.back') }).count()).toBe(1);
    expect(await filters.getByRole('button', { name: en('nav.back') }).count()).toBe(0);
    // The search was the first page of this load and its filters replace the URL: Back goes home, not to the page
    // before the load (/support).
    await filters.getByRole('searchbox', { name: en('admin_search.query') }).fill('a');
    await until(() => new URL(page.url()).search, '?q=a');
    await sidebar.getByRole('button', { name: en('nav.back') }).click();
    await waitForPath(page, '/overview');
  });
});

describe('integrated devices', () => {
  it("lists a company's devices and filters them by category", async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInAsAdmin(page);
    await page.goto('/companies/1/integrated-devices');
    await page
      .getByRole('heading', { level: 1, name: en('route_titles.integrated_devices') })
      .waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(1);
    await shotBothWidths(page, 'integrated-devices');

    await page.getByRole('textbox', { name: en('integrated_devices.category') }).click();
    await page.getByRole('option', { name: en('device_category.BATTERY') }).click();
    await until(() => new URL(page.url()).search, '?category=BATTERY');
    await until(async () => {
      const texts = await page.locator('tbody tr td:nth-child(2)').allInnerTexts();
      return (
        texts.length > 0 && texts.every((text) => text.includes(en('device_category.BATTERY')))
      );
    }, true);
  });
});
