import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { routes } from 'virtual:ec-contract-routes';
import type { MeterUploadForm } from '@ec/contract';
import { api } from '../../../shared/api/client.ts';
import type {
  AbstractDevice,
  BatteryWhatIf,
  Calculations,
  CalculationFilter,
  ConsumerInfo,
  ExternalCredential,
  MeterData,
  SolarWhatIf,
} from '../model/types.ts';

// The Moj Elektro calls (DESIGN-14 §5, route group `mojElektro`). Each throws ApiError / NetworkError.

const r = routes.mojElektro;

/** The query-key family. */
export const meKeys = {
  all: ['moj-elektro'] as const,
  credentials: ['moj-elektro', 'credentials'] as const,
  devices: ['moj-elektro', 'devices'] as const,
  device: (id: number) => ['moj-elektro', 'device', id] as const,
  readings: (id: number, query: Record<string, unknown>) =>
    ['moj-elektro', 'readings', id, query] as const,
};

/** GET /auth/user/external-credentials. */
export function credentialsQueryOptions() {
  return queryOptions({
    queryKey: meKeys.credentials,
    queryFn: async ({ signal }): Promise<ExternalCredential[]> =>
      (await api(r.externalCredentials, { signal })).credentials,
  });
}

/** Whether a device is still importing (the list polls then). */
export function isImporting(device: AbstractDevice): boolean {
  return device.import.status === 'PENDING' || device.import.status === 'RUNNING';
}

/** GET /abstract-devices-all; polls every 2 s while an import is pending or running. */
export function devicesQueryOptions() {
  return queryOptions({
    queryKey: meKeys.devices,
    queryFn: async ({ signal }): Promise<AbstractDevice[]> =>
      (await api(r.abstractDevices, { signal })).devices,
    refetchInterval: (query) => ((query.state.data ?? []).some(isImporting) ? 2000 : false),
  });
}

/** GET /abstract-devices/:deviceId (with the consumer info). */
export function deviceQueryOptions(id: number) {
  return queryOptions({
    queryKey: meKeys.device(id),
    queryFn: async ({
      signal,
    }): Promise<{ device: AbstractDevice; consumerInfo: ConsumerInfo | null }> => {
      return api(r.abstractDevice, { signal, params: { deviceId: String(id) } });
    },
  });
}

/** GET /abstract-devices/:deviceId/readings?from&to&tariffYear. */
export function readingsQueryOptions(
  id: number,
  query: { from: string; to: string; tariffYear: number | null },
) {
  const q = {
    from: query.from,
    to: query.to,
    ...(query.tariffYear === null ? {} : { tariffYear: query.tariffYear }),
  };
  return queryOptions({
    queryKey: meKeys.readings(id, q),
    queryFn: async ({ signal }): Promise<MeterData> =>
      api(r.meterData, { signal, params: { deviceId: String(id) }, query: q }),
    staleTime: 60_000,
  });
}

async function refreshLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: meKeys.credentials }),
    queryClient.invalidateQueries({ queryKey: meKeys.devices }),
  ]);
}

/** POST /auth/user/external-credential (the token trimmed). */
export async function addCredential(
  queryClient: QueryClient,
  token: string,
): Promise<ExternalCredential> {
  const { credential } = await api(r.addExternalCredential, {
    body: { data: { token: token.trim() } },
  });
  await refreshLists(queryClient);
  return credential;
}

/** DELETE /auth/user/external-credential/:id (its devices with no other token go too). */
export async function deleteCredential(queryClient: QueryClient, id: number): Promise<void> {
  await api(r.deleteExternalCredential, { params: { id: String(id) } });
  await refreshLists(queryClient);
}

/** POST /abstract-device. */
export async function addDevice(
  queryClient: QueryClient,
  eimm: string,
  tokenId: number,
): Promise<AbstractDevice> {
  const { device } = await api(r.addAbstractDevice, {
    body: {
      data: {
        eimm: eimm.trim(),
        token_id: tokenId,
        abstract_device_type_id: 1,
        credentials: [tokenId],
      },
    },
  });
  await refreshLists(queryClient);
  return device;
}

/** DELETE /abstract-device/:deviceId/token/:tokenId. */
export async function removeDeviceToken(
  queryClient: QueryClient,
  deviceId: number,
  tokenId: number,
): Promise<void> {
  await api(r.removeAbstractDeviceToken, {
    params: { deviceId: String(deviceId), tokenId: String(tokenId) },
  });
  queryClient.removeQueries({ queryKey: meKeys.device(deviceId) });
  await refreshLists(queryClient);
}

/** POST /abstract-devices/:deviceId/import. */
export async function refreshDevice(queryClient: QueryClient, deviceId: number): Promise<void> {
  await api(r.refreshAbstractDevice, { params: { deviceId: String(deviceId) } });
  await queryClient.invalidateQueries({ queryKey: meKeys.devices });
}

export type UploadForm = MeterUploadForm;

/** POST /abstract-devices/upload. */
export async function uploadMeterFile(queryClient: QueryClient, data: UploadForm) {
  const result = await api(r.uploadMeterFile, { body: { data } });
  await refreshLists(queryClient);
  return result;
}

/** POST /pricing/abstract-devices/:deviceId/calculations. */
export async function fetchCalculations(
  deviceId: number,
  filter: CalculationFilter,
  signal?: AbortSignal,
): Promise<{ calculations: Calculations; consumerInfo: ConsumerInfo }> {
  return api(r.calculations, {
    signal,
    params: { deviceId: String(deviceId) },
    body: { data: filter },
  });
}

/** POST /pricing/abstract-devices/:deviceId/battery. */
export async function fetchBattery(
  deviceId: number,
  data: CalculationFilter & {
    capacityKwh: number;
    powerKw: number;
    efficiencyPct: number;
    sweep?: boolean;
  },
): Promise<BatteryWhatIf> {
  return api(r.batteryWhatIf, { params: { deviceId: String(deviceId) }, body: { data } });
}

/** POST /pricing/abstract-devices/:deviceId/solar. */
export async function fetchSolar(
  deviceId: number,
  data: CalculationFilter & {
    peakKw: number;
    azimuthDeg: number;
    tiltDeg: number;
    exportPrice: number;
    profile: 'standard' | 'weather';
  },
): Promise<SolarWhatIf> {
  return api(r.solarWhatIf, { params: { deviceId: String(deviceId) }, body: { data } });
}
