// Registration (issue 3): register → awaiting verification → the mail from the development mailbox → its link
// in the browser → verified → sign in → sign out.
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  linkTo,
  mailTo,
  newAccount,
  openMail,
  shotBothWidths,
  shown,
} from './accounts.ts';
import { openLogin, setupBrowser, shot, t, waitForPath } from './support.ts';

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

    // The mail, as the development mailbox holds it: HTML in the user's language with the link.
    const mail = await mailTo(browser.baseUrl, account.email, 'verify_email');
    const link = linkTo(browser.baseUrl, mail, '/auth/token-validation');
    expect(mail.text).toContain(link);
    await openMail(page, browser.baseUrl, mail);
    await shot(page, 'mail-verify-email');
    await page.locator(`a[href="${link}"]`).first().click();

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
    await waitForPath(page, '/');
    await page
      .getByRole('heading', { level: 1, name: t('sl', 'home.welcome', { name: account.name }) })
      .waitFor();
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
