import { queryOptions } from '@tanstack/react-query';
import type { DiscoveredDevice, GroupLive, LocationLive } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api, buildUrl } from '../../shared/api/client.ts';

// Live energy data (issue 12): one cache entry per location and per group, filled by GET …/live and kept current
// by the Server-Sent Events stream of the same data (use-live-stream.ts).

/** The live-data query-key family. */
export const liveKeys = {
  /** Root: every live query. */
  all: ['live'] as const,
  /** GET /api/locations/:id/live (and its stream). */
  location: (locationId: number) => [...liveKeys.all, 'location', locationId] as const,
  /** GET /api/location-groups/:id/live (and its stream). */
  group: (groupId: number) => [...liveKeys.all, 'group', groupId] as const,
  /** GET /api/controllers/:id/discovered-devices. */
  discovered: (controllerId: number) => [...liveKeys.all, 'discovered', controllerId] as const,
};

/** GET /api/locations/:id/live: latest values per device, controllers' presence, flows and today's totals. */
export function locationLiveQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: liveKeys.location(locationId),
    queryFn: ({ signal }): Promise<LocationLive> =>
      api(routes.live.locationLive, { params: { id: String(locationId) }, signal }),
    // The stream keeps it current; a 404 (no access) is final.
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/location-groups/:id/live: the flows summed over the group's locations the user may see. */
export function groupLiveQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: liveKeys.group(groupId),
    queryFn: ({ signal }): Promise<GroupLive> =>
      api(routes.live.groupLive, { params: { id: String(groupId) }, signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/controllers/:id/discovered-devices: references the controller sent that match no device. */
export function discoveredDevicesQueryOptions(controllerId: number) {
  return queryOptions({
    queryKey: liveKeys.discovered(controllerId),
    queryFn: async ({ signal }): Promise<DiscoveredDevice[]> =>
      (
        await api(routes.live.discoveredDevices, {
          params: { id: String(controllerId) },
          signal,
        })
      ).devices,
  });
}

/** The stream URL of a location's live data. */
export function locationLiveStreamUrl(locationId: number): string {
  return buildUrl(routes.live.locationLiveStream, { id: locationId });
}

/** The stream URL of a group's live data. */
export function groupLiveStreamUrl(groupId: number): string {
  return buildUrl(routes.live.groupLiveStream, { id: groupId });
}

/** Validators of the stream's events, from the contract's schemas (loaded with zod on first use, not up front). */
export type LiveParser<T> = () => Promise<(value: unknown) => T | null>;

/** Validates an event of a location's stream (null: not a LocationLive). */
export const parseLocationLive: LiveParser<LocationLive> = () =>
  import('@ec/contract').then((contract) => (value: unknown) => {
    const result = contract.locationLiveSchema.safeParse(value);
    return result.success ? result.data : null;
  });

/** Validates an event of a group's stream (null: not a GroupLive). */
export const parseGroupLive: LiveParser<GroupLive> = () =>
  import('@ec/contract').then((contract) => (value: unknown) => {
    const result = contract.groupLiveSchema.safeParse(value);
    return result.success ? result.data : null;
  });
