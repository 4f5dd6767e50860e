import type { MenuCompany, MenuItem } from '@ec/contract';
import type { DeviceCategory } from '@ec/domain';

// Pure builders of sidebar menu items from database rows (docs/organisation.md "Menu (sidebar)").

/** A company as the menu needs it. */
export interface CompanyRow {
  id: number;
  name: string;
  rootGroupId: number | null;
}

/** A location group row (only the groups the user may see). */
export interface GroupRow {
  id: number;
  parentId: number | null;
  name: string;
}

/** A location row (only the locations the user may see). */
export interface LocationRow {
  id: number;
  groupId: number;
  name: string;
  /** Whether the location has device groups or (not deleted) devices. */
  hasChildren: boolean;
}

/** A device group of a location. */
export interface DeviceGroupRow {
  id: number;
  name: string;
}

/** A device of a location (deleted devices are not passed in). */
export interface DeviceRow {
  id: number;
  name: string;
  category: DeviceCategory;
  deviceGroupId: number | null;
  controllerId: number | null;
}

// Numeric-aware, so "Location 2" comes before "Location 10"; accents sort next to their base letter.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byName = <T extends { id: number; name: string }>(a: T, b: T) =>
  collator.compare(a.name, b.name) || a.id - b.id;

/** The href a company item opens: its root group. */
export function companyHref(company: CompanyRow): string {
  return company.rootGroupId === null
    ? `/settings/global/companies/${company.id}`
    : `/companies/${company.id}/location-groups/${company.rootGroupId}`;
}

/** The `company` part of a menu answer (null when the company has no root group yet). */
export function menuCompany(company: CompanyRow): MenuCompany | null {
  return company.rootGroupId === null
    ? null
    : { id: company.id, name: company.name, rootGroup: { id: company.rootGroupId } };
}

/** A company item; `children` null means "load with GET /menu/:companyId". */
export function companyItem(
  company: CompanyRow,
  children: MenuItem[] | null,
  options: { hasChildren: boolean; navigable: boolean },
): MenuItem {
  return {
    id: `company:${company.id}`,
    title: company.name,
    href: companyHref(company),
    type: 'company',
    level: 0,
    children,
    aliases: [
      `/settings/global/companies/${company.id}`,
      `/companies/${company.id}/integrated-devices`,
    ],
    data: {
      entityId: company.id,
      companyId: company.id,
      hasChildren: options.hasChildren,
      ...(options.navigable ? {} : { navigable: false }),
    },
  };
}

/**
 * The items below a company's root group, from the groups and locations the user may see. A group whose parent is
 * not visible (only possible for users with grants: visibility is inherited downwards) moves up to level 1, and so
 * does a location whose group is not visible, so every item's page can be opened. Groups come before locations,
 * each by name; locations have `children: null` (loaded lazily).
 */
export function companyStructure(
  company: CompanyRow,
  groups: readonly GroupRow[],
  locations: readonly LocationRow[],
): MenuItem[] {
  const visible = new Set(groups.map((g) => g.id));
  const childGroups = new Map<number | 'top', GroupRow[]>();
  const groupLocations = new Map<number | 'top', LocationRow[]>();
  const push = <T>(map: Map<number | 'top', T[]>, key: number | 'top', value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const slot = (groupId: number | null) =>
    groupId === null || groupId === company.rootGroupId || !visible.has(groupId) ? 'top' : groupId;

  for (const group of groups) {
    if (group.id === company.rootGroupId) continue;
    push(childGroups, slot(group.parentId), group);
  }
  for (const location of locations) push(groupLocations, slot(location.groupId), location);

  const build = (key: number | 'top', level: number): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const group of (childGroups.get(key) ?? []).sort(byName)) {
      const children = build(group.id, level + 1);
      items.push({
        id: `location-group:${group.id}`,
        title: group.name,
        href: `/companies/${company.id}/location-groups/${group.id}`,
        type: 'location-group',
        level,
        children,
        aliases: [`/location-groups/${group.id}`],
        data: { entityId: group.id, companyId: company.id, hasChildren: children.length > 0 },
      });
    }
    for (const location of (groupLocations.get(key) ?? []).sort(byName)) {
      items.push({
        id: `location:${location.id}`,
        title: location.name,
        href: `/locations/${location.id}`,
        type: 'location',
        level,
        children: null,
        aliases: [
          `/location-groups/${location.groupId}/locations/${location.id}`,
          `/companies/${company.id}/location-groups/${location.groupId}/locations/${location.id}`,
        ],
        data: {
          entityId: location.id,
          companyId: company.id,
          hasChildren: location.hasChildren,
        },
      });
    }
    return items;
  };
  return build('top', 1);
}

/**
 * A location's lazy children under `prefix` (the location item's href): device groups by name with their devices,
 * then the ungrouped devices. Grouped devices sit one level below their group.
 */
export function locationStructure(
  companyId: number,
  prefix: string,
  level: number,
  deviceGroups: readonly DeviceGroupRow[],
  devices: readonly DeviceRow[],
): MenuItem[] {
  const known = new Set(deviceGroups.map((g) => g.id));
  const grouped = new Map<number, DeviceRow[]>();
  const ungrouped: DeviceRow[] = [];
  for (const device of devices) {
    if (device.deviceGroupId !== null && known.has(device.deviceGroupId)) {
      const list = grouped.get(device.deviceGroupId);
      if (list) list.push(device);
      else grouped.set(device.deviceGroupId, [device]);
    } else {
      ungrouped.push(device);
    }
  }
  const deviceItem = (device: DeviceRow, href: string, itemLevel: number): MenuItem => ({
    id: `device:${device.id}`,
    title: device.name,
    href,
    type: 'device',
    level: itemLevel,
    children: [],
    aliases: [],
    data: { entityId: device.id, companyId, category: device.category, hasChildren: false },
  });

  const items: MenuItem[] = [];
  for (const group of [...deviceGroups].sort(byName)) {
    const groupHref = `${prefix}/device-groups/${group.id}`;
    const children = (grouped.get(group.id) ?? [])
      .sort(byName)
      .map((device) => deviceItem(device, `${groupHref}/devices/${device.id}`, level + 1));
    items.push({
      id: `device-group:${group.id}`,
      title: group.name,
      href: groupHref,
      type: 'device-group',
      level,
      children,
      aliases: [],
      data: { entityId: group.id, companyId, hasChildren: children.length > 0 },
    });
  }
  for (const device of ungrouped.sort(byName)) {
    const href =
      device.controllerId === null
        ? `${prefix}/manage/structure`
        : `${prefix}/manage/oem-devices/${device.controllerId}/devices/${device.id}`;
    items.push(deviceItem(device, href, level));
  }
  return items;
}
