// The time-of-use editor (issue 13; spec 000 §2 /time-of-use, spec 001 §2, §4, §5): an aggregator creates a plan,
// gives it two blocks and a season, paints the week on the grid with the mouse (MT everywhere, VT on working days
// 06:00–22:00) and with the keyboard, saves the whole structure, and finds it again after a reload. An empty day is
// not copied. Screens at 1280 px and 375 px (e2e/screenshots/time-of-use-*).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paintVtMtWeek, shown, signInInEnglish, weekCell } from './accounts.ts';
import { demoUsers, expectNoHorizontalOverflow, setupBrowser, shot } from './support.ts';

const browser = setupBrowser();

const en = (key: string, values: Record<string, string> = {}) => shown('en', key, values);
const main = (page: Page) => page.getByRole('main');

describe('time-of-use editor', () => {
  it('creates a plan, paints blocks on the week grid, saves it and shows it at 1280 and 375 px', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInInEnglish(page, demoUsers.aggregator);
    await page.goto('/time-of-use');
    const title = `E2E VT/MT ${Date.now() % 100000}`;

    // Create: the aggregator's company is the owner.
    await main(page)
      .getByRole('button', { name: en('time_of_use.plan.create_title') })
      .click();
    const dialog = page.getByRole('dialog', { name: en('time_of_use.plan.create_title') });
    await dialog.getByLabel(en('time_of_use.plan.title')).fill(title);
    await dialog.getByRole('button', { name: en('time_of_use.plan.create'), exact: true }).click();
    await page.waitForURL((url) => /^\?plan=\d+$/.test(url.search));
    await main(page).getByRole('heading', { name: title }).waitFor();

    // Blocks: VT and MT.
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

    // Seasons: the slots tab asks for a saved season first.
    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.slots') })
      .click();
    await main(page).getByText(en('time_of_use.slots.no_season')).waitFor();
    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.seasons') })
      .click();
    const season = main(page).getByRole('form', { name: en('time_of_use.seasons.new') });
    await season.getByLabel(en('time_of_use.seasons.title')).fill('Whole year');
    await season.getByLabel(en('time_of_use.seasons.from')).fill('01-01');
    await season.getByLabel(en('time_of_use.seasons.to')).fill('12-31');
    await season.getByText(en('time_of_use.seasons.unsaved')).waitFor();
    await season.getByRole('button', { name: en('time_of_use.seasons.add') }).click();
    await main(page).getByRole('form', { name: 'Whole year' }).waitFor();

    // Slots: MT over the whole week, then VT on working days 06:00–22:00, by mouse.
    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.slots') })
      .click();
    const grid = main(page).getByRole('grid');
    await grid.waitFor();
    // At 1280 px the whole day fits: no hour is scrolled out of reach of the mouse.
    const widths = await grid.evaluate((g) => ({
      grid: g.scrollWidth,
      scroller: g.parentElement?.clientWidth ?? 0,
    }));
    expect(widths.grid).toBeLessThanOrEqual(widths.scroller);
    // The week is empty: copying Monday to Tuesday is refused (spec 001 §5).
    await main(page)
      .getByRole('button', {
        name: en('time_of_use.grid.copy_day', { from: 'Monday', to: 'Tuesday' }),
      })
      .click();
    await main(page)
      .getByRole('alert')
      .getByText(en('time_of_use.grid.copy_empty', { day: 'Monday' }))
      .waitFor();
    await paintVtMtWeek(page, grid);
    await expect
      .poll(() => weekCell(grid, 'Wednesday 12:00–12:15').getAttribute('aria-label'))
      .toBe('Wednesday 12:00–12:15: VT');
    expect(await weekCell(grid, 'Saturday 12:00–12:15').getAttribute('aria-label')).toBe(
      'Saturday 12:00–12:15: MT',
    );
    // Keyboard: Saturday 10:00–11:00 VT (focus, Shift+arrows, Space).
    await weekCell(grid, 'Saturday 10:00–10:15').click();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Space');
    expect(await weekCell(grid, 'Saturday 10:45–11:00').getAttribute('aria-label')).toBe(
      'Saturday 10:45–11:00: VT',
    );
    await expect
      .poll(() =>
        main(page)
          .getByRole('region', { name: en('time_of_use.coverage.title') })
          .innerText(),
      )
      .toBe(en('time_of_use.coverage.complete'));

    await main(page)
      .getByRole('button', { name: en('common.save'), exact: true })
      .click();
    await page.getByText(en('time_of_use.save_success')).first().waitFor();
    await expect.poll(() => main(page).getByText(en('time_of_use.unsaved')).count()).toBe(0);
    await shot(page, 'time-of-use-editor');

    // Saved: after a reload the grid shows the stored slots.
    await page.reload();
    const again = main(page).getByRole('grid');
    await again.waitFor();
    expect(await weekCell(again, 'Friday 21:45–22:00').getAttribute('aria-label')).toBe(
      'Friday 21:45–22:00: VT',
    );
    expect(await weekCell(again, 'Saturday 10:00–10:15').getAttribute('aria-label')).toBe(
      'Saturday 10:00–10:15: VT',
    );
    expect(await weekCell(again, 'Sunday 12:00–12:15').getAttribute('aria-label')).toBe(
      'Sunday 12:00–12:15: MT',
    );

    // Phone: the hours scroll inside the grid, the page itself does not.
    await page.setViewportSize({ width: 375, height: 812 });
    await again.waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'time-of-use-editor');

    // The list names the plan, complete and not in use.
    await page.goto('/time-of-use');
    const list = main(page).getByRole('list', { name: en('time_of_use.list.title') });
    const row = list.getByRole('listitem').filter({ hasText: title });
    await row.getByText(en('time_of_use.plan.not_in_use')).waitFor();
    expect(await row.getByText(en('time_of_use.plan.incomplete')).count()).toBe(0);
    await shot(page, 'time-of-use-list');

    // Delete (not in use): confirmed, then gone from the list.
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole('button').click();
    await main(page)
      .getByRole('button', { name: en('time_of_use.plan.delete') })
      .click();
    const confirm = page.getByRole('dialog', { name: en('time_of_use.plan.delete_title') });
    await confirm.getByRole('button', { name: en('time_of_use.delete'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/time-of-use' && url.search === '');
    await page.getByText(en('time_of_use.delete_success')).first().waitFor();
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: title }).count()).toBe(0);
  });

  it('shows a predefined plan read only: the Slovenian five-block network plan with its two seasons', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInInEnglish(page, demoUsers.aggregator);
    await page.goto('/time-of-use');
    const list = main(page).getByRole('list', { name: en('time_of_use.list.title') });
    const row = list
      .getByRole('listitem')
      .filter({ hasText: 'Slovenia · ' })
      .filter({ hasText: '5' });
    await row.first().getByRole('button').click();
    await page.waitForURL((url) => /^\?plan=\d+$/.test(url.search));
    await main(page).getByText(en('time_of_use.plan.read_only')).first().waitFor();
    // Read only: no save, no delete, no painting tools; the legend names the five blocks.
    expect(
      await main(page)
        .getByRole('button', { name: en('time_of_use.plan.delete') })
        .count(),
    ).toBe(0);
    expect(
      await main(page)
        .getByRole('button', { name: en('common.save'), exact: true })
        .count(),
    ).toBe(0);
    const grid = main(page).getByRole('grid');
    await grid.waitFor();
    expect(
      await main(page)
        .getByRole('list', { name: en('time_of_use.grid.legend') })
        .getByRole('listitem')
        .count(),
    ).toBe(5);
    // Every quarter hour of the week has a block.
    expect(await grid.locator('[role="gridcell"]:not([data-block])').count()).toBe(0);
    await shot(page, 'time-of-use-predefined');
  });

  it('shows the server’s refusal of a plan with a gap, naming the day and the hours', async () => {
    // The plan is made in a first window, so the second may expect the refused save (a 400 in the console).
    const first = await browser.open({ consent: 'necessary' });
    await signInInEnglish(first.page, demoUsers.aggregator);
    await first.page.goto('/time-of-use');
    await main(first.page)
      .getByRole('button', { name: en('time_of_use.plan.create_title') })
      .click();
    const dialog = first.page.getByRole('dialog', { name: en('time_of_use.plan.create_title') });
    await dialog.getByLabel(en('time_of_use.plan.title')).fill(`E2E gap ${Date.now() % 100000}`);
    await dialog.getByRole('button', { name: en('time_of_use.plan.create'), exact: true }).click();
    await first.page.waitForURL((url) => /^\?plan=\d+$/.test(url.search));
    const id = new URL(first.page.url()).searchParams.get('plan') ?? '';

    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [{ status: 400, path: `/api/timeplans/${id}/structure` }],
    });
    await signInInEnglish(page, demoUsers.aggregator);
    await page.goto(`/time-of-use?plan=${id}`);
    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.seasons') })
      .click();
    const season = main(page).getByRole('form', { name: en('time_of_use.seasons.new') });
    await season.getByLabel(en('time_of_use.seasons.title')).fill('Whole year');
    await season.getByLabel(en('time_of_use.seasons.from')).fill('01-01');
    await season.getByLabel(en('time_of_use.seasons.to')).fill('12-31');
    await season.getByRole('button', { name: en('time_of_use.seasons.add') }).click();
    await main(page).getByRole('form', { name: 'Whole year' }).waitFor();
    await main(page)
      .getByRole('tab', { name: en('time_of_use.tabs.blocks') })
      .click();
    await main(page)
      .getByRole('button', { name: en('time_of_use.blocks.add') })
      .click();
    // One block and no slots: every day is a gap, the server says which (its first) in its message.
    await main(page)
      .getByRole('button', { name: en('common.save'), exact: true })
      .click();
    await main(page)
      .getByRole('alert')
      .filter({ hasText: en('time_of_use.save_error') })
      .getByText(/\(Whole year\): .*00:00.*24:00/)
      .waitFor();
    // The hint named the same gaps before saving.
    await main(page)
      .getByRole('region', { name: en('time_of_use.coverage.title') })
      .getByText('Whole year, Monday: no block from 00:00 to 24:00')
      .waitFor();
  });
});
