import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  Company,
  ControllerSearchItem,
  DeviceSearchItem,
  LocationSearchItem,
  UserSearchItem,
} from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { authUser, json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { AdminSearchFilters, AdminSearchResults } from './admin-search.tsx';
import type { SearchActor } from './user-results.tsx';

const i18n = createTestI18n();
const admin: SearchActor = { id: 1, role: 'ROLE_SUPER_ADMIN' };

const companies: Company[] = [
  {
    id: 1,
    name: 'Elektro Bled',
    countryId: 1,
    contactEmail: null,
    contactPhone: null,
    rootGroup: { id: 10 },
    assignedControllersCount: 2,
  },
  {
    id: 2,
    name: 'Solar Koper',
    countryId: 1,
    contactEmail: null,
    contactPhone: null,
    rootGroup: { id: 20 },
    assignedControllersCount: 0,
  },
];

function user(id: number, fullName: string, extra: Partial<UserSearchItem> = {}): UserSearchItem {
  const [firstName = '', lastName = ''] = fullName.split(' ');
  return {
    id,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    fullName,
    role: 'ROLE_USER_BASIC',
    verified: true,
    company: { id: 1, name: 'Elektro Bled' },
    locationsCount: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const location: LocationSearchItem = {
  id: 5,
  name: 'Hiša Bled',
  company: { id: 1, name: 'Elektro Bled' },
  group: { id: 10, name: 'Gorenjska' },
  owner: { id: 3, fullName: 'Luka Krajnc', email: 'luka@example.com' },
  country: { id: 1, code: 'SI' },
  address: { street: 'Cesta svobode', houseNumber: '4', postCode: '4260', city: 'Bled' },
  controllersCount: 1,
};

const controller: ControllerSearchItem = {
  id: 9,
  alias: 'Garage',
  unitId: 'U-100',
  serial: 'AB12-CD34-EF56-GH78',
  setupType: 'CONTROLLER',
  connected: true,
  lastSeenAt: null,
  company: { id: 1, name: 'Elektro Bled' },
  location: { id: 5, name: 'Hiša Bled' },
  owner: null,
  devicesCount: 3,
};

const device: DeviceSearchItem = {
  id: 11,
  name: 'Roof PV',
  category: 'SOLAR_POWER_PLANT',
  status: 'WARNING',
  manufacturer: 'Fronius',
  model: 'Symo',
  company: { id: 1, name: 'Elektro Bled' },
  location: { id: 5, name: 'Hiša Bled' },
  deviceGroup: null,
  controller: { id: 9, alias: 'Garage', serial: 'AB12-CD34-EF56-GH78' },
};

function page<T>(items: T[], total = items.length, pageNo = 1, pageSize = 25) {
  return { data: { items: items.slice(0, pageSize), total, page: pageNo, pageSize } };
}

/** Answers every search kind: `users` from the given list (filtered by q), the others with one item each. */
function searchApi(users: () => UserSearchItem[]): FakeRoute {
  return ({ method, path, url }) => {
    if (method !== 'GET' || !path.startsWith('/api/search/')) return undefined;
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const pageSize = Number(url.searchParams.get('pageSize') ?? 25);
    const kind = path.slice('/api/search/'.length);
    const list =
      kind === 'users'
        ? users().filter((u) => u.fullName.toLowerCase().includes(q))
        : kind === 'locations'
          ? [location]
          : kind === 'controllers'
            ? [controller]
            : [device];
    return json(200, page(list as unknown[], list.length, 1, pageSize));
  };
}

function renderSearch(path = '/admin/search/users', actor: SearchActor = admin) {
  const reload = vi.fn();
  const view = renderWithProviders(
    <>
      <AdminSearchFilters />
      <AdminSearchResults
        title="Admin search"
        actor={actor}
        productName="Energija"
        reload={reload}
      />
    </>,
    { i18n, path },
  );
  return { ...view, reload };
}

const search = () => screen.getByRole('searchbox', { name: 'Search' });
const location_ = (router: ReturnType<typeof renderSearch>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('admin search', () => {
  it('lists users with tabs and counts; the text query and the company filter narrow the results', async () => {
    const users = [user(2, 'Ana Novak'), user(3, 'Luka Krajnc', { verified: false })];
    const calls = fakeFetch(
      searchApi(() => users),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    const { router } = renderSearch();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Not verified')).toBeInTheDocument();
    expect(within(list).getAllByText('Basic user')).toHaveLength(2);
    const tabs = screen.getByRole('navigation', { name: 'Search in' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Users2', 'Locations1', 'Controllers1', 'Devices1']),
    );
    expect(within(tabs).getByRole('link', { name: 'Users (2)' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.type(search(), 'luka');
    await waitFor(() => expect(location_(router)).toBe('/admin/search/users?q=luka'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.map((c) => c.call)).toContain('GET /api/search/users?q=luka&page=1&pageSize=25');

    const company = screen.getByRole('textbox', { name: 'Company' });
    await waitFor(() => expect(company).toBeEnabled());
    await userEvent.click(company);
    await userEvent.click(await screen.findByRole('option', { name: 'Solar Koper' }));
    await waitFor(() => expect(location_(router)).toBe('/admin/search/users?q=luka&companyId=2'));
    await waitFor(() =>
      expect(calls.map((c) => c.call)).toContain(
        'GET /api/search/users?q=luka&companyId=2&page=1&pageSize=25',
      ),
    );
  });

  it('keeps at least one type on; turning the shown type off shows the next one', async () => {
    fakeFetch(
      searchApi(() => [user(2, 'Ana Novak')]),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    const { router } = renderSearch();
    await screen.findByRole('list', { name: 'Users' });
    const panel = screen.getByTestId('admin-search-filters');
    const toggle = (name: string) => within(panel).getByRole('switch', { name });

    await userEvent.click(toggle('Users'));
    await waitFor(() =>
      expect(location_(router)).toBe(
        '/admin/search/locations?types=locations%2Coem-devices%2Cdevices',
      ),
    );
    expect(await screen.findByRole('link', { name: 'Hiša Bled' })).toHaveAttribute(
      'href',
      '/locations/5',
    );
    expect(screen.getByText('Cesta svobode 4, 4260 Bled')).toBeInTheDocument();
    await userEvent.click(toggle('Controllers'));
    await userEvent.click(toggle('Devices'));
    await waitFor(() => expect(location_(router)).toBe('/admin/search/locations?types=locations'));
    expect(toggle('Locations')).toBeChecked();
    expect(toggle('Locations')).toBeDisabled();
    expect(within(panel).getByText('At least one type stays on.')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Search in' });
    expect(within(tabs).getAllByRole('link')).toHaveLength(1);

    await userEvent.click(toggle('Devices'));
    await userEvent.click(within(tabs).getByRole('link', { name: /Devices/ }));
    const devices = await screen.findByRole('list', { name: 'Devices' });
    expect(within(devices).getByText('Roof PV')).toBeInTheDocument();
    expect(within(devices).getByText('Solar power plant')).toBeInTheDocument();
    expect(within(devices).getByText('Warning')).toBeInTheDocument();
    expect(devices.querySelector('[data-category="SOLAR_POWER_PLANT"]')).not.toBeNull();
  });

  it('applies two quick changes both, even when the page has not rendered the first yet', async () => {
    fakeFetch(
      searchApi(() => [user(2, 'Ana Novak')]),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    const { router } = renderSearch();
    await screen.findByRole('list', { name: 'Users' });
    const panel = screen.getByTestId('admin-search-filters');
    const toggle = (name: string) => within(panel).getByRole('switch', { name });
    // One batch: no render between the clicks, as on a slow device before the first navigation is shown.
    act(() => {
      fireEvent.click(toggle('Users'));
      fireEvent.click(toggle('Controllers'));
    });
    await waitFor(() =>
      expect(location_(router)).toBe('/admin/search/locations?types=locations%2Cdevices'),
    );
  });

  it('says when nothing is found and when the search failed (with Try again)', async () => {
    let fail = true;
    fakeFetch(
      ({ path }) =>
        path === '/api/search/users'
          ? fail
            ? json(500, apiError('INTERNAL', 'errors.INTERNAL'))
            : json(200, page([]))
          : path.startsWith('/api/search/')
            ? json(200, page([]))
            : undefined,
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    renderSearch();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The results could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Nothing found. Try another search or other filters.'),
    ).toBeInTheDocument();
  });

  it('pages through the results', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      user(100 + i, `User${String(i).padStart(2, '0')} Test`),
    );
    const calls = fakeFetch(
      ({ path, url }) => {
        if (!path.startsWith('/api/search/')) return undefined;
        const p = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('pageSize') ?? 25);
        return json(200, page(many.slice((p - 1) * size, p * size), many.length, p, size));
      },
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    const { router } = renderSearch();
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(location_(router)).toBe('/admin/search/users?page=2');
    expect(calls.map((c) => c.call)).toContain('GET /api/search/users?page=2&pageSize=25');
  });

  it('verifies a user and acts as a user (then reloads)', async () => {
    let verified = false;
    const calls = fakeFetch(
      searchApi(() => [user(3, 'Luka Krajnc', { verified })]),
      ({ method, path }) => {
        if (method === 'POST' && path === '/api/users/3/verify') {
          verified = true;
          return json(200, { data: { user: {} } });
        }
        return undefined;
      },
      answer('POST', '/api/auth/impersonate', 200, { data: { user: authUser({ id: 3 }) } }),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    const { reload } = renderSearch();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('Not verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Luka Krajnc' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Verify e-mail address' }));
    expect(await within(list).findByText('Verified')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Luka Krajnc' }));
    expect(
      screen.queryByRole('menuitem', { name: 'Verify e-mail address' }),
    ).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Act as this user' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => [c.call, c.body])).toEqual([
      ['POST /api/users/3/verify', undefined],
      ['POST /api/auth/impersonate', { data: { userId: 3 } }],
    ]);
  });

  it('offers an aggregator no company change and nothing on a super admin', async () => {
    fakeFetch(
      searchApi(() => [user(3, 'Luka Krajnc'), user(4, 'Ana Novak', { role: 'ROLE_SUPER_ADMIN' })]),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    renderSearch('/admin/search/users', { id: 2, role: 'ROLE_AGGREGATOR' });
    await screen.findByRole('list', { name: 'Users' });
    expect(screen.getByText('Energija OEM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Ana Novak' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Luka Krajnc' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Act as this user', 'Delete user']);
  });

  it('changes a user’s company in a modal (a company is required)', async () => {
    const calls = fakeFetch(
      searchApi(() => [user(3, 'Luka Krajnc')]),
      answer('POST', '/api/users/3/company', 200, { data: { user: {} } }),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    renderSearch();
    await screen.findByRole('list', { name: 'Users' });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Luka Krajnc' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change company' });
    expect(
      within(dialog).getByText('Luka Krajnc now belongs to Elektro Bled.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('New company is required.')).toBeInTheDocument();
    const select = within(dialog).getByRole('textbox', { name: /New company/ });
    await userEvent.click(select);
    const options = await screen.findAllByRole('option');
    // The user's own company is not offered.
    expect(options.map((o) => o.textContent)).toEqual(['Solar Koper']);
    await userEvent.click(options[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => [c.call, c.body])).toEqual([
      ['POST /api/users/3/company', { data: { companyId: 2 } }],
    ]);
  });

  it('deletes a user only after confirming, and shows the server’s refusal to delete oneself', async () => {
    let users = [user(1, 'Ana Admin', { role: 'ROLE_SUPER_ADMIN' }), user(3, 'Luka Krajnc')];
    const calls = fakeFetch(
      searchApi(() => users),
      ({ method, path }) => {
        if (method !== 'DELETE') return undefined;
        if (path === '/api/users/1') {
          return json(422, apiError('RULE_BROKEN', 'org.cannot_delete_self'));
        }
        users = users.filter((u) => u.id !== 3);
        return new Response(null, { status: 204 });
      },
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    renderSearch();
    const list = await screen.findByRole('list', { name: 'Users' });

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Luka Krajnc' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Delete Luka Krajnc (luka@example.com)?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.call.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Ana Admin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot delete your own account here.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Luka Krajnc' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.call.startsWith('DELETE')).map((c) => c.call)).toEqual([
      'DELETE /api/users/1',
      'DELETE /api/users/3',
    ]);
  });

  it('sets a controller’s owner from a search over the users of its company', async () => {
    const calls = fakeFetch(
      searchApi(() => [user(2, 'Ana Novak'), user(3, 'Luka Krajnc')]),
      answer('POST', '/api/controllers/9/owner', 200, { data: { controller: {} } }),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    renderSearch('/admin/search/oem-devices');
    const list = await screen.findByRole('list', { name: 'Controllers' });
    expect(within(list).getByText('Garage')).toBeInTheDocument();
    expect(within(list).getByText('Connected')).toBeInTheDocument();
    expect(within(list).getByText('AB12-CD34-EF56-GH78')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Set the owner of Garage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner of Garage' });
    expect(within(dialog).getByRole('radio', { name: 'No owner' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Find a user' }), 'luk');
    await waitFor(() =>
      expect(within(dialog).queryByRole('radio', { name: /Ana Novak/ })).not.toBeInTheDocument(),
    );
    expect(calls.map((c) => c.call)).toContain(
      'GET /api/search/users?q=luk&companyId=1&page=1&pageSize=10',
    );
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Luka Krajnc (luka@example.com)' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => [c.call, c.body])).toEqual([
      ['POST /api/controllers/9/owner', { data: { userId: 3 } }],
    ]);
  });
});
