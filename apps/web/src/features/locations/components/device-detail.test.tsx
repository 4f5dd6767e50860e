import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Device } from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { testDevice, testStructure } from '../test-data.ts';
import { testI18n } from '../test-render.tsx';
import { DeviceDetail } from './device-detail.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const structure = answer('GET', '/api/locations/12/structure', 200, { data: testStructure() });

function deviceRoute(state: { device: Device }): FakeRoute {
  return ({ method, path }) =>
    method === 'GET' && path === '/api/devices/102'
      ? json(200, { data: { device: state.device } })
      : undefined;
}

function renderDevice(path = '/locations/12/device-groups/5/devices/102') {
  return renderWithProviders(<DeviceDetail locationId={12} base="/locations/12" deviceId={102} />, {
    i18n: testI18n,
    path,
  });
}

describe('DeviceDetail', () => {
  it('shows name, category, group, status and controller', async () => {
    fakeFetch(deviceRoute({ device: testDevice() }), structure);
    renderDevice();
    expect(await screen.findByRole('heading', { name: 'Solar east' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Details' });
    expect(facts).toHaveTextContent('CategorySolar power plant');
    await waitFor(() => expect(facts).toHaveTextContent('Device groupRoof'));
    expect(facts).toHaveTextContent('StatusWarning');
    expect(facts).toHaveTextContent('ManufacturerFronius');
    expect(within(facts).getByRole('link', { name: 'Basement box' })).toHaveAttribute(
      'href',
      '/locations/12/manage/oem-devices/9',
    );
  });

  it('saves name, category and group; a new group moves the page to its path', async () => {
    const state = { device: testDevice() };
    const calls = fakeFetch(deviceRoute(state), structure, ({ method, path, body }) => {
      if (method !== 'PUT' || path !== '/api/devices/102') return undefined;
      const { data } = body as {
        data: { name: string; category: Device['category']; deviceGroupId: number | null };
      };
      state.device = { ...state.device, ...data };
      return json(200, { data: { device: state.device } });
    });
    const { router } = renderDevice();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Solar west');
    await userEvent.click(screen.getByRole('textbox', { name: /Category/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hybrid inverter' }));
    await userEvent.click(screen.getByRole('textbox', { name: /^Device group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Garage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({ color: 'green', message: 'The device was saved.' }),
    );
    expect(calls.filter((c) => c.call.startsWith('PUT'))).toEqual([
      {
        call: 'PUT /api/devices/102',
        body: { data: { name: 'Solar west', category: 'HYBRID_INVERTER', deviceGroupId: 4 } },
      },
    ]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/locations/12/device-groups/4/devices/102'),
    );
  });

  it('deletes after confirmation and restores a deleted device', async () => {
    const state = { device: testDevice() };
    const calls = fakeFetch(deviceRoute(state), structure, ({ method, path }) => {
      if (method === 'DELETE' && path === '/api/devices/102') {
        state.device = { ...state.device, deletedAt: '2026-11-21T08:00:00.000Z' };
        return new Response(null, { status: 204 });
      }
      if (method === 'POST' && path === '/api/devices/102/restore') {
        state.device = { ...state.device, deletedAt: null };
        return json(200, { data: { device: state.device } });
      }
      return undefined;
    });
    renderDevice('/locations/12/manage/oem-devices/9/devices/102');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete device' }));
    expect(
      await screen.findByText(
        "This device is deleted. It no longer appears in the location's structure.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete device' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith({ color: 'green', message: 'Solar east was deleted.' });

    await userEvent.click(screen.getByRole('button', { name: 'Restore device' }));
    expect(await screen.findByRole('button', { name: 'Delete device' })).toBeInTheDocument();
    expect(calls.filter((c) => !c.call.startsWith('GET')).map((c) => c.call)).toEqual([
      'DELETE /api/devices/102',
      'POST /api/devices/102/restore',
    ]);
  });

  it('is read-only without edit rights', async () => {
    fakeFetch(
      deviceRoute({
        device: testDevice({ permissions: { view: true, edit: false, manage: false } }),
      }),
      structure,
    );
    renderDevice();
    await screen.findByRole('heading', { name: 'Solar east' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("is not found for another location's device and for a 404", async () => {
    fakeFetch(
      deviceRoute({
        device: testDevice({ location: { id: 99, name: 'Elsewhere', companyId: 2 } }),
      }),
      structure,
    );
    renderDevice();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device does not exist at this location',
    );

    fakeFetch(answer('GET', '/api/devices/102', 404, apiError('NOT_FOUND', 'errors.NOT_FOUND')));
    renderDevice();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
  });
});
