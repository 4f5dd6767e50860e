import type { mojElektroRoutes } from '@ec/contract';
import { AppError } from '../../errors.ts';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';

/**
 * The Moj Elektro routes the server registers: every route of the contract group except the battery and solar
 * what-ifs, which are wired once their domain functions exist (DESIGN-14 §3).
 */
export type RegisteredMojElektroRoutes = Omit<
  typeof mojElektroRoutes,
  'batteryWhatIf' | 'solarWhatIf'
>;

/** The registered subset of the contract group. */
export function registeredMojElektroRoutes(
  all: typeof mojElektroRoutes,
): RegisteredMojElektroRoutes {
  const { batteryWhatIf: _battery, solarWhatIf: _solar, ...rest } = all;
  return rest;
}

const pending = async (): Promise<never> => {
  // Work in progress (branch me-module): the contract is published first; the service follows.
  throw new AppError(503, 'SERVICE_UNAVAILABLE');
};

/** Handlers of the Moj Elektro routes. */
export function mojElektroHandlers(): GroupHandlers<RegisteredMojElektroRoutes> {
  return {
    externalCredentials: pending,
    addExternalCredential: pending,
    deleteExternalCredential: pending,
    abstractDevices: pending,
    addAbstractDevice: pending,
    removeAbstractDeviceToken: pending,
    abstractDevice: pending,
    refreshAbstractDevice: pending,
    uploadMeterFile: pending,
    meterData: pending,
    calculations: pending,
  };
}
