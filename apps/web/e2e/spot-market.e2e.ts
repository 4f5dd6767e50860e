// The spot-market screen (issue 13): the location's spot region (Slovenia) is preselected; the server filled the
// prices from the local ENTSO-E emulator at start (no ENTSOE_TOKEN), so today's chart and hourly table show, with the
// cheapest and dearest hour marked; tomorrow is either shown or "not yet available". At 1280 and 375 px.
import { describe, expect, it } from 'vitest';
import { shotBothWidths } from './accounts.ts';
import { demoUsers, openLogin, setupBrowser, signIn, t } from './support.ts';

const browser = setupBrowser();
const en = (key: string, values: Record<string, string> = {}) => t('en', key, values);

describe('spot market', () => {
  it("shows the location's spot prices as a chart and a table", async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    await signIn(page, demoUsers.advanced);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

    // The job fetches at server start; reload until today's prices are in.
    const today = page.getByRole('region', { name: en('spot_market.today'), exact: true });
    const table = today.getByRole('table');
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.goto('/locations/8/manage/pricing/spot-market');
      await page
        .getByRole('heading', { name: en('route_titles.spot_market'), exact: true })
        .waitFor();
      await today.waitFor();
      if ((await table.count()) > 0) break;
      await page.waitForTimeout(2000);
    }
    await table.waitFor();
    expect(await page.getByRole('textbox', { name: en('spot_market.region') }).inputValue()).toBe(
      'Slovenia (10YSI-ELES-----O)',
    );
    // 24 hours (23 or 25 on a DST day) plus the header row; one cheapest and one dearest hour.
    expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(24);
    expect(await table.locator('tr[data-mark="cheapest"]').count()).toBe(1);
    expect(await table.locator('tr[data-mark="dearest"]').count()).toBe(1);
    // The chart: ECharts draws its bars as SVG.
    const chart = today.getByRole('img');
    await chart.locator('svg').waitFor();
    // A bar per quarter hour (92–100), plus axis lines.
    await expect
      .poll(() => chart.locator('svg path').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(92);
    const tomorrow = page.getByRole('region', { name: en('spot_market.tomorrow'), exact: true });
    const shown =
      (await tomorrow.getByRole('table').count()) +
      (await tomorrow.getByText(en('spot_market.not_yet_available')).count());
    expect(shown).toBe(1);
    await shotBothWidths(page, 'spot-market');
  });
});
