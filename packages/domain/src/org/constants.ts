/** Device categories (spec 000 §3, spec 001 §9 device icon types). */
export const DEVICE_CATEGORIES = [
  'OTHER',
  'EV_CHARGER',
  'SOLAR_POWER_PLANT',
  'BATTERY',
  'HYBRID_INVERTER',
  'HVAC',
  'GRID',
] as const;
/** One of {@link DEVICE_CATEGORIES}. */
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

/** How a controller was set up (spec 001 §9 "device setup types in global settings"). */
export const DEVICE_SETUP_TYPES = ['CONTROLLER', 'P1_WIFI', 'GATEWAY'] as const;
/** One of {@link DEVICE_SETUP_TYPES}. */
export type DeviceSetupType = (typeof DEVICE_SETUP_TYPES)[number];

/** A device's last known state, shown in device lists (integrated devices, structure). */
export const DEVICE_STATUSES = ['OK', 'WARNING', 'ERROR', 'OFFLINE'] as const;
/** One of {@link DEVICE_STATUSES}. */
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Kinds of spot-market region codes (spec 001 §3 Location.spotRegion.type). */
export const SPOT_REGION_TYPES = ['EIC', 'AGILE'] as const;
/** One of {@link SPOT_REGION_TYPES}. */
export type SpotRegionType = (typeof SPOT_REGION_TYPES)[number];

/** Sidebar menu item types (spec 000 §3). */
export const MENU_ITEM_TYPES = [
  'company',
  'location-group',
  'location',
  'device-group',
  'device',
] as const;
/** One of {@link MENU_ITEM_TYPES}. */
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number];

/** States of a location invitation (spec 001 §4 label-only states). */
export const INVITATION_STATUSES = ['pending', 'confirmed', 'expired', 'revoked'] as const;
/** One of {@link INVITATION_STATUSES}. */
export type InvitationStatusValue = (typeof INVITATION_STATUSES)[number];

/** Controller serial numbers: four groups of four letters or digits (spec 001 §3, §5). */
export const CONTROLLER_SERIAL_PATTERN = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
