// The tree's icons, one file each (see shared/ui/icons.ts for why).
import type { Icon } from '@tabler/icons-react';
import type { DeviceCategory, MenuItemType } from '@ec/domain';
import IconAirConditioning from '@tabler/icons-react/dist/esm/icons/IconAirConditioning.mjs';
import IconBattery3 from '@tabler/icons-react/dist/esm/icons/IconBattery3.mjs';
import IconBuilding from '@tabler/icons-react/dist/esm/icons/IconBuilding.mjs';
import IconChargingPile from '@tabler/icons-react/dist/esm/icons/IconChargingPile.mjs';
import IconFolder from '@tabler/icons-react/dist/esm/icons/IconFolder.mjs';
import IconMapPin from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
import IconPlug from '@tabler/icons-react/dist/esm/icons/IconPlug.mjs';
import IconSolarPanel from '@tabler/icons-react/dist/esm/icons/IconSolarPanel.mjs';
import IconStack2 from '@tabler/icons-react/dist/esm/icons/IconStack2.mjs';
import IconTower from '@tabler/icons-react/dist/esm/icons/IconTower.mjs';
import IconTransform from '@tabler/icons-react/dist/esm/icons/IconTransform.mjs';

export { default as IconChevronRight } from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
export { default as IconSearch } from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
export { default as IconAlertTriangle } from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';

/** Device icons by category (spec 001 §9 device icon types). */
export const DEVICE_CATEGORY_ICONS: Record<DeviceCategory, Icon> = {
  OTHER: IconPlug,
  EV_CHARGER: IconChargingPile,
  SOLAR_POWER_PLANT: IconSolarPanel,
  BATTERY: IconBattery3,
  HYBRID_INVERTER: IconTransform,
  HVAC: IconAirConditioning,
  GRID: IconTower,
};

const TYPE_ICONS: Record<Exclude<MenuItemType, 'device'>, Icon> = {
  company: IconBuilding,
  'location-group': IconFolder,
  location: IconMapPin,
  'device-group': IconStack2,
};

/** The icon of a menu item: by type, devices by category. */
export function menuItemIcon(type: MenuItemType, category?: DeviceCategory): Icon {
  if (type === 'device') return DEVICE_CATEGORY_ICONS[category ?? 'OTHER'];
  return TYPE_ICONS[type];
}
