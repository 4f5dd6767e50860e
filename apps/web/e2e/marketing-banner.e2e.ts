// Marketing consent (issue 3, spec 001 §4): on the default product a signed-in user who has not answered
// (marketingConsent null) sees the banner; Agree / Disagree saves true / false and the banner is gone, also
// after a reload. Registration records its own unticked opt-in (false), so the users here come through social
// sign-in, which leaves the question open, and each test has its own.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  currentUser,
  newAccount,
  shotBothWidths,
  shown,
  signInWithLocalProvider,
} from './accounts.ts';
import { demoUsers, openLogin, setupBrowser, signInToLanding, waitForLanding } from './support.ts';

const browser = setupBrowser();

const banner = (page: Page) => page.getByTestId('marketing-banner');

/** A new user who has not answered yet, signed in on the default site, on their landing page (/setup). */
async function unansweredUser(page: Page, firstName: string): Promise<void> {
  const account = newAccount('marketing', firstName, 'Odločna');
  await openLogin(page);
  await signInWithLocalProvider(page, account);
  await waitForLanding(page);
  expect((await currentUser(page))?.marketingConsent).toBeNull();
}

describe('marketing-consent banner', () => {
  it.each([
    { answer: true, key: 'marketing_banner.agree', firstName: 'Ana' },
    { answer: false, key: 'marketing_banner.disagree', firstName: 'Nina' },
  ])(
    '$key saves $answer and the banner stays gone after a reload',
    async ({ answer, key, firstName }) => {
      const { page } = await browser.open({ consent: 'necessary' });
      await unansweredUser(page, firstName);
      await banner(page)
        .getByText(shown('sl', 'marketing_banner.title'), { exact: true })
        .waitFor();
      if (answer) await shotBothWidths(page, 'marketing-banner');

      await banner(page)
        .getByRole('button', { name: shown('sl', key), exact: true })
        .click();
      await banner(page).waitFor({ state: 'detached' });
      expect((await currentUser(page))?.marketingConsent).toBe(answer);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await banner(page).count()).toBe(0);

      // The privacy page shows the same answer.
      await page.goto('/user/profile/privacy');
      const consent = page.getByRole('switch', {
        name: shown('sl', 'privacy_settings.marketing_label'),
      });
      await consent.waitFor();
      expect(await consent.isChecked()).toBe(answer);
      expect(await banner(page).count()).toBe(0);
    },
  );

  it('is not asked on another product (sunpower)', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const user = demoUsers.user;
    await signInToLanding(page, user, { identifier: 'sunpower' });
    expect((await currentUser(page))?.marketingConsent).toBeNull();
    expect(await banner(page).count()).toBe(0);
  });
});
