import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IntegratedDevice } from '@ec/contract';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { IntegratedDevices } from './integrated-devices.tsx';

const i18n = createTestI18n();

const devices: IntegratedDevice[] = [
  {
    id: 1,
    name: 'Roof PV',
    category: 'SOLAR_POWER_PLANT',
    status: 'OK',
    location: { id: 5, name: 'Hiša Bled' },
    controller: { id: 9, alias: 'Garage', serial: 'AB12-CD34-EF56-GH78' },
  },
  {
    id: 2,
    name: 'Wallbox',
    category: 'EV_CHARGER',
    status: 'OFFLINE',
    location: { id: 6, name: 'Office Koper' },
    controller: null,
  },
];
const companies = [
  {
    id: 3,
    name: 'Elektro Bled',
    countryId: 1,
    contactEmail: null,
    contactPhone: null,
    rootGroup: { id: 30 },
    assignedControllersCount: 1,
  },
];

/** The device list endpoint, filtering like the server (text on names, category, status; pages of 25). */
function devicesApi(all: IntegratedDevice[]) {
  return ({ method, path, url }: { method: string; path: string; url: URL }) => {
    if (method !== 'GET' || path !== '/api/companies/3/integrated-devices') return undefined;
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const category = url.searchParams.get('category');
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page') ?? 1);
    const found = all.filter(
      (d) =>
        (!q || `${d.name} ${d.location.name}`.toLowerCase().includes(q)) &&
        (!category || d.category === category) &&
        (!status || d.status === status),
    );
    return json(200, {
      data: {
        items: found.slice((page - 1) * 25, page * 25),
        total: found.length,
        page,
        pageSize: 25,
      },
    });
  };
}

function renderList(path = '/companies/3/integrated-devices') {
  return renderWithProviders(<IntegratedDevices companyId={3} title="Integrated devices" />, {
    i18n,
    path,
  });
}

const rows = () => screen.getAllByRole('row').slice(1);
const where = (router: ReturnType<typeof renderList>['router']) => router.state.location.search;

describe('IntegratedDevices', () => {
  it('lists the devices with category, location link, controller and status', async () => {
    fakeFetch(devicesApi(devices), answer('GET', '/api/companies', 200, { data: { companies } }));
    renderList();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Elektro Bled')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [pv, wallbox] = rows() as [HTMLElement, HTMLElement];
    expect(
      within(pv)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Roof PV', 'Solar power plant', 'Hiša Bled', 'Garage', 'OK']);
    expect(pv.querySelector('[data-category="SOLAR_POWER_PLANT"]')).not.toBeNull();
    expect(within(pv).getByRole('link', { name: 'Hiša Bled' })).toHaveAttribute(
      'href',
      '/locations/5',
    );
    expect(within(wallbox).getByText('No controller')).toBeInTheDocument();
    expect(within(wallbox).getByText('Offline')).toBeInTheDocument();
  });

  it('filters by text, category and status through the URL, and clears the filters', async () => {
    const calls = fakeFetch(
      devicesApi(devices),
      answer('GET', '/api/companies', 200, { data: { companies } }),
    );
    const { router } = renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'koper');
    await waitFor(() => expect(where(router)).toBe('?q=koper'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Wallbox')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'OK' }));
    await waitFor(() => expect(where(router)).toBe('?q=koper&status=OK'));
    expect(await screen.findByText('No device matches these filters.')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toContain(
      'GET /api/companies/3/integrated-devices?q=koper&status=OK&page=1&pageSize=25',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where(router)).toBe(''));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('');

    await userEvent.click(screen.getByRole('textbox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'EV charger' }));
    await waitFor(() => expect(where(router)).toBe('?category=EV_CHARGER'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('starts from the filters in the URL and pages', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...(devices[0] as IntegratedDevice),
      id: 100 + i,
      name: `Panel ${String(i).padStart(2, '0')}`,
    }));
    fakeFetch(devicesApi(many), answer('GET', '/api/companies', 200, { data: { companies } }));
    const { router } = renderList('/companies/3/integrated-devices?category=SOLAR_POWER_PLANT');
    expect(await screen.findByText('1–25 of 30')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Category' })).toHaveValue('Solar power plant');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    expect(where(router)).toBe('?category=SOLAR_POWER_PLANT&page=2');
  });

  it('says when the company has no devices', async () => {
    fakeFetch(devicesApi([]), answer('GET', '/api/companies', 200, { data: { companies } }));
    renderList();
    expect(await screen.findByText('This company has no devices yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says when loading failed (Try again) and when the company is not visible', async () => {
    let status = 500;
    fakeFetch(
      ({ path }) =>
        path === '/api/companies/3/integrated-devices'
          ? status === 200
            ? json(200, { data: { items: devices, total: 2, page: 1, pageSize: 25 } })
            : json(
                status,
                apiError(
                  status === 404 ? 'NOT_FOUND' : 'INTERNAL',
                  `errors.${status === 404 ? 'NOT_FOUND' : 'INTERNAL'}`,
                ),
              )
          : undefined,
      answer('GET', '/api/companies', 200, { data: { companies: [] } }),
    );
    const first = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The devices could not be loaded.');
    status = 200;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    first.unmount();

    status = 404;
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This company does not exist or is not visible to you.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
