// Languages (spec 000 §9, spec 001 §9): the switcher changes every visible text without a reload, <html lang>
// follows, and the choice is remembered (localStorage) over reloads and sign-in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  demoUsers,
  expectNoHorizontalOverflow,
  htmlLang,
  markWindow,
  openLogin,
  shot,
  signIn,
  t,
  until,
  setupBrowser,
  viewports,
  waitForLanding,
  waitForPath,
  windowStillMarked,
} from './support.ts';

const browser = setupBrowser();

/** Picks a language with the switcher labelled in the current language (a native select). */
async function pickLanguage(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('combobox', { name: t(from, 'common.language') }).selectOption(to);
  await until(() => htmlLang(page), to);
}

/**
 * Picks a language in the signed-in shell: the sidebar footer's language icon (named "<Language>: <current>")
 * opens a menu of the languages, each marked with its `lang`.
 */
async function pickShellLanguage(page: Page, from: string, to: string): Promise<void> {
  await page
    .getByRole('complementary')
    .getByRole('button', { name: new RegExp(`^${t(from, 'common.language')}: `) })
    .click();
  await page.getByRole('menu').locator(`[role="menuitem"][lang="${to}"]`).click();
  await until(() => htmlLang(page), to);
}

/** The sign-in page's texts in a language. */
async function expectLoginIn(page: Page, locale: string): Promise<void> {
  await page.getByRole('heading', { name: t(locale, 'login.title'), exact: true }).waitFor();
  await page.getByText(t(locale, 'login.subtitle', { platformName: 'Cloud' })).waitFor();
  await page.getByLabel(t(locale, 'login.email')).waitFor();
  await page.getByRole('button', { name: t(locale, 'login.submit'), exact: true }).waitFor();
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: t(locale, 'auth_layout.terms_and_conditions') }).waitFor();
  await footer.getByRole('button', { name: t(locale, 'cookies.change_choice') }).waitFor();
  await until(() => page.title(), t(locale, 'login.title'));
  expect(await htmlLang(page)).toBe(locale);
}

describe('languages', () => {
  it.each([viewports.mobile, viewports.desktop])(
    'the sign-in page switches sl → en → de without a reload, and de survives a reload ($width px)',
    async (viewport) => {
      const { page } = await browser.open({ viewport, consent: 'necessary' });
      await openLogin(page);
      await expectLoginIn(page, 'sl');
      await expectNoHorizontalOverflow(page);
      await shot(page, 'login-sl');
      await markWindow(page);

      await pickLanguage(page, 'sl', 'en');
      await expectLoginIn(page, 'en');
      await expectNoHorizontalOverflow(page);
      await shot(page, 'login-en');

      await pickLanguage(page, 'en', 'de');
      await expectLoginIn(page, 'de');
      await expectNoHorizontalOverflow(page);
      await shot(page, 'login-de');
      expect(await windowStillMarked(page), 'switching reloaded the page').toBe(true);
      expect(await page.getByRole('heading', { name: t('sl', 'login.title') }).count()).toBe(0);

      await page.reload();
      await expectLoginIn(page, 'de');
      expect(await windowStillMarked(page)).toBe(false);
    },
  );

  it('the signed-in shell switches languages, and the choice beats the profile language', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    await pickLanguage(page, 'sl', 'de');
    // The super admin's profile says English, but a picked language wins.
    const user = demoUsers.admin;
    await signIn(page, user, 'de');
    await waitForLanding(page, 'de');
    // A page whose texts are all in the catalogs: Support, from the sidebar.
    await page
      .getByRole('complementary')
      .getByRole('link', { name: t('de', 'nav.support') })
      .click();
    await waitForPath(page, '/support');
    const heading = (locale: string) =>
      page.getByRole('heading', { level: 1, name: t(locale, 'pages.support_title') });
    await heading('de').waitFor();
    await markWindow(page);

    for (const [from, to] of [
      ['de', 'en'],
      ['en', 'sl'],
    ] as const) {
      await pickShellLanguage(page, from, to);
      await heading(to).waitFor();
      const sidebar = page.getByRole('complementary');
      await sidebar.getByRole('button', { name: t(to, 'nav.sign_out') }).waitFor();
      await sidebar.getByRole('link', { name: t(to, 'nav.support') }).waitFor();
      await page.getByRole('navigation', { name: t(to, 'layout.breadcrumbs') }).waitFor();
      await until(() => page.title(), t(to, 'pages.support_title'));
    }
    expect(await windowStillMarked(page), 'switching reloaded the page').toBe(true);

    await page.reload();
    await heading('sl').waitFor();
    expect(await htmlLang(page)).toBe('sl');
  });
});
