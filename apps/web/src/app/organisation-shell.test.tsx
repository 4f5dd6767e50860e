import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser, MenuItem } from '@ec/contract';
import { stubMenuLayout } from '../features/menu/test-layout.ts';
import { groupsOfMenu } from '../features/menu/test-groups.ts';
import { menuItem, sampleCompanyMenu, sampleMenu } from '../features/menu/test-menu.ts';
import { authUser, json, testLocation } from '../shared/test/fixtures.ts';
import { fakeApi, renderApp, type Handler } from './testing/render-app.tsx';

// The signed-in frame with the organisation: landing, frames, breadcrumbs, floating navigation, footer buttons.

const signedIn =
  (user: AuthUser): Handler =>
  (url) =>
    url.pathname === '/api/auth/user' ? json(200, { data: { user } }) : undefined;

/** GET /api/menu, and GET /api/location-groups/:id for the groups it shows (visible to the user). */
const menu =
  (structure: MenuItem[]): Handler =>
  (url) =>
    url.pathname === '/api/menu'
      ? json(200, { data: { structure, company: null } })
      : groupsOfMenu(structure)(url);

const noChildren: Handler = (url) =>
  url.pathname.startsWith('/api/menu/locations/')
    ? json(200, { data: { structure: [] } })
    : undefined;

const locationAnswer =
  (id: number, name: string, companyId = 1): Handler =>
  (url) =>
    url.pathname === `/api/locations/${id}`
      ? json(200, {
          data: {
            location: testLocation({
              id,
              name,
              companyId,
              groupId: 2,
              permissions: { view: true, edit: false, manage: false },
            }),
          },
        })
      : undefined;

const basic = (edit: boolean) =>
  authUser({
    locations: [],
    isSetUp: true,
    permissions: {
      locations: [{ id: 11, companyId: 1, actions: { view: true, edit, manage: false } }],
      locationGroups: [],
    },
  });
const aggregator = authUser({ role: 'ROLE_AGGREGATOR', companyId: 1, isSetUp: true });

stubMenuLayout();

// The whole app with lazy route modules: on a busy machine a navigation takes a while.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const footer = () => screen.getByRole('complementary');
const crumbs = () => screen.getByRole('navigation', { name: 'Breadcrumbs' });
const findCrumbs = () => screen.findByRole('navigation', { name: 'Breadcrumbs' });

describe('landing on /', () => {
  it('sends a super admin to the company picker without loading the menu first', async () => {
    const api = fakeApi([signedIn(authUser({ role: 'ROLE_SUPER_ADMIN' }))]);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
    // The tree loads it afterwards (the landing did not wait for it).
    await waitFor(() => expect(api.calls).toContain('GET /api/menu'));
    expect(api.calls.indexOf('GET /api/menu')).toBeGreaterThan(
      api.calls.findIndex((c) => c.startsWith('GET /api/site/translations')),
    );
  });

  it('sends a basic user to the first location of their menu, keeping the query', async () => {
    fakeApi([
      signedIn(basic(false)),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    const { router } = renderApp('/?confirmationAction=LOCATION_INVITE&confirmationId=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/locations/11'));
    expect(router.state.location.search).toBe(
      '?confirmationAction=LOCATION_INVITE&confirmationId=x',
    );
  });

  it('sends an aggregator to the first entry of the menu', async () => {
    fakeApi([signedIn(aggregator), menu(sampleMenu())]);
    const { router } = renderApp('/');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/location-groups/100/flexibility'),
    );
  });

  it('keeps a confirmation link through the landing and the group page redirect of an aggregator', async () => {
    fakeApi([signedIn(aggregator), menu(sampleMenu())]);
    const { router } = renderApp('/?confirmationAction=LOCATION_INVITE&confirmationId=1');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/location-groups/100/flexibility'),
    );
    expect(router.state.location.search).toBe(
      '?confirmationAction=LOCATION_INVITE&confirmationId=1',
    );
    // The confirmation modal opens on the page the user landed on.
    expect(await screen.findByRole('dialog', { name: 'Invitation' })).toBeInTheDocument();
  });

  it('sends a user who owns a location to it before a location shared with them', async () => {
    // Hiša Bled (11) comes first in the menu, but the user owns Pisarna (12).
    fakeApi([
      signedIn({ ...basic(false), locations: [{ id: 12, name: 'Pisarna' }] }),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(12, 'Pisarna'),
    ]);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/locations/12'));
  });

  it('sends a set-up basic user whose menu is empty to /setup', async () => {
    fakeApi([signedIn(basic(false)), menu([])]);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
    expect(await screen.findByRole('heading', { name: 'Setup' })).toBeInTheDocument();
  });
});

