// Paths of the global-settings pages (spec 000 §2 /settings/global).

/** The global-settings start page. */
export const GLOBAL_SETTINGS_PATH = '/settings/global';

/** A company's page: `overview`, `location-groups`, `locations`, `oem-devices`, `users`, … */
export function companyPath(companyId: number, section = 'overview'): string {
  return `${GLOBAL_SETTINGS_PATH}/companies/${companyId}/${section}`;
}

/** A location in global settings, under its group. */
export function locationPath(companyId: number, groupId: number, locationId: number): string {
  return companyPath(companyId, `location-groups/${groupId}/locations/${locationId}`);
}

/** A controller ("oem device") in global settings. */
export function controllerPath(companyId: number, controllerId: number): string {
  return companyPath(companyId, `oem-devices/${controllerId}`);
}
