import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ControllerSearchItem, LocationSearchItem } from '@ec/contract';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json, testLocation } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { adminUser, companyDetail, group } from '../test-support.ts';
import { CompanyControllers } from './company-controllers.tsx';
import { CompanyLocations } from './company-locations.tsx';
import { CompanyOverview } from './company-overview.tsx';
import { GlobalLocationDetail } from './location-detail.tsx';

const i18n = createTestI18n();
const acme = answer('GET', '/api/companies/1', 200, {
  data: {
    company: companyDetail(1, 'Acme', {
      contactEmail: 'office@acme.example',
      contactPhone: '+38612345678',
      assignedControllersCount: 4,
    }),
  },
});

function locationItem(id: number, name: string): LocationSearchItem {
  return {
    id,
    name,
    company: { id: 1, name: 'Acme' },
    group: { id: 11, name: 'Styria' },
    owner: { id: 2, fullName: 'Ana Novak', email: 'ana@example.com' },
    country: { id: 1, code: 'AT' },
    address: { street: 'Hauptplatz', houseNumber: '1', postCode: '8010', city: 'Graz' },
    controllersCount: 2,
  };
}

const controllerItem: ControllerSearchItem = {
  id: 9,
  alias: null,
  unitId: 'U-1',
  serial: 'AB12-CD34-EF56-GH78',
  setupType: 'GATEWAY',
  connected: false,
  lastSeenAt: null,
  company: { id: 1, name: 'Acme' },
  location: { id: 5, name: 'Graz HQ' },
  owner: null,
  devicesCount: 3,
};

