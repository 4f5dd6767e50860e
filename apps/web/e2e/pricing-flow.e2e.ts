// The pricing chain of issue 13 in one go (spec 000 §2 /time-of-use, locations/{id}/manage/pricing/price-lists,
// …/spot-market; spec 001 §2, §4, §5): the aggregator draws a new VT/MT plan in the time-of-use editor (one season
// over the whole year, VT on working days 06:00–22:00, MT otherwise; complete), prices Maribor – hiša (a demo
// location of the company) with a TIME_OF_USE list on that plan from today and sees it active, then finds today's
// cost on the location's overview (the costs API over the demo's stored energy) and the spot prices as a chart and a
// table. Screenshot of the list at 1280 px (e2e/screenshots/pricing-flow-price-lists-1280.png).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  paintVtMtWeek,
  priceListRows,
  shown,
  signInInEnglish,
  weekCell,
  wizardNext,
  wizardStep,
} from './accounts.ts';
import { demoUsers, setupBrowser, shot } from './support.ts';

const browser = setupBrowser();
const en = (key: string, values: Record<string, string> = {}) => shown('en', key, values);
const main = (page: Page) => page.getByRole('main');

/** Maribor – hiša: company 1 (the aggregator's), a full kit with a demo year of stored energy. */
const locationId = 7;

