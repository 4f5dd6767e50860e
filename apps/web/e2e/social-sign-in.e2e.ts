// Social sign-in (issue 3) against the OIDC emulator the global setup starts (@ec/emulators/oidc, configured
// through OIDC_PROVIDERS): the provider's button on the sign-in page → the provider's own sign-in → back in the
// app, signed in (authorization code with PKCE, state and nonce checked by the server).
import { describe, expect, it } from 'vitest';
import {
  currentUser,
  newAccount,
  shotBothWidths,
  shown,
  signInWithLocalProvider,
} from './accounts.ts';
import { LOCAL_OIDC } from './local-oidc.ts';
import {
  demoUsers,
  openLogin,
  setupBrowser,
  shot,
  t,
  waitForLanding,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();

describe('social sign-in', () => {
  it('a new address signs up through the provider and lands signed in on /', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    const button = page.getByTestId('social-sign-in').getByRole('link', {
      name: shown('sl', 'login.continue_with', { provider: LOCAL_OIDC.name }),
      exact: true,
    });
    expect(await button.getAttribute('href')).toBe(
      `/api/auth/oidc/${LOCAL_OIDC.id}/start?redirect=%2F`,
    );
    await shotBothWidths(page, 'login-social');

    const account = newAccount('social', 'Sonja', 'Socialna');
    await signInWithLocalProvider(page, account);
    await waitForLanding(page);
    const user = await currentUser(page);
    expect({
      email: user?.email,
      type: user?.type,
      verified: user?.verified,
      hasPassword: user?.hasPassword,
    }).toEqual({ email: account.email, type: 'SOCIAL', verified: true, hasPassword: false });
    await shot(page, 'social-signed-in-home');
  });

  it('an existing account is linked by its verified address, and sign-in returns to the page asked for', async () => {
    const { page } = await browser.open({ consent: 'necessary', allowSignedOut401: true });
    await page.goto('/support');
    await waitForPath(page, '/auth/login', `?redirect=${encodeURIComponent('/support')}`);
    const existing = demoUsers.advanced;
    const [firstName = '', lastName = ''] = existing.name.split(' ');
    await signInWithLocalProvider(page, { email: existing.email, firstName, lastName });
    await waitForPath(page, '/support');
    await page
      .getByRole('heading', { level: 1, name: t(existing.locale, 'pages.support_title') })
      .waitFor();
    const user = await currentUser(page);
    expect([user?.email, user?.role]).toEqual([existing.email, existing.role]);
  });
});
