// Route guards (spec 000 §4) for every role: signed out, a signed-in page sends to /auth/login?redirect=<page
// with its query> and sign-in returns there; / is each role's landing (the super admin's company picker, the first
// entry of the menu, /setup for users who are not set up).
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
  waitForLanding,
  waitForPath,
  type DemoUser,
} from './support.ts';

const browser = setupBrowser();

/** Where `/` lands each demo user (seed: apps/server/src/seed/organisation-data.ts). */
const landings: Record<DemoUser['role'], RegExp> = {
  ROLE_SUPER_ADMIN: /^\/overview$/,
  // The aggregator's first menu entry: their company, i.e. its root group's default page.
  ROLE_AGGREGATOR: /^\/companies\/\d+\/location-groups\/\d+\/flexibility$/,
  ROLE_USER_ADVANCED: /^\/locations\/\d+$/,
  ROLE_USER_BASIC: /^\/locations\/\d+$/,
  ROLE_USER: /^\/setup$/,
};

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

      // / lands on the role's page (spec 000 §4): the super admin's company picker, the first entry of the menu,
      // or /setup for the plain user (never set up).
      await page.goto('/');
      await waitForLanding(page, user.locale);
      expect(pathOf(page)).toMatch(landings[user.role]);
    },
  );
});