describe('pricing flow', () => {
  it('draws a plan, prices a location with it, and shows its cost today and the spot market', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInInEnglish(page, demoUsers.aggregator);

    // 1. The plan: VT and MT, one season over the whole year.
    await page.goto('/time-of-use');
    const title = `E2E flow ${Date.now() % 100000}`;
    await main(page)
      .getByRole('button', { name: en('time_of_use.plan.create_title') })
      .click();
    const dialog = page.getByRole('dialog', { name: en('time_of_use.plan.create_title') });
    await dialog.getByLabel(en('time_of_use.plan.title')).fill(title);
    // Slovenia: the wizard offers the plans of the location's country.
    await dialog.getByRole('textbox', { name: en('time_of_use.plan.country') }).fill('Sloven');
    await page.getByRole('option', { name: 'Slovenia' }).click();
    await dialog.getByRole('button', { name: en('time_of_use.plan.create'), exact: true }).click();
    await page.waitForURL((url) => /^\?plan=\d+$/.test(url.search));
    await main(page).getByRole('heading', { name: title }).waitFor();

    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.blocks') })
      .click();
    const addBlock = main(page).getByRole('button', { name: en('time_of_use.blocks.add') });
    await addBlock.click();
    await addBlock.click();
    await main(page)
      .getByLabel(en('time_of_use.blocks.title_n', { n: '1' }))
      .fill('VT');
    await main(page)
      .getByLabel(en('time_of_use.blocks.title_n', { n: '2' }))
      .fill('MT');

    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.seasons') })
      .click();
    const season = main(page).getByRole('form', { name: en('time_of_use.seasons.new') });
    await season.getByLabel(en('time_of_use.seasons.title')).fill('Whole year');
    await season.getByLabel(en('time_of_use.seasons.from')).fill('01-01');
    await season.getByLabel(en('time_of_use.seasons.to')).fill('12-31');
    await season.getByRole('button', { name: en('time_of_use.seasons.add') }).click();
    await main(page).getByRole('form', { name: 'Whole year' }).waitFor();

    // The week: MT everywhere, then VT on working days 06:00–22:00.
    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.slots') })
      .click();
    const grid = main(page).getByRole('grid');
    await grid.waitFor();
    await paintVtMtWeek(page, grid);
    await expect
      .poll(() => weekCell(grid, 'Friday 21:45–22:00').getAttribute('aria-label'))
      .toBe('Friday 21:45–22:00: VT');
    expect(await weekCell(grid, 'Friday 22:00–22:15').getAttribute('aria-label')).toBe(
      'Friday 22:00–22:15: MT',
    );
    expect(await weekCell(grid, 'Saturday 12:00–12:15').getAttribute('aria-label')).toBe(
      'Saturday 12:00–12:15: MT',
    );
    const coverage = main(page).getByRole('region', { name: en('time_of_use.coverage.title') });
    await expect.poll(() => coverage.innerText()).toBe(en('time_of_use.coverage.complete'));
    await main(page)
      .getByRole('button', { name: en('common.save'), exact: true })
      .click();
    await page.getByText(en('time_of_use.save_success')).first().waitFor();
    await expect.poll(() => main(page).getByText(en('time_of_use.unsaved')).count()).toBe(0);
    // Saved complete: after a reload the hint still says so.
    await page.reload();
    await main(page).getByRole('grid').waitFor();
    await expect.poll(() => coverage.innerText()).toBe(en('time_of_use.coverage.complete'));

    // 2. The price list: TIME_OF_USE on the new plan, from today (the wizard's default).
    const lists = `/locations/${locationId}/manage/pricing/price-lists`;
    await page.goto(lists);
    await main(page)
      .getByRole('list', { name: en('pricing_plans.list.history_label') })
      .waitFor();
    const before = await priceListRows(page);
    await main(page)
      .getByRole('link', { name: en('pricing_plans.list.new') })
      .click();
    await page.waitForURL((url) => url.pathname === `${lists}/create`);
    await wizardStep(page, 'basic').waitFor();
    const listName = `List ${title}`;
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.name') })
      .fill(listName);
    await wizardNext(page);
    await wizardStep(page, 'tariffs').waitFor();
    await main(page)
      .getByRole('radio', { name: en('pricing_plans.kind.TIME_OF_USE') })
      .check();
    await wizardNext(page);
    await wizardStep(page, 'plan').waitFor();
    const planInput = main(page).getByRole('textbox', {
      name: en('pricing_plans.fields.tariff_plan'),
    });
    await expect.poll(() => planInput.isEnabled(), { timeout: 15_000 }).toBe(true);
    await planInput.click();
    // Offered complete, with its two blocks.
    await page
      .getByRole('option', { name: en('pricing_plans.plan.option', { title, blocks: '2' }) })
      .click();
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.t1', { block: 'VT' }) })
      .fill('0.14');
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.t2', { block: 'MT' }) })
      .fill('0.09');
    for (const [field, value] of [
      [/^Network energy/, '0.0199'],
      [/^Network power/, '3.61'],
      [/^Agreed power/, '7'],
    ] as const) {
      for (const input of await main(page).getByRole('textbox', { name: field }).all()) {
        if ((await input.inputValue()) === '') await input.fill(value);
      }
    }
    await wizardNext(page);
    await wizardStep(page, 'summary').waitFor();
    await main(page).getByText(title).first().waitFor();
    await main(page)
      .getByRole('button', { name: en('pricing_plans.create'), exact: true })
      .click();
    await main(page).getByRole('heading', { name: listName }).waitFor();

    await page.goto(lists);
    await main(page)
      .getByRole('list', { name: en('pricing_plans.list.history_label') })
      .waitFor();
    const after = await priceListRows(page);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toContain(listName);
    expect(after[0]).toContain(en('pricing_plans.state.active'));
    await shot(page, 'pricing-flow-price-lists');

    // 3. The overview: today's cost under the new list, an amount in euro.
    await page.goto(`/locations/${locationId}`);
    const cost = main(page).getByRole('group', { name: en('live.cost.title') });
    await cost.waitFor();
    await expect
      .poll(() => cost.innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`${en('live.cost.title')}\\s+-?€\\d+\\.\\d{2}`));

    // 4. The spot market: the chart and the hourly table of today (the emulator's prices, fetched at start).
    const today = main(page).getByRole('region', { name: en('spot_market.today'), exact: true });
    const table = today.getByRole('table');
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.goto(`/locations/${locationId}/manage/pricing/spot-market`);
      await today.waitFor();
      if ((await table.count()) > 0) break;
      await page.waitForTimeout(2000);
    }
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(24);
    // ECharts draws the bars as SVG (renderer 'svg' in spot-price-chart.tsx), not on a canvas.
    await today.getByRole('img').locator('svg').waitFor();
    await expect
      .poll(() => today.getByRole('img').locator('svg path').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(92);
  });
});
