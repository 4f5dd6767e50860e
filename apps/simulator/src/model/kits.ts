/**
 * The demo kits (apps/server/src/seed/organisation-data.ts `DEMO_DEVICE_SETS`): which devices each kind of location
 * has, by reference (`ref`, what the controller calls the device in telemetry), and their sizes.
 *
 * `KIT_DEVICES[kit]` lists the devices in the same order, with the same names and categories, as the seed's
 * `DEMO_DEVICE_SETS[kit]`, so the seed can take `ref` from here by position.
 */
import type { BatterySpec } from './battery.ts';
import type { EvSpec } from './ev.ts';
import type { HeatPumpSpec } from './heat-pump.ts';
import type { LoadProfile } from './loads.ts';
import type { PvSpec } from './pv.ts';

/** The kits of the demo seed. */
export const KIT_NAMES = ['meter', 'home', 'full', 'business'] as const;
export type KitName = (typeof KIT_NAMES)[number];

/** Device categories as the domain names them (the subset the kits use). */
export type KitDeviceCategory =
  'GRID' | 'SOLAR_POWER_PLANT' | 'HYBRID_INVERTER' | 'BATTERY' | 'EV_CHARGER' | 'HVAC' | 'OTHER';

/** A device of a kit as the seed knows it. */
export interface KitDevice {
  ref: string;
  category: KitDeviceCategory;
  name: string;
}

/** What a device does in the site model. */
export type DeviceModel =
  | { role: 'grid' }
  | { role: 'pv'; pv: PvSpec }
  /** A hybrid inverter's AC output: its PV plus its battery (+ output); informational, not part of the balance. */
  | { role: 'inverter'; ratedW: number }
  | { role: 'battery'; battery: BatterySpec }
  | { role: 'ev'; ev: EvSpec }
  | { role: 'hp'; hp: HeatPumpSpec }
  /** A pool pump: runs in the warm season around midday. */
  | { role: 'pool'; powerW: number };

/** A device of a kit with its model. */
export type KitDeviceSpec = KitDevice & DeviceModel;

/** A kit: the unmetered base load (the household or office behind the grid meter) and the devices. */
export interface KitSpec {
  load: { profile: LoadProfile; annualKWh: number };
  devices: readonly KitDeviceSpec[];
}

const GRID = { ref: 'grid', category: 'GRID', name: 'Grid meter', role: 'grid' } as const;

export const KITS: Readonly<Record<KitName, KitSpec>> = {
  // A flat or shop with a P1 meter only.
  meter: { load: { profile: 'household', annualKWh: 3500 }, devices: [GRID] },
  home: {
    load: { profile: 'household', annualKWh: 4000 },
    devices: [
      GRID,
      {
        ref: 'pv',
        category: 'SOLAR_POWER_PLANT',
        name: 'Rooftop PV',
        role: 'pv',
        pv: { kWp: 7.2, tiltDeg: 30, azimuthDeg: 180, inverterW: 8000 }, // 18 × 400 Wp
      },
      {
        ref: 'inverter',
        category: 'HYBRID_INVERTER',
        name: 'Hybrid inverter',
        role: 'inverter',
        ratedW: 8000,
      },
      {
        ref: 'hp',
        category: 'HVAC',
        name: 'Heat pump',
        role: 'hp',
        hp: {
          pattern: 'house',
          heatLossWPerK: 280,
          maxElectricW: 3500,
          minElectricW: 450,
          hotWaterW: 1500,
          coolingWPerK: 0,
        },
      },
    ],
  },
  full: {
    load: { profile: 'household', annualKWh: 4500 },
    devices: [
      GRID,
      {
        ref: 'pv',
        category: 'SOLAR_POWER_PLANT',
        name: 'Rooftop PV',
        role: 'pv',
        pv: { kWp: 9.84, tiltDeg: 35, azimuthDeg: 170, inverterW: 10_000 }, // 24 × 410 Wp
      },
      {
        ref: 'inverter',
        category: 'HYBRID_INVERTER',
        name: 'Hybrid inverter',
        role: 'inverter',
        ratedW: 10_000,
      },
      {
        ref: 'battery',
        category: 'BATTERY',
        name: 'Home battery',
        role: 'battery',
        battery: {
          capacityWh: 10_000,
          maxChargeW: 5000,
          maxDischargeW: 5000,
          efficiency: 0.95,
          minSocPct: 10,
          maxSocPct: 100,
        },
      },
      {
        ref: 'ev',
        category: 'EV_CHARGER',
        name: 'EV charger',
        role: 'ev',
        ev: { pattern: 'home', maxW: 11_000, weekdayProbability: 0.5 },
      },
      {
        ref: 'hp',
        category: 'HVAC',
        name: 'Heat pump',
        role: 'hp',
        hp: {
          pattern: 'house',
          heatLossWPerK: 320,
          maxElectricW: 4000,
          minElectricW: 500,
          hotWaterW: 1800,
          coolingWPerK: 0,
        },
      },
      { ref: 'pool', category: 'OTHER', name: 'Pool pump', role: 'pool', powerW: 750 },
    ],
  },
  business: {
    load: { profile: 'office', annualKWh: 120_000 },
    devices: [
      GRID,
      {
        ref: 'pv',
        category: 'SOLAR_POWER_PLANT',
        name: 'PV plant',
        role: 'pv',
        pv: { kWp: 100, tiltDeg: 15, azimuthDeg: 180, inverterW: 90_000 },
      },
      {
        ref: 'battery',
        category: 'BATTERY',
        name: 'Battery storage',
        role: 'battery',
        battery: {
          capacityWh: 22_100,
          maxChargeW: 10_000,
          maxDischargeW: 10_000,
          efficiency: 0.96,
          minSocPct: 10,
          maxSocPct: 95,
        },
      },
      {
        ref: 'ev1',
        category: 'EV_CHARGER',
        name: 'EV charger 1',
        role: 'ev',
        ev: { pattern: 'work', maxW: 22_000, weekdayProbability: 0.85 },
      },
      {
        // The seed marks this charger ERROR: it never charges.
        ref: 'ev2',
        category: 'EV_CHARGER',
        name: 'EV charger 2',
        role: 'ev',
        ev: { pattern: 'work', maxW: 22_000, weekdayProbability: 0.6, broken: true },
      },
      {
        ref: 'hvac',
        category: 'HVAC',
        name: 'Air conditioning',
        role: 'hp',
        hp: {
          pattern: 'office',
          heatLossWPerK: 2200,
          maxElectricW: 25_000,
          minElectricW: 2000,
          hotWaterW: 0,
          coolingWPerK: 4000,
        },
      },
    ],
  },
};

/** Kit → its devices `{ref, category, name}` in the seed's order. */
export const KIT_DEVICES: Readonly<Record<KitName, readonly KitDevice[]>> = Object.fromEntries(
  KIT_NAMES.map((kit) => [
    kit,
    KITS[kit].devices.map(({ ref, category, name }) => ({ ref, category, name })),
  ]),
) as unknown as Record<KitName, readonly KitDevice[]>;

/** Whether `value` names a kit. */
export function isKitName(value: string): value is KitName {
  return (KIT_NAMES as readonly string[]).includes(value);
}
