import { describe, expect, it } from 'vitest';
import {
  formatCoordinate,
  isLatitude,
  isLongitude,
  parseCoordinates,
  type CoordinateInput,
} from './coordinates.ts';

describe('parseCoordinates', () => {
  it.each<[CoordinateInput, CoordinateInput, { latitude: number; longitude: number } | null]>([
    ['', '', null],
    [null, undefined, null],
    ['  ', '\t', null],
    ['46.056946', '14.505751', { latitude: 46.056946, longitude: 14.505751 }],
    ['46,05', '14,5', { latitude: 46.05, longitude: 14.5 }],
    [' -33.8688 ', '+151.2093', { latitude: -33.8688, longitude: 151.2093 }],
    ['90', '-180', { latitude: 90, longitude: -180 }],
    ['-90', '180', { latitude: -90, longitude: 180 }],
    ['.5', '5.', { latitude: 0.5, longitude: 5 }],
    [46, 21, { latitude: 46, longitude: 21 }],
    [-0, '-0', { latitude: 0, longitude: 0 }],
  ])('%j, %j → %j', (latitude, longitude, value) => {
    expect(parseCoordinates({ latitude, longitude })).toEqual({ ok: true, value });
  });

  it('turns negative zero into zero', () => {
    const result = parseCoordinates({ latitude: '-0', longitude: -0 });
    expect(result.ok && Object.is(result.value?.latitude, 0)).toBe(true);
    expect(result.ok && Object.is(result.value?.longitude, 0)).toBe(true);
  });

  it.each<[CoordinateInput, CoordinateInput, Record<string, string>]>([
    ['abc', '14', { latitude: 'coordinates.invalid_latitude_format' }],
    ['46', '14°', { longitude: 'coordinates.invalid_longitude_format' }],
    [
      '1e2',
      '0x10',
      {
        latitude: 'coordinates.invalid_latitude_format',
        longitude: 'coordinates.invalid_longitude_format',
      },
    ],
    [
      '46.1.2',
      'Infinity',
      {
        latitude: 'coordinates.invalid_latitude_format',
        longitude: 'coordinates.invalid_longitude_format',
      },
    ],
    ['-', '14', { latitude: 'coordinates.invalid_latitude_format' }],
    [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      {
        latitude: 'coordinates.invalid_latitude_format',
        longitude: 'coordinates.invalid_longitude_format',
      },
    ],
    ['90.000001', '14', { latitude: 'coordinates.latitude_range' }],
    [
      '-91',
      '181',
      {
        latitude: 'coordinates.latitude_range',
        longitude: 'coordinates.longitude_range',
      },
    ],
    [0, -180.5, { longitude: 'coordinates.longitude_range' }],
    ['46', '', { longitude: 'validation.required' }],
    [null, 14, { latitude: 'validation.required' }],
    [
      '',
      'x',
      { latitude: 'validation.required', longitude: 'coordinates.invalid_longitude_format' },
    ],
    ['95', null, { latitude: 'coordinates.latitude_range', longitude: 'validation.required' }],
  ])('%j, %j → errors %j', (latitude, longitude, errors) => {
    expect(parseCoordinates({ latitude, longitude })).toEqual({ ok: false, errors });
  });
});

describe('isLatitude / isLongitude', () => {
  it.each([
    [-90, true, true],
    [90, true, true],
    [90.1, false, true],
    [-180, false, true],
    [180.0001, false, false],
    [Number.NaN, false, false],
  ])('%d → latitude %s, longitude %s', (value, latitude, longitude) => {
    expect(isLatitude(value)).toBe(latitude);
    expect(isLongitude(value)).toBe(longitude);
  });
});

describe('formatCoordinate', () => {
  it.each([
    [46.0569465, '46.056947'],
    [14.5, '14.500000'],
    [-180, '-180.000000'],
    [0, '0.000000'],
    [-0.0000001, '0.000000'],
    [-0.0000006, '-0.000001'],
  ])('%d → %s', (value, text) => {
    expect(formatCoordinate(value)).toBe(text);
  });
});
