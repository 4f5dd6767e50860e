// The watch every browser test relies on (support.ts): it must notice uncaught page errors, CSP violations and
// unexpected console errors, or the other tests would pass over them silently.
import { describe, expect, it } from 'vitest';
import { openLogin, t, until, setupBrowser, waitForPath } from './support.ts';

const browser = setupBrowser();

describe('problem watch', () => {
  it('reports an uncaught page error and a CSP violation', async () => {
    const { page, problems } = await browser.open({ consent: 'necessary' });
    await openLogin(page);
    expect(problems).toEqual([]);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: deliberate');
      });
      // script-src 'self' refuses inline scripts.
      const script = document.createElement('script');
      script.textContent = 'window.name = "inline ran"';
      document.head.append(script);
    });
    await until(() => problems.some((p) => p.startsWith('pageerror: e2e: deliberate')), true);
    await until(() => problems.some((p) => p.startsWith('CSP: ')), true);
    expect(await page.evaluate(() => window.name)).not.toBe('inline ran');
    problems.length = 0; // seen; the test's own check after it stays clean
  });

  it('reports the signed-out 401 unless the test allows it', async () => {
    const { page, problems } = await browser.open({ consent: 'necessary' });
    await page.goto('/');
    await waitForPath(page, '/auth/login');
    await until(
      () => problems.some((p) => p.includes('401') && p.includes('/api/auth/user')),
      true,
    );
    problems.length = 0;

    const allowed = await browser.open({ consent: 'necessary', allowSignedOut401: true });
    await allowed.page.goto('/');
    await waitForPath(allowed.page, '/auth/login');
    await allowed.page
      .getByRole('heading', { name: t('sl', 'login.title'), exact: true })
      .waitFor();
    expect(allowed.problems).toEqual([]);
  });

  it('allows a provoked failed answer only for its status and path', async () => {
    const wrongPassword = async (allowed: { status: number; path: string }[]) => {
      const opened = await browser.open({ consent: 'necessary', allowFailedResponses: allowed });
      await openLogin(opened.page);
      await opened.page.getByLabel(t('sl', 'login.email')).fill('nobody@example.com');
      await opened.page.getByLabel(t('sl', 'login.password')).fill('not-the-password-1');
      await opened.page.getByRole('button', { name: t('sl', 'login.submit'), exact: true }).click();
      await opened.page.getByText(t('sl', 'login.invalid_credentials'), { exact: true }).waitFor();
      return opened.problems;
    };
    expect(await wrongPassword([{ status: 401, path: '/api/auth/login' }])).toEqual([]);
    const other = await wrongPassword([{ status: 401, path: '/api/auth/user' }]);
    await until(() => other.some((p) => p.includes('401') && p.includes('/api/auth/login')), true);
    other.length = 0;
    const otherStatus = await wrongPassword([{ status: 429, path: '/api/auth/login' }]);
    await until(
      () => otherStatus.some((p) => p.includes('401') && p.includes('/api/auth/login')),
      true,
    );
    otherStatus.length = 0;
  });
});
