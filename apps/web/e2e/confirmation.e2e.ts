// Confirmation flow (issue 3, spec 001 §2): ?confirmationAction=LOCATION_INVITE&confirmationId=N on any page
// validates once and shows a modal — success names the location, failure says so; Continue goes to /. The seed
// has invitation 1 ("Hiša Bled") for basic@demo.energy; it can be accepted once per (fresh) database. Issue 10:
// the parameters survive every redirect for every role — an aggregator's landing on their company's group page
// (and its redirect to the flexibility page), and sign-in followed by that landing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shotBothWidths, shown } from './accounts.ts';
import {
  demoUsers,
  openLogin,
  setupBrowser,
  signIn,
  signInToLanding,
  t,
  waitForLanding,
  waitForPath,
  type DemoUser,
} from './support.ts';

const browser = setupBrowser();

const VALIDATE = '/api/security/validate-confirmation';

/** Records the page's calls to the confirmation endpoint. */
function validateCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === VALIDATE) calls.push(request.method());
  });
  return calls;
}

/** Signs in from /auth/login (Slovenian until the profile's language applies) and waits to leave `/`. */
async function signInAndLand(page: Page, user: DemoUser): Promise<void> {
  await openLogin(page);
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/auth/'));
}

const modal = (page: Page) =>
  page.getByRole('dialog', { name: shown('sl', 'location_invite.title') });

describe('confirmation flow', () => {
  it('an invitation link, kept through sign-in, names the location; Continue goes to /', async () => {
    const user = demoUsers.basic;
    const query = '?confirmationAction=LOCATION_INVITE&confirmationId=1';
    const { page } = await browser.open({ consent: 'necessary', allowSignedOut401: true });
    const calls = validateCalls(page);
    await page.goto(`/${query}`);
    await waitForPath(page, '/auth/login', `?redirect=${encodeURIComponent(`/${query}`)}`);
    await signIn(page, user);

    await modal(page).waitFor();
    await modal(page)
      .getByText(shown('sl', 'location_invite.success', { location: 'Hiša Bled' }), {
        exact: true,
      })
      .waitFor();
    expect(calls).toEqual(['POST']);
    await shotBothWidths(page, 'confirmation-success', { fullPage: false });

    await modal(page)
      .getByRole('button', { name: t('sl', 'common.continue') })
      .click();
    await modal(page).waitFor({ state: 'detached' });
    // Continue goes to / without the parameters, and / lands on the user's first location (spec 000 §4).
    await waitForLanding(page);
    expect(new URL(page.url()).search).toBe('');
    expect(calls).toEqual(['POST']);
  });

  it("a non-numeric id fails without asking the server; another user's invitation fails too", async () => {
    // Invitation 1 is addressed to the basic user: for anyone else the server answers 404.
    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [{ status: 404, path: VALIDATE }],
    });
    await signInToLanding(page, demoUsers.user);
    const calls = validateCalls(page);
    const failure = modal(page)
      .getByRole('alert')
      .getByText(shown('sl', 'location_invite.error'), { exact: true });

    await page.goto('/support?confirmationAction=LOCATION_INVITE&confirmationId=1abc');
    await failure.waitFor();
    await shotBothWidths(page, 'confirmation-failure', { fullPage: false });
    await modal(page)
      .getByRole('button', { name: t('sl', 'common.continue') })
      .click();
    // Continue goes to / without the parameters, which lands the plain user on /setup (spec 000 §4). The page
    // was /support before, itself a landing-like page, so wait for /setup itself.
    await page.waitForURL((url) => url.pathname === '/setup' && url.search === '');
    await waitForLanding(page);
    expect(calls).toEqual([]);

    await page.goto('/support?confirmationAction=LOCATION_INVITE&confirmationId=1');
    await failure.waitFor();
    expect(calls).toEqual(['POST']);
    await modal(page)
      .getByRole('button', { name: t('sl', 'common.continue') })
      .click();
    await page.waitForURL((url) => url.pathname === '/setup' && url.search === '');
    await waitForLanding(page);
  });

  it("reaches a signed-in aggregator through the landing and the group page's redirect", async () => {
    // Invitation 1 is the basic user's: the aggregator's modal says it failed — but it opens.
    const { page } = await browser.open({
      consent: 'necessary',
      allowFailedResponses: [
        { status: 404, path: VALIDATE },
        { status: 422, path: VALIDATE },
      ],
    });
    await signInAndLand(page, demoUsers.aggregator);
    const calls = validateCalls(page);
    const query = '?confirmationAction=LOCATION_INVITE&confirmationId=1';
    await page.goto(`/${query}`);
    await page.waitForURL(
      (url) =>
        /^\/companies\/1\/location-groups\/\d+\/flexibility$/.test(url.pathname) &&
        url.search === query,
    );
    const dialog = page.getByRole('dialog', { name: shown('en', 'location_invite.title') });
    await dialog.getByText(shown('en', 'location_invite.error'), { exact: true }).waitFor();
    expect(calls).toEqual(['POST']);
  });

  it('keeps an invitation through sign-in and the landing of an aggregator who was signed out', async () => {
    // The Sončna aggregator invites the Alpen aggregator to Kranj (3) — the link they would get by mail.
    const inviter = await browser.open({ consent: 'necessary' });
    await signInAndLand(inviter.page, demoUsers.aggregator);
    const invitationId = await inviter.page.evaluate(async () => {
      const res = await fetch('/api/locations/3/invitations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { email: 'aggregator.at@demo.energy' } }),
      });
      if (res.status !== 201) throw new Error(`invite: ${res.status}`);
      return ((await res.json()) as { data: { invitation: { id: number } } }).data.invitation.id;
    });

    const { page } = await browser.open({ consent: 'necessary', allowSignedOut401: true });
    const calls = validateCalls(page);
    const query = `?confirmationAction=LOCATION_INVITE&confirmationId=${invitationId}`;
    await page.goto(`/${query}`);
    await waitForPath(page, '/auth/login', `?redirect=${encodeURIComponent(`/${query}`)}`);
    // The Alpen aggregator (not in the shared demo logins; the demo aggregators share a password).
    await page.getByLabel(t('sl', 'login.email')).fill('aggregator.at@demo.energy');
    await page.getByLabel(t('sl', 'login.password')).fill(demoUsers.aggregator.password);
    await page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
    // Sign-in → / → the landing (their company's root group) → its flexibility page, the query kept throughout.
    await page.waitForURL(
      (url) =>
        /^\/companies\/2\/location-groups\/\d+\/flexibility$/.test(url.pathname) &&
        url.search === query,
    );
    // The profile's language (German) applies after sign-in.
    const dialog = page.getByRole('dialog', { name: shown('de', 'location_invite.title') });
    await dialog
      .getByText(
        shown('de', 'location_invite.success', { location: 'Kranj – stanovanjski blok' }),
        {
          exact: true,
        },
      )
      .waitFor();
    expect(calls).toEqual(['POST']);
    await shotBothWidths(page, 'confirmation-aggregator', { fullPage: false });
  });
});
