/**
 * @ec/simulator: virtual controllers speaking the controller protocol v1 over MQTT, their deterministic site
 * models, a fleet runner and the demo's 15-minute history generator. Knows the cloud only through the broker.
 */
export { systemClock, ManualClock, type Clock } from './clock.ts';
export {
  VirtualController,
  type VirtualControllerOptions,
  type ControllerEvent,
  type ControllerStats,
} from './controller.ts';
export {
  startFleet,
  type Fleet,
  type FleetController,
  type FleetOptions,
  type FleetStats,
} from './fleet.ts';
export { generateHistory, type HistoryOptions, type HistoryRow } from './history.ts';
export {
  dsmrTelegramBuilder,
  P1Meter,
  type P1Phase,
  type P1Reading,
  type TelegramBuilder,
} from './p1.ts';
export {
  KIT_DEVICES,
  KIT_NAMES,
  KITS,
  isKitName,
  type KitDevice,
  type KitDeviceCategory,
  type KitName,
} from './model/kits.ts';
export {
  SiteModel,
  type SiteConfig,
  type SiteModelOptions,
  type StepBalance,
} from './model/site.ts';
export { sunPosition, type SunPosition } from './model/sun.ts';
