import type { Locale, Role, ThemeName } from '@ec/domain';
import type { SiteStatus, TranslationOverrides } from '@ec/db';

/** A demo site, keyed by its identifier. */
export interface DemoSite {
  identifier: string;
  hosts: string[];
  platformName: string;
  productName: string;
  theme: ThemeName;
  supportEmail: string;
  termsUrl: string | null;
  privacyUrl: string | null;
  status: SiteStatus;
  maintenanceMessage: string | null;
  defaultLocale: Locale;
  analyticsScriptUrl: string | null;
  translationOverrides: TranslationOverrides;
}

const asset = (identifier: string, file: string) => `/api/site/assets/${identifier}/${file}`;

/** Logo and favicon URLs of a demo site (files in apps/server/assets/sites/<identifier>/). */
export function demoSiteAssets(identifier: string): { logo: string; favicon: string } {
  return { logo: asset(identifier, 'logo.svg'), favicon: asset(identifier, 'favicon.svg') };
}

/** The demo sites. `default` answers for localhost; the others by `?identifier=` or `<identifier>.localhost`. */
export const DEMO_SITES: readonly DemoSite[] = [
  {
    identifier: 'default',
    hosts: ['localhost', '127.0.0.1'],
    platformName: 'Cloud',
    productName: 'Energy Cloud',
    theme: 'default',
    supportEmail: 'support@energy-cloud.example',
    termsUrl: 'https://energy-cloud.example/terms',
    privacyUrl: 'https://energy-cloud.example/privacy',
    status: 'normal',
    maintenanceMessage: null,
    defaultLocale: 'sl',
    analyticsScriptUrl: null,
    translationOverrides: {},
  },
  {
    identifier: 'sunpower',
    hosts: ['sunpower.localhost'],
    platformName: 'SunPower Cloud',
    productName: 'SunPower',
    theme: 'energy-blue',
    supportEmail: 'help@sunpower.example',
    termsUrl: 'https://sunpower.example/terms',
    privacyUrl: 'https://sunpower.example/privacy',
    status: 'normal',
    maintenanceMessage: null,
    defaultLocale: 'en',
    analyticsScriptUrl: null,
    translationOverrides: {
      en: { login: { subtitle: 'Sign in to your SunPower solar portal' } },
      sl: { login: { subtitle: 'Prijava v vaš sončni portal SunPower' } },
    },
  },
  {
    identifier: 'gridline',
    hosts: ['gridline.localhost'],
    platformName: 'Gridline',
    productName: 'Gridline Energy',
    theme: 'dark-orange',
    supportEmail: 'support@gridline.example',
    termsUrl: 'https://gridline.example/legal/terms',
    privacyUrl: 'https://gridline.example/legal/privacy',
    status: 'maintenance',
    maintenanceMessage:
      'Planned maintenance on Saturday from 06:00 to 08:00 CET. Live data may be delayed during this time.',
    defaultLocale: 'sl',
    analyticsScriptUrl: null,
    translationOverrides: {},
  },
  {
    identifier: 'voltika',
    hosts: ['voltika.localhost'],
    platformName: 'Voltika',
    productName: 'Voltika Home',
    theme: 'yellow-blue',
    supportEmail: 'pomoc@voltika.example',
    termsUrl: 'https://voltika.example/pogoji',
    privacyUrl: 'https://voltika.example/zasebnost',
    status: 'normal',
    maintenanceMessage: null,
    defaultLocale: 'de',
    // A same-origin stand-in for an analytics snippet: it marks <html data-demo-analytics="loaded">.
    analyticsScriptUrl: asset('voltika', 'analytics.js'),
    translationOverrides: {},
  },
];

/** A demo login. The passwords are public: the demo seed never runs in production unless SEED_DEMO=true. */
export interface DemoUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  locale: Locale;
  siteIdentifier: string;
}

/** One user per role, highest first. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@demo.energy',
    password: 'demo-admin-2024',
    firstName: 'Ana',
    lastName: 'Novak',
    role: 'ROLE_SUPER_ADMIN',
    locale: 'en',
    siteIdentifier: 'default',
  },
  {
    email: 'aggregator@demo.energy',
    password: 'demo-aggregator-2024',
    firstName: 'Marko',
    lastName: 'Kovač',
    role: 'ROLE_AGGREGATOR',
    locale: 'en',
    siteIdentifier: 'default',
  },
  {
    email: 'advanced@demo.energy',
    password: 'demo-advanced-2024',
    firstName: 'Eva',
    lastName: 'Horvat',
    role: 'ROLE_USER_ADVANCED',
    locale: 'en',
    siteIdentifier: 'default',
  },
  {
    email: 'basic@demo.energy',
    password: 'demo-basic-2024',
    firstName: 'Luka',
    lastName: 'Krajnc',
    role: 'ROLE_USER_BASIC',
    locale: 'sl',
    siteIdentifier: 'default',
  },
  {
    email: 'user@demo.energy',
    password: 'demo-user-2024',
    firstName: 'Maja',
    lastName: 'Zupan',
    role: 'ROLE_USER',
    locale: 'sl',
    siteIdentifier: 'default',
  },
];

/** When the demo logins were verified (fixed, so the seed stays deterministic). */
export const DEMO_VERIFIED_AT = new Date('2024-01-01T00:00:00Z');

/**
 * A self-registered basic user who never confirmed the e-mail: signing in answers EMAIL_NOT_VERIFIED, so the
 * resend flow can be tried (the mail lands in the development mailbox).
 */
export const DEMO_UNVERIFIED_USER: DemoUser = {
  email: 'unverified@demo.energy',
  password: 'demo-unverified-2024',
  firstName: 'Nejc',
  lastName: 'Potrjen',
  role: 'ROLE_USER_BASIC',
  locale: 'sl',
  siteIdentifier: 'default',
};

/** A pending location invitation (spec 001 §2 confirmation flow). */
export interface DemoInvitation {
  /** Fixed, so the confirmation link is known: `/?confirmationAction=LOCATION_INVITE&confirmationId=1`. */
  id: number;
  email: string;
  /** A demo location (organisation-data.ts) and its name. */
  locationId: number;
  locationName: string;
  expiresAt: Date;
}

/** Invitations for the demo: one pending LOCATION_INVITE for the basic user. */
export const DEMO_INVITATIONS: readonly DemoInvitation[] = [
  {
    id: 1,
    email: 'basic@demo.energy',
    locationId: 1,
    locationName: 'Hiša Bled',
    expiresAt: new Date('2099-12-31T23:00:00Z'),
  },
];