describe('company lists', () => {
  it('lists locations with group, address, owner and controllers, searched and paged on the server', async () => {
    const calls = fakeFetch(acme, ({ method, path, url }) => {
      if (method !== 'GET' || path !== '/api/search/locations') return undefined;
      const page = Number(url.searchParams.get('page'));
      const items = page === 1 ? [locationItem(5, 'Graz HQ')] : [locationItem(6, 'Leoben')];
      return json(200, { data: { items, total: 26, page, pageSize: 25 } });
    });
    renderWithProviders(<CompanyLocations companyId={1} />, { i18n });
    const link = await screen.findByRole('link', { name: 'Graz HQ' });
    expect(link).toHaveAttribute(
      'href',
      '/settings/global/companies/1/location-groups/11/locations/5',
    );
    expect(screen.getByText('Styria · Hauptplatz 1, 8010 Graz')).toBeInTheDocument();
    expect(screen.getByText('Owner: Ana Novak')).toBeInTheDocument();
    expect(screen.getByText('2 controllers')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 26')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Leoben' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'graz');
    await waitFor(() =>
      expect(calls.map((c) => c.call)).toContain(
        'GET /api/search/locations?q=graz&page=1&pageSize=25&companyId=1',
      ),
    );
  });

  it('lists the controllers with setup type, connection, location and owner', async () => {
    fakeFetch(
      acme,
      answer('GET', '/api/search/controllers', 200, {
        data: { items: [controllerItem], total: 1, page: 1, pageSize: 25 },
      }),
    );
    renderWithProviders(<CompanyControllers companyId={1} />, { i18n });
    const link = await screen.findByRole('link', { name: 'AB12-CD34-EF56-GH78' });
    expect(link).toHaveAttribute('href', '/settings/global/companies/1/oem-devices/9');
    const row = link.closest('li') as HTMLElement;
    expect(within(row).getByText('Gateway')).toBeInTheDocument();
    expect(within(row).getByText('Not connected')).toBeInTheDocument();
    expect(within(row).getByText('Graz HQ · No owner')).toBeInTheDocument();
    expect(within(row).getByText('3 devices')).toBeInTheDocument();
  });

  it('says when a company has no controllers', async () => {
    fakeFetch(
      acme,
      answer('GET', '/api/search/controllers', 200, {
        data: { items: [], total: 0, page: 1, pageSize: 25 },
      }),
    );
    renderWithProviders(<CompanyControllers companyId={1} />, { i18n });
    expect(await screen.findByText('This company has no controllers yet.')).toBeInTheDocument();
  });

  it('says "not found" instead of the list for an unknown company or none in the path', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/companies/1', 404, apiError('NOT_FOUND', 'errors.NOT_FOUND')),
      answer('GET', '/api/search/locations', 200, {
        data: { items: [locationItem(5, 'Graz HQ')], total: 1, page: 1, pageSize: 25 },
      }),
    );
    const first = renderWithProviders(<CompanyLocations companyId={1} />, { i18n });
    expect(
      await screen.findByText('This does not exist, or you have no access to it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Graz HQ' })).toBeNull();
    first.unmount();
    const before = calls.length;
    renderWithProviders(<CompanyControllers companyId={null} />, { i18n });
    expect(
      await screen.findByText('This does not exist, or you have no access to it.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(before);
  });

  it('offers Try again when the company cannot be loaded', async () => {
    let companyCalls = 0;
    fakeFetch(({ method, path }) => {
      if (method !== 'GET' || path !== '/api/companies/1') return undefined;
      companyCalls += 1;
      return json(500, apiError('INTERNAL', 'errors.INTERNAL'));
    });
    renderWithProviders(<CompanyControllers companyId={1} />, { i18n });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(companyCalls).toBe(2));
  });

  it('shows the overview with contact data, counts and links', async () => {
    fakeFetch(
      acme,
      answer('GET', '/api/countries', 200, {
        data: { countries: [{ id: 1, code: 'SI', name: 'Slovenia', visible: true }] },
      }),
      answer('GET', '/api/companies/1/location-groups', 200, {
        data: {
          groups: [
            group(10, 'Acme', null, { locationsCount: 2 }),
            group(11, 'Styria', 10, { locationsCount: 3 }),
          ],
        },
      }),
      answer('GET', '/api/companies/1/users', 200, {
        data: { items: [adminUser(2, 'Ana Novak')], total: 7, page: 1, pageSize: 1 },
      }),
      answer('GET', '/api/companies/1/email-settings', 200, {
        data: {
          settings: {
            senderName: null,
            senderEmail: null,
            domain: null,
            dkimSelector: 'ec1',
            records: [],
            checkedAt: null,
          },
        },
      }),
    );
    renderWithProviders(<CompanyOverview companyId={1} />, { i18n });
    expect(await screen.findByRole('heading', { name: 'Acme', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'office@acme.example' })).toHaveAttribute(
      'href',
      'mailto:office@acme.example',
    );
    // The stored E.164 number in international format (issue 10).
    expect(screen.getByRole('link', { name: '+386 1 234 56 78' })).toHaveAttribute(
      'href',
      'tel:+38612345678',
    );
    expect(
      await within(screen.getByRole('region', { name: 'Contact' })).findByText('Slovenia'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Locations in 2 groups')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage users' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/users',
    );
    expect(screen.getByRole('region', { name: 'Company settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'E-mail settings' })).toBeInTheDocument();
  });

  it('says a count is not available when it cannot be loaded', async () => {
    fakeFetch(
      acme,
      answer('GET', '/api/companies/1/location-groups', 200, {
        data: { groups: [group(10, 'Acme', null, { locationsCount: 2 })] },
      }),
      answer('GET', '/api/companies/1/users', 500, apiError('INTERNAL', 'errors.INTERNAL')),
    );
    renderWithProviders(<CompanyOverview companyId={1} />, { i18n });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
  });

  it('shows a location with its controllers and a link to its users', async () => {
    const location = testLocation({
      id: 5,
      name: 'Graz HQ',
      groupId: 11,
      country: { id: 1, code: 'AT' },
      spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
      timezone: 'Europe/Vienna',
      coordinates: { latitude: 47.07, longitude: 15.44 },
      ownerId: null,
      address: { street: 'Hauptplatz', houseNumber: '1', postCode: '8010', city: 'Graz' },
    });
    fakeFetch(
      answer('GET', '/api/locations/5', 200, { data: { location } }),
      answer('GET', '/api/companies/1/location-groups', 200, {
        data: { groups: [group(11, 'Styria', null)] },
      }),
      answer('GET', '/api/locations/5/controllers', 200, {
        data: {
          controllers: [
            {
              id: 9,
              alias: 'Boiler room',
              unitId: 'U',
              serial: 'AB12-CD34-EF56-GH78',
              setupType: 'CONTROLLER',
              versions: {},
              addresses: {},
              connected: true,
              lastSeenAt: null,
              ownerId: null,
              devicesCount: 0,
            },
          ],
        },
      }),
    );
    renderWithProviders(<GlobalLocationDetail companyId={1} locationId={5} />, { i18n });
    expect(await screen.findByRole('heading', { name: 'Graz HQ' })).toBeInTheDocument();
    expect(screen.getByText('47.070000, 15.440000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/location-groups/11/locations/5/users',
    );
    expect(await screen.findByRole('link', { name: 'Boiler room' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/oem-devices/9',
    );
    expect(await screen.findByRole('link', { name: 'Styria' })).toBeInTheDocument();
  });

  it('does not show another company’s location', async () => {
    fakeFetch(
      answer('GET', '/api/locations/5', 200, { data: { location: { id: 5, companyId: 3 } } }),
      answer('GET', '/api/companies/1/location-groups', 200, { data: { groups: [] } }),
    );
    renderWithProviders(<GlobalLocationDetail companyId={1} locationId={5} />, { i18n });
    expect(
      await screen.findByText('This does not exist, or you have no access to it.'),
    ).toBeInTheDocument();
  });
});
