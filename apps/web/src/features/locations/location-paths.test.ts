import { describe, expect, it } from 'vitest';
import { deviceHref, locationBasePath, manageHref } from './location-paths.ts';

describe('locationBasePath', () => {
  it('keeps the prefix of every place the location subtree repeats under', () => {
    expect(locationBasePath('/locations/12/manage/settings')).toBe('/locations/12');
    expect(locationBasePath('/location-groups/3/locations/12/manage')).toBe(
      '/location-groups/3/locations/12',
    );
    expect(locationBasePath('/companies/1/location-groups/3/locations/12')).toBe(
      '/companies/1/location-groups/3/locations/12',
    );
  });

  it('is null outside a location', () => {
    expect(locationBasePath('/overview')).toBeNull();
    expect(locationBasePath('/locations/abc/manage')).toBeNull();
  });
});

describe('deviceHref', () => {
  const base = '/locations/12';
  it('puts a grouped device under its group, an ungrouped one under its controller', () => {
    expect(deviceHref(base, { id: 5, deviceGroupId: 2, controllerId: 9 })).toBe(
      '/locations/12/device-groups/2/devices/5',
    );
    expect(deviceHref(base, { id: 5, deviceGroupId: null, controllerId: 9 })).toBe(
      '/locations/12/manage/oem-devices/9/devices/5',
    );
    expect(deviceHref(base, { id: 5, deviceGroupId: null, controllerId: null })).toBeNull();
    expect(manageHref(base, 'users')).toBe('/locations/12/manage/users');
  });
});