describe('frames of later issues', () => {
  it("show the page title, the location's name and 'no data yet'", async () => {
    fakeApi([
      signedIn(basic(false)),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    renderApp('/locations/11/charts');
    expect(await screen.findByRole('heading', { name: 'Charts', level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Hiša Bled')).toBeInTheDocument();
    expect(within(main).getByText('No data yet')).toBeInTheDocument();
    expect(document.title).toContain('Charts');
  });

  it('say so when the location is not visible', async () => {
    fakeApi([signedIn(basic(false)), menu(sampleMenu())]);
    renderApp('/locations/77/reports');
    expect(
      await screen.findByText('This location does not exist or you have no access to it.'),
    ).toBeInTheDocument();
  });

  it('say so when the group is not visible, like a location (no "no data yet" frame)', async () => {
    const api = fakeApi([signedIn(basic(false)), menu(sampleMenu())]);
    renderApp('/companies/1/location-groups/9/flexibility');
    expect(
      await screen.findByText('This location group does not exist or you have no access to it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No data yet')).not.toBeInTheDocument();
    expect(api.calls).toContain('GET /api/location-groups/9');
    cleanup();

    renderApp('/location-groups/9/summary');
    expect(
      await screen.findByText('This location group does not exist or you have no access to it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No data yet')).not.toBeInTheDocument();
  });

  it("show a group's name from the menu", async () => {
    fakeApi([signedIn(aggregator), menu(sampleMenu())]);
    renderApp('/companies/1/location-groups/3/summary');
    expect(await screen.findByRole('heading', { name: 'Summary', level: 1 })).toBeInTheDocument();
    expect(await within(screen.getByRole('main')).findByText('Maribor')).toBeInTheDocument();
  });
});

describe('breadcrumbs', () => {
  it('name the location and its company and group from the menu, with their links', async () => {
    fakeApi([
      signedIn(aggregator),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    renderApp('/locations/11/charts');
    await within(await findCrumbs()).findByRole('link', { name: 'Hiša Bled' });
    expect(within(crumbs()).getByRole('link', { name: 'Ljubljana' })).toHaveAttribute(
      'href',
      '/companies/1/location-groups/2',
    );
    expect(within(crumbs()).getByText('Charts')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(crumbs()).getByRole('button', { name: '2 hidden levels' }));
    // The full app runs Mantine's transitions: the menu may still be fading in.
    const hidden = await screen.findByRole('menu', { hidden: true });
    expect(
      await within(hidden).findByRole('menuitem', { name: 'Sunpower', hidden: true }),
    ).toHaveAttribute('href', '/settings/global/companies/1');
  });

  it('start with the group the user came from (navigation context) until they leave', async () => {
    fakeApi([
      signedIn(aggregator),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    const { router } = renderApp('/companies/1/location-groups/2/summary');
    await screen.findByRole('heading', { name: 'Summary', level: 1 });
    await within(await screen.findByRole('tree')).findByRole('treeitem', { name: 'Ljubljana' });
    await router.navigate('/locations/11');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    const context = within(crumbs()).getByRole('link', { name: 'Ljubljana' });
    expect(context).toHaveAttribute('href', '/companies/1/location-groups/2/summary');
    expect(
      within(crumbs()).queryByRole('button', { name: /hidden level/ }),
    ).not.toBeInTheDocument();

    // Another keeping page of the location keeps it; any other page clears it.
    await router.navigate('/locations/11/charts');
    console.log(
      'NAV',
      router.state.location.pathname,
      router.state.navigation.state,
      document.querySelector('main')?.textContent,
      document.querySelector('h1')?.textContent,
    );
    await screen.findByRole('heading', { name: 'Charts', level: 1 });
    expect(within(crumbs()).getByRole('link', { name: 'Ljubljana' })).toHaveAttribute(
      'href',
      '/companies/1/location-groups/2/summary',
    );
    await router.navigate('/support');
    await screen.findByRole('heading', { name: 'Support' });
    await router.navigate('/locations/11');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    await waitFor(() =>
      expect(within(crumbs()).getByRole('link', { name: 'Ljubljana' })).toHaveAttribute(
        'href',
        '/companies/1/location-groups/2',
      ),
    );
  });
});

describe('floating navigation', () => {
  it("links a location's overview, charts and strategies and has a notifications bell", async () => {
    fakeApi([
      signedIn(basic(false)),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    renderApp('/location-groups/2/locations/11/charts');
    const nav = await screen.findByRole('navigation', { name: 'Location views' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/location-groups/2/locations/11',
    );
    expect(within(nav).getByRole('link', { name: 'Charts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Strategies' })).toHaveAttribute(
      'href',
      '/location-groups/2/locations/11/strategies',
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it("links a group's flexibility, and is absent elsewhere", async () => {
    fakeApi([signedIn(aggregator), menu(sampleMenu())]);
    const { router } = renderApp('/companies/1/location-groups/2/charts');
    const nav = await screen.findByRole('navigation', { name: 'Group views' });
    expect(within(nav).getByRole('link', { name: 'Flexibility' })).toHaveAttribute(
      'href',
      '/companies/1/location-groups/2/flexibility',
    );
    await router.navigate('/user/settings');
    await screen.findByRole('heading', { name: 'User settings' });
    expect(screen.queryByRole('navigation', { name: 'Group views' })).not.toBeInTheDocument();
  });
});

describe('sidebar footer', () => {
  const links = () =>
    within(footer())
      .getAllByRole('link')
      // The footer's entries are icons named by aria-label; the logo links home.
      .map((link) => link.getAttribute('aria-label') ?? link.textContent)
      .filter((name) => name !== 'Home');

  it('gives a basic user who may edit the open location Manage location and Setup', async () => {
    fakeApi([
      signedIn(basic(true)),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    renderApp('/locations/11');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    expect(within(footer()).getByRole('link', { name: 'Manage location' })).toHaveAttribute(
      'href',
      '/locations/11/manage',
    );
    expect(links()).toEqual([
      'Manage location',
      'Setup',
      'User settings',
      'Privacy policy',
      'Support',
    ]);
    expect(within(footer()).getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('has no Manage location for a user who may only view it', async () => {
    fakeApi([
      signedIn(basic(false)),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    renderApp('/locations/11');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    expect(
      within(footer()).queryByRole('link', { name: 'Manage location' }),
    ).not.toBeInTheDocument();
  });

  it('gives an aggregator Global settings and no Setup', async () => {
    fakeApi([
      signedIn(aggregator),
      menu(sampleMenu()),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
    ]);
    renderApp('/locations/11');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    expect(links()).toEqual([
      'Manage location',
      'User settings',
      'Global settings',
      'Privacy policy',
      'Support',
    ]);
  });

  it('gives a super admin the failed jobs (the job queue’s dead-letter list)', async () => {
    fakeApi([
      signedIn(authUser({ role: 'ROLE_SUPER_ADMIN' })),
      menu([menuItem('company', 1, 'Sunpower', { children: null })]),
    ]);
    renderApp('/support');
    await screen.findByRole('heading', { name: 'Support' });
    expect(links()).toEqual([
      'User settings',
      'Global settings',
      'Failed jobs',
      'Privacy policy',
      'Support',
    ]);
    expect(within(footer()).getByRole('link', { name: 'Failed jobs' })).toHaveAttribute(
      'href',
      '/admin/jobs',
    );
  });

  it('goes back with Back, and home when there is nothing to go back to', async () => {
    fakeApi([signedIn(aggregator), menu(sampleMenu())]);
    const { router } = renderApp('/support');
    await screen.findByRole('heading', { name: 'Support' });
    await userEvent.click(within(footer()).getByRole('link', { name: 'Privacy policy' }));
    await screen.findByRole('heading', { name: 'Privacy policy' });
    await userEvent.click(within(footer()).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    await userEvent.click(within(footer()).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/support'));
  });
});

describe('sidebar tree in the frame', () => {
  it("opens the company of a super admin's location page", async () => {
    const companies = [menuItem('company', 1, 'Sunpower', { children: null })];
    fakeApi([
      signedIn(authUser({ role: 'ROLE_SUPER_ADMIN' })),
      menu(companies),
      noChildren,
      locationAnswer(11, 'Hiša Bled'),
      sampleCompanyMenu,
    ]);
    renderApp('/locations/11');
    const row = await within(await screen.findByRole('tree')).findByRole('treeitem', {
      name: 'Hiša Bled',
    });
    expect(row).toHaveAttribute('aria-current', 'page');
  });
});
