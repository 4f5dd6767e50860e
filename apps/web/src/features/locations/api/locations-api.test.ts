import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import {
  companyControllersQueryOptions,
  controllerQueryOptions,
  locationControllersQueryOptions,
} from '../../../entities/controller/index.ts';
import { deviceKeys, deviceQueryOptions } from '../../../entities/device/index.ts';
import { locationKeys, locationQueryOptions } from '../../../entities/location/index.ts';
import { menuCacheClient } from '../../../entities/menu/test-support.ts';
import { seededCacheClient } from '../../../shared/test/seeded-cache.ts';
import {
  createDeviceGroup,
  deleteDeviceGroup,
  moveDevices,
  renameDeviceGroup,
  setDeviceDeleted,
  updateControllerAlias,
  updateDevice,
  updateLocation,
} from './locations-api.ts';

// Every change made in Manage Location that the sidebar shows refreshes the menu queries (issue 10: a device
// group created in Manage › Structure did not appear in the sidebar until the user navigated).

afterEach(() => vi.unstubAllGlobals());

const ok: FakeRoute = ({ method, path }) => {
  if (method === 'DELETE') return new Response(null, { status: 204 });
  if (path.startsWith('/api/devices/'))
    return json(200, { data: { device: { id: 9, location: { id: 5 } } } });
  if (path.startsWith('/api/controllers/'))
    return json(200, { data: { controller: { id: 3, locationId: 5 } } });
  if (path.endsWith('/devices/move'))
    return json(200, { data: { deviceGroups: [], ungrouped: [] } });
  if (path.startsWith('/api/locations/') && method === 'PUT')
    return json(200, { data: { location: { id: 5 } } });
  return json(200, { data: { deviceGroup: { id: 7 }, structure: {} } });
};

const form = {
  name: 'Home',
  countryCode: 'SI',
  spotRegion: null,
  timezone: 'Europe/Ljubljana',
  coordinates: null,
};

describe('Manage Location changes refresh the sidebar menu', () => {
  it.each<
    [string, (client: ReturnType<typeof menuCacheClient>['queryClient']) => Promise<unknown>]
  >([
    ['location settings (name)', (qc) => updateLocation(qc, 5, form)],
    ['create a device group', (qc) => createDeviceGroup(qc, 5, 'Roof')],
    ['rename a device group', (qc) => renameDeviceGroup(qc, 5, 7, 'Attic')],
    ['delete a device group', (qc) => deleteDeviceGroup(qc, 5, 7)],
    ['move devices', (qc) => moveDevices(qc, 5, [9], 7)],
    [
      'rename or regroup a device',
      (qc) => updateDevice(qc, 9, { name: 'PV', category: 'OTHER', deviceGroupId: null }),
    ],
    [
      'delete a device',
      (qc) =>
        setDeviceDeleted(qc, { id: 9, location: { id: 5, name: 'Home', companyId: 1 } }, true),
    ],
    [
      'restore a device',
      (qc) =>
        setDeviceDeleted(qc, { id: 9, location: { id: 5, name: 'Home', companyId: 1 } }, false),
    ],
    ['controller alias', (qc) => updateControllerAlias(qc, 3, 'Garage')],
  ])('%s', async (_name, change) => {
    fakeFetch(ok);
    const { queryClient, freshMenuQueries } = menuCacheClient();
    await change(queryClient);
    await vi.waitFor(() => expect(freshMenuQueries()).toEqual([]));
  });
});

describe('Manage Location changes refresh every view of what they change, by the key families', () => {
  const filter = { q: '', page: 1 };
  const views = [
    locationKeys.structure(5),
    controllerQueryOptions(3).queryKey,
    locationControllersQueryOptions(5).queryKey,
    // The global settings' list of the company's controllers and the integrated devices page.
    companyControllersQueryOptions(1, filter).queryKey,
    [...deviceKeys.integratedOfCompany(1), filter],
    deviceQueryOptions(10).queryKey,
  ];

  it('a device change: the structure, every controller and device view', async () => {
    fakeFetch(ok);
    const { queryClient, freshQueries } = seededCacheClient(views);
    await updateDevice(queryClient, 9, { name: 'PV', category: 'OTHER', deviceGroupId: null });
    await vi.waitFor(() => expect(freshQueries()).toEqual([]));
  });

  it("a controller's alias: every controller list, the global settings' too", async () => {
    fakeFetch(ok);
    const lists = [
      locationControllersQueryOptions(5).queryKey,
      companyControllersQueryOptions(1, filter).queryKey,
    ];
    const { queryClient, freshQueries } = seededCacheClient(lists);
    await updateControllerAlias(queryClient, 3, 'Garage');
    expect(freshQueries()).toEqual([]);
  });

  it('a location edit: the one cached location every screen reads gets the answer', async () => {
    fakeFetch(ok);
    const { queryClient } = seededCacheClient([]);
    await updateLocation(queryClient, 5, form);
    expect(queryClient.getQueryData(locationQueryOptions(5).queryKey)).toEqual({ id: 5 });
  });
});
