// Forgotten password (issue 3): the neutral reply → the reset mail → the reset page → a new password → the old
// password no longer signs in, the new one does. Rate limits stay on: a fourth request for one address within
// the hour is refused with the wait in seconds.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  fieldLabel,
  linkTo,
  mailTo,
  newAccount,
  rateLimitedPattern,
  shotBothWidths,
  shown,
} from './accounts.ts';
import { openLogin, setupBrowser, t, waitForLanding, waitForPath } from './support.ts';

const browser = setupBrowser();

async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(t('sl', 'login.email')).fill(email);
  await page.getByLabel(t('sl', 'login.password')).fill(password);
  await page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
}

async function openForgottenPassword(page: Page): Promise<void> {
  await openLogin(page);
  await page
    .getByRole('link', { name: shown('sl', 'auth_links.forgotten_password'), exact: true })
    .click();
  await waitForPath(page, '/auth/forgotten-password');
  await page
    .getByRole('heading', { level: 1, name: shown('sl', 'forgotten_password.title'), exact: true })
    .waitFor();
}

describe('forgotten password', () => {
  it('resets the password from the mailed link; only the new password signs in', async () => {
    const account = newAccount('forgetful', 'Pozabljivi', 'Peter');
    await createVerifiedAccount(browser.baseUrl, account);
    const { page } = await browser.open({
      consent: 'necessary',
      // The old password and the used link, tried on purpose.
      allowFailedResponses: [
        { status: 401, path: '/api/auth/login' },
        { status: 422, path: '/api/auth/reset-password' },
      ],
    });

    await openForgottenPassword(page);
    const form = page.locator('form');
    await form.getByLabel(fieldLabel(t('sl', 'login.email'))).fill(account.email);
    await form
      .getByRole('button', { name: shown('sl', 'forgotten_password.submit'), exact: true })
      .click();
    await page
      .getByText(shown('sl', 'forgotten_password.sent', { email: account.email }), { exact: true })
      .waitFor();
    await shotBothWidths(page, 'forgotten-password-sent');

    const mail = await mailTo(browser.baseUrl, account.email, 'reset_password');
    await page.goto(linkTo(browser.baseUrl, mail, '/auth/reset-password'));
    await page
      .getByRole('heading', { level: 1, name: shown('sl', 'reset_password.title'), exact: true })
      .waitFor();
    const newPassword = `Nova-${account.password}`;
    await page.getByLabel(fieldLabel(shown('sl', 'reset_password.new_password'))).fill(newPassword);
    await page
      .getByLabel(fieldLabel(shown('sl', 'reset_password.new_password_repeat')))
      .fill(newPassword);
    await shotBothWidths(page, 'reset-password-form');
    await page
      .getByRole('button', { name: shown('sl', 'reset_password.submit'), exact: true })
      .click();
    await page
      .getByRole('heading', {
        level: 1,
        name: shown('sl', 'reset_password.done_title'),
        exact: true,
      })
      .waitFor();
    await shotBothWidths(page, 'reset-password-done');
    await page
      .getByRole('link', { name: shown('sl', 'token_validation.continue_to_sign_in'), exact: true })
      .click();

    await waitForPath(page, '/auth/login');
    await signInWith(page, account.email, account.password);
    await page.getByText(t('sl', 'login.invalid_credentials'), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await signInWith(page, account.email, newPassword);
    await waitForLanding(page);

    // The link was single-use.
    await page.goto(linkTo(browser.baseUrl, mail, '/auth/reset-password'));
    await page
      .getByLabel(fieldLabel(shown('sl', 'reset_password.new_password')))
      .fill(`Tretja-${newPassword}`);
    await page
      .getByLabel(fieldLabel(shown('sl', 'reset_password.new_password_repeat')))
      .fill(`Tretja-${newPassword}`);
    await page
      .getByRole('button', { name: shown('sl', 'reset_password.submit'), exact: true })
      .click();
    await page
      .getByRole('heading', {
        level: 1,
        name: shown('sl', 'reset_password.invalid_title'),
        exact: true,
      })
      .waitFor();
  });

  it('a fourth request for one address within the hour shows the wait in seconds (429)', async () => {
    const email = newAccount('throttled').email;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${browser.baseUrl}/api/auth/forgotten-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { email } }),
      });
      expect(res.status, `request ${i + 1}`).toBe(202);
    }
    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [{ status: 429, path: '/api/auth/forgotten-password' }],
    });
    await openForgottenPassword(page);
    const form = page.locator('form');
    await form.getByLabel(fieldLabel(t('sl', 'login.email'))).fill(email);
    await form
      .getByRole('button', { name: shown('sl', 'forgotten_password.submit'), exact: true })
      .click();
    await form.getByText(rateLimitedPattern('sl')).waitFor();
    // The button waits out the server's seconds.
    expect(await form.locator('button[type="submit"]').isDisabled()).toBe(true);
    await shotBothWidths(page, 'forgotten-password-rate-limited');
  });
});
