// The welcome mail of a user created by an admin: the admin creates the user through the API, the welcome mail's
// link opens the reset page worded as "set your password", the password is set, and the user signs in with it.
import { describe, expect, it } from 'vitest';
import { fieldLabel, linkTo, mailTo, newAccount, shotBothWidths, shown } from './accounts.ts';
import { demoUsers, openLogin, setupBrowser, t, waitForLanding, waitForPath } from './support.ts';

const browser = setupBrowser();

async function data<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Creates a basic user in the super admin's first company through the API (as a non-browser client). */
async function createdByAdmin(account: { email: string; firstName: string; lastName: string }) {
  const { baseUrl } = browser;
  const { email, password } = demoUsers.admin;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { email, password } }),
  });
  await data(login, 'login');
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { companies } = await data<{ companies: { id: number }[] }>(
    await fetch(`${baseUrl}/api/companies`, { headers: { cookie } }),
    'companies',
  );
  const company = companies[0];
  if (!company) throw new Error('the demo site has no company');
  await data(
    await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        data: {
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          role: 'ROLE_USER_BASIC',
          companyId: company.id,
          locale: 'sl',
        },
      }),
    }),
    'create user',
  );
}

describe('welcome mail', () => {
  it('the link sets the first password of a user an admin created; then they sign in', async () => {
    const account = newAccount('welcomed', 'Vesna', 'Dobrodošla');
    await createdByAdmin(account);
    const mail = await mailTo(browser.baseUrl, account.email, 'welcome');
    expect(mail.text).toContain(demoUsers.admin.name);
    const link = linkTo(browser.baseUrl, mail, '/auth/reset-password');
    expect(new URL(link).searchParams.get('welcome')).toBe('1');

    const { page } = await browser.open({ consent: 'necessary' });
    await page.goto(link);
    await page
      .getByRole('heading', { level: 1, name: shown('sl', 'reset_password.welcome_title') })
      .waitFor();
    await page
      .getByLabel(fieldLabel(shown('sl', 'reset_password.new_password')))
      .fill(account.password);
    await page
      .getByLabel(fieldLabel(shown('sl', 'reset_password.new_password_repeat')))
      .fill(account.password);
    await shotBothWidths(page, 'welcome-password-form');
    await page
      .getByRole('button', { name: shown('sl', 'reset_password.welcome_submit'), exact: true })
      .click();
    await page
      .getByRole('heading', {
        level: 1,
        name: shown('sl', 'reset_password.welcome_done_title'),
        exact: true,
      })
      .waitFor();
    await shotBothWidths(page, 'welcome-password-done');

    await openLogin(page);
    await waitForPath(page, '/auth/login');
    await page.getByLabel(t('sl', 'login.email')).fill(account.email);
    await page.getByLabel(t('sl', 'login.password')).fill(account.password);
    await page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
    await waitForLanding(page);
  });
});
