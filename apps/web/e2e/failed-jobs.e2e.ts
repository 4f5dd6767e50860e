// The job queue's dead-letter list (issue 11): a super admin opens /admin/jobs and sees the empty state (the test
// server's queue has no failed jobs); an aggregator, who may open the rest of /admin, is sent to the landing page.
import { describe, expect, it } from 'vitest';
import { shotBothWidths } from './accounts.ts';
import { demoUsers, openLogin, setupBrowser, signIn, t } from './support.ts';

const browser = setupBrowser();

describe('the dead-letter list', () => {
  it('a super admin opens /admin/jobs and sees "No failed jobs" at 1280 and 375 px', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    await signIn(page, demoUsers.admin);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

    await page.goto('/admin/jobs');
    await page
      .getByRole('heading', { name: t('en', 'route_titles.failed_jobs'), exact: true })
      .waitFor();
    await page.getByText(t('en', 'failed_jobs.empty'), { exact: true }).waitFor();
    expect(await page.title()).toContain(t('en', 'route_titles.failed_jobs'));
    await shotBothWidths(page, 'failed-jobs-empty');
  });

  it('an aggregator is refused (sent to the landing page)', async () => {
    const { page } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    await signIn(page, demoUsers.aggregator);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

    await page.goto('/admin/jobs');
    await page.waitForURL((url) => url.pathname !== '/admin/jobs');
    expect(
      await page.getByRole('heading', { name: t('en', 'route_titles.failed_jobs') }).count(),
    ).toBe(0);
  });
});
