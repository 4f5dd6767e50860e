import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LocationStructure } from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { homeBattery, solarEast, testStructure, wallbox } from '../test-data.ts';
import { renderManagePage } from '../test-render.tsx';
import { StructureEditor } from './structure-editor.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

function structureRoute(state: { structure: LocationStructure }): FakeRoute {
  return ({ method, path }) =>
    method === 'GET' && path === '/api/locations/12/structure'
      ? json(200, { data: state.structure })
      : undefined;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('StructureEditor', () => {
  it('shows the groups with their devices (linked to their pages) and the devices in no group', async () => {
    fakeFetch(structureRoute({ structure: testStructure() }));
    renderManagePage(<StructureEditor />);
    expect(await screen.findByRole('link', { name: 'Wallbox' })).toHaveAttribute(
      'href',
      '/locations/12/device-groups/4/devices/101',
    );
    expect(within(section('Roof')).getByText('Solar power plant')).toBeInTheDocument();
    expect(within(section('Roof')).getByText('Warning')).toBeInTheDocument();
    expect(
      within(section('Devices in no group')).getByRole('link', { name: 'Home battery' }),
    ).toHaveAttribute('href', '/locations/12/manage/oem-devices/9/devices/103');
    expect(screen.getByRole('link', { name: 'Garage' })).toHaveAttribute(
      'href',
      '/locations/12/device-groups/4',
    );
  });

  it('creates a device group', async () => {
    const state = { structure: testStructure() };
    const calls = fakeFetch(structureRoute(state), ({ method, path }) => {
      if (method !== 'POST' || path !== '/api/locations/12/device-groups') return undefined;
      state.structure = {
        ...state.structure,
        deviceGroups: [...state.structure.deviceGroups, { id: 6, name: 'Cellar', devices: [] }],
      };
      return json(201, { data: { deviceGroup: { id: 6, name: 'Cellar', locationId: 12 } } });
    });
    renderManagePage(<StructureEditor />);
    const name = await screen.findByRole('textbox', { name: /Name of the new group/ });
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByText('Name of the new group is required.')).toBeInTheDocument();
    await userEvent.type(name, ' Cellar ');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('region', { name: 'Cellar' })).toHaveTextContent(
      'No devices in this group.',
    );
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([
      { call: 'POST /api/locations/12/device-groups', body: { data: { name: 'Cellar' } } },
    ]);
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: 'Device group Cellar was created.',
    });
    expect(name).toHaveValue('');
  });

  it('renames a group in a dialog', async () => {
    const state = { structure: testStructure() };
    const calls = fakeFetch(structureRoute(state), ({ method, path }) => {
      if (method !== 'PUT' || path !== '/api/device-groups/4') return undefined;
      state.structure = {
        ...state.structure,
        deviceGroups: [
          { id: 4, name: 'Carport', devices: [wallbox] },
          { id: 5, name: 'Roof', devices: [solarEast] },
        ],
      };
      return json(200, { data: { deviceGroup: { id: 4, name: 'Carport', locationId: 12 } } });
    });
    renderManagePage(<StructureEditor />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Garage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename device group' });
    const input = within(dialog).getByRole('textbox', { name: /Group name/ });
    expect(input).toHaveValue('Garage');
    await userEvent.clear(input);
    await userEvent.type(input, 'Carport');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('region', { name: 'Carport' })).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('PUT'))).toEqual([
      { call: 'PUT /api/device-groups/4', body: { data: { name: 'Carport' } } },
    ]);
  });

  it('shows a name the server refuses under the field, with a toast, until it is edited', async () => {
    fakeFetch(
      structureRoute({ structure: testStructure() }),
      answer(
        'PUT',
        '/api/device-groups/4',
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: { 'data.name': 'validation.required' },
        }),
      ),
    );
    renderManagePage(<StructureEditor />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Garage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename device group' });
    const input = within(dialog).getByRole('textbox', { name: /Group name/ });
    await userEvent.type(input, ' 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Group name is required.')).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith({
      color: 'red',
      message: 'The device group could not be saved.',
    });
    await userEvent.type(input, '!');
    expect(within(dialog).queryByText('Group name is required.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Rename device group' })).toBeInTheDocument();
  });

  it('deletes a group only after confirmation; its devices become ungrouped', async () => {
    const state = { structure: testStructure() };
    const calls = fakeFetch(structureRoute(state), ({ method, path }) => {
      if (method !== 'DELETE' || path !== '/api/device-groups/5') return undefined;
      state.structure = {
        deviceGroups: [{ id: 4, name: 'Garage', devices: [wallbox] }],
        ungrouped: [{ ...solarEast, deviceGroupId: null }, homeBattery],
      };
      return new Response(null, { status: 204 });
    });
    renderManagePage(<StructureEditor />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Roof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the device group?' });
    expect(dialog).toHaveTextContent('Its devices stay at the location, in no group.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Roof' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Roof' })).not.toBeInTheDocument(),
    );
    expect(within(section('Devices in no group')).getByText('Solar east')).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: 'Device group Roof was deleted.',
    });
  });

  it('moves the selected devices into the target group', async () => {
    const state = { structure: testStructure() };
    const moved: LocationStructure = {
      deviceGroups: [
        { id: 4, name: 'Garage', devices: [] },
        {
          id: 5,
          name: 'Roof',
          devices: [
            solarEast,
            { ...wallbox, deviceGroupId: 5 },
            { ...homeBattery, deviceGroupId: 5 },
          ],
        },
      ],
      ungrouped: [],
    };
    const calls = fakeFetch(structureRoute(state), ({ method, path }) => {
      if (method !== 'POST' || path !== '/api/locations/12/devices/move') return undefined;
      state.structure = moved;
      return json(200, { data: moved });
    });
    renderManagePage(<StructureEditor />);
    const move = await screen.findByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Wallbox' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all devices in no group' }));
    expect(screen.getByText('2 devices selected.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Target group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Roof' }));
    await userEvent.click(move);
    await waitFor(() =>
      expect(within(section('Roof')).getByText('Home battery')).toBeInTheDocument(),
    );
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([
      {
        call: 'POST /api/locations/12/devices/move',
        body: { data: { deviceIds: [101, 103], deviceGroupId: 5 } },
      },
    ]);
    expect(showToast).toHaveBeenCalledWith({ color: 'green', message: '2 devices were moved.' });
    expect(
      screen.getByText('Select devices below, then pick the group to move them to.'),
    ).toBeInTheDocument();
  });

  it('says so when the devices are already in the target group', async () => {
    fakeFetch(
      structureRoute({ structure: testStructure() }),
      answer(
        'POST',
        '/api/locations/12/devices/move',
        422,
        apiError('RULE_BROKEN', 'org.already_in_group'),
      ),
    );
    renderManagePage(<StructureEditor />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Home battery' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Target group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No group' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The selected items are already in this group.',
    );
    expect(showToast).toHaveBeenCalledWith({
      color: 'red',
      message: 'The selected items are already in this group.',
    });
  });

  it('has an empty state for a location without devices and groups', async () => {
    fakeFetch(structureRoute({ structure: { deviceGroups: [], ungrouped: [] } }));
    renderManagePage(<StructureEditor />);
    expect(
      await screen.findByText('This location has no devices or device groups yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create group' })).toBeInTheDocument();
  });
});
