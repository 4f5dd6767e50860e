import { describe, expect, it } from 'vitest';
import {
  createLocationFormSchema,
  deviceFormSchema,
  integratedDevicesQuerySchema,
  locationFormSchema,
  locationInviteFormSchema,
  locationRoutes,
} from './locations.ts';

const validLocation = {
  name: 'Hiša Bled',
  countryCode: 'SI',
  spotRegion: { code: '10YSI-ELES-----O', type: 'EIC' },
  timezone: 'Europe/Ljubljana',
  coordinates: { latitude: 46.3683, longitude: 14.1146 },
};

describe('location form', () => {
  it('accepts a full form, cleared coordinates and spot region, and an address', () => {
    expect(locationFormSchema.safeParse(validLocation).success).toBe(true);
    expect(
      locationFormSchema.safeParse({
        ...validLocation,
        coordinates: null,
        spotRegion: null,
        address: { street: 'Prešernova', houseNumber: '1', postCode: '4260', city: null },
      }).success,
    ).toBe(true);
  });

  it('takes coordinates as typed text (the server checks them with the domain rules)', () => {
    expect(
      locationFormSchema.safeParse({
        ...validLocation,
        coordinates: { latitude: '46,05', longitude: '' },
      }).success,
    ).toBe(true);
  });

  it('rejects a missing coordinate key, other types, an empty name and unknown fields', () => {
    expect(
      locationFormSchema.safeParse({ ...validLocation, coordinates: { latitude: 1 } }).success,
    ).toBe(false);
    expect(
      locationFormSchema.safeParse({
        ...validLocation,
        coordinates: { latitude: true, longitude: 14 },
      }).success,
    ).toBe(false);
    expect(locationFormSchema.safeParse({ ...validLocation, name: '  ' }).success).toBe(false);
    expect(locationFormSchema.safeParse({ ...validLocation, ownerId: 3 }).success).toBe(false);
  });

  it('needs group, name, country and time zone to create', () => {
    const result = createLocationFormSchema.safeParse({});
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['countryCode', 'groupId', 'name', 'timezone']);
  });
});

describe('device and invite forms', () => {
  it('checks the device category and group id', () => {
    expect(
      deviceFormSchema.safeParse({
        name: 'Roof',
        category: 'SOLAR_POWER_PLANT',
        deviceGroupId: null,
      }).success,
    ).toBe(true);
    expect(
      deviceFormSchema.safeParse({ name: 'Roof', category: 'NUCLEAR', deviceGroupId: null })
        .success,
    ).toBe(false);
    expect(
      deviceFormSchema.safeParse({ name: 'Roof', category: 'OTHER', deviceGroupId: 0 }).success,
    ).toBe(false);
  });

  it('needs an e-mail address to invite', () => {
    expect(locationInviteFormSchema.safeParse({ email: 'ana@example.com' }).success).toBe(true);
    expect(locationInviteFormSchema.safeParse({ email: 'ana' }).success).toBe(false);
  });
});

describe('integrated devices query', () => {
  it('coerces paging and limits the page size to 100', () => {
    expect(integratedDevicesQuerySchema.parse({ page: '2', pageSize: '50' })).toEqual({
      page: 2,
      pageSize: 50,
    });
    expect(integratedDevicesQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(integratedDevicesQuerySchema.safeParse({ status: 'BROKEN' }).success).toBe(false);
  });
});

describe('path ids', () => {
  it('parses digits to a number and rejects anything else', () => {
    const { params } = locationRoutes.get;
    if (!params) throw new Error('GET /locations/:id declares its params');
    expect(params.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1e3', ' 1', 'abc', '99999999999']) {
      expect(params.safeParse({ id }).success).toBe(false);
    }
  });
});
