// The fake API the Moj Elektro page tests share: the filters in the URL, the request body they make, the device list
// and the calculation route.
import { answer, apiError, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { calculations, consumerInfo, device } from './test-data.ts';

/** The URL query of a ready filter (device 11, two months, VT/MT prices). */
export const FILTERS = '?device=11&from=2025-09-01&to=2025-10-31&vt=0.12&mt=0.08';

/** The filter part of a request body for {@link FILTERS}. */
export const FILTER_BODY = {
  from: '2025-09-01',
  to: '2025-10-31',
  vt: 0.12,
  mt: 0.08,
  et: 0,
  tariffYear: null,
  customPowerLimits: null,
} as const;

/** GET /api/abstract-devices-all with the one device. */
export const devicesApi = answer('GET', '/api/abstract-devices-all', 200, {
  data: { devices: [device()] },
});

/** The calculation route: custom limits → a custom scenario; a first block of 16 → the engine's field error. */
export const calculationsApi: FakeRoute = ({ method, path, body }) => {
  if (method !== 'POST' || path !== '/api/pricing/abstract-devices/11/calculations')
    return undefined;
  const limits = (body as { data: { customPowerLimits: number[] | null } }).data.customPowerLimits;
  if (limits?.[0] === 16)
    return json(
      422,
      apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
        fields: { 'data.customPowerLimits.1': 'moj_elektro.limits.not_ascending' },
      }),
    );
  return json(200, { data: { calculations: calculations(limits), consumerInfo: consumerInfo() } });
};
