import {
  and,
  asc,
  controllerPresence,
  controllers,
  countries,
  DEVICE_STATUS_UNREPORTED,
  deviceGroups,
  devices,
  deviceState,
  eq,
  inArray,
  isNull,
  locations,
  queryRows,
  sql,
  users,
  type Db,
  type SQL,
} from '@ec/db';
import type { DeviceCategory, DeviceStatus } from '@ec/domain';

/** The single row a write returned (it always returns one for an existing id). */
export function one<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('the write returned no row');
  return row;
}

/** A location row. */
export type LocationRecord = typeof locations.$inferSelect;
/** The columns a location form writes. */
export type LocationValues = Partial<
  Pick<
    typeof locations.$inferInsert,
    | 'name'
    | 'countryId'
    | 'timezone'
    | 'spotRegionCode'
    | 'spotRegionType'
    | 'latitude'
    | 'longitude'
    | 'street'
    | 'houseNumber'
    | 'postCode'
    | 'city'
  >
>;
/** A device row. */
export type DeviceRecord = typeof devices.$inferSelect;
/** A device group row. */
export type DeviceGroupRecord = typeof deviceGroups.$inferSelect;
/** A controller row. */
export type ControllerRecord = typeof controllers.$inferSelect;
/** A controller's presence (live state; docs/decisions/0016): not connected and never seen without a row. */
export interface ControllerPresence {
  connected: boolean;
  lastSeenAt: Date | null;
}

/**
 * A device's status from the live-state table (joined with `leftJoin(deviceState, …)`): a device that has not
 * reported shows DEVICE_STATUS_UNREPORTED.
 */
const deviceStatus = sql<DeviceStatus>`coalesce(${deviceState.status}, ${DEVICE_STATUS_UNREPORTED})`;
const deviceStateJoin = eq(deviceState.deviceId, devices.id);
/** A controller's presence from the live-state table (joined with `leftJoin(controllerPresence, …)`). */
const presenceColumns = {
  connected: sql<boolean>`coalesce(${controllerPresence.connected}, false)`.mapWith(Boolean),
  lastSeenAt: controllerPresence.lastSeenAt,
};
const presenceJoin = eq(controllerPresence.controllerId, controllers.id);

/** A device as lists show it. */
const deviceColumns = {
  id: devices.id,
  name: devices.name,
  category: devices.category,
  status: deviceStatus,
  deviceGroupId: devices.deviceGroupId,
  controllerId: devices.controllerId,
  deletedAt: devices.deletedAt,
};

/** A user's columns that say where the user belongs and what the role allows. */
export const userScopeColumns = {
  id: users.id,
  siteId: users.siteId,
  companyId: users.companyId,
  role: users.role,
};

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Filters of the integrated-devices list. */
export interface IntegratedDevicesFilter {
  companyId: number;
  /** The actor's visible locations (the org access core's `locationFilter`). */
  visible: SQL;
  q?: string;
  category?: DeviceCategory;
  status?: DeviceStatus;
  limit: number;
  offset: number;
}

