// Impersonation (issue 3, spec 001 §6): there is no start UI yet (it needs the admin user search of the
// organisation issue), so the super admin starts it with POST /api/auth/impersonate from the page, as the app
// will, and reloads. The banner names whom the admin acts as; Stop ends it and reloads as the admin.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@ec/contract';
import { currentUser, shotBothWidths, shown, userThroughApi } from './accounts.ts';
import {
  demoUsers,
  htmlLang,
  openLogin,
  setupBrowser,
  signIn,
  until,
  waitForLanding,
  type DemoUser,
} from './support.ts';

const browser = setupBrowser();

/** A same-origin POST from the page (the browser adds Origin, so the CSRF check sees the app itself). */
function postFromPage(page: Page, path: string, data: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, data }) => {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      return res.status;
    },
    { path, data },
  );
}

/** The landing page of `user` (spec 000 §4), in their own language, signed in as (or acting for) them. */
async function landed(page: Page, user: DemoUser): Promise<void> {
  await waitForLanding(page, user.locale);
  await until(async () => (await currentUser(page))?.email, user.email);
}

describe('impersonation', () => {
  it('the super admin acts as a user: the banner names the user, Stop returns to the admin', async () => {
    const admin = demoUsers.admin;
    const target = demoUsers.user;
    const { id: targetId } = await userThroughApi(browser.baseUrl, target);
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    await signIn(page, admin);
    await landed(page, admin);
    const banner = page.getByTestId('impersonation-banner');
    expect(await banner.count()).toBe(0);

    expect(await postFromPage(page, '/api/auth/impersonate', { userId: targetId })).toBe(200);
    await page.reload();
    await landed(page, target);
    const locale = target.locale;
    expect(await htmlLang(page)).toBe(locale);
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      shown(locale, 'impersonation.acting_as', {
        name: target.name,
        email: target.email,
        admin: admin.name,
      }),
    );
    const acting = await currentUser(page);
    expect([acting?.email, acting?.impersonation?.by.fullName]).toEqual([target.email, admin.name]);
    // The marketing choice is the account holder's own: no banner while acting for them.
    expect(await page.getByTestId('marketing-banner').count()).toBe(0);
    await shotBothWidths(page, 'impersonation-banner');

    // Stop reloads the page.
    await Promise.all([
      page.waitForEvent('load'),
      banner
        .getByRole('button', { name: shown(locale, 'impersonation.stop'), exact: true })
        .click(),
    ]);
    await landed(page, admin);
    expect(await banner.count()).toBe(0);
    const me = await currentUser(page);
    expect({ email: me?.email, impersonation: me?.impersonation }).toEqual({
      email: admin.email,
      impersonation: null,
    });

    // Both ends are in the audit log the super admin reads.
    const entries = await page.evaluate(async () => {
      const res = await fetch('/api/admin/audit-log?pageSize=10', { credentials: 'same-origin' });
      return ((await res.json()) as { data: { entries: AuditEntry[] } }).data.entries;
    });
    expect(entries.slice(0, 2).map((e) => [e.action, e.actor.email, e.target?.email])).toEqual([
      ['IMPERSONATION_STOP', admin.email, target.email],
      ['IMPERSONATION_START', admin.email, target.email],
    ]);
  });
});
