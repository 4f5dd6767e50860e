import {
  liveValuesSchema,
  type AdoptDeviceForm,
  type DiscoveredDevice,
  type GroupLive,
  type LiveController,
  type LiveDevice,
  type LiveFlows,
  type LiveValues,
  type LocationLive,
} from '@ec/contract';
import {
  addEnergy,
  computeFlows,
  localDayOf,
  quarterHourStartMs,
  sumFlows,
  totalsFrom,
  ZERO_ENERGY,
  type DeviceReading,
  type EnergySums,
  type FlowPowers,
} from '@ec/domain';
import { isUniqueViolation } from '../../db-errors.ts';
import { AppError, invalidFields, notFound, ruleBroken } from '../../errors.ts';
import type { LocationsService } from '../locations/locations.service.ts';
import type { AccessActor, OrgAccess } from '../org/org-access.ts';
import type { LiveBus } from './live-bus.ts';
import type {
  LatestRow,
  LiveControllerRow,
  LiveDeviceRow,
  LiveRepository,
} from './live.repository.ts';

/** Values older than this do not count toward the current flows (spec 001 §9: "last read within 1 minute"). */
export const CURRENT_MAX_AGE_MS = 60_000;

/** Message keys of the live module's rule answers. */
export const LIVE_RULES = {
  /** A controller without a location has nowhere to put an adopted device. */
  controllerWithoutLocation: 'live.controller_without_location',
  /** The controller has a device with that reference already. */
  refTaken: 'live.device_ref_taken',
} as const;

const VALUE_FIELDS = new Set(Object.keys(liveValuesSchema.shape));
const CONNECTIONS = new Set(['ethernet', 'wifi', 'mobile']);

/** The protocol's value fields of a record (other keys and non-numbers dropped). */
function liveValues(record: Record<string, unknown>): LiveValues {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(record)) {
    if (VALUE_FIELDS.has(key) && typeof value === 'number' && Number.isFinite(value))
      out[key] = value;
  }
  return out as LiveValues;
}

function toController(row: LiveControllerRow): LiveController {
  return {
    id: row.id,
    alias: row.alias,
    unitId: row.unitId,
    connected: row.connected,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    firmware: typeof row.versions.firmware === 'string' ? row.versions.firmware : null,
    connection:
      row.connection !== null && CONNECTIONS.has(row.connection)
        ? (row.connection as LiveController['connection'])
        : null,
  };
}

/** Per location: its devices with their latest values, the current flows and the newest value they use. */
interface LocationState {
  devices: LiveDevice[];
  current: FlowPowers;
  currentTime: number | null;
  average: FlowPowers;
}

/**
 * Live data of locations and location groups (GET …/live and the streams' events), and the discovered devices of
 * a controller. The snapshot reads device_latest (the newest value of each field), controller_presence, the
 * readings of the current 15-minute interval and location_rollup_day of each location's local today: the roll-up job
 * maintains it shortly after each commit (throttled, plus once a minute), so today's totals lag the live values by
 * up to about a minute.
 */
