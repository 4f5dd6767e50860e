// Public API of the what-ifs on top of the network-fee engine: a battery and a solar plant behind the meter.

export {
  intervalTable,
  type IntervalMonth,
  type IntervalTable,
  type PricingOptions,
} from './intervals.ts';
export { type BillSummary, type WhatIfBase } from './bills.ts';
export {
  batterySweep,
  batteryWhatIf,
  simulateBattery,
  simulateBatteryOnTable,
  type BatteryMonth,
  type BatterySimulation,
  type BatterySpec,
  type BatterySweepPoint,
  type BatteryWhatIfInput,
  type BatteryWhatIfResult,
  type DispatchOptions,
} from './battery.ts';
export {
  OVERCAST_SHARE,
  STANDARD_MONTHLY_GHI,
  STANDARD_REFERENCE,
  erbsDiffuseFraction,
  haurwitzGhi,
  planeIrradiance,
  solarProduction,
  solarWhatIf,
  standardClearness,
  standardDayIsClear,
  sunPosition,
  type HourlyIrradiance,
  type SolarMonth,
  type SolarSpec,
  type SolarWhatIfInput,
  type SolarWhatIfResult,
  type SunPosition,
} from './solar.ts';
