// Moj Elektro (issue 14; spec 000 §2 /external/integrations/moj-elektro/*, §5 filters; spec 001 §4, §5, §7): a new
// user in Slovenia adds the demo token and the household's metering point against the local portal emulator
// (MOJ_ELEKTRO_API_URL=local), watches the import of its 15-minute data to the end, calculates the network fee
// (month switch, custom agreed powers refused in the wrong order and accepted in the right one) and runs the
// battery and solar what-ifs. In Slovenian (the registered profile's language). Screenshots at 1280 and 375 px
// (e2e/screenshots/moj-elektro-*-{1280,375}.png).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  fieldLabel,
  newAccount,
  shotBothWidths,
  shown,
} from './accounts.ts';
import { viewports } from './browser.ts';
import { openLogin, setupBrowser, t } from './support.ts';

const browser = setupBrowser();
const sl = (key: string, values: Record<string, string> = {}) => shown('sl', key, values);
const main = (page: Page) => page.getByRole('main');
const region = (page: Page, key: string) =>
  main(page).getByRole('region', { name: sl(key), exact: true });

const TOKEN = 'demo-moj-elektro-household';
const EIMM = '4-1000001';

/** A page link of the section (the filters stay in the query). */
async function openPage(page: Page, titleKey: string): Promise<void> {
  await main(page)
    .getByRole('navigation', { name: sl('moj_elektro.pages') })
    .getByRole('link', { name: sl(titleKey), exact: true })
    .click();
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Moj Elektro', () => {
  it('connects a metering point with a token, imports it, calculates the fee, a battery and a solar plant', async () => {
    const account = newAccount('moj-elektro');
    await createVerifiedAccount(browser.baseUrl, account); // registered with country SI
    const { page } = await browser.open({ consent: 'necessary' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLogin(page, 'sl');
    await page.getByLabel(t('sl', 'login.email')).fill(account.email);
    await page.getByLabel(t('sl', 'login.password')).fill(account.password);
    await page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

    // 1. Management: the token (trimmed), then the device by EIMM with that token.
    await page.goto('/external/integrations/moj-elektro/management');
    const tokens = region(page, 'moj_elektro.tokens.title');
    await tokens.getByText(sl('moj_elektro.tokens.empty')).waitFor();
    await tokens.getByRole('textbox', { name: sl('moj_elektro.tokens.token') }).fill(`  ${TOKEN} `);
    await tokens.getByRole('button', { name: sl('moj_elektro.tokens.add') }).click();
    const tokenRow = tokens.getByRole('row').filter({ hasText: 'demo-•••••' });
    await tokenRow.getByText(sl('moj_elektro.tokens.selected')).waitFor();

    const devices = region(page, 'moj_elektro.devices.title');
    await devices.getByRole('textbox', { name: sl('moj_elektro.devices.eimm') }).fill(EIMM);
    await devices.getByRole('button', { name: sl('moj_elektro.devices.add') }).click();
    const deviceRow = devices.locator(`li[data-eimm="${EIMM}"]`);
    await deviceRow.waitFor();
    // The import runs month by month (about 25 months back); the list polls while it runs.
    const status = deviceRow.getByTestId('me-import-status');
    await expect
      .poll(async () => status.textContent(), { timeout: 180_000, interval: 1000 })
      .toBe(sl('moj_elektro.import.done'));
    expect(await deviceRow.textContent()).toContain('demo-•••••');
    await shotBothWidths(page, 'moj-elektro-management');

    // 2. Calculations: no device chosen yet → the spec's message; then the filters in the sidebar.
    await openPage(page, 'route_titles.moj_elektro_calculations');
    await main(page).getByText(sl('moj_elektro.calculations.select_device')).waitFor();
    const filters = page.getByRole('form', { name: sl('moj_elektro.filters.title') });
    const process = filters.getByRole('button', { name: sl('moj_elektro.filters.process') });
    expect(await process.isDisabled()).toBe(true);
    await choose(
      page,
      filters.getByRole('textbox', { name: fieldLabel(sl('moj_elektro.filters.device')) }),
      EIMM,
    );
    await filters.getByLabel(fieldLabel(sl('moj_elektro.filters.vt'))).fill('0.12');
    expect(await process.isDisabled()).toBe(true);
    await filters.getByLabel(fieldLabel(sl('moj_elektro.filters.mt'))).fill('0.08');
    await process.click();
    const saving = main(page).getByTestId('me-saving');
    await saving.waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('vt')).toBe('0.12');
    const tables = [
      'moj_elektro.calculations.new',
      'moj_elektro.calculations.optimized',
      'moj_elektro.calculations.custom',
    ];
    for (const key of tables.slice(0, 2)) {
      const table = main(page).getByRole('table', { name: sl(key), exact: true });
      expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    }
    const grandTotal = main(page)
      .getByRole('table', { name: sl('moj_elektro.calculations.new'), exact: true })
      .locator('tr[data-category="grand_total"]');
    const wholePeriod = await grandTotal.textContent();
    await shotBothWidths(page, 'moj-elektro-calculations', { fullPage: true });

    // 3. One month instead of the whole period.
    const month = main(page).getByRole('textbox', {
      name: sl('moj_elektro.calculations.month'),
      exact: true,
    });
    await month.click();
    const options = page.getByRole('option');
    await options.nth(2).click();
    await expect.poll(() => grandTotal.textContent()).not.toBe(wholePeriod);

    // 4. Custom agreed powers: the wrong order is refused at its input, a right set is calculated.
    await main(page)
      .getByRole('switch', { name: sl('moj_elektro.limits.toggle') })
      .check();
    const block = (n: number) =>
      main(page).getByRole('spinbutton', {
        name: sl('moj_elektro.limits.block', { block: String(n) }),
        exact: true,
      });
    await block(1).fill('9');
    await block(2).fill('7');
    await main(page).getByText(sl('moj_elektro.limits.not_ascending')).waitFor();
    expect(await block(2).getAttribute('aria-invalid')).toBe('true');
    for (const [i, value] of ['7', '7', '7.5', '8', '8'].entries()) await block(i + 1).fill(value);
    expect(await main(page).getByText(sl('moj_elektro.limits.not_ascending')).count()).toBe(0);
    await main(page)
      .getByRole('button', { name: sl('moj_elektro.limits.apply') })
      .click();
    await main(page).getByTestId('me-custom-saving').waitFor({ timeout: 60_000 });
    const custom = main(page).getByRole('table', {
      name: sl('moj_elektro.calculations.custom'),
      exact: true,
    });
    await custom.locator('tr[data-category="grand_total"]').waitFor();
    // The applied set is in the URL, so the other pages share it.
    expect(new URL(page.url()).searchParams.get('custom')).toBe('7,7,7.5,8,8');
    await shotBothWidths(page, 'moj-elektro-custom', { fullPage: true });
    // On a phone every table's costs stay in view: a long note under an item wraps instead of pushing the cost
    // column out of its scroll container.
    await page.setViewportSize(viewports.mobile);
    for (const key of ['new', 'optimized', 'custom']) {
      const cost = main(page)
        .getByRole('table', { name: sl(`moj_elektro.calculations.${key}`), exact: true })
        .locator('tr[data-category="grand_total"] td')
        .last();
      const box = await cost.boundingBox();
      expect(box, key).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), key).toBeLessThanOrEqual(viewports.mobile.width);
    }
    await page.setViewportSize(viewports.desktop);

    // 5. The data page: the 15-minute chart coloured by block and the monthly peaks.
    await openPage(page, 'route_titles.moj_elektro_data');
    await main(page)
      .getByRole('img', { name: sl('moj_elektro.data.chart_label') })
      .locator('svg')
      .waitFor({ timeout: 60_000 });
    const peaks = main(page).getByRole('table', { name: sl('moj_elektro.data.peaks_title') });
    expect(await peaks.locator('tbody tr').count()).toBeGreaterThanOrEqual(12);
    await shotBothWidths(page, 'moj-elektro-data');
    // 6. The comparison: monthly cost per system, stacked, and the monthly totals.
    await openPage(page, 'route_titles.moj_elektro_comparison_charts');
    await main(page)
      .getByRole('img', { name: sl('moj_elektro.comparison.chart_label') })
      .locator('svg')
      .waitFor({ timeout: 60_000 });
    const totals = main(page).getByRole('table', {
      name: sl('moj_elektro.comparison.table_title'),
    });
    expect(await totals.locator('tbody tr').count()).toBeGreaterThanOrEqual(13);
    // The custom agreed powers of step 4 come along through the URL.
    await totals
      .getByRole('columnheader', { name: sl('moj_elektro.scenario.custom'), exact: true })
      .waitFor();
    await shotBothWidths(page, 'moj-elektro-comparison', { fullPage: true });

    // 7. The battery what-if with its default battery (10 kWh, 5 kW, 90 %) and the capacity sweep.
    await openPage(page, 'route_titles.moj_elektro_battery');
    await main(page)
      .getByRole('button', { name: sl('moj_elektro.battery.run'), exact: true })
      .click();
    const batterySaving = main(page).getByTestId('me-battery-saving');
    await batterySaving.waitFor({ timeout: 90_000 });
    expect(await batterySaving.textContent()).toMatch(/€/);
    // The bill with the current (operator-set) agreed powers is shown beside the optimal ones.
    expect(await main(page).getByTestId('me-battery-keep-current').textContent()).toMatch(
      /€ → .*€/,
    );
    await main(page)
      .getByRole('img', { name: sl('moj_elektro.battery.sweep_label') })
      .locator('svg')
      .waitFor();
    await shotBothWidths(page, 'moj-elektro-battery', { fullPage: true });

    // 8. The solar what-if with the standard profile (6 kWp facing south, 30°).
    await openPage(page, 'route_titles.moj_elektro_solar');
    await main(page)
      .getByRole('button', { name: sl('moj_elektro.solar.run'), exact: true })
      .click();
    const solarSaving = main(page).getByTestId('me-solar-saving');
    await solarSaving.waitFor({ timeout: 90_000 });
    expect(await solarSaving.textContent()).toMatch(/€/);
    expect(await main(page).getByTestId('me-solar-keep-current').textContent()).toMatch(/€ → .*€/);
    await main(page)
      .getByRole('img', { name: sl('moj_elektro.solar.chart_label') })
      .locator('svg')
      .waitFor();
    await shotBothWidths(page, 'moj-elektro-solar', { fullPage: true });
  }, 300_000);
});
