// Fixtures of the Manage Location component tests: API answers shaped by the contract's types.
import type {
  Controller,
  ControllerSummary,
  Device,
  LocationInvitation,
  LocationStructure,
  LocationUser,
  StructureDevice,
} from '@ec/contract';

export { testLocation } from '../../shared/test/fixtures.ts';

export const testCountries = [
  { id: 1, code: 'SI', name: 'Slovenia', visible: true },
  { id: 2, code: 'AT', name: 'Austria', visible: true },
  { id: 3, code: 'DE', name: 'Germany', visible: true },
];

export const testRegions = [
  { code: '10YSI-ELES-----O', type: 'EIC', name: 'Slovenia', countryCode: 'SI' },
  { code: '10YAT-APG------L', type: 'EIC', name: 'Austria', countryCode: 'AT' },
  { code: '10Y1001A1001A82H', type: 'EIC', name: 'Germany-Luxembourg', countryCode: 'DE' },
];

export const testTimezones: Record<string, { name: string; utcOffset: string }[]> = {
  SI: [{ name: 'Europe/Ljubljana', utcOffset: '+01:00' }],
  AT: [{ name: 'Europe/Vienna', utcOffset: '+01:00' }],
  DE: [
    { name: 'Europe/Berlin', utcOffset: '+01:00' },
    { name: 'Europe/Busingen', utcOffset: '+01:00' },
  ],
};

export function testUser(overrides: Partial<LocationUser> = {}): LocationUser {
  return {
    id: 7,
    fullName: 'Luka Krajnc',
    email: 'luka@example.com',
    actions: { view: true, edit: true, manage: true },
    owner: true,
    viaGroup: false,
    ...overrides,
  };
}

export function testInvitation(overrides: Partial<LocationInvitation> = {}): LocationInvitation {
  return {
    id: 30,
    email: 'nina@example.com',
    status: 'pending',
    createdAt: '2026-11-20T09:00:00.000Z',
    expiresAt: '2026-11-27T09:00:00.000Z',
    lastSentAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** The test location's devices: a charger in Garage (4), a solar plant in Roof (5), a battery in no group. */
export const wallbox: StructureDevice = {
  id: 101,
  name: 'Wallbox',
  category: 'EV_CHARGER',
  status: 'OK',
  deviceGroupId: 4,
  controllerId: 9,
};
export const solarEast: StructureDevice = {
  id: 102,
  name: 'Solar east',
  category: 'SOLAR_POWER_PLANT',
  status: 'WARNING',
  deviceGroupId: 5,
  controllerId: 9,
};
export const homeBattery: StructureDevice = {
  id: 103,
  name: 'Home battery',
  category: 'BATTERY',
  status: 'OFFLINE',
  deviceGroupId: null,
  controllerId: 9,
};

/** Two groups (Garage with the charger, Roof with the solar plant) and the ungrouped battery. */
export function testStructure(): LocationStructure {
  return {
    deviceGroups: [
      { id: 4, name: 'Garage', devices: [wallbox] },
      { id: 5, name: 'Roof', devices: [solarEast] },
    ],
    ungrouped: [homeBattery],
  };
}

export function testControllerSummary(
  overrides: Partial<ControllerSummary> = {},
): ControllerSummary {
  return {
    id: 9,
    alias: 'Basement box',
    unitId: 'UNIT-0009',
    serial: 'AB12-CD34-EF56-GH78',
    setupType: 'CONTROLLER',
    versions: { firmware: '2.4.1', hardware: 'rev C' },
    addresses: { ip: '10.0.0.12' },
    connected: true,
    lastSeenAt: '2026-11-21T07:30:00.000Z',
    ownerId: 7,
    devicesCount: 3,
    ...overrides,
  };
}

export function testController(overrides: Partial<Controller> = {}): Controller {
  return {
    ...testControllerSummary(),
    companyId: 1,
    locationId: 12,
    devices: [
      { ...homeBattery, deletedAt: null },
      {
        id: 104,
        name: 'Old meter',
        category: 'GRID',
        status: 'OK',
        deviceGroupId: null,
        controllerId: 9,
        deletedAt: '2026-11-01T10:00:00.000Z',
      },
    ],
    permissions: { view: true, edit: true, manage: true },
    ...overrides,
  };
}

export function testDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 102,
    name: 'Solar east',
    category: 'SOLAR_POWER_PLANT',
    status: 'WARNING',
    manufacturer: 'Fronius',
    model: 'Symo 10',
    deviceGroupId: 5,
    controllerId: 9,
    location: { id: 12, name: 'Hiša Bled', companyId: 1 },
    controller: { id: 9, alias: 'Basement box', serial: 'AB12-CD34-EF56-GH78' },
    deletedAt: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    permissions: { view: true, edit: true, manage: true },
    ...overrides,
  };
}
