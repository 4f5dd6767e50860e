// The account screens of issue 3 at 375 px (and the public ones at 1280 px too), for a person to look at, with the
// states the flow tests do not reach: form errors before sending, the unverified sign-in, an invalid reset link,
// the user area's pages and the delete-account dialog. No page may scroll sideways on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoOverflowOnceTranslated,
  fieldLabel,
  newAccount,
  registerAccount,
  shotBothWidths,
  shown,
} from './accounts.ts';
import { demoUsers, setupBrowser, shot, signInToLanding, t, viewports } from './support.ts';

const browser = setupBrowser();

const heading = (page: Page, text: string) =>
  page.getByRole('heading', { level: 1, name: text, exact: true });

async function mobileShot(page: Page, name: string, fullPage = true): Promise<void> {
  await shot(page, name, { fullPage });
  await expectNoOverflowOnceTranslated(page, `${name} (375 px)`);
}

/** At 375 px no button label is cut off: long translations wrap instead. */
async function expectButtonLabelsWhole(page: Page, where: string): Promise<void> {
  await page.setViewportSize(viewports.mobile);
  const clipped = await page.$$eval('.mantine-Button-label', (labels) =>
    labels
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
  expect(clipped, `${where}: cut-off button labels`).toEqual([]);
}

describe('account screens', () => {
  it('public screens: register with errors, verify e-mail, forgotten password, invalid reset link', async () => {
    const { page } = await browser.open({ consent: 'necessary' });

    await page.goto('/auth/register');
    await heading(page, shown('sl', 'register.title')).waitFor();
    await shotBothWidths(page, 'register');
    // Sent empty: every field says what is missing, before any call.
    await page.getByRole('button', { name: shown('sl', 'register.submit'), exact: true }).click();
    await page
      .getByText(t('sl', 'validation.required', { field: shown('sl', 'register.first_name') }))
      .waitFor();
    await page.getByText(t('sl', 'validation.must_accept')).first().waitFor();
    await shotBothWidths(page, 'register-errors');

    await page.goto('/auth/verify-email');
    await heading(page, shown('sl', 'verify_email.title')).waitFor();
    await shotBothWidths(page, 'verify-email');
    await expectButtonLabelsWhole(page, 'verify e-mail');

    await page.goto('/auth/forgotten-password');
    await heading(page, shown('sl', 'forgotten_password.title')).waitFor();
    await shotBothWidths(page, 'forgotten-password');

    await page.goto('/auth/reset-password');
    await heading(page, shown('sl', 'reset_password.invalid_title')).waitFor();
    await shotBothWidths(page, 'reset-password-invalid');
  });

  it('signing in before verifying offers a new link', async () => {
    const account = newAccount('unconfirmed', 'Neža', 'Nepotrjena');
    await registerAccount(browser.baseUrl, account);
    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [{ status: 403, path: '/api/auth/login' }],
    });
    await page.goto('/auth/login');
    await page.getByLabel(t('sl', 'login.email')).fill(account.email);
    await page.getByLabel(t('sl', 'login.password')).fill(account.password);
    await page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: t('sl', 'login.email_not_verified') });
    await alert.waitFor();
    await alert
      .getByRole('button', { name: shown('sl', 'verify_email.resend'), exact: true })
      .waitFor();
    await shotBothWidths(page, 'login-unverified');
    await expectButtonLabelsWhole(page, 'unverified sign-in');
  });

  it('the user area at 375 px: settings, privacy with the delete dialog, info, change password', async () => {
    const { page } = await browser.open({ viewport: viewports.mobile, consent: 'necessary' });
    await signInToLanding(page, demoUsers.user);
    const title = t('sl', 'nav.user_settings');

    await page.goto('/user/settings');
    await heading(page, title).waitFor();
    await page.getByText(shown('sl', 'user_settings.theme'), { exact: true }).waitFor();
    await mobileShot(page, 'user-settings');

    await page.goto('/user/profile/privacy');
    await heading(page, title).waitFor();
    await page
      .getByRole('switch', { name: shown('sl', 'privacy_settings.marketing_label') })
      .waitFor();
    await mobileShot(page, 'user-privacy');
    await page
      .getByRole('button', { name: shown('sl', 'privacy_settings.delete'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: shown('sl', 'privacy_settings.delete_title') });
    await dialog.waitFor();
    await mobileShot(page, 'user-delete-account-dialog', false);
    await dialog.getByRole('button', { name: t('sl', 'common.cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/user/info');
    await heading(page, title).waitFor();
    await page.getByText(demoUsers.user.email, { exact: true }).first().waitFor();
    await mobileShot(page, 'user-info');

    await page.goto('/user/change-password');
    await heading(page, title).waitFor();
    const form = page.locator('form');
    await form
      .getByLabel(fieldLabel(shown('sl', 'change_password.current_password')))
      .fill(demoUsers.user.password);
    await form
      .getByLabel(fieldLabel(shown('sl', 'change_password.new_password')))
      .fill('Novo-geslo-2025-a');
    await form
      .getByLabel(fieldLabel(shown('sl', 'change_password.new_password_repeat')))
      .fill('Novo-geslo-2025-b');
    await form
      .getByRole('button', { name: shown('sl', 'change_password.submit'), exact: true })
      .click();
    // Checked before sending: the password is not changed.
    await form.getByText(t('sl', 'validation.new_password_repeat'), { exact: true }).waitFor();
    await mobileShot(page, 'user-change-password-mismatch');
  });
});