/** Locations, device groups, devices and controllers. */
export function createLocationsRepository(db: Db) {
  return {
    async countryByCode(code: string) {
      const [row] = await db
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(eq(countries.code, code))
        .limit(1);
      return row;
    },

    async countryById(id: number) {
      const [row] = await db
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(eq(countries.id, id))
        .limit(1);
      return row;
    },

    async insertLocation(
      values: LocationValues & { companyId: number; groupId: number; name: string },
    ): Promise<LocationRecord> {
      const [row] = await db.insert(locations).values(values).returning();
      return one(row);
    },

    async updateLocation(id: number, values: LocationValues): Promise<LocationRecord> {
      const [row] = await db.update(locations).set(values).where(eq(locations.id, id)).returning();
      return one(row);
    },

    async moveLocation(id: number, groupId: number): Promise<LocationRecord> {
      const [row] = await db
        .update(locations)
        .set({ groupId })
        .where(eq(locations.id, id))
        .returning();
      return one(row);
    },

    async deleteLocation(id: number): Promise<void> {
      await db.delete(locations).where(eq(locations.id, id));
    },

    async controllersCount(locationId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(controllers)
        .where(eq(controllers.locationId, locationId));
      return row?.n ?? 0;
    },

    /** Device groups of a location by name. */
    async deviceGroupsOf(locationId: number): Promise<DeviceGroupRecord[]> {
      return db
        .select()
        .from(deviceGroups)
        .where(eq(deviceGroups.locationId, locationId))
        .orderBy(asc(deviceGroups.name), asc(deviceGroups.id));
    },

    /** The location's devices that are not deleted, by name. */
    async activeDevicesOf(locationId: number) {
      return db
        .select(deviceColumns)
        .from(devices)
        .leftJoin(deviceState, deviceStateJoin)
        .where(and(eq(devices.locationId, locationId), isNull(devices.deletedAt)))
        .orderBy(asc(devices.name), asc(devices.id));
    },

    async insertDeviceGroup(locationId: number, name: string): Promise<DeviceGroupRecord> {
      const [row] = await db.insert(deviceGroups).values({ locationId, name }).returning();
      return one(row);
    },

    async renameDeviceGroup(id: number, name: string): Promise<DeviceGroupRecord> {
      const [row] = await db
        .update(deviceGroups)
        .set({ name })
        .where(eq(deviceGroups.id, id))
        .returning();
      return one(row);
    },

    /** Deletes a device group; its devices become ungrouped (the foreign key sets null). */
    async deleteDeviceGroup(id: number): Promise<void> {
      await db.delete(deviceGroups).where(eq(deviceGroups.id, id));
    },

    async deviceGroupById(id: number): Promise<DeviceGroupRecord | undefined> {
      const [row] = await db.select().from(deviceGroups).where(eq(deviceGroups.id, id)).limit(1);
      return row;
    },

    /** Devices by id (deleted ones included). */
    async devicesByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ ...deviceColumns, locationId: devices.locationId })
        .from(devices)
        .leftJoin(deviceState, deviceStateJoin)
        .where(inArray(devices.id, [...ids]));
    },

    async setDevicesGroup(ids: readonly number[], deviceGroupId: number | null): Promise<void> {
      await db
        .update(devices)
        .set({ deviceGroupId })
        .where(inArray(devices.id, [...ids]));
    },

    /** A device with its location and controller. */
    async deviceDetail(id: number) {
      const [row] = await db
        .select({
          device: devices,
          status: deviceStatus,
          location: { id: locations.id, name: locations.name, companyId: locations.companyId },
          controller: { id: controllers.id, alias: controllers.alias, serial: controllers.serial },
        })
        .from(devices)
        .innerJoin(locations, eq(locations.id, devices.locationId))
        .leftJoin(controllers, eq(controllers.id, devices.controllerId))
        .leftJoin(deviceState, deviceStateJoin)
        .where(eq(devices.id, id))
        .limit(1);
      return row;
    },

    async updateDevice(
      id: number,
      values: Partial<Pick<DeviceRecord, 'name' | 'category' | 'deviceGroupId' | 'deletedAt'>>,
    ): Promise<void> {
      await db.update(devices).set(values).where(eq(devices.id, id));
    },

    /**
     * The controllers of a location by alias (then serial), with their presence and how many of their devices are
     * not deleted.
     */
    async controllersOf(locationId: number) {
      const rows = await db
        .select({
          controller: controllers,
          ...presenceColumns,
          devicesCount: sql<number>`(select count(*)::int from devices d
            where d.controller_id = controllers.id and d.deleted_at is null)`,
        })
        .from(controllers)
        .leftJoin(controllerPresence, presenceJoin)
        .where(eq(controllers.locationId, locationId))
        .orderBy(sql`${controllers.alias} asc nulls last`, asc(controllers.serial));
      return rows.map(({ connected, lastSeenAt, ...rest }) => ({
        ...rest,
        presence: { connected, lastSeenAt } satisfies ControllerPresence,
      }));
    },

    /** A controller's presence (live state). */
    async controllerPresence(controllerId: number): Promise<ControllerPresence> {
      const [row] = await db
        .select({
          connected: controllerPresence.connected,
          lastSeenAt: controllerPresence.lastSeenAt,
        })
        .from(controllerPresence)
        .where(eq(controllerPresence.controllerId, controllerId))
        .limit(1);
      return row ?? { connected: false, lastSeenAt: null };
    },

    /** A controller's devices, deleted ones included, by name. */
    async devicesOfController(controllerId: number) {
      return db
        .select(deviceColumns)
        .from(devices)
        .leftJoin(deviceState, deviceStateJoin)
        .where(eq(devices.controllerId, controllerId))
        .orderBy(asc(devices.name), asc(devices.id));
    },

    async updateController(
      id: number,
      values: Partial<Pick<ControllerRecord, 'alias' | 'ownerId'>>,
    ): Promise<ControllerRecord> {
      const [row] = await db
        .update(controllers)
        .set(values)
        .where(eq(controllers.id, id))
        .returning();
      return one(row);
    },

    async userById(id: number) {
      const [row] = await db.select(userScopeColumns).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * Whether a user has anything in a company: belongs to it, owns or is granted one of its locations, or has a
     * grant on one of its groups.
     */
    async userTouchesCompany(userId: number, companyId: number): Promise<boolean> {
      const rows = await queryRows<{ found: number }>(
        db,
        sql`
        select 1 as found from users where id = ${userId} and company_id = ${companyId}
        union all
        select 1 from locations where company_id = ${companyId} and owner_id = ${userId}
        union all
        select 1 from location_permissions lp join locations l on l.id = lp.location_id
          where lp.user_id = ${userId} and l.company_id = ${companyId}
        union all
        select 1 from location_group_permissions p join location_groups g on g.id = p.group_id
          where p.user_id = ${userId} and g.company_id = ${companyId}
        limit 1`,
      );
      return rows.length > 0;
    },

    /** A page of the company's visible, not deleted devices by name, and how many match. */
    async integratedDevices(filter: IntegratedDevicesFilter) {
      const conditions: SQL[] = [
        eq(locations.companyId, filter.companyId),
        isNull(devices.deletedAt),
        filter.visible,
      ];
      if (filter.category) conditions.push(eq(devices.category, filter.category));
      if (filter.status) conditions.push(sql`${deviceStatus} = ${filter.status}`);
      if (filter.q) {
        const pattern = likePattern(filter.q);
        conditions.push(
          sql`(${devices.name} ilike ${pattern} or ${locations.name} ilike ${pattern}
            or ${controllers.alias} ilike ${pattern} or ${controllers.serial} ilike ${pattern})`,
        );
      }
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: devices.id,
            name: devices.name,
            category: devices.category,
            status: deviceStatus,
            locationId: locations.id,
            locationName: locations.name,
            controllerId: controllers.id,
            controllerAlias: controllers.alias,
            controllerSerial: controllers.serial,
          })
          .from(devices)
          .innerJoin(locations, eq(locations.id, devices.locationId))
          .leftJoin(controllers, eq(controllers.id, devices.controllerId))
          .leftJoin(deviceState, deviceStateJoin)
          .where(where)
          .orderBy(asc(devices.name), asc(devices.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(devices)
          .innerJoin(locations, eq(locations.id, devices.locationId))
          .leftJoin(controllers, eq(controllers.id, devices.controllerId))
          .leftJoin(deviceState, deviceStateJoin)
          .where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
  };
}

/** The locations repository's interface. */
export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
