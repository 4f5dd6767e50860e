import ct from 'countries-and-timezones';
import type {
  ControllerSummary,
  CreateLocationForm,
  Device,
  DeviceForm,
  Location,
  LocationForm,
  LocationStructure,
  StructureDevice,
} from '@ec/contract';
import {
  findSpotMarketRegion,
  hasRole,
  parseCoordinates,
  type DeviceCategory,
  type DeviceStatus,
} from '@ec/domain';
import { invalidFields, notFound, ruleBroken } from '../../errors.ts';
import type { AccessActor, Actions, OrgAccess } from '../org/org-access.ts';
import type {
  ControllerPresence,
  ControllerRecord,
  LocationRecord,
  LocationsRepository,
  LocationValues,
} from './locations.repository.ts';

/** Rule messages (docs/organisation.md "Rules"). */
export const LOCATION_RULES = {
  hasControllers: 'org.location_has_controllers',
  alreadyInGroup: 'org.already_in_group',
} as const;

const INVALID = 'validation.invalid_value';

/** Whether `name` is an IANA time zone (canonical or alias) that the time-zone data knows. */
function isTimeZone(name: string): boolean {
  return ct.getTimezone(name) !== null;
}
const DEFAULT_PAGE_SIZE = 25;

type DeviceListRow = StructureDevice & { deletedAt: Date | null };

const toStructureDevice = ({ deletedAt: _deleted, ...device }: DeviceListRow): StructureDevice =>
  device;

function toControllerSummary(
  row: ControllerRecord,
  presence: ControllerPresence,
  devicesCount: number,
): ControllerSummary {
  return {
    id: row.id,
    alias: row.alias,
    unitId: row.unitId,
    serial: row.serial,
    setupType: row.setupType,
    versions: row.versions,
    addresses: row.addresses,
    connected: presence.connected,
    lastSeenAt: presence.lastSeenAt?.toISOString() ?? null,
    ownerId: row.ownerId,
    devicesCount,
  };
}

