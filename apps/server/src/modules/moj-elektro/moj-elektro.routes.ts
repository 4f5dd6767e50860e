import type { mojElektroRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { MojElektroService } from './moj-elektro.service.ts';

/** Handlers of the Moj Elektro routes. */
export function mojElektroHandlers(
  service: MojElektroService,
): GroupHandlers<typeof mojElektroRoutes> {
  return {
    externalCredentials: ({ actor }) => service.credentials(actor),
    addExternalCredential: ({ actor, body }) => service.addCredential(actor, body.data.token),
    deleteExternalCredential: ({ actor, params }) => service.deleteCredential(actor, params.id),
    abstractDevices: ({ actor }) => service.devices(actor),
    addAbstractDevice: ({ actor, body }) => service.addDevice(actor, body.data),
    removeAbstractDeviceToken: ({ actor, params }) =>
      service.removeDeviceToken(actor, params.deviceId, params.tokenId),
    abstractDevice: ({ actor, params }) => service.device(actor, params.deviceId),
    refreshAbstractDevice: ({ actor, params }) => service.refresh(actor, params.deviceId),
    uploadMeterFile: ({ actor, body }) => service.upload(actor, body.data),
    meterData: ({ actor, params, query }) => service.meterData(actor, params.deviceId, query),
    calculations: ({ actor, params, body }) =>
      service.calculations(actor, params.deviceId, body.data),
    batteryWhatIf: ({ actor, params, body }) => service.battery(actor, params.deviceId, body.data),
    solarWhatIf: ({ actor, params, body }) => service.solar(actor, params.deviceId, body.data),
  };
}
