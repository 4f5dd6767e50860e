import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IntegratedDevice } from '@ec/contract';
import {
  DEVICE_CATEGORIES,
  DEVICE_STATUSES,
  type DeviceCategory,
  type DeviceStatus,
} from '@ec/domain';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { deviceKeys } from '../../../entities/device/index.ts';

/** Devices per page. */
export const DEVICES_PAGE_SIZE = 25;

/** The list's filters (kept in the URL query). */
export interface DeviceFilters {
  q: string;
  category: DeviceCategory | null;
  status: DeviceStatus | null;
  page: number;
}

/** A page of the company's devices. */
export interface DevicesPage {
  items: IntegratedDevice[];
  total: number;
  page: number;
  pageSize: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The filters in a URL query; invalid values fall back to "any". */
export function readDeviceFilters(params: URLSearchParams): DeviceFilters {
  const page = params.get('page');
  return {
    q: params.get('q') ?? '',
    category: oneOf(DEVICE_CATEGORIES, params.get('category')),
    status: oneOf(DEVICE_STATUSES, params.get('status')),
    page: page !== null && /^[1-9]\d{0,6}$/.test(page) ? Number(page) : 1,
  };
}

/** The URL query of the filters, defaults left out. */
export function writeDeviceFilters(filters: DeviceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /api/companies/:id/integrated-devices?q&category&status&page&pageSize. */
export function integratedDevicesQueryOptions(companyId: number, filters: DeviceFilters) {
  const query = {
    q: filters.q.trim() || undefined,
    category: filters.category ?? undefined,
    status: filters.status ?? undefined,
    page: filters.page,
    pageSize: DEVICES_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: [...deviceKeys.integratedOfCompany(companyId), query] as const,
    queryFn: async ({ signal }): Promise<DevicesPage> =>
      api(routes.locations.integratedDevices, {
        signal,
        params: { id: String(companyId) },
        query,
      }),
    // The previous page stays while the next loads, within the same company.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === companyId ? keepPreviousData(previous) : undefined,
    staleTime: 15_000,
  });
}
