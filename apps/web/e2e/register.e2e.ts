// Registration (issue 3): register → awaiting verification → the mail in the development mailbox page → its
// link in the browser → verified → sign in → sign out.
import { describe, expect, it } from 'vitest';
import { fieldLabel, linkTo, mailTo, newAccount, shotBothWidths, shown } from './accounts.ts';
import {
  openLogin,
  setupBrowser,
  shot,
  t,
  viewports,
  waitForLanding,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();

describe('registration', () => {
  it('register, open the mail, follow its link, sign in and sign out', async () => {
    const { page } = await browser.open({ consent: 'necessary', allowSignedOut401: true });
    const account = newAccount('registered', 'Nina', 'Novinka');

    await openLogin(page);
    await page.getByRole('link', { name: shown('sl', 'auth_links.register'), exact: true }).click();
    await waitForPath(page, '/auth/register');
    await page
      .getByRole('heading', { level: 1, name: shown('sl', 'register.title'), exact: true })
      .waitFor();
    // The form's own fields (the auth footer has a language switcher too).
    const form = page.locator('form');
    const field = (key: string) => form.getByLabel(fieldLabel(shown('sl', key)));
    await field('register.first_name').fill(account.firstName);
    await field('register.last_name').fill(account.lastName);
    await field('register.email').fill(account.email);
    await field('register.password').fill(account.password);
    await field('register.password_repeat').fill(account.password);
    await field('register.country').selectOption('SI');
    expect(await field('common.language').inputValue()).toBe('sl');
    await page.locator('input[name="acceptPrivacy"]').check();
    await page.locator('input[name="acceptTerms"]').check();
    // Marketing consent is a separate opt-in that starts unticked.
    expect(await page.locator('input[name="marketingConsent"]').isChecked()).toBe(false);
    await shot(page, 'register-filled');
    await page.getByRole('button', { name: shown('sl', 'register.submit'), exact: true }).click();

    await waitForPath(page, '/auth/awaiting-email-verification');
    await page
      .getByRole('heading', {
        level: 1,
        name: shown('sl', 'awaiting_verification.title'),
        exact: true,
      })
      .waitFor();
    await page
      .getByText(shown('sl', 'awaiting_verification.text', { email: account.email }), {
        exact: true,
      })
      .waitFor();
    await shotBothWidths(page, 'awaiting-email-verification');

    // The mail in the development mailbox page (/dev/mailbox), as a tester reads it: the message to this
    // address, its text and HTML, and the verification link, which the browser follows.
    const mail = await mailTo(browser.baseUrl, account.email, 'verify_email');
    const link = linkTo(browser.baseUrl, mail, '/auth/token-validation');
    await page.goto('/dev/mailbox');
    await page
      .getByRole('heading', { level: 1, name: shown('sl', 'dev_mailbox.title'), exact: true })
      .waitFor();
    await page
      .getByRole('navigation', { name: shown('sl', 'dev_mailbox.title') })
      .getByRole('button')
      .filter({ hasText: account.email })
      .click();
    await page.getByRole('heading', { level: 2, name: mail.subject, exact: true }).waitFor();
    const html = page.frameLocator(`iframe[title="${shown('sl', 'dev_mailbox.html_version')}"]`);
    await html.getByRole('link', { name: link, exact: true }).waitFor();
    // Chromium leaves a frame that starts below the first screen blank in a full-page capture (and for a while
    // after one): first the HTML version at 375 px on the screen it is on, then both widths of the whole page.
    await page.setViewportSize(viewports.mobile);
    await page.locator('iframe').scrollIntoViewIfNeeded();
    // An off-screen frame is painted a few frames after it scrolls into view.
    for (let i = 0; i < 5; i++) {
      await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
    }
    await shot(page, 'dev-mailbox-verify-email-html', { fullPage: false });
    await shotBothWidths(page, 'dev-mailbox-verify-email');
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('link', { name: link, exact: true }).first().click();

    await waitForPath(page, '/auth/token-validation');
    await page
      .getByRole('heading', {
        level: 1,
        name: shown('sl', 'token_validation.verified_title'),
        exact: true,
      })
      .waitFor();
    await shotBothWidths(page, 'token-validation-verified');
    await page
      .getByRole('link', { name: shown('sl', 'token_validation.continue_to_sign_in'), exact: true })
      .click();

    await waitForPath(page, '/auth/login');
    await page.getByLabel(t('sl', 'login.email')).fill(account.email);
    await page.getByLabel(t('sl', 'login.password')).fill(account.password);
    await page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
    // A new account is not set up yet: it lands on /setup (spec 001 §2).
    await waitForLanding(page);
    expect(new URL(page.url()).pathname).toBe('/setup');
    await shot(page, 'registered-home');

    await page
      .getByRole('complementary')
      .getByRole('button', { name: t('sl', 'nav.sign_out') })
      .click();
    await waitForPath(page, '/auth/login');
    await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
    // The session is gone on the server too: a signed-in page asks for sign-in again.
    await page.goto('/user/info');
    await waitForPath(page, '/auth/login', `?redirect=${encodeURIComponent('/user/info')}`);
  });
});
