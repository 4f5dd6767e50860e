// A valid request for every contract route, shared by the tests that walk all routes (bad input, access matrix,
// CSRF). The samples have no lasting effect on the demo data: wrong passwords, unknown ids, harmless settings.
import {
  SAMPLE_PLAN,
  sampleConfig,
  sampleList,
  sampleStructure,
} from '../modules/pricing/pricing.samples.ts';
import type { DemoIds } from './demo-ids.ts';

/** A calculation filter of a past month (spec 000 §5). */
const MOJ_ELEKTRO_FILTER = {
  from: '2026-01-01',
  to: '2026-01-31',
  vt: 0.12,
  mt: 0.08,
  et: 0,
  customPowerLimits: null,
};

/** A valid request for each route; a new route must add one here (bad-input.test.ts insists). */
export const VALID: Record<
  string,
  { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }
> = {
  'site.info': { query: { identifier: 'sunpower' } },
  'site.translations': { params: { locale: 'en' }, query: { identifier: 'sunpower' } },
  'health.health': {},
  'auth.login': { body: { data: { email: 'admin@demo.energy', password: 'demo-admin-2024' } } },
  'auth.logout': {},
  'auth.user': {},
  'accounts.register': {
    query: { identifier: 'sunpower' },
    body: {
      data: {
        firstName: 'Ana',
        lastName: 'Novak',
        email: 'bad-input@example.com',
        password: 'sunny-day-2024',
        passwordRepeat: 'sunny-day-2024',
        countryCode: 'SI',
        locale: 'sl',
        acceptPrivacy: true,
        acceptTerms: true,
        marketingConsent: false,
      },
    },
  },
  'accounts.verifyEmail': { body: { data: { token: 'A'.repeat(43) } } },
  'accounts.resendVerification': { body: { data: { email: 'unverified@demo.energy' } } },
  'accounts.forgottenPassword': { body: { data: { email: 'nobody@demo.energy' } } },
  'accounts.resetPassword': {
    body: {
      data: { token: 'A'.repeat(43), password: 'new-pass-2024', passwordRepeat: 'new-pass-2024' },
    },
  },
  // A wrong current password, so the signed-in session keeps its password.
  'accounts.changePassword': {
    body: {
      data: {
        currentPassword: 'not-the-password',
        newPassword: 'new-pass-2024',
        newPasswordRepeat: 'new-pass-2024',
      },
    },
  },
  'accounts.updateUser': { body: { data: { themePreference: 'dark' } } },
  'accounts.exportUser': {},
  'accounts.deleteUser': { body: { data: { password: 'not-the-password' } } },
  // An unknown user, so the signed-in session never starts acting as someone else.
  'impersonation.impersonate': { body: { data: { userId: 999_999 } } },
  'impersonation.unimpersonate': {},
  'oidc.providers': {},
  'security.validateConfirmation': { body: { data: { id: 1, action: 'LOCATION_INVITE' } } },
  'admin.auditLog': { query: { page: '1', pageSize: '10' } },
  'jobs.failed': { query: { page: '1', pageSize: '10' } },
  'dev.mailbox': {},
  'dev.mailboxMessage': { params: { id: '1' } },
  'reference.countries': { query: { visible: 'true' } },
  'reference.timezones': { query: { countryCode: 'SI' } },
  'reference.spotMarketRegions': {},
  'reference.currencies': {},
  'companies.list': {},
  // An unknown country (400) and unknown ids (404), so the samples leave the demo companies as they are.
  'companies.create': {
    body: {
      data: {
        name: 'Sample Energy',
        countryId: 999_999,
        contactEmail: 'info@sample.example',
        contactPhone: '+386 1 234 56 78',
      },
    },
  },
  'companies.get': { params: { id: '999999' } },
  'companies.update': { params: { id: '999999' }, body: { data: { name: 'Sample Energy' } } },
  'companies.locationGroups': { params: { id: '999999' } },
  'companies.group': { params: { id: '999999' } },
  'companies.createGroup': { body: { data: { parentId: 999_999, name: 'North' } } },
  'companies.renameGroup': { params: { id: '999999' }, body: { data: { name: 'South' } } },
  'companies.moveGroup': { params: { id: '999999' }, body: { data: { parentId: 999_998 } } },
  'companies.deleteGroup': { params: { id: '999999' } },
  // An unknown company: 404 for everyone, so no sender changes and no DNS lookups leave the test.
  'companyEmail.get': { params: { id: '999999' } },
  'companyEmail.update': {
    params: { id: '999999' },
    body: { data: { senderName: 'Sun Energy', senderEmail: 'mail@sun-energy.example' } },
  },
  'companyEmail.check': { params: { id: '999999' } },
  'menu.menu': {},
  'menu.search': { query: { q: 'maribor', limit: '50' } },
  'menu.company': { params: { companyId: '1' } },
  'menu.location': { params: { id: '1' }, query: { level: '2', prefix: '/locations/1' } },
  'search.users': { query: { q: 'demo', page: '1', pageSize: '10' } },
  'search.locations': { query: { q: 'ljubljana' } },
  'search.controllers': { query: { q: 'AAAA' } },
  'search.devices': { query: { q: 'battery', companyId: '1' } },
  // Unknown users and companies: 404 for everyone, so no account is created, changed or deleted.
  'usersAdmin.list': { params: { id: '999999' }, query: { q: 'a', page: '1', pageSize: '10' } },
  'usersAdmin.get': { params: { id: '999999' } },
  'usersAdmin.create': {
    body: {
      data: {
        email: 'sample-user@example.com',
        firstName: 'Sample',
        lastName: 'User',
        role: 'ROLE_USER_BASIC',
        companyId: 999_999,
        locale: 'en',
      },
    },
  },
  'usersAdmin.update': {
    params: { id: '999999' },
    body: { data: { firstName: 'Sample', lastName: 'User', role: 'ROLE_USER_BASIC' } },
  },
  'usersAdmin.verify': { params: { id: '999999' } },
  'usersAdmin.changeCompany': { params: { id: '999999' }, body: { data: { companyId: 1 } } },
  'usersAdmin.remove': { params: { id: '999999' } },
  // Unknown ids: 404 for everyone, so the samples change no location, device or controller and send no mail.
  'locations.get': { params: { id: '999999' } },
  'locations.update': {
    params: { id: '999999' },
    body: {
      data: {
        name: 'Sample home',
        countryCode: 'SI',
        spotRegion: { code: '10YSI-ELES-----O', type: 'EIC' },
        timezone: 'Europe/Ljubljana',
        coordinates: { latitude: 46.056946, longitude: 14.505751 },
        address: { street: 'Prešernova', houseNumber: '1', postCode: '1000', city: 'Ljubljana' },
      },
    },
  },
  'locations.create': {
    body: {
      data: {
        groupId: 999_999,
        name: 'Sample home',
        countryCode: 'SI',
        timezone: 'Europe/Ljubljana',
      },
    },
  },
  'locations.delete': { params: { id: '999999' } },
  'locations.move': { params: { id: '999999' }, body: { data: { groupId: 999_998 } } },
  'locations.structure': { params: { id: '999999' } },
  'locations.createDeviceGroup': { params: { id: '999999' }, body: { data: { name: 'Roof' } } },
  'locations.updateDeviceGroup': { params: { id: '999999' }, body: { data: { name: 'Garage' } } },
  'locations.deleteDeviceGroup': { params: { id: '999999' } },
  'locations.moveDevices': {
    params: { id: '999999' },
    body: { data: { deviceIds: [999_999], deviceGroupId: null } },
  },
  'locations.getDevice': { params: { id: '999999' } },
  'locations.updateDevice': {
    params: { id: '999999' },
    body: { data: { name: 'Battery', category: 'BATTERY', deviceGroupId: null } },
  },
  'locations.deleteDevice': { params: { id: '999999' } },
  'locations.restoreDevice': { params: { id: '999999' } },
  'locations.controllers': { params: { id: '999999' } },
  'locations.getController': { params: { id: '999999' } },
  'locations.updateController': { params: { id: '999999' }, body: { data: { alias: 'Hub' } } },
  'locations.setControllerOwner': { params: { id: '999999' }, body: { data: { userId: null } } },
  'locations.users': { params: { id: '999999' } },
  'locations.invite': { params: { id: '999999' }, body: { data: { email: 'guest@example.com' } } },
  'locations.resendInvitation': { params: { id: '999999' } },
  'locations.revokeInvitation': { params: { id: '999999' } },
  'locations.removeUser': { params: { id: '999999', userId: '999998' } },
  'locations.integratedDevices': {
    params: { id: '999999' },
    query: { q: 'battery', category: 'BATTERY', status: 'OK', page: '1', pageSize: '25' },
  },
  'live.locationLive': { params: { id: '999999' } },
  'live.groupLive': { params: { id: '999999' } },
  'live.locationLiveStream': { params: { id: '999999' } },
  'live.groupLiveStream': { params: { id: '999999' } },
  'live.rotateControllerSecret': { params: { id: '999999' } },
  'live.discoveredDevices': { params: { id: '999999' } },
  'live.adoptDiscoveredDevice': {
    params: { id: '999999' },
    body: {
      data: { ref: 'pv2', name: 'Roof east', category: 'SOLAR_POWER_PLANT', deviceGroupId: null },
    },
  },
  'live.dismissDiscoveredDevice': { params: { id: '999999' }, body: { data: { ref: 'pv2' } } },
  'pricing.timePlans': { query: { countryCode: 'SI' } },
  'pricing.companyTimePlans': { params: { id: '999999' } },
  'pricing.createTimePlan': { body: { data: { ...SAMPLE_PLAN, companyId: 999_999 } } },
  'pricing.updateTimePlan': { params: { id: '999999' }, body: { data: SAMPLE_PLAN } },
  'pricing.deleteTimePlan': { params: { id: '999999' } },
  'pricing.timePlanStructure': { params: { id: '999999' } },
  'pricing.saveTimePlanStructure': { params: { id: '999999' }, body: { data: sampleStructure() } },
  'pricing.timePlanUsage': { params: { id: '999999' } },
  'pricing.blocks': { params: { id: '999999' } },
  'pricing.createBlock': {
    params: { id: '999999' },
    body: { data: { title: 'VT', color: '#d62728' } },
  },
  'pricing.updateBlock': {
    params: { id: '999999', blockId: '999999' },
    body: { data: { title: 'VT', color: '#d62728', position: 1 } },
  },
  'pricing.deleteBlock': { params: { id: '999999', blockId: '999999' } },
  'pricing.seasons': { params: { id: '999999' } },
  'pricing.createSeason': {
    params: { id: '999999' },
    body: { data: { title: 'Winter', from: '11-01', to: '02-28' } },
  },
  'pricing.updateSeason': {
    params: { id: '999999', seasonId: '999999' },
    body: { data: { title: 'Winter', from: '11-01', to: '02-28' } },
  },
  'pricing.deleteSeason': { params: { id: '999999', seasonId: '999999' } },
  'pricing.slots': { params: { id: '999999', blockId: '999999' } },
  'pricing.createSlot': {
    params: { id: '999999', blockId: '999999' },
    body: { data: { seasonId: 999_999, dayOfWeek: 1, start: '06:00', end: '22:00' } },
  },
  'pricing.updateSlot': {
    params: { id: '999999', blockId: '999999', slotId: '999999' },
    body: { data: { seasonId: 999_999, dayOfWeek: 1, start: '06:00', end: '22:00' } },
  },
  'pricing.deleteSlot': { params: { id: '999999', blockId: '999999', slotId: '999999' } },
  'pricing.priceTypeConfigs': { query: { kind: 'SUPPLIER_ENERGY_BUY' } },
  'pricing.priceTypeConfigDefaults': { query: { countryCode: 'SI' } },
  'pricing.priceTypeConfig': { params: { id: '999999' } },
  'pricing.createPriceTypeConfig': { body: { data: sampleConfig(999_999) } },
  'pricing.updatePriceTypeConfig': {
    params: { id: '999999' },
    body: { data: { ...sampleConfig(null), companyId: undefined } },
  },
  'pricing.updatePriceTypeConfigInBody': {
    body: { data: { ...sampleConfig(null), companyId: undefined, id: 999_999 } },
  },
  'pricing.deletePriceTypeConfig': { params: { id: '999999' } },
  'pricing.priceLists': { query: { locationId: '999999' } },
  'pricing.priceList': { params: { id: '999999' } },
  'pricing.createPriceList': { body: { data: { ...sampleList(), locationId: 999_999 } } },
  'pricing.updatePriceList': { params: { id: '999999' }, body: { data: sampleList() } },
  'pricing.deletePriceList': { params: { id: '999999' } },
  'pricing.locationPriceLists': { params: { id: '999999' } },
  'spotMarket.spotMarketPrices': {
    query: { region: '10YSI-ELES-----O', type: 'EIC', date: '2026-11-28' },
  },
  'costs.locationCosts': {
    params: { id: '999999' },
    query: { from: '2026-11-01', to: '2026-11-02', resolution: 'day' },
  },
  // Moj Elektro: unknown tokens and devices (404), a token the portal (emulator) refuses, an unreadable file (422).
  'mojElektro.externalCredentials': {},
  'mojElektro.addExternalCredential': { body: { data: { token: 'sample-token-refused' } } },
  'mojElektro.deleteExternalCredential': { params: { id: '999999' } },
  'mojElektro.abstractDevices': {},
  'mojElektro.addAbstractDevice': { body: { data: { eimm: '4-1000001', token_id: 999_999 } } },
  'mojElektro.removeAbstractDeviceToken': { params: { deviceId: '999999', tokenId: '999999' } },
  'mojElektro.abstractDevice': { params: { deviceId: '999999' } },
  'mojElektro.refreshAbstractDevice': { params: { deviceId: '999999' } },
  'mojElektro.uploadMeterFile': {
    body: {
      data: {
        label: 'Sample',
        fileName: 'sample.csv',
        content: 'not a meter file',
        connectionPowerKw: 17,
        phases: 3,
        tariffsCount: 2,
      },
    },
  },
  'mojElektro.meterData': {
    params: { deviceId: '999999' },
    query: { from: '2026-01-01', to: '2026-01-31' },
  },
  'mojElektro.calculations': {
    params: { deviceId: '999999' },
    body: { data: MOJ_ELEKTRO_FILTER },
  },
  'mojElektro.batteryWhatIf': {
    params: { deviceId: '999999' },
    body: { data: { ...MOJ_ELEKTRO_FILTER, capacityKwh: 10, powerKw: 5, efficiencyPct: 90 } },
  },
  'mojElektro.solarWhatIf': {
    params: { deviceId: '999999' },
    body: {
      data: {
        ...MOJ_ELEKTRO_FILTER,
        peakKw: 6,
        azimuthDeg: 180,
        tiltDeg: 30,
        exportPrice: 0.05,
        profile: 'standard',
      },
    },
  },
};

