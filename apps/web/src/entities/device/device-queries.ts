import { queryOptions } from '@tanstack/react-query';
import type { Device } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';

/** The device query-key family. */
export const deviceKeys = {
  /** Root: every device query (invalidate it after a change to devices). */
  all: ['devices'] as const,
  /** GET /api/devices/:id. */
  detail: (id: number) => [...deviceKeys.all, id] as const,
  /** Prefix of every device list. */
  lists: () => [...deviceKeys.all, 'list'] as const,
  /** Prefix of a company's integrated-device lists (every filter and page). */
  integratedOfCompany: (companyId: number) =>
    [...deviceKeys.lists(), 'integrated', companyId] as const,
};

/** GET /api/devices/:id (also a soft-deleted one). */
export function deviceQueryOptions(id: number) {
  return queryOptions({
    queryKey: deviceKeys.detail(id),
    queryFn: async ({ signal }): Promise<Device> =>
      (await api(routes.locations.getDevice, { params: { id: String(id) }, signal })).device,
  });
}
