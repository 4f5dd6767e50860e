import type { QueryClient } from '@tanstack/react-query';
import type {
  Controller,
  Device,
  DeviceForm,
  Location,
  LocationForm,
  LocationInvitation,
  LocationStructure,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { controllerKeys } from '../../../entities/controller/index.ts';
import { deviceKeys } from '../../../entities/device/index.ts';
import { locationKeys } from '../../../entities/location/index.ts';
import { refreshMenu } from '../../../entities/menu/index.ts';

// The Manage Location calls (docs/organisation.md "Locations, device groups, devices, controllers"). Every
// function throws ApiError / NetworkError from the client; the server authorizes each call on the resource. The
// queries are the entities' (entities/location, controller, device); the calls refresh them by their key families.

/**
 * After a change to a location's devices: its structure is fetched again (awaited, so the page shows the result);
 * every controller and device query (lists included) and the menu are marked stale in the background.
 */
async function refreshDevices(queryClient: QueryClient, locationId: number): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: controllerKeys.all });
  void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  // The sidebar shows device groups and devices. Not awaited: the page's own answer must not wait for it.
  void refreshMenu(queryClient);
  await queryClient.invalidateQueries({ queryKey: locationKeys.structure(locationId) });
}

/** PUT /api/locations/:id (edit): records the answer as the current location and refreshes the menu. */
export async function updateLocation(
  queryClient: QueryClient,
  id: number,
  values: LocationForm,
): Promise<Location> {
  const { location } = await api(routes.locations.update, {
    params: { id: String(id) },
    body: { data: values },
  });
  queryClient.setQueryData(locationKeys.detail(id), location);
  // The sidebar shows the location's name (not awaited: the form's answer must not wait for the sidebar).
  void refreshMenu(queryClient);
  return location;
}

/** POST /api/locations/:id/invitations (manage): invites an e-mail address. */
export async function inviteToLocation(
  queryClient: QueryClient,
  locationId: number,
  email: string,
): Promise<LocationInvitation> {
  const { invitation } = await api(routes.locations.invite, {
    params: { id: String(locationId) },
    body: { data: { email } },
  });
  await queryClient.invalidateQueries({ queryKey: locationKeys.users(locationId) });
  return invitation;
}

/** POST /api/invitations/:id/resend or /revoke (manage on its location). */
export async function changeInvitation(
  queryClient: QueryClient,
  locationId: number,
  invitationId: number,
  change: 'resend' | 'revoke',
): Promise<LocationInvitation> {
  const route =
    change === 'resend' ? routes.locations.resendInvitation : routes.locations.revokeInvitation;
  const { invitation } = await api(route, { params: { id: String(invitationId) } });
  await queryClient.invalidateQueries({ queryKey: locationKeys.users(locationId) });
  return invitation;
}

/** DELETE /api/locations/:id/users/:userId (manage): removes the user's own grant on the location. */
export async function removeLocationUser(
  queryClient: QueryClient,
  locationId: number,
  userId: number,
): Promise<void> {
  await api(routes.locations.removeUser, {
    params: { id: String(locationId), userId: String(userId) },
  });
  await queryClient.invalidateQueries({ queryKey: locationKeys.users(locationId) });
}

/** POST /api/locations/:id/device-groups (edit). */
export async function createDeviceGroup(
  queryClient: QueryClient,
  locationId: number,
  name: string,
): Promise<void> {
  await api(routes.locations.createDeviceGroup, {
    params: { id: String(locationId) },
    body: { data: { name } },
  });
  await refreshDevices(queryClient, locationId);
}

/** PUT /api/device-groups/:id (edit). */
export async function renameDeviceGroup(
  queryClient: QueryClient,
  locationId: number,
  groupId: number,
  name: string,
): Promise<void> {
  await api(routes.locations.updateDeviceGroup, {
    params: { id: String(groupId) },
    body: { data: { name } },
  });
  await refreshDevices(queryClient, locationId);
}

/** DELETE /api/device-groups/:id (edit): its devices become ungrouped. */
export async function deleteDeviceGroup(
  queryClient: QueryClient,
  locationId: number,
  groupId: number,
): Promise<void> {
  await api(routes.locations.deleteDeviceGroup, { params: { id: String(groupId) } });
  await refreshDevices(queryClient, locationId);
}

/**
 * POST /api/locations/:id/devices/move (edit): devices into a group, or out of any group (null). The answer is
 * the new structure; 422 org.already_in_group when every device is there already.
 */
export async function moveDevices(
  queryClient: QueryClient,
  locationId: number,
  deviceIds: number[],
  deviceGroupId: number | null,
): Promise<LocationStructure> {
  const structure = await api(routes.locations.moveDevices, {
    params: { id: String(locationId) },
    body: { data: { deviceIds, deviceGroupId } },
  });
  // The answer is the new structure: show it at once; the other views refresh in the background (the Move button
  // must not wait for them).
  queryClient.setQueryData(locationKeys.structure(locationId), structure);
  void refreshDevices(queryClient, locationId);
  return structure;
}

/** PUT /api/devices/:id (edit): name, category and device group. */
export async function updateDevice(
  queryClient: QueryClient,
  id: number,
  values: DeviceForm,
): Promise<Device> {
  const { device } = await api(routes.locations.updateDevice, {
    params: { id: String(id) },
    body: { data: values },
  });
  queryClient.setQueryData(deviceKeys.detail(id), device);
  await refreshDevices(queryClient, device.location.id);
  return device;
}

/** DELETE /api/devices/:id (soft) or POST /api/devices/:id/restore (edit). */
export async function setDeviceDeleted(
  queryClient: QueryClient,
  device: Pick<Device, 'id' | 'location'>,
  deleted: boolean,
): Promise<void> {
  if (deleted) await api(routes.locations.deleteDevice, { params: { id: String(device.id) } });
  else await api(routes.locations.restoreDevice, { params: { id: String(device.id) } });
  await refreshDevices(queryClient, device.location.id);
}

/** PUT /api/controllers/:id (edit): the alias; empty clears it. */
export async function updateControllerAlias(
  queryClient: QueryClient,
  id: number,
  alias: string | null,
): Promise<Controller> {
  const { controller } = await api(routes.locations.updateController, {
    params: { id: String(id) },
    body: { data: { alias } },
  });
  queryClient.setQueryData(controllerKeys.detail(id), controller);
  // The sidebar follows every change made in Manage Location; it shows no alias today, so this usually costs a
  // 304, and the tree stays right should it show one (device rows link through their controller).
  void refreshMenu(queryClient);
  // Every list shows the alias (the location's, the company's in the global settings).
  await queryClient.invalidateQueries({ queryKey: controllerKeys.lists() });
  return controller;
}
