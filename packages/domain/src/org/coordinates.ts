/**
 * Coordinates of a location (spec 000 §4, §5, §9; spec 001 §5): latitude −90…90, longitude −180…180, both or
 * neither (empty allowed). The server and the web's coordinate inputs both parse with {@link parseCoordinates}, so
 * they accept and refuse exactly the same text.
 */

/** Smallest and largest latitude. */
export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
/** Smallest and largest longitude. */
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;
/** Decimals shown for a coordinate (about 0.1 m). */
export const COORDINATE_DECIMALS = 6;

/** Message keys of the coordinate checks. */
export const COORDINATE_ERRORS = {
  invalidLatitudeFormat: 'coordinates.invalid_latitude_format',
  invalidLongitudeFormat: 'coordinates.invalid_longitude_format',
  latitudeRange: 'coordinates.latitude_range',
  longitudeRange: 'coordinates.longitude_range',
  /** The other coordinate is set but this one is empty. */
  required: 'validation.required',
} as const;
/** One of the {@link COORDINATE_ERRORS} keys. */
export type CoordinateErrorKey = (typeof COORDINATE_ERRORS)[keyof typeof COORDINATE_ERRORS];

/** A pair of valid coordinates in degrees. */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** A coordinate as typed or stored: text from an input, a number, or nothing. */
export type CoordinateInput = string | number | null | undefined;

/** The outcome of {@link parseCoordinates}: the value (null when both are empty) or field errors (message keys). */
export type CoordinatesResult =
  | { readonly ok: true; readonly value: Coordinates | null }
  | {
      readonly ok: false;
      readonly errors: {
        readonly latitude?: CoordinateErrorKey;
        readonly longitude?: CoordinateErrorKey;
      };
    };

/** Decimal degrees: optional sign, digits, and a decimal point or comma (as many European keyboards type it). */
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

type Parsed = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; value: number };

function parseOne(input: CoordinateInput): Parsed {
  if (input === null || input === undefined) return { kind: 'empty' };
  if (typeof input === 'number') {
    return Number.isFinite(input) ? { kind: 'number', value: input } : { kind: 'invalid' };
  }
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (!DECIMAL.test(text)) return { kind: 'invalid' };
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'invalid' };
}

/**
 * Parses and checks a latitude/longitude pair. Both empty → `value: null` (no coordinates). Otherwise each must be
 * a decimal number (`coordinates.invalid_*_format`) within its range (`coordinates.*_range`); when only one is
 * given, the other is `validation.required`. Negative zero becomes 0.
 */
export function parseCoordinates(input: {
  latitude?: CoordinateInput;
  longitude?: CoordinateInput;
}): CoordinatesResult {
  const lat = parseOne(input.latitude);
  const lon = parseOne(input.longitude);
  if (lat.kind === 'empty' && lon.kind === 'empty') return { ok: true, value: null };
  const errors: { latitude?: CoordinateErrorKey; longitude?: CoordinateErrorKey } = {};
  if (lat.kind === 'empty') errors.latitude = COORDINATE_ERRORS.required;
  else if (lat.kind === 'invalid') errors.latitude = COORDINATE_ERRORS.invalidLatitudeFormat;
  else if (!isLatitude(lat.value)) errors.latitude = COORDINATE_ERRORS.latitudeRange;
  if (lon.kind === 'empty') errors.longitude = COORDINATE_ERRORS.required;
  else if (lon.kind === 'invalid') errors.longitude = COORDINATE_ERRORS.invalidLongitudeFormat;
  else if (!isLongitude(lon.value)) errors.longitude = COORDINATE_ERRORS.longitudeRange;
  if (errors.latitude || errors.longitude || lat.kind !== 'number' || lon.kind !== 'number') {
    return { ok: false, errors };
  }
  return { ok: true, value: { latitude: lat.value + 0, longitude: lon.value + 0 } };
}

/** Whether a number is a latitude (−90…90 inclusive). */
export function isLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= LATITUDE_MIN && value <= LATITUDE_MAX;
}

/** Whether a number is a longitude (−180…180 inclusive). */
export function isLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= LONGITUDE_MIN && value <= LONGITUDE_MAX;
}

/** A coordinate with {@link COORDINATE_DECIMALS} decimals, as the inputs show it (`46.056946`). */
export function formatCoordinate(value: number): string {
  const text = value.toFixed(COORDINATE_DECIMALS);
  // -0.0000001 rounds to "-0.000000": show it without the sign.
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}
