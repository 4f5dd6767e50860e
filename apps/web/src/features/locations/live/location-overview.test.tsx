import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LocationLive } from '@ec/contract';
import {
  installFakeEventSource,
  setVisibility,
  testLocationLive,
} from '../../../entities/live/test-support.ts';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testI18n } from '../test-render.tsx';
import { testLocation } from '../test-data.ts';
import { LocationOverview } from './location-overview.tsx';

const structure = {
  deviceGroups: [
    {
      id: 5,
      name: 'Roof',
      devices: [
        {
          id: 102,
          name: 'Solar east',
          category: 'SOLAR_POWER_PLANT',
          status: 'OK',
          deviceGroupId: 5,
          controllerId: 9,
        },
      ],
    },
  ],
  ungrouped: [
    {
      id: 100,
      name: 'Main meter',
      category: 'GRID',
      status: 'OK',
      deviceGroupId: null,
      controllerId: 9,
    },
    {
      id: 103,
      name: 'Home battery',
      category: 'BATTERY',
      status: 'OK',
      deviceGroupId: null,
      controllerId: 9,
    },
  ],
};

const eur = (minor: number) => ({ currency: 'EUR', minor });
const costsTotal = {
  start: '2026-11-24T23:00:00.000Z',
  end: '2026-11-25T15:00:00.000Z',
  importWh: 4200,
  exportWh: 0,
  supplierEnergy: eur(84),
  supplierFee: eur(0),
  distributorEnergy: eur(13),
  distributorPower: eur(0),
  revenue: eur(0),
  total: eur(97),
  blocks: [],
  intervals: 60,
  incomplete: 0,
};
const costs = {
  locationId: 12,
  timeZone: 'Europe/Ljubljana',
  currency: 'EUR',
  resolution: 'total',
  buckets: [costsTotal],
  total: costsTotal,
  uncovered: 0,
  missingSpot: 0,
  missingBlock: 0,
};

function setup(live: LocationLive | null, { edit = true } = {}) {
  const calls = fakeFetch(
    answer('GET', '/api/locations/12', 200, {
      data: { location: testLocation({ permissions: { view: true, edit, manage: edit } }) },
    }),
    live
      ? answer('GET', '/api/locations/12/live', 200, { data: live })
      : answer('GET', '/api/locations/12/live', 500, apiError('INTERNAL', 'errors.INTERNAL')),
    answer('GET', '/api/locations/12/structure', 200, { data: structure }),
    answer('GET', '/api/locations/12/costs', 200, { data: costs }),
  );
  const view = renderWithProviders(<LocationOverview locationId={12} />, {
    i18n: testI18n,
    path: '/locations/12',
  });
  return { ...view, calls };
}

describe('LocationOverview', () => {
  let Source: ReturnType<typeof installFakeEventSource>;
  beforeEach(() => {
    Source = installFakeEventSource();
    setVisibility('visible');
  });

  it('shows the flow, today’s totals and the devices with their latest values, and follows the stream', async () => {
    setup(testLocationLive());
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Energy flow' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();

    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('From the grid').nextSibling).toHaveTextContent('4.2 kWh');
    expect(within(today).getByText('Self-sufficiency').nextSibling).toHaveTextContent('70 %');
    // Today's cost of the location's day, beside its energy.
    expect(await within(today).findByText('€0.97')).toBeInTheDocument();

    const devices = screen.getByRole('region', { name: 'Devices' });
    const battery = within(devices).getByText('Home battery').closest('li') as HTMLElement;
    expect(within(battery).getByText('State of charge').nextSibling).toHaveTextContent('64 %');
    expect(within(battery).getByText('Temperature').nextSibling).toHaveTextContent('21.5 °C');
    // A grouped device links to its group page; an ungrouped one to its controller's (the user may edit).
    expect(within(devices).getByRole('link', { name: 'Solar east' })).toHaveAttribute(
      'href',
      '/locations/12/device-groups/5/devices/102',
    );
    await waitFor(() =>
      expect(within(devices).getByRole('link', { name: 'Main meter' })).toHaveAttribute(
        'href',
        '/locations/12/manage/oem-devices/9/devices/100',
      ),
    );
    const meter = within(devices).getByText('Main meter').closest('li') as HTMLElement;
    expect(within(meter).getByText('Energy in').nextSibling).toHaveTextContent('5.43 MWh');
    expect(within(meter).getByText('Connected')).toBeInTheDocument();

    // The stream's event replaces the values.
    const next = testLocationLive();
    next.flows.current.gridW = -2500;
    act(() => Source.latest()?.emit('live', next));
    await screen.findByText('Grid: exporting 2.5 kW');
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('says "Reconnecting…" after a stream error and "Paused" while the tab is hidden', async () => {
    setup(testLocationLive());
    await screen.findByRole('img', { name: 'Energy flow' });
    await waitFor(() => expect(Source.latest()).toBeDefined());
    act(() => Source.latest()?.fail());
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    act(() => setVisibility('hidden'));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(Source.latest()).toBeUndefined();
    act(() => setVisibility('visible'));
    act(() => Source.latest()?.emit('live', testLocationLive()));
    expect(await screen.findByText('Live')).toBeInTheDocument();
  });

  it('says a controller is offline with when it was last seen, greys the values and stops the flow', async () => {
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString();
    const live = testLocationLive();
    live.controllers = live.controllers.map((c) => ({
      ...c,
      connected: false,
      lastSeenAt: threeHoursAgo,
    }));
    const { container } = setup(live);
    const notice = await screen.findByTestId('offline-notice');
    expect(notice).toHaveTextContent('Garage controller: offline — last seen 3 hours ago');
    expect(screen.getByText('Offline')).toBeInTheDocument();
    const figure = container.querySelector('figure');
    expect(figure).toHaveAttribute('data-moving', 'false');
    expect(figure).toHaveAttribute('data-stale', 'true');
    expect(container.querySelectorAll('[data-dot]')).toHaveLength(0);
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(within(devices).getAllByText('Not connected').length).toBe(3);
  });

  it('explains a location without a controller and links to the OEM devices for editors', async () => {
    setup(testLocationLive({ controllers: [], devices: [] }));
    const state = await screen.findByTestId('no-controller');
    expect(state).toHaveTextContent('No controller yet');
    expect(await within(state).findByRole('link', { name: 'Manage OEM devices' })).toHaveAttribute(
      'href',
      '/locations/12/manage/oem-devices',
    );
    expect(screen.queryByRole('img', { name: 'Energy flow' })).toBeNull();
  });

  it('offers no management link to a viewer of a location without a controller', async () => {
    setup(testLocationLive({ controllers: [], devices: [] }), { edit: false });
    const state = await screen.findByTestId('no-controller');
    await waitFor(() => expect(state).toHaveTextContent('once a controller is connected'));
    expect(within(state).queryByRole('link')).toBeNull();
  });

  it('shows a failure with Try again, which loads again', async () => {
    const { calls } = setup(null);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(retry);
    await waitFor(() =>
      expect(calls.filter((c) => c.call === 'GET /api/locations/12/live')).toHaveLength(2),
    );
  });
});
