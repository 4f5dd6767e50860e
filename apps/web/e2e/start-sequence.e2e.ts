// Start sequence (spec 001 §4): site info → user (not under /auth) → translations → render, with the full-page
// loader meanwhile; the auth layout (logo, footer from site info); sign-in returns to the page asked for.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentUser } from './accounts.ts';
import {
  demoUsers,
  htmlLang,
  pathOf,
  signIn,
  siteInfo,
  t,
  until,
  setupBrowser,
  waitForLanding,
  waitForPath,
} from './support.ts';

const browser = setupBrowser();

/** The API calls the page makes, in order (site assets such as logos left out). */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/site/assets/')) {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  return calls;
}

describe('start sequence', () => {
  it('shows the full-page loader until site info answers, then the sign-in page with logo and footer', async () => {
    const { page } = await browser.open({ allowSignedOut401: true });
    const site = await siteInfo(browser.baseUrl, 'default');
    const calls = recordApiCalls(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/site/info',
      async (route) => {
        await held;
        await route.continue();
      },
    );

    const response = await page.goto('/', { waitUntil: 'commit' });
    // The loader is in the HTML itself, so it paints before any JavaScript runs.
    expect(await response?.text()).toContain('<div class="boot-loader" role="status"');
    const loader = page.locator('.boot-loader');
    await loader.waitFor();
    expect(await page.getByRole('status').count()).toBe(1);
    expect(await page.getByRole('heading').count()).toBe(0);
    release();

    await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
    expect(await loader.count()).toBe(0);
    // "/" is where sign-in goes by default, so the sign-in URL carries no (or a "/") redirect.
    await waitForPath(page, '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect') ?? '/').toBe('/');
    // The start sequence, in order; whatever the rendered page asks for comes after it.
    expect(calls.slice(0, 3)).toEqual([
      'GET /api/site/info',
      'GET /api/auth/user',
      'GET /api/site/translations/sl',
    ]);
    await until(() => page.title(), t('sl', 'login.title'));
    expect(await htmlLang(page)).toBe('sl');

    const logo = page.getByRole('main').getByRole('img', { name: site.platformName });
    expect(await logo.getAttribute('src')).toBe(site.logo);
    await until(
      () => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      true,
      'the logo loads',
    );

    const footer = page.getByRole('contentinfo');
    const privacy = footer.getByRole('link', { name: t('sl', 'auth_layout.privacy_policy') });
    expect(await privacy.getAttribute('href')).toBe(site.links.privacyPolicy);
    expect(await privacy.getAttribute('target')).toBe('_blank');
    const terms = footer.getByRole('link', { name: t('sl', 'auth_layout.terms_and_conditions') });
    expect(await terms.getAttribute('href')).toBe(site.links.termsAndConditions);
    const support = footer.getByRole('link', { name: t('sl', 'auth_layout.support'), exact: true });
    expect(await support.getAttribute('href')).toBe(`mailto:${site.contact.supportEmail}`);
  });

  it('does not ask for the user under /auth', async () => {
    const { page } = await browser.open();
    const calls = recordApiCalls(page);
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();
    expect(calls.slice(0, 2)).toEqual(['GET /api/site/info', 'GET /api/site/translations/sl']);
    expect(calls).not.toContain('GET /api/auth/user');
  });

  it.each([
    // The super admin's profile locale is English: it applies on sign-in (no language was picked).
    { user: demoUsers.admin, path: '/support', titleKey: 'pages.support_title' },
    { user: demoUsers.user, path: '/privacy-policy', titleKey: 'pages.privacy_policy_title' },
  ])(
    'signing in as $user.role returns to $path, titled after the route',
    async ({ user, path, titleKey }) => {
      const { page } = await browser.open({ allowSignedOut401: true, consent: 'necessary' });
      await page.goto(path);
      await waitForPath(page, '/auth/login', `?redirect=${encodeURIComponent(path)}`);
      await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();

      await signIn(page, user);
      await waitForPath(page, path);
      expect(pathOf(page)).toBe(path);
      const title = t(user.locale, titleKey);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await until(() => page.title(), title);
      expect(await htmlLang(page)).toBe(user.locale);

      // Home leads to the role's landing page (spec 000 §4), as the user the server reports.
      await page
        .getByRole('navigation', { name: t(user.locale, 'layout.breadcrumbs') })
        .getByRole('link', { name: t(user.locale, 'nav.home'), exact: true })
        .click();
      await waitForLanding(page, user.locale);
      expect((await currentUser(page))?.role).toBe(user.role);
    },
  );
});