/** A valid request of one route. */
export type RouteSample = (typeof VALID)[string];

/** Which demo row a path parameter names, by the route path it belongs to. */
function paramFor(path: string, name: string, ids: DemoIds): string {
  if (name === 'locale') return 'en';
  if (name === 'userId') return String(ids.user);
  if (name === 'companyId') return String(ids.company);
  const byPrefix: [string, number][] = [
    ['/menu/locations/', ids.location],
    ['/companies/', ids.company],
    ['/location-groups/', ids.rootGroup],
    ['/locations/', ids.location],
    ['/device-groups/', ids.deviceGroup],
    ['/devices/', ids.device],
    ['/controllers/', ids.controller],
    ['/invitations/', ids.invitation],
    ['/users/', ids.user],
    ['/dev/mailbox/', 1],
    // Pricing rows are not part of the demo ids: an unknown id still passes validation.
    ['/timeplans/', 999_999],
    ['/price-type-configs/', 999_999],
    ['/pricing/price-lists/', 999_999],
    // Moj Elektro tokens and devices belong to users, not to the demo's organisation.
    ['/auth/user/external-credential/', 999_999],
    ['/abstract-device/', 999_999],
    ['/abstract-devices/', 999_999],
    ['/pricing/abstract-devices/', 999_999],
  ];
  const found = byPrefix.find(([prefix]) => path.startsWith(prefix));
  if (!found) throw new Error(`no demo id for :${name} of ${path}`);
  return String(found[1]);
}

