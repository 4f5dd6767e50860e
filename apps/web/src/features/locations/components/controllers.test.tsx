import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { testController, testControllerSummary } from '../test-data.ts';
import { renderManagePage } from '../test-render.tsx';
import { ControllerDetail } from './controller-detail.tsx';
import { ControllersList } from './controllers-list.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

describe('ControllersList', () => {
  it('shows each controller with alias, serial, unit id, connection and versions, linked to its page', async () => {
    fakeFetch(
      answer('GET', '/api/locations/12/controllers', 200, {
        data: {
          controllers: [
            testControllerSummary(),
            testControllerSummary({
              id: 10,
              alias: null,
              serial: 'ZZ00-ZZ00-ZZ00-ZZ01',
              connected: false,
              versions: {},
              lastSeenAt: null,
              setupType: 'P1_WIFI',
            }),
          ],
        },
      }),
    );
    renderManagePage(<ControllersList />, { path: '/locations/12/manage/oem-devices' });
    const first = (await screen.findByRole('link', { name: 'Basement box' })).closest('li');
    expect(screen.getByRole('link', { name: 'Basement box' })).toHaveAttribute(
      'href',
      '/locations/12/manage/oem-devices/9',
    );
    expect(first).toHaveTextContent('Serial numberAB12-CD34-EF56-GH78');
    expect(first).toHaveTextContent('Unit IDUNIT-0009');
    expect(first).toHaveTextContent('Connected');
    expect(first).toHaveTextContent('Versionsfirmware 2.4.1 · hardware rev C');
    const second = screen.getByRole('link', { name: 'ZZ00-ZZ00-ZZ00-ZZ01' }).closest('li');
    expect(second).toHaveTextContent('AliasNo alias');
    expect(second).toHaveTextContent('Not connected');
    expect(second).toHaveTextContent('Set up asP1 WiFi');
    expect(second).toHaveTextContent('Last seenNever');
    expect(screen.getByText('2 controllers')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    fakeFetch(answer('GET', '/api/locations/12/controllers', 200, { data: { controllers: [] } }));
    renderManagePage(<ControllersList />);
    expect(await screen.findByText('No controllers at this location yet.')).toBeInTheDocument();
  });
});

describe('ControllerDetail', () => {
  it('shows the details, versions, addresses and devices (deleted marked), and saves the alias', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/controllers/9', 200, { data: { controller: testController() } }),
      answer('PUT', '/api/controllers/9', 200, {
        data: { controller: testController({ alias: null }) },
      }),
    );
    renderManagePage(<ControllerDetail controllerId={9} />, {
      path: '/locations/12/manage/oem-devices/9',
    });
    expect(await screen.findByRole('heading', { name: 'Basement box' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('Unit IDUNIT-0009');
    expect(screen.getByRole('region', { name: 'Versions' })).toHaveTextContent('firmware2.4.1');
    expect(screen.getByRole('region', { name: 'Versions' })).toHaveTextContent('ip10.0.0.12');
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(within(devices).getByRole('link', { name: 'Home battery' })).toHaveAttribute(
      'href',
      '/locations/12/manage/oem-devices/9/devices/103',
    );
    expect(
      within(devices).getByRole('link', { name: 'Old meter' }).closest('li'),
    ).toHaveTextContent('Deleted');

    const alias = screen.getByRole('textbox', { name: 'Alias' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(alias);
    await userEvent.click(save);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({ color: 'green', message: 'The alias was saved.' }),
    );
    expect(calls.filter((c) => c.call.startsWith('PUT'))).toEqual([
      { call: 'PUT /api/controllers/9', body: { data: { alias: null } } },
    ]);
    expect(await screen.findByRole('heading', { name: 'AB12-CD34-EF56-GH78' })).toBeInTheDocument();
  });

  it('offers no alias form without edit rights', async () => {
    fakeFetch(
      answer('GET', '/api/controllers/9', 200, {
        data: {
          controller: testController({ permissions: { view: true, edit: false, manage: false } }),
        },
      }),
    );
    renderManagePage(<ControllerDetail controllerId={9} />);
    await screen.findByRole('heading', { name: 'Basement box' });
    expect(screen.queryByRole('textbox', { name: 'Alias' })).not.toBeInTheDocument();
  });

  it("is not found for another location's controller and for a 404", async () => {
    fakeFetch(
      answer('GET', '/api/controllers/9', 200, {
        data: { controller: testController({ locationId: 99 }) },
      }),
      answer('GET', '/api/controllers/8', 404, apiError('NOT_FOUND', 'errors.NOT_FOUND')),
    );
    renderManagePage(<ControllerDetail controllerId={9} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This controller does not exist at this location',
    );
    expect(screen.queryByText('Basement box')).not.toBeInTheDocument();
  });
});
