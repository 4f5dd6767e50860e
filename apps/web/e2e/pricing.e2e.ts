// Pricing (issue 13; spec 000 §2 locations/{id}/manage/pricing/price-lists, spec 001 §2 the pricing-plan wizard,
// §4 price list active or not): the super admin opens Vila Lesce's price lists (the seed gives every demo location
// an older fixed list and a current one from its country's defaults), creates a time-of-use list from today with the
// shipped Slovenian VT/MT plan through the wizard (basic info → tariffs → plan → summary), and sees it active while
// the list before it has ended. Screens at 1280 px and 375 px (e2e/screenshots/pricing-*; copies in
// docs/screenshots).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { priceListRows, shown, signInInEnglish, wizardNext, wizardStep } from './accounts.ts';
import { demoUsers, expectNoHorizontalOverflow, setupBrowser, shot } from './support.ts';

const browser = setupBrowser();
const en = (key: string, values: Record<string, string> = {}) => shown('en', key, values);
const phone = { width: 375, height: 812 };

const main = (page: Page) => page.getByRole('main');

describe('pricing', () => {
  it('creates a time-of-use price list for a demo location and sees it active', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInInEnglish(page, demoUsers.admin);
    const lists = '/locations/2/manage/pricing/price-lists';
    await page.goto(lists);
    const history = main(page).getByRole('list', { name: en('pricing_plans.list.history_label') });
    await history.waitFor();
    // The seed: a current list (active) and the older one before it.
    const before = await priceListRows(page);
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before[0]).toContain(en('pricing_plans.state.active'));

    await main(page)
      .getByRole('link', { name: en('pricing_plans.list.new') })
      .click();
    await wizardStep(page, 'basic').waitFor();
    await main(page)
      .getByText(/Prices before this date stay as they were/)
      .waitFor();
    // Next without a name: the field says what is missing.
    await wizardNext(page);
    await main(page)
      .getByText(en('validation.required', { field: en('pricing_plans.fields.name') }))
      .waitFor();
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.name') })
      .fill('VT/MT e2e');
    await wizardNext(page);

    await wizardStep(page, 'tariffs').waitFor();
    await main(page)
      .getByRole('radio', { name: en('pricing_plans.kind.TIME_OF_USE') })
      .check();
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.supplier_fee') })
      .fill('2,49');
    await wizardNext(page);

    await wizardStep(page, 'plan').waitFor();
    const planInput = main(page).getByRole('textbox', {
      name: en('pricing_plans.fields.tariff_plan'),
    });
    await expect.poll(() => planInput.isEnabled(), { timeout: 15_000 }).toBe(true);
    await planInput.click();
    await page.getByRole('option', { name: /VT\/MT \(dobavitelj\)/ }).click();
    const t1 = main(page).getByRole('textbox', { name: /T1 \(VT\)/ });
    await t1.fill('0.1234567891');
    await main(page)
      .getByRole('textbox', { name: /T2 \(MT\)/ })
      .fill('0.09');
    await main(page)
      .getByRole('textbox', { name: /^Network energy/ })
      .fill('0.0199');
    await main(page)
      .getByRole('textbox', { name: /^Network power/ })
      .fill('3.61');
    await main(page)
      .getByRole('textbox', { name: /^Agreed power/ })
      .fill('7');
    await wizardNext(page);
    // Ten decimals are refused, not rounded.
    await main(page)
      .getByText(/may have at most 9 decimal places/)
      .waitFor();
    await t1.fill('0.14');
    await wizardNext(page);

    await wizardStep(page, 'summary').waitFor();
    await main(page).getByText('€0.14/kWh').waitFor();
    await main(page).getByText('€2.49/month').waitFor();
    await shot(page, 'pricing-wizard-summary');
    await main(page)
      .getByRole('button', { name: en('pricing_plans.create'), exact: true })
      .click();

    // The new list's page: active from today.
    await main(page).getByRole('heading', { name: 'VT/MT e2e' }).waitFor();
    await main(page).getByText(en('pricing_plans.state.active'), { exact: true }).waitFor();
    await shot(page, 'pricing-price-list');

    await page.goto(lists);
    await history.waitFor();
    const after = await priceListRows(page);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toContain('VT/MT e2e');
    expect(after[0]).toContain(en('pricing_plans.state.active'));
    // The list that was in force has ended where the new one begins.
    expect(after[1]).toContain(en('pricing_plans.state.ended'));
    await shot(page, 'pricing-price-lists');

    // The location's read view shows the new list in force.
    await page.goto('/locations/2/pricing-plans');
    await main(page)
      .getByRole('heading', { name: en('pricing_plans.list.active_title') })
      .waitFor();
    await main(page).getByText('VT/MT e2e').first().waitFor();
    await shot(page, 'pricing-location-plans');
  });

  it('fits a phone: price lists, the wizard and the pricing-plans page at 375 px', async () => {
    const { page } = await browser.open({ consent: 'necessary', viewport: phone });
    await signInInEnglish(page, demoUsers.admin);
    await page.goto('/locations/2/manage/pricing/price-lists');
    await main(page)
      .getByRole('list', { name: en('pricing_plans.list.history_label') })
      .waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'pricing-price-lists');

    await main(page)
      .getByRole('link', { name: en('pricing_plans.list.new') })
      .click();
    await wizardStep(page, 'basic').waitFor();
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.name') })
      .fill('Phone');
    await wizardNext(page);
    await main(page)
      .getByRole('radio', { name: en('pricing_plans.kind.FIXED') })
      .check();
    await wizardNext(page);
    await wizardStep(page, 'plan').waitFor();
    const networkPlan = main(page).getByRole('textbox', {
      name: en('pricing_plans.fields.network_plan'),
    });
    await expect.poll(() => networkPlan.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'pricing-wizard-plan');

    await page.goto('/locations/2/pricing-plans');
    await main(page)
      .getByRole('heading', { name: en('pricing_plans.list.active_title') })
      .waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'pricing-location-plans');
  });

  it('lists the predefined configs for the super admin and the setup configs for a basic user', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInInEnglish(page, demoUsers.admin);
    await page.goto('/pricing-plans/configs');
    const configs = main(page).getByRole('list', { name: en('pricing_plans.config.list_label') });
    await configs.waitFor();
    // The shipped Slovenian defaults are among them, with prices per kWh.
    expect(await configs.locator(':scope > li').count()).toBeGreaterThanOrEqual(4);
    await configs.getByText(/\/kWh/).first().waitFor();
    await shot(page, 'pricing-configs');
    await configs.getByRole('link').first().click();
    await main(page)
      .getByRole('button', { name: en('pricing_plans.edit') })
      .waitFor();
    await shot(page, 'pricing-config');

    await page.goto('/pricing');
    await main(page)
      .getByRole('list', { name: en('pricing_plans.overview.label') })
      .waitFor();
    await shot(page, 'pricing-overview');
  });

  it('lets a basic user define the pricing of their location from the country configs', async () => {
    const { page } = await browser.open({ consent: 'necessary', viewport: phone });
    await signInInEnglish(page, demoUsers.basic);
    await page.goto('/setup/pricing');
    const buy = main(page).getByRole('textbox', {
      name: en('pricing_plans.config_kind.SUPPLIER_ENERGY_BUY'),
    });
    await buy.waitFor();
    await expect.poll(() => buy.inputValue(), { timeout: 15_000 }).not.toBe('');
    await expectNoHorizontalOverflow(page);
    await shot(page, 'pricing-setup');
    await main(page)
      .getByRole('button', { name: en('pricing_plans.setup.continue') })
      .click();
    await wizardStep(page, 'basic').waitFor();
    await wizardNext(page);
    // The defaults filled tariffs and prices; the location's agreed power is the user's to enter.
    await expect
      .poll(() =>
        main(page)
          .getByRole('radio', { name: en('pricing_plans.kind.TIME_OF_USE') })
          .isChecked(),
      )
      .toBe(true);
    await wizardNext(page);
    await wizardStep(page, 'plan').waitFor();
    const agreed = main(page).getByRole('textbox', { name: /^Agreed power/ });
    await expect.poll(() => agreed.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const field of await agreed.all()) await field.fill('7');
    await wizardNext(page);
    await wizardStep(page, 'summary').waitFor();
    await main(page)
      .getByRole('button', { name: en('pricing_plans.create'), exact: true })
      .click();
    await main(page).getByText(en('pricing_plans.setup.done_title')).waitFor();
    await main(page)
      .getByRole('link', { name: en('pricing_plans.setup.open_location') })
      .click();
    await main(page)
      .getByRole('heading', { name: en('pricing_plans.list.active_title') })
      .waitFor();
    await expectNoHorizontalOverflow(page);
  });

  it('lets an aggregator create a company plan through the wizard', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await signInInEnglish(page, demoUsers.aggregator);
    await page.goto('/pricing/plans/create');
    await wizardStep(page, 'basic').waitFor();
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.name') })
      .fill('Company e2e');
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.config_kind') })
      .click();
    await page
      .getByRole('option', { name: en('pricing_plans.config_kind.SUPPLIER_ENERGY_BUY') })
      .click();
    const country = main(page).getByRole('textbox', { name: en('pricing_plans.fields.country') });
    await expect.poll(() => country.isEnabled(), { timeout: 15_000 }).toBe(true);
    await country.fill('Sloven');
    await page.getByRole('option', { name: 'Slovenia' }).click();
    await main(page).getByLabel(en('pricing_plans.fields.valid_from')).fill('2027-01-01');
    await wizardNext(page);
    await main(page)
      .getByRole('radio', { name: en('pricing_plans.kind.SPOT_MARKET') })
      .check();
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.fee_per_month') })
      .fill('1.5');
    await wizardNext(page);
    await main(page)
      .getByRole('textbox', { name: en('pricing_plans.fields.spot_markup') })
      .fill('-0.0025');
    await wizardNext(page);
    await wizardStep(page, 'summary').waitFor();
    await main(page)
      .getByRole('button', { name: en('pricing_plans.create'), exact: true })
      .click();
    // The plan's page, with the company's own plan editable.
    await main(page).getByRole('heading', { name: 'Company e2e' }).waitFor();
    await main(page)
      .getByRole('button', { name: en('pricing_plans.edit') })
      .waitFor();
    await page.goto('/pricing/plans');
    await main(page).getByRole('link', { name: 'Company e2e' }).waitFor();
  });
});
