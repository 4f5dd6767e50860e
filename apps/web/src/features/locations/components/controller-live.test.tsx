import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoveredDevice } from '@ec/contract';
import {
  installFakeEventSource,
  setVisibility,
  testLocationLive,
} from '../../../entities/live/test-support.ts';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { testController, testDevice } from '../test-data.ts';
import { renderManagePage } from '../test-render.tsx';
import { ControllerDetail } from './controller-detail.tsx';
import { DeviceLatestValues } from './controller-live.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const discovered: DiscoveredDevice = {
  controllerId: 9,
  ref: 'bat2',
  firstSeenAt: '2026-11-25T08:00:00.000Z',
  lastSeenAt: '2026-11-25T11:59:00.000Z',
  values: { power_w: 350, soc_pct: 40 },
};

function setup(edit = true, ...extra: FakeRoute[]) {
  const calls = fakeFetch(
    ...extra,
    answer('GET', '/api/controllers/9', 200, {
      data: {
        controller: testController({ permissions: { view: true, edit, manage: edit } }),
      },
    }),
    answer('GET', '/api/locations/12/live', 200, { data: testLocationLive() }),
    answer('GET', '/api/controllers/9/discovered-devices', 200, {
      data: { devices: [discovered] },
    }),
    answer('GET', '/api/locations/12/structure', 200, {
      data: { deviceGroups: [{ id: 5, name: 'Roof', devices: [] }], ungrouped: [] },
    }),
  );
  renderManagePage(<ControllerDetail controllerId={9} />, {
    path: '/locations/12/manage/oem-devices/9',
  });
  return calls;
}

describe('ControllerDetail, live parts', () => {
  it('shows presence (connected, firmware, connection type) and its devices’ latest values', async () => {
    const Source = installFakeEventSource();
    setVisibility('visible');
    setup();
    const presence = await screen.findByRole('region', { name: 'Connection' });
    await waitFor(() => expect(presence).toHaveTextContent('Connection typeWi-Fi'));
    expect(presence).toHaveTextContent('ConnectedYes');
    expect(presence).toHaveTextContent('Firmware2.4.1');
    const latest = screen.getByRole('region', { name: 'Latest values' });
    const meter = within(latest).getByText('Main meter').closest('li') as HTMLElement;
    expect(within(meter).getByText('Power').nextSibling).toHaveTextContent('1.2 kW');

    // The location's stream keeps them current while the page is open.
    const next = testLocationLive();
    next.devices = next.devices.map((d) =>
      d.id === 100 ? { ...d, values: { ...d.values, power_w: 2600 } } : d,
    );
    await waitFor(() => expect(Source.latest()?.url).toBe('/api/locations/12/live/stream'));
    act(() => Source.latest()?.emit('live', next));
    await waitFor(() =>
      expect(within(meter).getByText('Power').nextSibling).toHaveTextContent('2.6 kW'),
    );
  });

  it('adopts a discovered device: name from its reference, category and group, server errors by field', async () => {
    let attempts = 0;
    const calls = setup(true, (request) => {
      if (request.method !== 'POST' || !request.path.endsWith('/adopt')) return undefined;
      attempts += 1;
      return attempts === 1
        ? new Response(
            JSON.stringify(
              apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
                fields: { 'data.name': 'validation.too_long' },
              }),
            ),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          )
        : new Response(
            JSON.stringify({ data: { device: testDevice({ name: 'Garage battery' }) } }),
            {
              status: 201,
              headers: { 'Content-Type': 'application/json' },
            },
          );
    });
    const list = await screen.findByRole('list', { name: 'Discovered devices' });
    await userEvent.click(within(list).getByRole('button', { name: 'Adopt bat2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adopt device bat2' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('bat2');
    // A state of charge suggests a battery.
    expect(within(dialog).getByRole('textbox', { name: 'Category' })).toHaveValue('Battery');

    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adopt' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('POST'))).toHaveLength(0);

    await userEvent.type(name, 'Garage battery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adopt' }));
    expect(
      await within(dialog).findByText('Name must be at most 100 characters.'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Adopt' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'Device Garage battery added.',
      }),
    );
    expect(calls.filter((c) => c.call.startsWith('POST')).at(-1)).toEqual({
      call: 'POST /api/controllers/9/discovered-devices/adopt',
      body: {
        data: { ref: 'bat2', name: 'Garage battery', category: 'BATTERY', deviceGroupId: null },
      },
    });
    // The discovered list is fetched again.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.call === 'GET /api/controllers/9/discovered-devices'),
      ).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('dismisses a discovered device after asking', async () => {
    const calls = setup(
      true,
      answer('POST', '/api/controllers/9/discovered-devices/dismiss', 200, { data: {} }),
    );
    const list = await screen.findByRole('list', { name: 'Discovered devices' });
    await userEvent.click(within(list).getByRole('button', { name: 'Dismiss bat2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the discovered device?' });
    expect(dialog).toHaveTextContent('bat2 is removed from this list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([
        {
          call: 'POST /api/controllers/9/discovered-devices/dismiss',
          body: { data: { ref: 'bat2' } },
        },
      ]),
    );
  });

  it('issues a new MQTT secret after a warning and shows it once', async () => {
    const calls = setup(
      true,
      answer('POST', '/api/controllers/9/secret', 200, {
        data: { unitId: 'UNIT-0009', secret: 's3cr3t-once' },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'New MQTT secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Issue a new MQTT secret?' });
    expect(confirm).toHaveTextContent('stops working at once');
    expect(calls.filter((c) => c.call.startsWith('POST'))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Issue new secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New MQTT secret' });
    expect(within(shown).getByTestId('controller-secret')).toHaveTextContent('s3cr3t-once');
    expect(shown).toHaveTextContent('UNIT-0009');
    expect(shown).toHaveTextContent('shown only once');
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('s3cr3t-once')).toBeNull());
    expect(calls.filter((c) => c.call.startsWith('POST'))).toHaveLength(1);
  });

  it('offers neither Adopt, Dismiss nor a new secret without edit rights', async () => {
    setup(false);
    const list = await screen.findByRole('list', { name: 'Discovered devices' });
    expect(within(list).getByText('bat2')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New MQTT secret' })).toBeNull();
  });
});

describe('DeviceLatestValues', () => {
  it('shows a device’s latest values with when they were read', async () => {
    fakeFetch(answer('GET', '/api/locations/12/live', 200, { data: testLocationLive() }));
    renderManagePage(<DeviceLatestValues locationId={12} deviceId={103} />);
    const section = await screen.findByRole('region', { name: 'Latest values' });
    await waitFor(() => expect(section).toHaveTextContent('State of charge64 %'));
    expect(section).toHaveTextContent('Updated');
  });

  it('says when the device has sent nothing yet', async () => {
    fakeFetch(answer('GET', '/api/locations/12/live', 200, { data: testLocationLive() }));
    renderManagePage(<DeviceLatestValues locationId={12} deviceId={999} />);
    expect(await screen.findByText('No values yet')).toBeInTheDocument();
  });
});
