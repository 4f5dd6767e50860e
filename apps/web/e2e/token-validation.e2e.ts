// Token validation (issue 3, spec 001 §8): a verification link used a second time says it was already used and
// confirmed; an unknown token, or none, is "Invalid action requested".
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkTo, mailTo, shotBothWidths, shown } from './accounts.ts';
import { setupBrowser, t, waitForPath } from './support.ts';

const browser = setupBrowser();

/** The seeded basic user who never confirmed the address (apps/server/src/seed/data.ts). */
const unverified = { email: 'unverified@demo.energy', password: 'demo-unverified-2024' };

/** Records the page's calls to POST /api/auth/verify-email. */
function verifyCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/verify-email') calls.push(request.method());
  });
  return calls;
}

const heading = (page: Page, key: string) =>
  page.getByRole('heading', { level: 1, name: shown('sl', key), exact: true });

describe('token validation', () => {
  it('a verification link opened again says it was already used, and leads to sign-in', async () => {
    const res = await fetch(`${browser.baseUrl}/api/auth/resend-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { email: unverified.email } }),
    });
    expect(res.status).toBe(202);
    const mail = await mailTo(browser.baseUrl, unverified.email, 'verify_email');
    const link = linkTo(browser.baseUrl, mail, '/auth/token-validation');

    const { page } = await browser.open({ consent: 'necessary' });
    const calls = verifyCalls(page);
    await page.goto(link);
    await heading(page, 'token_validation.verified_title').waitFor();
    await page.goto(link);
    await heading(page, 'token_validation.used_title').waitFor();
    await page.getByText(shown('sl', 'token_validation.used_text'), { exact: true }).waitFor();
    // One call per visit: the screen uses the token once, even when React mounts it twice.
    expect(calls).toEqual(['POST', 'POST']);
    await shotBothWidths(page, 'token-validation-used');

    await page
      .getByRole('link', { name: shown('sl', 'token_validation.continue_to_sign_in'), exact: true })
      .click();
    await waitForPath(page, '/auth/login');
    await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
  });

  it('an unknown token and a link without one are "Invalid action requested"', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    const calls = verifyCalls(page);
    const unknown = randomBytes(32).toString('base64url');
    await page.goto(`/auth/token-validation?token=${unknown}`);
    await heading(page, 'token_validation.missing_title').waitFor();
    await page.getByText(shown('sl', 'token_validation.missing_text'), { exact: true }).waitFor();
    expect(calls).toEqual(['POST']);
    await shotBothWidths(page, 'token-validation-invalid');

    // Without a token the screen knows without asking the server.
    await page.goto('/auth/token-validation');
    await heading(page, 'token_validation.missing_title').waitFor();
    expect(calls).toEqual(['POST']);
    await page
      .getByRole('link', { name: shown('sl', 'auth_links.back_to_sign_in'), exact: true })
      .click();
    await waitForPath(page, '/auth/login');
  });
});
