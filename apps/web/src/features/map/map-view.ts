import type { Coordinates } from '@ec/domain';

/** The map's fixed settings (spec 000 §9). */
export const MAP_DEFAULTS = {
  /** Where the map opens without a value: about 46° N 21° E, a view of Europe. */
  center: { latitude: 46, longitude: 21 },
  zoom: 2,
  minZoom: 2,
  maxZoom: 18,
  /** Typed coordinates re-centre the map at this zoom or closer. */
  typedZoomAtLeast: 10,
  /** The zoom on the device's current position. */
  positionZoom: 16,
} as const;

/** navigator.geolocation options for "use my position" (spec 000 §9: 10 s timeout, 60 s maximum age). */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  timeout: 10_000,
  maximumAge: 60_000,
  enableHighAccuracy: false,
};

/** A view the map should move to; a new `key` asks again even for the same point. */
export interface MapFocus extends Coordinates {
  /** `exact`: this zoom; `at-least`: this zoom unless the map is already closer. */
  mode: 'exact' | 'at-least';
  zoom: number;
  key: number;
}
