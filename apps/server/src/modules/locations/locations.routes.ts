import type { locationRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { OriginResolver } from '../accounts/links.ts';
import type { LocationUsersService } from './location-users.service.ts';
import type { LocationsService } from './locations.service.ts';

/** Handlers of the locations routes (docs/organisation.md "Locations, device groups, devices, controllers"). */
export function locationHandlers(deps: {
  locations: LocationsService;
  users: LocationUsersService;
  origin: OriginResolver;
}): GroupHandlers<typeof locationRoutes> {
  const { locations, users, origin } = deps;
  return {
    get: ({ actor, params }) => locations.get(actor, params.id),
    update: ({ actor, params, body }) => locations.update(actor, params.id, body.data),
    create: ({ actor, body }) => locations.create(actor, body.data),
    async delete({ actor, params }) {
      await locations.remove(actor, params.id);
      return {};
    },
    move: ({ actor, params, body }) => locations.move(actor, params.id, body.data.groupId),
    structure: ({ actor, params }) => locations.structure(actor, params.id),
    createDeviceGroup: ({ actor, params, body }) =>
      locations.createDeviceGroup(actor, params.id, body.data.name),
    updateDeviceGroup: ({ actor, params, body }) =>
      locations.renameDeviceGroup(actor, params.id, body.data.name),
    async deleteDeviceGroup({ actor, params }) {
      await locations.deleteDeviceGroup(actor, params.id);
      return {};
    },
    moveDevices: ({ actor, params, body }) =>
      locations.moveDevices(actor, params.id, body.data.deviceIds, body.data.deviceGroupId),
    getDevice: ({ actor, params }) => locations.getDevice(actor, params.id),
    updateDevice: ({ actor, params, body }) => locations.updateDevice(actor, params.id, body.data),
    async deleteDevice({ actor, params }) {
      await locations.deleteDevice(actor, params.id);
      return {};
    },
    restoreDevice: ({ actor, params }) => locations.restoreDevice(actor, params.id),
    controllers: ({ actor, params }) => locations.controllers(actor, params.id),
    getController: ({ actor, params }) => locations.getController(actor, params.id),
    updateController: ({ actor, params, body }) =>
      locations.updateController(actor, params.id, body.data.alias),
    setControllerOwner: ({ actor, params, body }) =>
      locations.setControllerOwner(actor, params.id, body.data.userId),
    users: ({ actor, params }) => users.list(actor, params.id),
    async invite({ actor, params, body, request }) {
      return users.invite(actor, params.id, body.data.email, await origin(request));
    },
    async resendInvitation({ actor, params, request }) {
      return users.resend(actor, params.id, await origin(request));
    },
    revokeInvitation: ({ actor, params }) => users.revoke(actor, params.id),
    async removeUser({ actor, params }) {
      await users.removeUser(actor, params.id, params.userId);
      return {};
    },
    integratedDevices: ({ actor, params, query }) =>
      locations.integratedDevices(actor, params.id, query),
  };
}
