import type { AuthUser, Catalog, Company, CompanyDetail, Location, SiteInfo } from '@ec/contract';
import { mergeCatalogs } from '@ec/i18n';
import en from '../../../../../packages/i18n/locales/en.json';

/** A site as GET /api/site/info returns it. */
export function siteInfo(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    identifier: 'demo',
    host: null,
    platformName: 'Energy Cloud',
    productName: 'Energija',
    theme: 'default',
    logo: null,
    favicon: null,
    defaultLocale: 'sl',
    contact: { supportEmail: 'support@example.com' },
    links: {
      termsAndConditions: 'https://example.com/terms',
      privacyPolicy: 'https://example.com/privacy',
    },
    status: 'normal',
    maintenance: null,
    analytics: null,
    map: { tileUrl: '/api/map-tiles/{z}/{x}/{y}.svg', attribution: 'Local tile emulator' },
    ...overrides,
  };
}

/** A signed-in user as GET /api/auth/user returns it. */
export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Novak',
    fullName: 'Ana Novak',
    role: 'ROLE_USER_BASIC',
    roles: ['ROLE_USER_BASIC', 'ROLE_USER'],
    locale: 'en',
    siteId: 1,
    companyId: null,
    type: 'REGISTERED',
    hasPassword: true,
    verified: true,
    permissions: { locations: [], locationGroups: [] },
    locations: [],
    controllers: [],
    marketingConsent: false,
    countryCode: 'SI',
    spotRegion: null,
    eicCode: null,
    themePreference: 'auto',
    isSetUp: false,
    impersonation: null,
    ...overrides,
  };
}

function mapTexts(catalog: Catalog, map: (text: string) => string): Catalog {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [
      key,
      typeof value === 'string' ? map(value) : mapTexts(value, map),
    ]),
  );
}

/**
 * The English catalog with the keys not merged yet (pending/*-en.json: this app's and the server's messages), as
 * the server will serve it.
 */
export const englishCatalog: Catalog = Object.values(
  // A glob, not an import: the files go away once the lead merges them into en.json.
  import.meta.glob<Catalog>('../../../../../packages/i18n/pending/*-en.json', {
    eager: true,
    import: 'default',
  }),
).reduce((catalog, pending) => mergeCatalogs(catalog, pending), en as Catalog);

/** What GET /api/site/translations/:locale serves in tests: English, other locales marked `[xx] …`. */
export function testCatalog(locale: string): Catalog {
  return locale === 'en'
    ? englishCatalog
    : mapTexts(englishCatalog, (text) => `[${locale}] ${text}`);
}

/** A JSON Response as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A company as GET /api/companies lists it. */
export function company(id: number, name: string, extra: Partial<Company> = {}): Company {
  return {
    id,
    name,
    countryId: 1,
    contactEmail: null,
    contactPhone: null,
    rootGroup: { id: id * 10 },
    assignedControllersCount: 0,
    ...extra,
  };
}

/** A location as GET /api/locations/:id answers it (edit and manage by default). */
export function testLocation(overrides: Partial<Location> = {}): Location {
  return {
    id: 12,
    name: 'Hiša Bled',
    companyId: 1,
    groupId: 3,
    country: { id: 1, code: 'SI' },
    spotRegion: { code: '10YSI-ELES-----O', type: 'EIC' },
    timezone: 'Europe/Ljubljana',
    coordinates: { latitude: 46.3683, longitude: 14.1146 },
    eicCode: null,
    agileRegion: null,
    ownerId: 7,
    address: { street: 'Cesta svobode', houseNumber: '12', postCode: '4260', city: 'Bled' },
    permissions: { view: true, edit: true, manage: true },
    ...overrides,
  };
}

/** A company with its settings as GET /api/companies/:id answers. */
export function companyDetail(
  id: number,
  name: string,
  extra: Partial<CompanyDetail> = {},
): CompanyDetail {
  return {
    ...company(id, name),
    settings: {
      productName: null,
      platformName: null,
      slogan: null,
      domain: null,
      supportEmail: null,
      privacyPolicyUrl: null,
      termsUrl: null,
      defaultLocationGroupId: null,
      registrationUrl: null,
    },
    ...extra,
  };
}
