import type { QueryClient } from '@tanstack/react-query';
import type { AdoptDeviceForm, ControllerSecret, Device } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { controllerKeys } from '../../../entities/controller/index.ts';
import { deviceKeys } from '../../../entities/device/index.ts';
import { liveKeys } from '../../../entities/live/index.ts';
import { locationKeys } from '../../../entities/location/index.ts';
import { refreshMenu } from '../../../entities/menu/index.ts';

// The controller's live actions (issue 12): adopt or dismiss a discovered device reference, issue a new MQTT secret.

/**
 * POST /api/controllers/:id/discovered-devices/adopt (edit on the location): the reference becomes a device. The
 * discovered list is fetched again (awaited); the controller, devices, the location's structure and live data and
 * the menu follow in the background.
 */
export async function adoptDiscoveredDevice(
  queryClient: QueryClient,
  controllerId: number,
  locationId: number,
  form: AdoptDeviceForm,
): Promise<Device> {
  const { device } = await api(routes.live.adoptDiscoveredDevice, {
    params: { id: String(controllerId) },
    body: { data: form },
  });
  void queryClient.invalidateQueries({ queryKey: controllerKeys.all });
  void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
  void queryClient.invalidateQueries({ queryKey: locationKeys.structure(locationId) });
  void queryClient.invalidateQueries({ queryKey: liveKeys.location(locationId) });
  void refreshMenu(queryClient);
  await queryClient.invalidateQueries({ queryKey: liveKeys.discovered(controllerId) });
  return device;
}

/** POST /api/controllers/:id/discovered-devices/dismiss (edit): forgets a reference until it is sent again. */
export async function dismissDiscoveredDevice(
  queryClient: QueryClient,
  controllerId: number,
  ref: string,
): Promise<void> {
  await api(routes.live.dismissDiscoveredDevice, {
    params: { id: String(controllerId) },
    body: { data: { ref } },
  });
  await queryClient.invalidateQueries({ queryKey: liveKeys.discovered(controllerId) });
}

/** POST /api/controllers/:id/secret: a new MQTT secret, answered once (never cached). */
export function rotateControllerSecret(controllerId: number): Promise<ControllerSecret> {
  return api(routes.live.rotateControllerSecret, { params: { id: String(controllerId) } });
}
