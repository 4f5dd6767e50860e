import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '@ec/contract';
import { refreshMenu } from '../../../entities/menu/index.ts';
import {
  answer,
  fakeFetch,
  type FakeCall,
  type FakeRoute,
} from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { MenuTreeProvider } from '../menu-context.tsx';
import { stubMenuLayout } from '../test-layout.ts';
import { locationChildren, menuItem, sampleMenu } from '../test-menu.ts';
import { SidebarMenu } from './sidebar-menu.tsx';
import { useLocation } from 'react-router';

stubMenuLayout();
afterEach(() => {
  vi.useRealTimers();
});

const menuAnswer = (structure: MenuItem[], company: unknown = null) =>
  answer('GET', '/api/menu', 200, { data: { structure, company } });

/** A GET /api/menu/search answer. */
const searchAnswer = (structure: MenuItem[], matches: string[], total = matches.length) =>
  json(200, { data: { structure, matches, total } });

const searches = (calls: FakeCall[]) =>
  calls.map((c) => c.call).filter((call) => call.startsWith('GET /api/menu/search'));

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderMenu(
  path = '/',
  options: { refetchOnNavigation?: boolean; openCompanyId?: number } = {},
) {
  function Frame() {
    const { pathname } = useLocation();
    return (
      <MenuTreeProvider
        pathname={pathname}
        refetchOnNavigation={options.refetchOnNavigation ?? false}
        openCompanyId={options.openCompanyId ?? null}
      >
        <SidebarMenu emptyState={<p>Nothing here</p>} />
        <CurrentPath />
      </MenuTreeProvider>
    );
  }
  return renderWithProviders(<Frame />, { i18n: createTestI18n(), path });
}

const tree = () => screen.getByRole('tree', { name: 'Companies, groups and locations' });
const item = (name: string | RegExp) => within(tree()).getByRole('treeitem', { name });
const visibleTitles = () =>
  within(tree())
    .queryAllByRole('treeitem')
    .map((row) => row.textContent);

