import {
  and,
  asc,
  controllerPresence,
  controllers,
  deviceLatest,
  devices,
  discoveredDevices,
  eq,
  inArray,
  isNull,
  locationGroups,
  locationRollupDay,
  locations,
  queryRows,
  readings,
  sql,
  type Db,
  type SQL,
} from '@ec/db';
import type { DeviceCategory } from '@ec/domain';
import type { EnergySums } from '@ec/domain';

/** A device of a location as the live answer lists it. */
export interface LiveDeviceRow {
  id: number;
  locationId: number;
  ref: string | null;
  name: string;
  category: DeviceCategory;
  controllerId: number | null;
}

/** One latest value of a device (`metric` = the protocol's field name). */
export interface LatestRow {
  deviceId: number;
  metric: string;
  value: number;
  at: Date;
}

/** A controller with its presence (no presence row: not connected, never seen). */
export interface LiveControllerRow {
  id: number;
  locationId: number | null;
  alias: string | null;
  unitId: string;
  versions: Record<string, string>;
  connected: boolean;
  lastSeenAt: Date | null;
  connection: string | null;
}

/** Per-device means over an interval. */
export interface AverageRow {
  deviceId: number;
  powerW: number | null;
  socPct: number | null;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Ids per query: far below PostgreSQL's 65 535 bind parameters, for groups of very many locations. */
const CHUNK = 5_000;

/** Runs `read` on slices of `ids` one after the other and joins the rows. */
export async function inChunks<T>(
  ids: readonly number[],
  read: (slice: number[]) => Promise<T[]>,
): Promise<T[]> {
  if (ids.length <= CHUNK) return ids.length === 0 ? [] : read([...ids]);
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await read(ids.slice(i, i + CHUNK))));
  return rows;
}