/** Locations, their structure (device groups, devices) and controllers, and the company's integrated devices. */
export function createLocationsService(deps: {
  repo: LocationsRepository;
  access: OrgAccess;
  now?: () => Date;
}) {
  const { repo, access } = deps;
  const now = deps.now ?? (() => new Date());

  async function toLocation(row: LocationRecord, actions: Actions): Promise<Location> {
    const country = row.countryId === null ? undefined : await repo.countryById(row.countryId);
    return {
      id: row.id,
      name: row.name,
      companyId: row.companyId,
      groupId: row.groupId,
      country: country ?? null,
      spotRegion:
        row.spotRegionCode && row.spotRegionType
          ? { code: row.spotRegionCode, type: row.spotRegionType }
          : null,
      timezone: row.timezone,
      coordinates:
        row.latitude !== null && row.longitude !== null
          ? { latitude: row.latitude, longitude: row.longitude }
          : null,
      eicCode: row.eicCode ? { eic: row.eicCode } : null,
      agileRegion: row.agileRegion ? { regionCode: row.agileRegion } : null,
      ownerId: row.ownerId,
      address: {
        street: row.street,
        houseNumber: row.houseNumber,
        postCode: row.postCode,
        city: row.city,
      },
      permissions: { ...actions },
    };
  }

  /**
   * Checks a location form against stored and reference data (country, IANA zone, spot region, the domain's
   * coordinate rules) and turns it into columns; every problem at once as 400 field errors.
   */
  async function locationValues(
    form: Omit<LocationForm, 'spotRegion' | 'coordinates'> &
      Partial<Pick<LocationForm, 'spotRegion' | 'coordinates'>>,
  ): Promise<LocationValues> {
    const fields: Record<string, string> = {};
    const country = await repo.countryByCode(form.countryCode);
    if (!country) fields['data.countryCode'] = INVALID;
    if (!isTimeZone(form.timezone)) fields['data.timezone'] = INVALID;
    const values: LocationValues = {
      name: form.name,
      countryId: country?.id ?? null,
      timezone: form.timezone,
    };
    if (form.spotRegion !== undefined) {
      const region =
        form.spotRegion && findSpotMarketRegion(form.spotRegion.code, form.spotRegion.type);
      if (form.spotRegion && !region) fields['data.spotRegion'] = INVALID;
      values.spotRegionCode = region ? region.code : null;
      values.spotRegionType = region ? region.type : null;
    }
    if (form.coordinates !== undefined) {
      const parsed = parseCoordinates(form.coordinates ?? {});
      if (parsed.ok) {
        values.latitude = parsed.value?.latitude ?? null;
        values.longitude = parsed.value?.longitude ?? null;
      } else {
        if (parsed.errors.latitude) fields['data.coordinates.latitude'] = parsed.errors.latitude;
        if (parsed.errors.longitude) fields['data.coordinates.longitude'] = parsed.errors.longitude;
      }
    }
    if (form.address) {
      const blank = (text: string | null | undefined) =>
        text === undefined ? undefined : text === null || text === '' ? null : text;
      const { street, houseNumber, postCode, city } = form.address;
      for (const [key, value] of Object.entries({ street, houseNumber, postCode, city })) {
        const cleaned = blank(value);
        if (cleaned !== undefined) (values as Record<string, unknown>)[key] = cleaned;
      }
    }
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
    return values;
  }

  async function structureOf(locationId: number): Promise<LocationStructure> {
    const [groups, devices] = await Promise.all([
      repo.deviceGroupsOf(locationId),
      repo.activeDevicesOf(locationId),
    ]);
    const byGroup = new Map<number, StructureDevice[]>(groups.map((g) => [g.id, []]));
    const ungrouped: StructureDevice[] = [];
    for (const device of devices) {
      const list = device.deviceGroupId === null ? undefined : byGroup.get(device.deviceGroupId);
      (list ?? ungrouped).push(toStructureDevice(device));
    }
    return {
      deviceGroups: groups.map((g) => ({
        id: g.id,
        name: g.name,
        devices: byGroup.get(g.id) ?? [],
      })),
      ungrouped,
    };
  }

  async function deviceView(id: number, actions: Actions): Promise<Device> {
    const found = await repo.deviceDetail(id);
    if (!found) throw notFound();
    const { device } = found;
    return {
      id: device.id,
      name: device.name,
      category: device.category,
      status: found.status,
      manufacturer: device.manufacturer,
      model: device.model,
      deviceGroupId: device.deviceGroupId,
      controllerId: device.controllerId,
      location: found.location,
      controller: found.controller,
      deletedAt: device.deletedAt?.toISOString() ?? null,
      createdAt: device.createdAt.toISOString(),
      permissions: { ...actions },
    };
  }

  async function controllerView(row: ControllerRecord, actions: Actions) {
    const [devices, presence] = await Promise.all([
      repo.devicesOfController(row.id),
      repo.controllerPresence(row.id),
    ]);
    const active = devices.filter((d) => d.deletedAt === null).length;
    return {
      ...toControllerSummary(row, presence, active),
      companyId: row.companyId,
      locationId: row.locationId,
      devices: devices.map((d) => ({ ...d, deletedAt: d.deletedAt?.toISOString() ?? null })),
      permissions: { ...actions },
    };
  }

  /** A device group of `locationId` (a group of another location is answered like a missing one). */
  async function deviceGroupIn(locationId: number, id: number | null, field?: string) {
    if (id === null) return;
    const group = await repo.deviceGroupById(id);
    if (!group || group.locationId !== locationId) {
      if (field) throw invalidFields({ [field]: INVALID });
      throw notFound();
    }
  }

  return {
    async get(actor: AccessActor, id: number) {
      const { row, actions } = await access.requireLocation(actor, id, 'view');
      return { location: await toLocation(row, actions) };
    },

    async update(actor: AccessActor, id: number, form: LocationForm) {
      const { actions } = await access.requireLocation(actor, id, 'edit');
      const values = await locationValues(form);
      const row = await repo.updateLocation(id, values);
      return { location: await toLocation(row, actions) };
    },

    async create(actor: AccessActor, form: CreateLocationForm) {
      const group = await access.requireGroup(actor, form.groupId, 'manage');
      const values = await locationValues(form);
      const row = await repo.insertLocation({
        ...values,
        name: form.name,
        companyId: group.row.companyId,
        groupId: group.row.id,
      });
      return { location: await toLocation(row, await access.locationActions(actor, row.id)) };
    },

    async remove(actor: AccessActor, id: number) {
      await access.requireLocation(actor, id, 'manage');
      if ((await repo.controllersCount(id)) > 0) throw ruleBroken(LOCATION_RULES.hasControllers);
      await repo.deleteLocation(id);
    },

    async move(actor: AccessActor, id: number, groupId: number) {
      const location = await access.requireLocation(actor, id, 'manage');
      const group = await access.requireGroup(actor, groupId, 'manage');
      if (group.row.companyId !== location.row.companyId) {
        throw invalidFields({ 'data.groupId': INVALID });
      }
      if (location.row.groupId === groupId) throw ruleBroken(LOCATION_RULES.alreadyInGroup);
      const row = await repo.moveLocation(id, groupId);
      return { location: await toLocation(row, await access.locationActions(actor, id)) };
    },

    async structure(actor: AccessActor, id: number) {
      await access.requireLocation(actor, id, 'view');
      return structureOf(id);
    },

    async createDeviceGroup(actor: AccessActor, locationId: number, name: string) {
      await access.requireLocation(actor, locationId, 'edit');
      const row = await repo.insertDeviceGroup(locationId, name);
      return { deviceGroup: { id: row.id, name: row.name, locationId: row.locationId } };
    },

    async renameDeviceGroup(actor: AccessActor, id: number, name: string) {
      await access.requireDeviceGroup(actor, id, 'edit');
      const row = await repo.renameDeviceGroup(id, name);
      return { deviceGroup: { id: row.id, name: row.name, locationId: row.locationId } };
    },

    async deleteDeviceGroup(actor: AccessActor, id: number) {
      await access.requireDeviceGroup(actor, id, 'edit');
      await repo.deleteDeviceGroup(id);
    },

    /**
     * Moves devices of a location into one of its device groups (or out of any group). Devices or a group of
     * another location are answered 404; when every device is in the target already, 422 org.already_in_group.
     */
    async moveDevices(
      actor: AccessActor,
      locationId: number,
      deviceIds: readonly number[],
      deviceGroupId: number | null,
    ) {
      await access.requireLocation(actor, locationId, 'edit');
      await deviceGroupIn(locationId, deviceGroupId);
      const ids = [...new Set(deviceIds)];
      const found = await repo.devicesByIds(ids);
      if (
        found.length !== ids.length ||
        found.some((d) => d.locationId !== locationId || d.deletedAt !== null)
      ) {
        throw notFound();
      }
      const moving = found.filter((d) => d.deviceGroupId !== deviceGroupId).map((d) => d.id);
      if (moving.length === 0) throw ruleBroken(LOCATION_RULES.alreadyInGroup);
      await repo.setDevicesGroup(moving, deviceGroupId);
      return structureOf(locationId);
    },

    async getDevice(actor: AccessActor, id: number) {
      const { actions } = await access.requireDevice(actor, id, 'view');
      return { device: await deviceView(id, actions) };
    },

    async updateDevice(actor: AccessActor, id: number, form: DeviceForm) {
      const { row, actions } = await access.requireDevice(actor, id, 'edit');
      await deviceGroupIn(row.locationId, form.deviceGroupId, 'data.deviceGroupId');
      await repo.updateDevice(id, {
        name: form.name,
        category: form.category,
        deviceGroupId: form.deviceGroupId,
      });
      return { device: await deviceView(id, actions) };
    },

    /** Soft delete: the device disappears from lists and can be restored. Deleting it again changes nothing. */
    async deleteDevice(actor: AccessActor, id: number) {
      const { row } = await access.requireDevice(actor, id, 'edit');
      if (row.deletedAt === null) await repo.updateDevice(id, { deletedAt: now() });
    },

    async restoreDevice(actor: AccessActor, id: number) {
      const { row, actions } = await access.requireDevice(actor, id, 'edit');
      if (row.deletedAt !== null) await repo.updateDevice(id, { deletedAt: null });
      return { device: await deviceView(id, actions) };
    },

    async controllers(actor: AccessActor, locationId: number) {
      await access.requireLocation(actor, locationId, 'view');
      const rows = await repo.controllersOf(locationId);
      return {
        controllers: rows.map((r) => toControllerSummary(r.controller, r.presence, r.devicesCount)),
      };
    },

    async getController(actor: AccessActor, id: number) {
      const { row, actions } = await access.requireController(actor, id, 'view');
      return { controller: await controllerView(row, actions) };
    },

    async updateController(actor: AccessActor, id: number, alias: string | null) {
      const { actions } = await access.requireController(actor, id, 'edit');
      const row = await repo.updateController(id, { alias: alias === '' ? null : alias });
      return { controller: await controllerView(row, actions) };
    },

    /**
     * Sets or clears a controller's owner (admins). The new owner must be a user of the actor's site; for an
     * aggregator also one who belongs to or holds something in the controller's company. Others are 404.
     */
    async setControllerOwner(actor: AccessActor, id: number, userId: number | null) {
      const { row, actions } = await access.requireController(actor, id, 'manage');
      if (userId !== null) {
        const user = await repo.userById(userId);
        const inScope =
          user !== undefined &&
          user.siteId === actor.user.siteId &&
          (hasRole(actor.user, 'ROLE_SUPER_ADMIN') ||
            (await repo.userTouchesCompany(user.id, row.companyId)));
        if (!inScope) throw notFound();
      }
      const updated = await repo.updateController(id, { ownerId: userId });
      return { controller: await controllerView(updated, actions) };
    },

    async integratedDevices(
      actor: AccessActor,
      companyId: number,
      query: {
        q?: string;
        category?: DeviceCategory;
        status?: DeviceStatus;
        page?: number;
        pageSize?: number;
      },
    ) {
      await access.requireCompany(actor, companyId, 'view');
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await repo.integratedDevices({
        companyId,
        visible: access.locationFilter(actor),
        q: query.q || undefined,
        category: query.category,
        status: query.status,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          category: r.category,
          status: r.status,
          location: { id: r.locationId, name: r.locationName },
          controller:
            r.controllerId !== null && r.controllerSerial !== null
              ? { id: r.controllerId, alias: r.controllerAlias, serial: r.controllerSerial }
              : null,
        })),
        total,
        page,
        pageSize,
      };
    },
  };
}

/** The locations service's interface. */
export type LocationsService = ReturnType<typeof createLocationsService>;