describe('MenuTree', () => {
  it('shows the menu with icons, opens items and navigates on click', async () => {
    fakeFetch(menuAnswer(sampleMenu()));
    renderMenu();
    expect(await screen.findByRole('treeitem', { name: 'Sunpower' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await userEvent.click(within(item('Sunpower')).getByTestId('menu-toggle'));
    expect(item('Sunpower')).toHaveAttribute('aria-expanded', 'true');
    expect(visibleTitles()).toEqual(['Sunpower', 'Ljubljana', 'Maribor']);
    expect(item('Ljubljana')).toHaveAttribute('aria-level', '2');
    expect(item('Ljubljana')).toHaveAttribute('aria-posinset', '1');
    expect(item('Ljubljana')).toHaveAttribute('aria-setsize', '2');

    await userEvent.click(item('Maribor'));
    expect(screen.getByTestId('path')).toHaveTextContent('/companies/1/location-groups/3');
    expect(item('Maribor')).toHaveAttribute('aria-current', 'page');
  });

  it('auto-expands the items above the current page', async () => {
    fakeFetch(
      menuAnswer(sampleMenu()),
      answer('GET', '/api/menu/locations/12', 200, { data: { structure: [] } }),
    );
    renderMenu('/locations/12/charts');
    await screen.findByRole('treeitem', { name: 'Pisarna' });
    expect(visibleTitles()).toEqual(['Sunpower', 'Ljubljana', 'Hiša Bled', 'Pisarna', 'Maribor']);
    expect(item('Pisarna')).toHaveAttribute('aria-current', 'page');
  });

  it("loads a location's children lazily with level and prefix, and cancels when it is closed", async () => {
    // The children never arrive: closing the location must abort the request.
    const lazy: FakeRoute = ({ path }) =>
      path === '/api/menu/locations/11' ? new Promise<Response>(() => {}) : undefined;
    const calls = fakeFetch(menuAnswer(sampleMenu()), lazy);
    const fetchMock = vi.mocked(fetch);
    renderMenu('/companies/1/location-groups/2');
    await screen.findByRole('treeitem', { name: 'Hiša Bled' });

    await userEvent.click(within(item('Hiša Bled')).getByTestId('menu-toggle'));
    await waitFor(() =>
      expect(calls.map((c) => c.call)).toContain(
        'GET /api/menu/locations/11?level=1&prefix=%2Flocations%2F11',
      ),
    );
    expect(item('Hiša Bled')).toHaveAttribute('aria-busy', 'true');
    const request = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/menu/locations/11'),
    );
    const signal = request?.[1]?.signal;
    expect(signal?.aborted).toBe(false);

    await userEvent.click(within(item('Hiša Bled')).getByTestId('menu-toggle'));
    await waitFor(() => expect(signal?.aborted).toBe(true));
    expect(item('Hiša Bled')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the loaded children under the prefix the user is under', async () => {
    fakeFetch(menuAnswer(sampleMenu()), ({ path, url }) =>
      path === '/api/menu/locations/11'
        ? json(200, { data: { structure: locationChildren(url.searchParams.get('prefix') ?? '') } })
        : undefined,
    );
    renderMenu('/location-groups/2/locations/11/device-groups/41');
    expect(await screen.findByRole('treeitem', { name: 'Garaža' })).toHaveAttribute(
      'href',
      '/location-groups/2/locations/11/device-groups/41',
    );
    expect(item('Garaža')).toHaveAttribute('aria-current', 'page');
    expect(item('Sončna elektrarna')).toHaveAttribute('aria-level', '4');
  });

  it('asks the server 500 ms after the last keystroke and shows the way to its matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const store = menuItem('location', 13, 'Skladišče', { level: 2, data: { hasChildren: true } });
    const calls = fakeFetch(menuAnswer(sampleMenu()), ({ path, url }) => {
      if (path !== '/api/menu/search') return undefined;
      const q = url.searchParams.get('q');
      return q === 'sklad'
        ? searchAnswer(
            [
              menuItem('company', 1, 'Sunpower', {
                children: [
                  menuItem('location-group', 3, 'Maribor', { level: 1, children: [store] }),
                ],
              }),
            ],
            ['location:13'],
          )
        : searchAnswer([], []);
    });
    renderMenu();
    await screen.findByRole('treeitem', { name: 'Sunpower' });
    const box = screen.getByRole('textbox', { name: 'Filter the menu' });

    fireEvent.change(box, { target: { value: 'SKLAD' } });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(searches(calls)).toEqual([]);
    expect(visibleTitles()).toEqual(['Sunpower']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(visibleTitles()).toEqual(['Sunpower', 'Maribor', 'Skladišče']));
    expect(searches(calls)).toEqual(['GET /api/menu/search?q=sklad&limit=100']);
    expect(within(item('Skladišče')).getByText('Sklad').tagName).toBe('MARK');

    fireEvent.change(box, { target: { value: 'nothing like it' } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(await screen.findByText('Nothing in the menu matches.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => expect(visibleTitles()).toEqual(['Sunpower']));
  });

  it('finds for a super admin what lies in companies never opened: company → group → location → device group → device', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // GET /api/menu: companies only, none opened; the search answers the way down to a device.
    const companies = [
      menuItem('company', 1, 'Sunpower', { children: null }),
      menuItem('company', 2, 'Voltix', { children: null }),
    ];
    const charger = menuItem('device', 51, 'Maribor charger', {
      level: 5,
      href: '/locations/13/device-groups/41/devices/51',
      data: { category: 'EV_CHARGER', companyId: 2 },
    });
    const way = menuItem('company', 2, 'Voltix', {
      children: [
        menuItem('location-group', 3, 'Štajerska', {
          level: 1,
          data: { companyId: 2, hasChildren: true },
          children: [
            menuItem('location', 13, 'Maribor – hiša', {
              level: 2,
              data: { companyId: 2, hasChildren: true },
              children: [
                menuItem('device-group', 41, 'Garaža', {
                  level: 3,
                  href: '/locations/13/device-groups/41',
                  children: [charger],
                }),
              ],
            }),
          ],
        }),
      ],
    });
    // The location's real children: the device group with the charger, and a device that does not match.
    const realChildren = [
      menuItem('device-group', 41, 'Garaža', {
        level: 3,
        href: '/locations/13/device-groups/41',
        children: [charger],
      }),
      menuItem('device', 52, 'Heat pump', { level: 3, data: { category: 'HVAC' } }),
    ];
    const calls = fakeFetch(
      menuAnswer(companies),
      ({ path, url }) =>
        path === '/api/menu/search' && url.searchParams.get('q') === 'maribor'
          ? searchAnswer([way], ['location:13', 'device:51'])
          : undefined,
      answer('GET', '/api/menu/locations/13', 200, { data: { structure: realChildren } }),
    );
    renderMenu('/overview');
    await screen.findByRole('treeitem', { name: 'Voltix' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter the menu' }), {
      target: { value: 'Maribor' },
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() =>
      expect(visibleTitles()).toEqual([
        'Voltix',
        'Štajerska',
        'Maribor – hiša',
        'Garaža',
        'Maribor charger',
      ]),
    );
    expect(item('Voltix')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Maribor charger')).toHaveAttribute('aria-level', '5');
    expect(item('Maribor charger')).toHaveAttribute(
      'href',
      '/locations/13/device-groups/41/devices/51',
    );
    expect(within(item('Maribor – hiša')).getByText('Maribor').tagName).toBe('MARK');
    // The matching location shows all its real children once they are loaded (it is browsable), the way to the
    // matching device still open.
    await waitFor(() =>
      expect(visibleTitles()).toEqual([
        'Voltix',
        'Štajerska',
        'Maribor – hiša',
        'Garaža',
        'Maribor charger',
        'Heat pump',
      ]),
    );
    expect(calls.map((c) => c.call)).toContain(
      'GET /api/menu/locations/13?level=3&prefix=%2Flocations%2F13',
    );
    // Companies on the way are not loaded: the answer holds the way.
    expect(calls.map((c) => c.call)).not.toContain('GET /api/menu/2');
  });

  it('filters the loaded tree and says so when the search fails; says when there are more matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeFetch(menuAnswer(sampleMenu()), ({ path, url }) => {
      if (path !== '/api/menu/search') return undefined;
      return url.searchParams.get('q') === 'sklad'
        ? json(500, { error: { code: 'INTERNAL', message: 'errors.INTERNAL' } })
        : searchAnswer(
            [menuItem('company', 1, 'Sunpower', { children: null })],
            ['company:1'],
            250,
          );
    });
    renderMenu();
    await screen.findByRole('treeitem', { name: 'Sunpower' });
    const box = screen.getByRole('textbox', { name: 'Filter the menu' });
    fireEvent.change(box, { target: { value: 'sklad' } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(
      await screen.findByText(
        'The search failed; only the part of the menu already loaded is filtered.',
      ),
    ).toBeInTheDocument();
    expect(visibleTitles()).toEqual(['Sunpower', 'Maribor', 'Skladišče']);

    fireEvent.change(box, { target: { value: 'sun' } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(
      await screen.findByText('Showing the first 1 of 250 matches. Type more to narrow them down.'),
    ).toBeInTheDocument();
  });

  it("refetches an open location's children when the menu is invalidated (a change made elsewhere in the app)", async () => {
    let groups = ['Garaža'];
    const calls = fakeFetch(menuAnswer(sampleMenu()), ({ path }) =>
      path === '/api/menu/locations/11'
        ? json(200, {
            data: {
              structure: groups.map((name, i) =>
                menuItem('device-group', 41 + i, name, {
                  level: 3,
                  href: `/locations/11/device-groups/${41 + i}`,
                }),
              ),
            },
          })
        : undefined,
    );
    const { queryClient } = renderMenu('/locations/11');
    await screen.findByRole('treeitem', { name: 'Garaža' });
    // The user adds a device group in Manage › Structure: the mutation refreshes the menu.
    groups = ['Garaža', 'Streha'];
    await act(() => refreshMenu(queryClient));
    expect(await screen.findByRole('treeitem', { name: 'Streha' })).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('GET /api/menu/locations/11'))).toHaveLength(2);
    // …and a rename shows too, without navigating.
    groups = ['Garaža', 'Streha nova'];
    await act(() => refreshMenu(queryClient));
    expect(await screen.findByRole('treeitem', { name: 'Streha nova' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/locations/11');
  });

  it('is usable by keyboard: one tab stop, arrows move, open and close, Enter navigates', async () => {
    fakeFetch(menuAnswer(sampleMenu()));
    renderMenu();
    await screen.findByRole('treeitem', { name: 'Sunpower' });
    await userEvent.tab(); // the filter
    await userEvent.tab();
    expect(item('Sunpower')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(item('Sunpower')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(item('Ljubljana')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(item('Maribor')).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(item('Sunpower')).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    expect(item('Sunpower')).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(tree())
        .getAllByRole('treeitem')
        .filter((r) => r.tabIndex === 0),
    ).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/companies/1/location-groups/100');
  });

  it("loads a super admin's company when it is opened or its page is open", async () => {
    const companies = [
      menuItem('company', 1, 'Sunpower', { children: null }),
      menuItem('company', 2, 'Voltix', { children: null }),
    ];
    const calls = fakeFetch(
      menuAnswer(companies),
      answer('GET', '/api/menu/2', 200, {
        data: {
          structure: [menuItem('location', 21, 'Trgovina', { data: { hasChildren: false } })],
          company: { id: 2, name: 'Voltix', rootGroup: { id: 200 } },
        },
      }),
    );
    renderMenu('/companies/2/integrated-devices', { openCompanyId: 2 });
    expect(await screen.findByRole('treeitem', { name: 'Trgovina' })).toHaveAttribute(
      'aria-level',
      '2',
    );
    expect(calls.map((c) => c.call)).not.toContain('GET /api/menu/1');
  });

  it('refetches the menu on route changes when asked (basic users)', async () => {
    const calls = fakeFetch(menuAnswer(sampleMenu()));
    renderMenu('/', { refetchOnNavigation: true });
    await screen.findByRole('treeitem', { name: 'Sunpower' });
    await userEvent.click(item('Sunpower'));
    await waitFor(() => expect(calls.filter((c) => c.call === 'GET /api/menu')).toHaveLength(2));
  });

  it('shows the empty state, and the failure with a retry', async () => {
    fakeFetch(menuAnswer([]));
    const first = renderMenu();
    expect(await screen.findByText('Nothing here')).toBeInTheDocument();
    first.unmount();

    let fail = true;
    fakeFetch(({ path }) =>
      path === '/api/menu'
        ? fail
          ? json(500, { error: { code: 'INTERNAL', message: 'errors.INTERNAL' } })
          : json(200, { data: { structure: sampleMenu(), company: null } })
        : undefined,
    );
    renderMenu();
    expect(await screen.findByText('The menu could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('treeitem', { name: 'Sunpower' })).toBeInTheDocument();
  });

  it('renders only the rows in view of 5,000 locations', async () => {
    const locations = Array.from({ length: 5000 }, (_, i) =>
      menuItem('location', i + 1, `Lokacija ${i + 1}`, { data: { hasChildren: false } }),
    );
    fakeFetch(menuAnswer([menuItem('company', 1, 'Big', { children: locations })]));
    renderMenu('/locations/4321');
    expect(await screen.findByRole('treeitem', { name: 'Lokacija 4321' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tree()).getAllByRole('treeitem').length).toBeLessThan(80);
  });
});