/** Reads of the live module: latest values, presence, the current interval's readings, today's roll-ups. */
export function createLiveRepository(db: Db) {
  return {
    /** The not deleted devices of the locations, by name. */
    async devicesOf(locationIds: readonly number[]): Promise<LiveDeviceRow[]> {
      return inChunks(locationIds, (ids) =>
        db
          .select({
            id: devices.id,
            locationId: devices.locationId,
            ref: devices.ref,
            name: devices.name,
            category: devices.category,
            controllerId: devices.controllerId,
          })
          .from(devices)
          .where(and(inArray(devices.locationId, ids), isNull(devices.deletedAt)))
          .orderBy(asc(devices.name), asc(devices.id)),
      );
    },

    /** The latest values of the not deleted devices of the locations. */
    async latestOf(locationIds: readonly number[]): Promise<LatestRow[]> {
      return inChunks(locationIds, (ids) =>
        db
          .select({
            deviceId: deviceLatest.deviceId,
            metric: deviceLatest.metric,
            value: deviceLatest.value,
            at: deviceLatest.at,
          })
          .from(deviceLatest)
          .innerJoin(devices, eq(devices.id, deviceLatest.deviceId))
          .where(and(inArray(devices.locationId, ids), isNull(devices.deletedAt))),
      );
    },

    /** The controllers of the locations with their presence, by alias then unit id. */
    async controllersOf(locationIds: readonly number[]): Promise<LiveControllerRow[]> {
      return inChunks(locationIds, (ids) =>
        db
          .select({
            id: controllers.id,
            locationId: controllers.locationId,
            alias: controllers.alias,
            unitId: controllers.unitId,
            versions: controllers.versions,
            connected: sql<boolean>`coalesce(${controllerPresence.connected}, false)`.mapWith(
              Boolean,
            ),
            lastSeenAt: controllerPresence.lastSeenAt,
            connection: controllerPresence.connection,
          })
          .from(controllers)
          .leftJoin(controllerPresence, eq(controllerPresence.controllerId, controllers.id))
          .where(inArray(controllers.locationId, ids))
          .orderBy(sql`${controllers.alias} asc nulls last`, asc(controllers.unitId)),
      );
    },

    /** Per device of the locations: mean power and state of charge of its readings in [from, to]. */
    async averagesOf(locationIds: readonly number[], from: Date, to: Date): Promise<AverageRow[]> {
      return inChunks(locationIds, (ids) =>
        queryRows<AverageRow & Record<string, unknown>>(
          db,
          sql`select r.device_id as "deviceId", avg(r.power_w)::float8 as "powerW",
            avg(r.soc_pct)::float8 as "socPct"
          from ${readings} r join ${devices} d on d.id = r.device_id
          where d.location_id in (${idList(ids)}) and d.deleted_at is null
            and r.ts >= ${from.toISOString()}::timestamptz and r.ts <= ${to.toISOString()}::timestamptz
          group by r.device_id`,
        ),
      );
    },

    /** The daily roll-ups of the given (location, local day) pairs. */
    async daySums(
      days: readonly { locationId: number; day: string }[],
    ): Promise<Map<number, EnergySums>> {
      const out = new Map<number, EnergySums>();
      const dayList = [...new Set(days.map((d) => d.day))];
      const rows = await inChunks(
        days.map((d) => d.locationId),
        (ids) =>
          db
            .select()
            .from(locationRollupDay)
            .where(
              and(
                inArray(locationRollupDay.locationId, ids),
                inArray(locationRollupDay.day, dayList),
              ),
            ),
      );
      const wanted = new Map(days.map((d) => [d.locationId, d.day]));
      for (const row of rows) {
        if (wanted.get(row.locationId) !== row.day) continue;
        out.set(row.locationId, {
          consumptionWh: row.consumptionWh,
          gridImportWh: row.gridImportWh,
          gridExportWh: row.gridExportWh,
          solarWh: row.solarWh,
          batteryChargeWh: row.batteryChargeWh,
          batteryDischargeWh: row.batteryDischargeWh,
          evWh: row.evWh,
          hvacWh: row.hvacWh,
        });
      }
      return out;
    },

    /**
     * The locations in a group's subtree that `visible` (the access core's location filter) keeps, by id, with
     * their time zones.
     */
    async groupLocations(groupId: number, visible: SQL) {
      return db
        .select({ id: locations.id, timezone: locations.timezone })
        .from(locations)
        .where(
          and(
            sql`${locations.groupId} in (
              with recursive subtree(id) as (
                select ${locationGroups.id} from ${locationGroups} where ${locationGroups.id} = ${groupId}
                union all
                select g.id from ${locationGroups} g join subtree on g.parent_id = subtree.id
              )
              select id from subtree)`,
            visible,
          ),
        )
        .orderBy(asc(locations.id));
    },

    /** A controller's discovered references, most recently seen first. */
    async discoveredOf(controllerId: number) {
      return db
        .select()
        .from(discoveredDevices)
        .where(eq(discoveredDevices.controllerId, controllerId))
        .orderBy(sql`${discoveredDevices.lastSeenAt} desc`, asc(discoveredDevices.ref));
    },

    async discovered(controllerId: number, ref: string) {
      const [row] = await db
        .select()
        .from(discoveredDevices)
        .where(
          and(eq(discoveredDevices.controllerId, controllerId), eq(discoveredDevices.ref, ref)),
        )
        .limit(1);
      return row;
    },

    /** Whether the controller has a device (deleted ones included) with that reference. */
    async deviceWithRef(controllerId: number, ref: string): Promise<boolean> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.controllerId, controllerId), eq(devices.ref, ref)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Makes a discovered reference a device, in one transaction: inserts the device, carries the values it last
     * reported over into device_latest, and forgets the discovered row. Answers the new device's id.
     */
    async adopt(values: {
      locationId: number;
      controllerId: number;
      deviceGroupId: number | null;
      ref: string;
      name: string;
      category: DeviceCategory;
      lastValues: Record<string, number>;
      lastSeenAt: Date;
    }): Promise<number> {
      return db.transaction(async (tx) => {
        const [device] = await tx
          .insert(devices)
          .values({
            locationId: values.locationId,
            controllerId: values.controllerId,
            deviceGroupId: values.deviceGroupId,
            ref: values.ref,
            name: values.name,
            category: values.category,
          })
          .returning({ id: devices.id });
        if (!device) throw new Error('the insert returned no row');
        const latest = Object.entries(values.lastValues)
          .filter(([, value]) => typeof value === 'number' && Number.isFinite(value))
          .map(([metric, value]) => ({
            deviceId: device.id,
            metric,
            value,
            at: values.lastSeenAt,
          }));
        if (latest.length > 0) await tx.insert(deviceLatest).values(latest).onConflictDoNothing();
        await tx
          .delete(discoveredDevices)
          .where(
            and(
              eq(discoveredDevices.controllerId, values.controllerId),
              eq(discoveredDevices.ref, values.ref),
            ),
          );
        return device.id;
      });
    },

    /** Forgets a discovered reference; whether there was one. */
    async dismiss(controllerId: number, ref: string): Promise<boolean> {
      const rows = await db
        .delete(discoveredDevices)
        .where(
          and(eq(discoveredDevices.controllerId, controllerId), eq(discoveredDevices.ref, ref)),
        )
        .returning({ ref: discoveredDevices.ref });
      return rows.length > 0;
    },
  };
}

/** The live repository's interface. */
export type LiveRepository = ReturnType<typeof createLiveRepository>;
