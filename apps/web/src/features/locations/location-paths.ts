/**
 * The location subtree repeats under /locations, /location-groups/:gid and /companies/:cid/location-groups/:gid
 * (spec 000 §2), so links inside it are built from the path the user is on: everything up to and including
 * `locations/<id>`.
 */
export function locationBasePath(pathname: string): string | null {
  const match = /^(.*?\/locations\/\d+)(?:\/|$)/.exec(pathname);
  return match?.[1] ?? null;
}

/** A Manage Location page under `base` (`settings`, `users`, …; '' for the index). */
export function manageHref(base: string, section = ''): string {
  return section ? `${base}/manage/${section}` : `${base}/manage`;
}

/** A controller's page in the Manage Location area. */
export function controllerHref(base: string, controllerId: number): string {
  return `${base}/manage/oem-devices/${controllerId}`;
}

/** A device group's page. */
export function deviceGroupHref(base: string, groupId: number): string {
  return `${base}/device-groups/${groupId}`;
}

/**
 * A device's page (docs/organisation.md hrefs): under its device group, else under its controller; null for an
 * ungrouped device without a controller (it has no page of its own, only its row in the structure).
 */
export function deviceHref(
  base: string,
  device: { id: number; deviceGroupId: number | null; controllerId: number | null },
): string | null {
  if (device.deviceGroupId !== null) {
    return `${deviceGroupHref(base, device.deviceGroupId)}/devices/${device.id}`;
  }
  if (device.controllerId !== null) {
    return `${controllerHref(base, device.controllerId)}/devices/${device.id}`;
  }
  return null;
}
