import type { DeviceCategory } from '@ec/domain';
import IconAirConditioning from '@tabler/icons-react/dist/esm/icons/IconAirConditioning.mjs';
import IconBattery3 from '@tabler/icons-react/dist/esm/icons/IconBattery3.mjs';
import IconChargingPile from '@tabler/icons-react/dist/esm/icons/IconChargingPile.mjs';
import IconPlug from '@tabler/icons-react/dist/esm/icons/IconPlug.mjs';
import IconSolarPanel from '@tabler/icons-react/dist/esm/icons/IconSolarPanel.mjs';
import IconTower from '@tabler/icons-react/dist/esm/icons/IconTower.mjs';
import IconTransform from '@tabler/icons-react/dist/esm/icons/IconTransform.mjs';
import type { Icon } from './icons.ts';

/** The icon of each device category (spec 001 §9 "device icon types"), the same as the sidebar tree's. */
export const DEVICE_CATEGORY_ICONS: Readonly<Record<DeviceCategory, Icon>> = {
  OTHER: IconPlug,
  EV_CHARGER: IconChargingPile,
  SOLAR_POWER_PLANT: IconSolarPanel,
  BATTERY: IconBattery3,
  HYBRID_INVERTER: IconTransform,
  HVAC: IconAirConditioning,
  GRID: IconTower,
};

/** A device category's icon; decorative (the category's label is shown next to it). */
export function DeviceCategoryIcon({
  category,
  size = 18,
}: {
  category: DeviceCategory;
  size?: number;
}) {
  const CategoryIcon = DEVICE_CATEGORY_ICONS[category];
  return <CategoryIcon size={size} aria-hidden data-category={category} />;
}
