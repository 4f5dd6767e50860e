// Route guards (spec 000 §4) for every role: signed out, a signed-in page sends to /auth/login?redirect=<page
// with its query> and sign-in returns there; / is each role's landing. The landing targets that are not pages yet
// (/overview for the super admin, the first menu entry, /setup) keep the user on the home page until their issues
// add them (apps/web/README.md "Guards use the domain").
import { describe, expect, it } from 'vitest';
import { shown } from './accounts.ts';
import {
  demoUsers,
  pathOf,
  setupBrowser,
  shot,
  signIn,
  t,
  until,
  waitForPath,
  type DemoUser,
} from './support.ts';

const browser = setupBrowser();

interface Case {
  user: DemoUser;
  /** The page asked for while signed out. */
  path: string;
  titleKey: string;
  /** Screenshot name (the user area's pages, one per role). */
  name: string;
}

const cases: Case[] = [
  {
    user: demoUsers.admin,
    path: '/user/profile/privacy',
    titleKey: 'user_area.privacy',
    name: 'user-privacy',
  },
  {
    user: demoUsers.aggregator,
    path: '/user/info',
    titleKey: 'user_area.info',
    name: 'user-info',
  },
  {
    user: demoUsers.advanced,
    path: '/user/change-password',
    titleKey: 'user_area.change_password',
    name: 'user-change-password',
  },
  {
    user: demoUsers.basic,
    path: '/support?topic=guards',
    titleKey: 'pages.support_title',
    name: 'support-signed-in',
  },
  {
    user: demoUsers.user,
    path: '/user/settings',
    titleKey: 'user_area.settings',
    name: 'user-settings',
  },
];

describe('route guards', () => {
  it.each(cases)(
    '$user.role: signed out, $path asks for sign-in and comes back; / is the landing',
    async ({ user, path, titleKey, name }) => {
      const { page } = await browser.open({ consent: 'necessary', allowSignedOut401: true });
      await page.goto(path);
      await waitForPath(page, '/auth/login', `?redirect=${encodeURIComponent(path)}`);
      await page.getByRole('heading', { name: t('sl', 'login.title'), exact: true }).waitFor();

      await signIn(page, user);
      await page.waitForURL((url) => url.pathname + url.search === path);
      // The page's title (the document's, from the route handle) in the user's own language.
      await until(() => page.title(), shown(user.locale, titleKey));
      await shot(page, name);

      await page.goto('/');
      await page
        .getByRole('heading', {
          level: 1,
          name: t(user.locale, 'home.welcome', { name: user.name }),
        })
        .waitFor();
      expect(pathOf(page)).toBe('/');
    },
  );
});
