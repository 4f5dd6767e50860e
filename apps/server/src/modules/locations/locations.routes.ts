import type { locationRoutes } from '@ec/contract';
import { unauthenticated } from '../../errors.ts';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { OriginResolver } from '../accounts/links.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { LocationUsersService } from './location-users.service.ts';
import type { LocationsService } from './locations.service.ts';

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

/** Handlers of the locations routes (docs/organisation.md "Locations, device groups, devices, controllers"). */
export function locationHandlers(deps: {
  locations: LocationsService;
  users: LocationUsersService;
  origin: OriginResolver;
}): GroupHandlers<typeof locationRoutes> {
  const { locations, users, origin } = deps;
  return {
    get: ({ actor, params }) => locations.get(signedIn(actor), params.id),
    update: ({ actor, params, body }) => locations.update(signedIn(actor), params.id, body.data),
    create: ({ actor, body }) => locations.create(signedIn(actor), body.data),
    async delete({ actor, params }) {
      await locations.remove(signedIn(actor), params.id);
      return {};
    },
    move: ({ actor, params, body }) =>
      locations.move(signedIn(actor), params.id, body.data.groupId),
    structure: ({ actor, params }) => locations.structure(signedIn(actor), params.id),
    createDeviceGroup: ({ actor, params, body }) =>
      locations.createDeviceGroup(signedIn(actor), params.id, body.data.name),
    updateDeviceGroup: ({ actor, params, body }) =>
      locations.renameDeviceGroup(signedIn(actor), params.id, body.data.name),
    async deleteDeviceGroup({ actor, params }) {
      await locations.deleteDeviceGroup(signedIn(actor), params.id);
      return {};
    },
    moveDevices: ({ actor, params, body }) =>
      locations.moveDevices(
        signedIn(actor),
        params.id,
        body.data.deviceIds,
        body.data.deviceGroupId,
      ),
    getDevice: ({ actor, params }) => locations.getDevice(signedIn(actor), params.id),
    updateDevice: ({ actor, params, body }) =>
      locations.updateDevice(signedIn(actor), params.id, body.data),
    async deleteDevice({ actor, params }) {
      await locations.deleteDevice(signedIn(actor), params.id);
      return {};
    },
    restoreDevice: ({ actor, params }) => locations.restoreDevice(signedIn(actor), params.id),
    controllers: ({ actor, params }) => locations.controllers(signedIn(actor), params.id),
    getController: ({ actor, params }) => locations.getController(signedIn(actor), params.id),
    updateController: ({ actor, params, body }) =>
      locations.updateController(signedIn(actor), params.id, body.data.alias),
    setControllerOwner: ({ actor, params, body }) =>
      locations.setControllerOwner(signedIn(actor), params.id, body.data.userId),
    users: ({ actor, params }) => users.list(signedIn(actor), params.id),
    async invite({ actor, params, body, request }) {
      return users.invite(signedIn(actor), params.id, body.data.email, await origin(request));
    },
    async resendInvitation({ actor, params, request }) {
      return users.resend(signedIn(actor), params.id, await origin(request));
    },
    revokeInvitation: ({ actor, params }) => users.revoke(signedIn(actor), params.id),
    async removeUser({ actor, params }) {
      await users.removeUser(signedIn(actor), params.id, params.userId);
      return {};
    },
    integratedDevices: ({ actor, params, query }) =>
      locations.integratedDevices(signedIn(actor), params.id, query),
  };
}
