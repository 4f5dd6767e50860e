import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Controller } from '@ec/contract';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json, testLocation } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { adminUser } from '../test-support.ts';
import { GlobalControllerDetail } from './controller-detail.tsx';

const i18n = createTestI18n();

const controller: Controller = {
  id: 9,
  alias: 'Garage',
  unitId: 'U-100',
  serial: 'AB12-CD34-EF56-GH78',
  setupType: 'P1_WIFI',
  versions: { firmware: '2.1.0' },
  addresses: {},
  connected: true,
  lastSeenAt: null,
  ownerId: 2,
  devicesCount: 1,
  companyId: 1,
  locationId: 5,
  devices: [
    {
      id: 11,
      name: 'Roof PV',
      category: 'SOLAR_POWER_PLANT',
      status: 'OK',
      deviceGroupId: null,
      controllerId: 9,
      deletedAt: null,
    },
  ],
  permissions: { view: true, edit: true, manage: true },
};

function api(owner: { current: number | null }) {
  return fakeFetch(
    ({ method, path, body }) => {
      if (path !== '/api/controllers/9' && path !== '/api/controllers/9/owner') return undefined;
      if (method === 'POST')
        owner.current = (body as { data: { userId: number | null } }).data.userId;
      return json(200, { data: { controller: { ...controller, ownerId: owner.current } } });
    },
    answer('GET', '/api/users/2', 200, {
      data: { user: { ...adminUser(2, 'Ana Novak'), locations: [], locationGroups: [] } },
    }),
    answer('GET', '/api/users/3', 200, {
      data: { user: { ...adminUser(3, 'Luka Krajnc'), locations: [], locationGroups: [] } },
    }),
    answer('GET', '/api/companies/1/users', 200, {
      data: {
        items: [adminUser(2, 'Ana Novak'), adminUser(3, 'Luka Krajnc')],
        total: 2,
        page: 1,
        pageSize: 50,
      },
    }),
    answer('GET', '/api/locations/5', 200, {
      data: {
        location: testLocation({ id: 5, groupId: 10, ownerId: null }),
      },
    }),
  );
}

describe('controller in global settings', () => {
  it('shows the controller with its location, devices and owner, and changes the owner', async () => {
    const owner = { current: 2 as number | null };
    const calls = api(owner);
    renderWithProviders(<GlobalControllerDetail companyId={1} controllerId={9} />, { i18n });
    expect(await screen.findByRole('heading', { name: 'Garage' })).toBeInTheDocument();
    expect(screen.getByText('P1 WiFi')).toBeInTheDocument();
    expect(screen.getByText('firmware: 2.1.0')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hiša Bled' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/location-groups/10/locations/5',
    );
    expect(screen.getByText('Roof PV')).toBeInTheDocument();
    const ownerSection = screen.getByRole('region', { name: 'Owner' });
    expect(await within(ownerSection).findByText(/Ana Novak/)).toBeInTheDocument();

    await userEvent.click(within(ownerSection).getByRole('button', { name: 'Change owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Owner of Garage' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Owner' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Luka Krajnc (luka@example.com)' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/controllers/9/owner')?.body).toEqual({
        data: { userId: 3 },
      }),
    );
    expect(await within(ownerSection).findByText(/Luka Krajnc/)).toBeInTheDocument();
  });

  it('does not show another company’s controller under this company', async () => {
    api({ current: 2 });
    renderWithProviders(<GlobalControllerDetail companyId={2} controllerId={9} />, { i18n });
    expect(
      await screen.findByText(
        'This controller does not exist in this company, or you have no access to it.',
      ),
    ).toBeInTheDocument();
  });
});