export function createLiveService(deps: {
  repo: LiveRepository;
  access: OrgAccess;
  locations: LocationsService;
  bus: LiveBus;
  now?: () => Date;
}) {
  const { repo, access, locations, bus } = deps;
  const now = deps.now ?? (() => new Date());

  /** The live state of every location in `locationIds`, read together. */
  async function statesOf(locationIds: readonly number[], at: Date) {
    const intervalStart = new Date(quarterHourStartMs(at.getTime()));
    const [devices, latest, averages] = await Promise.all([
      repo.devicesOf(locationIds),
      repo.latestOf(locationIds),
      repo.averagesOf(locationIds, intervalStart, at),
    ]);
    const byDevice = new Map<number, LatestRow[]>();
    for (const row of latest) {
      const list = byDevice.get(row.deviceId) ?? [];
      list.push(row);
      byDevice.set(row.deviceId, list);
    }
    const averageByDevice = new Map(averages.map((a) => [a.deviceId, a]));
    const freshFrom = at.getTime() - CURRENT_MAX_AGE_MS;
    const perLocation = new Map<
      number,
      {
        devices: LiveDevice[];
        current: DeviceReading[];
        average: DeviceReading[];
        time: number | null;
      }
    >(locationIds.map((id) => [id, { devices: [], current: [], average: [], time: null }]));
    for (const device of devices) {
      const entry = perLocation.get(device.locationId);
      if (!entry) continue;
      const rows = byDevice.get(device.id) ?? [];
      entry.devices.push(toLiveDevice(device, rows));
      const fresh: Record<string, number> = {};
      for (const row of rows) {
        const time = row.at.getTime();
        if (time < freshFrom) continue;
        fresh[row.metric] = row.value;
        if (entry.time === null || time > entry.time) entry.time = time;
      }
      entry.current.push({ category: device.category, values: fresh });
      const average = averageByDevice.get(device.id);
      const averageValues: Record<string, number> = {};
      if (average?.powerW !== null && average?.powerW !== undefined)
        averageValues.power_w = average.powerW;
      if (average?.socPct !== null && average?.socPct !== undefined)
        averageValues.soc_pct = average.socPct;
      entry.average.push({ category: device.category, values: averageValues });
    }
    const states = new Map<number, LocationState>();
    for (const [id, entry] of perLocation) {
      states.set(id, {
        devices: entry.devices,
        current: computeFlows(entry.current),
        currentTime: entry.time,
        average: computeFlows(entry.average),
      });
    }
    return { states, intervalStart };
  }

  function toLiveDevice(device: LiveDeviceRow, rows: LatestRow[]): LiveDevice {
    const values: Record<string, number> = {};
    let time: number | null = null;
    for (const row of rows) {
      values[row.metric] = row.value;
      const at = row.at.getTime();
      if (time === null || at > time) time = at;
    }
    return {
      id: device.id,
      ref: device.ref,
      name: device.name,
      category: device.category,
      controllerId: device.controllerId,
      time: time === null ? null : new Date(time).toISOString(),
      values: liveValues(values),
    };
  }

  /** Today's sums per location (each by its own time zone). */
  async function todayOf(locationsWithZone: readonly { id: number; timezone: string }[], at: Date) {
    const days = locationsWithZone.map((l) => ({
      locationId: l.id,
      day: localDayOf(at.getTime(), l.timezone).day,
    }));
    return { days, sums: await repo.daySums(days) };
  }

  function flowsOf(parts: {
    current: FlowPowers;
    time: number | null;
    intervalStart: Date;
    average: FlowPowers;
    day: string;
    today: EnergySums;
  }): LiveFlows {
    return {
      time: parts.time === null ? null : new Date(parts.time).toISOString(),
      current: parts.current,
      intervalStart: parts.intervalStart.toISOString(),
      average15m: parts.average,
      day: parts.day,
      today: totalsFrom(parts.today),
    };
  }

  async function locationSnapshot(locationId: number, timezone: string): Promise<LocationLive> {
    const at = now();
    const [{ states, intervalStart }, controllerRows, today] = await Promise.all([
      statesOf([locationId], at),
      repo.controllersOf([locationId]),
      todayOf([{ id: locationId, timezone }], at),
    ]);
    const state = states.get(locationId);
    if (!state) throw notFound();
    return {
      locationId,
      timezone,
      controllers: controllerRows.map(toController),
      devices: state.devices,
      flows: flowsOf({
        current: state.current,
        time: state.currentTime,
        intervalStart,
        average: state.average,
        day: today.days[0]?.day ?? localDayOf(at.getTime(), timezone).day,
        today: today.sums.get(locationId) ?? ZERO_ENERGY,
      }),
    };
  }

  /**
   * The locations a group answer covers: the visible locations of the group's subtree. The group itself must be
   * visible to the actor: a view grant on it (or an ancestor), an administrator's reach, or — as the menu shows the
   * groups above a user's locations — at least one visible location inside it. Otherwise 404.
   */
  async function groupScope(actor: AccessActor, groupId: number) {
    let granted = true;
    try {
      await access.requireGroup(actor, groupId, 'view');
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
      granted = false;
    }
    const rows = await repo.groupLocations(groupId, access.locationFilter(actor));
    if (!granted && rows.length === 0) throw notFound();
    return rows;
  }

  const service = {
    /**
     * Announces that locations' live data changed, after the commit (the ingest pipeline calls it with the
     * locations of each committed batch, presence changes included): every instance's streams of them read again.
     */
    notify(locationIds: readonly number[]): Promise<void> {
      return bus.notify(locationIds);
    },

    /** GET /locations/:id/live (view on the location; 404 when invisible). */
    async location(actor: AccessActor, locationId: number): Promise<LocationLive> {
      const { row } = await access.requireLocation(actor, locationId, 'view');
      return locationSnapshot(row.id, row.timezone);
    },

    /** GET /location-groups/:id/live: sums over the visible locations of the group's subtree. */
    async group(actor: AccessActor, groupId: number): Promise<GroupLive> {
      const scope = await groupScope(actor, groupId);
      const ids = scope.map((l) => l.id);
      const at = now();
      const [{ states, intervalStart }, controllerRows, today] = await Promise.all([
        statesOf(ids, at),
        repo.controllersOf(ids),
        todayOf(scope, at),
      ]);
      const online = new Set(
        controllerRows.filter((c) => c.connected && c.locationId !== null).map((c) => c.locationId),
      );
      const list = [...states.values()];
      const newest = list.reduce<number | null>(
        (max, s) =>
          s.currentTime !== null && (max === null || s.currentTime > max) ? s.currentTime : max,
        null,
      );
      let sums = ZERO_ENERGY;
      for (const value of today.sums.values()) sums = addEnergy(sums, value);
      return {
        groupId,
        locationsCount: scope.length,
        onlineCount: online.size,
        flows: flowsOf({
          current: sumFlows(list.map((s) => s.current)),
          time: newest,
          intervalStart,
          average: sumFlows(list.map((s) => s.average)),
          // The first location's day (the contract's choice for a group); UTC's for an empty group.
          day: today.days[0]?.day ?? localDayOf(at.getTime(), 'UTC').day,
          today: sums,
        }),
      };
    },

    /** The locations a group stream listens to (checks access like {@link group}). */
    async groupLocationIds(actor: AccessActor, groupId: number): Promise<number[]> {
      return (await groupScope(actor, groupId)).map((l) => l.id);
    },

    /** GET /controllers/:id/discovered-devices (view on the controller). */
    async discovered(actor: AccessActor, controllerId: number) {
      await access.requireController(actor, controllerId, 'view');
      const rows = await repo.discoveredOf(controllerId);
      return {
        devices: rows.map((row): DiscoveredDevice => ({
          controllerId: row.controllerId,
          ref: row.ref,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          values: liveValues(row.lastValues),
        })),
      };
    },

    /**
     * POST /controllers/:id/discovered-devices/adopt (edit): the reference becomes a device of the controller's
     * location. 409 when the controller has a device with that reference, 404 for a reference it never reported,
     * 400 for a device group of another location, 422 for a controller without a location.
     */
    async adopt(actor: AccessActor, controllerId: number, form: AdoptDeviceForm) {
      const { row: controller } = await access.requireController(actor, controllerId, 'edit');
      if (controller.locationId === null) throw ruleBroken(LIVE_RULES.controllerWithoutLocation);
      const conflict = () => new AppError(409, 'CONFLICT', { message: LIVE_RULES.refTaken });
      if (await repo.deviceWithRef(controllerId, form.ref)) throw conflict();
      const found = await repo.discovered(controllerId, form.ref);
      if (!found) throw notFound();
      if (form.deviceGroupId !== null) {
        const group = await access
          .requireDeviceGroup(actor, form.deviceGroupId, 'view')
          .catch(() => undefined);
        if (!group || group.row.locationId !== controller.locationId) {
          throw invalidFields({ 'data.deviceGroupId': 'validation.invalid_value' });
        }
      }
      let deviceId: number;
      try {
        deviceId = await repo.adopt({
          locationId: controller.locationId,
          controllerId,
          deviceGroupId: form.deviceGroupId ?? null,
          ref: form.ref,
          name: form.name,
          category: form.category,
          lastValues: liveValues(found.lastValues) as Record<string, number>,
          lastSeenAt: found.lastSeenAt,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict();
        throw error;
      }
      await bus.notify([controller.locationId]);
      return locations.getDevice(actor, deviceId);
    },

    /** POST /controllers/:id/discovered-devices/dismiss (edit): 404 for a reference it does not hold. */
    async dismiss(actor: AccessActor, controllerId: number, ref: string) {
      await access.requireController(actor, controllerId, 'edit');
      if (!(await repo.dismiss(controllerId, ref))) throw notFound();
    },
  };
  return service;
}

/** The live service's interface. */
export type LiveService = ReturnType<typeof createLiveService>;