/**
 * Requests like {@link VALID}, but naming real rows of the demo data and filling every text field a route takes,
 * so that a request with one bad field passes validation up to that field and, on code without the input rules,
 * carries the bad text to the database. The bad-input test only ever sends them with one field spoiled (they are
 * refused), never as they are.
 */
export function demoSamples(
  routes: Record<string, { path: string }>,
  ids: DemoIds,
): Record<string, RouteSample> {
  const address = { street: 'Prešernova', houseNumber: '1', postCode: '1000', city: 'Ljubljana' };
  const spotRegion = { code: '10YSI-ELES-----O', type: 'EIC' };
  const bodies: Record<string, unknown> = {
    'accounts.updateUser': {
      firstName: 'Ana',
      lastName: 'Novak',
      locale: 'en',
      countryCode: 'SI',
      themePreference: 'dark',
      spotRegion,
    },
    'companies.create': {
      name: 'Sample Energy',
      countryId: ids.country,
      contactEmail: 'info@sample.example',
      contactPhone: '+386 1 234 56 78',
    },
    'companies.update': {
      name: 'Sample Energy',
      contactEmail: 'info@sample.example',
      contactPhone: '+386 1 234 56 78',
      settings: {
        productName: 'Sun',
        platformName: 'Sun Cloud',
        slogan: 'Energy for all',
        domain: 'energy.example.com',
        supportEmail: 'help@sample.example',
        privacyPolicyUrl: 'https://sample.example/privacy',
        termsUrl: 'https://sample.example/terms',
        registrationUrl: 'https://sample.example/register',
      },
    },
    'companies.createGroup': { parentId: ids.rootGroup, name: 'North' },
    'usersAdmin.create': {
      email: 'sample-user@example.com',
      firstName: 'Sample',
      lastName: 'User',
      role: 'ROLE_USER_BASIC',
      companyId: ids.company,
      locale: 'en',
    },
    'usersAdmin.changeCompany': { companyId: ids.company },
    'locations.update': {
      name: 'Sample home',
      countryCode: 'SI',
      spotRegion,
      timezone: 'Europe/Ljubljana',
      coordinates: { latitude: '46,056946', longitude: '14.505751' },
      address,
    },
    'locations.create': {
      groupId: ids.rootGroup,
      name: 'Sample home',
      countryCode: 'SI',
      timezone: 'Europe/Ljubljana',
      spotRegion,
      coordinates: { latitude: '46.056946', longitude: '14,505751' },
      address,
    },
    'locations.move': { groupId: ids.rootGroup },
    'locations.moveDevices': { deviceIds: [ids.device], deviceGroupId: ids.deviceGroup },
    'security.validateConfirmation': { id: ids.invitation, action: 'LOCATION_INVITE' },
  };
  const queries: Record<string, Record<string, string>> = {
    'search.devices': { q: 'battery', companyId: String(ids.company) },
    'menu.location': { level: '2', prefix: `/locations/${ids.location}` },
  };
  return Object.fromEntries(
    Object.entries(routes).map(([id, route]) => {
      const valid = VALID[id] ?? {};
      const params = valid.params
        ? Object.fromEntries(
            Object.keys(valid.params).map((name) => [name, paramFor(route.path, name, ids)]),
          )
        : undefined;
      const body = id in bodies ? { data: bodies[id] } : valid.body;
      const query = queries[id] ?? valid.query;
      return [
        id,
        {
          ...(params ? { params } : {}),
          ...(query ? { query } : {}),
          ...(body === undefined ? {} : { body }),
        },
      ];
    }),
  );
}
