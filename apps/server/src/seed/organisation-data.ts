import type { DeviceCategory, DeviceSetupType, DeviceStatus, Role } from '@ec/domain';

/**
 * The demo organisation: companies in four countries (three on the default site, one on sunpower), nested
 * location-group trees, real places with addresses, coordinates and time zones, controllers with devices of every
 * category, and users with rights on parts of the tree. Ids are fixed so the seed can upsert by id (idempotent)
 * and links in the README and tests stay valid; the sequences are moved past them after seeding.
 */

/** A demo company; its location groups are in {@link DEMO_LOCATION_GROUPS}. */
export interface DemoCompany {
  id: number;
  siteIdentifier: string;
  name: string;
  countryCode: string;
  contactEmail: string;
  contactPhone: string;
}

// prettier-ignore
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { id: 1, siteIdentifier: 'default', name: 'Sončna energija d.o.o.', countryCode: 'SI', contactEmail: 'info@soncna-energija.si', contactPhone: '+38612345678' },
  { id: 2, siteIdentifier: 'default', name: 'Alpen Energie GmbH', countryCode: 'AT', contactEmail: 'office@alpen-energie.at', contactPhone: '+43463123456' },
  { id: 3, siteIdentifier: 'default', name: 'Jadran Solar d.o.o.', countryCode: 'HR', contactEmail: 'info@jadran-solar.hr', contactPhone: '+38521123456' },
  { id: 4, siteIdentifier: 'sunpower', name: 'SunPower Nederland B.V.', countryCode: 'NL', contactEmail: 'service@sunpower.example', contactPhone: '+31301234567' },
];

/** A location group of a demo company; `parent: null` only for the company's root. */
export interface DemoLocationGroup {
  id: number;
  company: number;
  name: string;
  parent: number | null;
}

/** The companies' location-group trees, parents before children; each company's root comes first. */
// prettier-ignore
export const DEMO_LOCATION_GROUPS: readonly DemoLocationGroup[] = [
  { id: 1, company: 1, name: 'Sončna energija d.o.o.', parent: null },
  { id: 2, company: 1, name: 'Gorenjska', parent: 1 },
  { id: 3, company: 1, name: 'Bled in okolica', parent: 2 },
  { id: 4, company: 1, name: 'Osrednja Slovenija', parent: 1 },
  { id: 5, company: 1, name: 'Ljubljana', parent: 4 },
  { id: 6, company: 1, name: 'Štajerska', parent: 1 },
  { id: 7, company: 2, name: 'Alpen Energie GmbH', parent: null },
  { id: 8, company: 2, name: 'Kärnten', parent: 7 },
  { id: 9, company: 2, name: 'Steiermark', parent: 7 },
  { id: 10, company: 2, name: 'Wien', parent: 7 },
  { id: 11, company: 3, name: 'Jadran Solar d.o.o.', parent: null },
  { id: 12, company: 3, name: 'Istra', parent: 11 },
  { id: 13, company: 3, name: 'Dalmacija', parent: 11 },
  { id: 14, company: 3, name: 'Split', parent: 13 },
  { id: 15, company: 4, name: 'SunPower Nederland B.V.', parent: null },
  { id: 16, company: 4, name: 'Utrecht', parent: 15 },
];

/** A demo country: its English name, time zone and spot-market (ENTSO-E bidding zone) code. */
export interface DemoCountry {
  name: string;
  timezone: string;
  spotRegion: string;
}

/** The demo countries by code, in the order they are added (the reference data fills every other country). */
// prettier-ignore
export const DEMO_COUNTRIES: Readonly<Record<string, DemoCountry>> = {
  SI: { name: 'Slovenia', timezone: 'Europe/Ljubljana', spotRegion: '10YSI-ELES-----O' },
  AT: { name: 'Austria', timezone: 'Europe/Vienna', spotRegion: '10YAT-APG------L' },
  HR: { name: 'Croatia', timezone: 'Europe/Zagreb', spotRegion: '10YHR-HEP------M' },
  NL: { name: 'Netherlands', timezone: 'Europe/Amsterdam', spotRegion: '10YNL----------L' },
};

/** A demo location. Devices come from {@link DEMO_DEVICE_SETS} by `kit`. */
export interface DemoLocation {
  id: number;
  company: number;
  group: number;
  name: string;
  street: string;
  houseNumber: string;
  postCode: string;
  city: string;
  latitude: number;
  longitude: number;
  /** E-mail of the owning demo user, if any. */
  owner?: string;
  kit: keyof typeof DEMO_DEVICE_SETS;
  /** The controller's setup type and whether it is online. */
  setupType: DeviceSetupType;
  connected: boolean;
}

// prettier-ignore
export const DEMO_LOCATIONS: readonly DemoLocation[] = [
  { id: 1, company: 1, group: 3, name: 'Hiša Bled', street: 'Cesta svobode', houseNumber: '12', postCode: '4260', city: 'Bled', latitude: 46.368314, longitude: 14.114597, kit: 'home', setupType: 'CONTROLLER', connected: true },
  { id: 2, company: 1, group: 3, name: 'Vila Lesce', street: 'Alpska cesta', houseNumber: '43', postCode: '4248', city: 'Lesce', latitude: 46.359712, longitude: 14.158094, kit: 'full', setupType: 'CONTROLLER', connected: true },
  { id: 3, company: 1, group: 2, name: 'Kranj – stanovanjski blok', street: 'Koroška cesta', houseNumber: '5', postCode: '4000', city: 'Kranj', latitude: 46.238887, longitude: 14.355555, kit: 'meter', setupType: 'P1_WIFI', connected: true },
  { id: 4, company: 1, group: 5, name: 'Ljubljana – poslovna stavba', street: 'Dunajska cesta', houseNumber: '156', postCode: '1000', city: 'Ljubljana', latitude: 46.085511, longitude: 14.512215, owner: 'advanced@demo.energy', kit: 'business', setupType: 'CONTROLLER', connected: true },
  { id: 5, company: 1, group: 5, name: 'Ljubljana – hiša Rožna dolina', street: 'Cesta v Rožno dolino', houseNumber: '20', postCode: '1000', city: 'Ljubljana', latitude: 46.046825, longitude: 14.481711, owner: 'basic@demo.energy', kit: 'home', setupType: 'CONTROLLER', connected: true },
  { id: 6, company: 1, group: 4, name: 'Domžale – skladišče', street: 'Ljubljanska cesta', houseNumber: '80', postCode: '1230', city: 'Domžale', latitude: 46.138211, longitude: 14.593806, kit: 'business', setupType: 'GATEWAY', connected: false },
  { id: 7, company: 1, group: 6, name: 'Maribor – hiša', street: 'Koroška cesta', houseNumber: '160', postCode: '2000', city: 'Maribor', latitude: 46.562695, longitude: 15.629209, kit: 'full', setupType: 'CONTROLLER', connected: true },
  { id: 8, company: 1, group: 6, name: 'Celje – trgovina', street: 'Mariborska cesta', houseNumber: '7', postCode: '3000', city: 'Celje', latitude: 46.235477, longitude: 15.271082, kit: 'meter', setupType: 'P1_WIFI', connected: false },
  { id: 9, company: 2, group: 8, name: 'Klagenfurt – Einfamilienhaus', street: 'Villacher Straße', houseNumber: '21', postCode: '9020', city: 'Klagenfurt am Wörthersee', latitude: 46.624722, longitude: 14.305278, kit: 'home', setupType: 'CONTROLLER', connected: true },
  { id: 10, company: 2, group: 8, name: 'Villach – Bürogebäude', street: 'Hauptplatz', houseNumber: '1', postCode: '9500', city: 'Villach', latitude: 46.614444, longitude: 13.846111, kit: 'business', setupType: 'CONTROLLER', connected: true },
  { id: 11, company: 2, group: 9, name: 'Graz – Wohnanlage', street: 'Annenstraße', houseNumber: '30', postCode: '8020', city: 'Graz', latitude: 47.070714, longitude: 15.425511, kit: 'full', setupType: 'CONTROLLER', connected: true },
  { id: 12, company: 2, group: 10, name: 'Wien – Lagerhalle', street: 'Simmeringer Hauptstraße', houseNumber: '96', postCode: '1110', city: 'Wien', latitude: 48.171389, longitude: 16.417222, kit: 'meter', setupType: 'P1_WIFI', connected: true },
  { id: 13, company: 3, group: 12, name: 'Pula – kuća', street: 'Flavijevska ulica', houseNumber: '11', postCode: '52100', city: 'Pula', latitude: 44.866623, longitude: 13.849579, kit: 'home', setupType: 'CONTROLLER', connected: true },
  { id: 14, company: 3, group: 12, name: 'Rovinj – apartmani', street: 'Obala Pina Budicina', houseNumber: '4', postCode: '52210', city: 'Rovinj', latitude: 45.081165, longitude: 13.638707, kit: 'full', setupType: 'CONTROLLER', connected: true },
  { id: 15, company: 3, group: 14, name: 'Split – hotel', street: 'Put Firula', houseNumber: '19', postCode: '21000', city: 'Split', latitude: 43.502548, longitude: 16.451004, kit: 'business', setupType: 'CONTROLLER', connected: true },
  { id: 16, company: 3, group: 13, name: 'Zadar – kuća', street: 'Ulica Ivana Mažuranića', houseNumber: '8', postCode: '23000', city: 'Zadar', latitude: 44.119371, longitude: 15.231365, kit: 'home', setupType: 'CONTROLLER', connected: false },
  { id: 17, company: 4, group: 16, name: 'Utrecht – woning', street: 'Oudegracht', houseNumber: '158', postCode: '3511 AZ', city: 'Utrecht', latitude: 52.090737, longitude: 5.121420, kit: 'home', setupType: 'CONTROLLER', connected: true },
  { id: 18, company: 4, group: 15, name: 'Rotterdam – kantoor', street: 'Coolsingel', houseNumber: '40', postCode: '3011 AD', city: 'Rotterdam', latitude: 51.922500, longitude: 4.479170, kit: 'business', setupType: 'CONTROLLER', connected: true },
];

/** A device of a kit; `group` names the device group it sits in (null: ungrouped). */
export interface DemoDevice {
  /** The device's reference on its controller (telemetry key; the simulator's KIT_DEVICES use the same). */
  ref: string;
  name: string;
  category: DeviceCategory;
  manufacturer: string;
  model: string;
  group: string | null;
  status?: DeviceStatus;
}

/** Device kits by kind of location; together they cover every category. */
// prettier-ignore
export const DEMO_DEVICE_SETS = {
  meter: [
    { ref: 'grid', name: 'Grid meter', category: 'GRID', manufacturer: 'Iskraemeco', model: 'AM550', group: null },
  ],
  home: [
    { ref: 'grid', name: 'Grid meter', category: 'GRID', manufacturer: 'Iskraemeco', model: 'AM550', group: null },
    { ref: 'pv', name: 'Rooftop PV', category: 'SOLAR_POWER_PLANT', manufacturer: 'Bisol', model: 'BDO 400 Wp ×18', group: 'Roof' },
    { ref: 'inverter', name: 'Hybrid inverter', category: 'HYBRID_INVERTER', manufacturer: 'Fronius', model: 'Symo GEN24 8.0 Plus', group: 'Roof' },
    { ref: 'hp', name: 'Heat pump', category: 'HVAC', manufacturer: 'Daikin', model: 'Altherma 3 H HT', group: null },
  ],
  full: [
    { ref: 'grid', name: 'Grid meter', category: 'GRID', manufacturer: 'Iskraemeco', model: 'AM550', group: null },
    { ref: 'pv', name: 'Rooftop PV', category: 'SOLAR_POWER_PLANT', manufacturer: 'Bisol', model: 'BDO 410 Wp ×24', group: 'Roof' },
    { ref: 'inverter', name: 'Hybrid inverter', category: 'HYBRID_INVERTER', manufacturer: 'Huawei', model: 'SUN2000-10KTL-M1', group: 'Roof' },
    { ref: 'battery', name: 'Home battery', category: 'BATTERY', manufacturer: 'Huawei', model: 'LUNA2000-10-S0', group: 'Garage' },
    { ref: 'ev', name: 'EV charger', category: 'EV_CHARGER', manufacturer: 'Wallbox', model: 'Pulsar Plus 11 kW', group: 'Garage' },
    { ref: 'hp', name: 'Heat pump', category: 'HVAC', manufacturer: 'Mitsubishi', model: 'Ecodan 8 kW', group: null },
    { ref: 'pool', name: 'Pool pump', category: 'OTHER', manufacturer: 'Shelly', model: 'Pro 1PM', group: null, status: 'WARNING' },
  ],
  business: [
    { ref: 'grid', name: 'Grid meter', category: 'GRID', manufacturer: 'Landis+Gyr', model: 'E650', group: null },
    { ref: 'pv', name: 'PV plant', category: 'SOLAR_POWER_PLANT', manufacturer: 'SolarEdge', model: '100 kWp', group: 'Roof' },
    { ref: 'battery', name: 'Battery storage', category: 'BATTERY', manufacturer: 'BYD', model: 'Battery-Box Premium HVM 22.1', group: 'Technical room' },
    { ref: 'ev1', name: 'EV charger 1', category: 'EV_CHARGER', manufacturer: 'ABB', model: 'Terra AC W22', group: 'Car park' },
    { ref: 'ev2', name: 'EV charger 2', category: 'EV_CHARGER', manufacturer: 'ABB', model: 'Terra AC W22', group: 'Car park', status: 'ERROR' },
    { ref: 'hvac', name: 'Air conditioning', category: 'HVAC', manufacturer: 'Daikin', model: 'VRV 5', group: 'Technical room' },
  ],
} as const satisfies Record<string, readonly DemoDevice[]>;

/** Extra demo users besides one per role (data.ts): a second company's aggregator and a user without a location. */
export const DEMO_EXTRA_USERS: readonly {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  locale: 'en' | 'sl' | 'de';
  siteIdentifier: string;
}[] = [
  {
    email: 'aggregator.at@demo.energy',
    password: 'demo-aggregator-2024',
    firstName: 'Lukas',
    lastName: 'Gruber',
    role: 'ROLE_AGGREGATOR',
    locale: 'de',
    siteIdentifier: 'default',
  },
  {
    email: 'setup@demo.energy',
    password: 'demo-setup-2024',
    firstName: 'Tina',
    lastName: 'Novinec',
    role: 'ROLE_USER_BASIC',
    locale: 'sl',
    siteIdentifier: 'default',
  },
];

/** Which company each demo user belongs to (by e-mail); users not listed have none (the super admin). */
export const DEMO_USER_COMPANIES: Readonly<Record<string, number>> = {
  'aggregator@demo.energy': 1,
  'aggregator.at@demo.energy': 2,
  'advanced@demo.energy': 1,
  'basic@demo.energy': 1,
  'user@demo.energy': 1,
  'setup@demo.energy': 1,
  'unverified@demo.energy': 1,
};

/** A demo user's rights on a location group (and all below it) or on one location. */
export type DemoGrant = { email: string; view: boolean; edit: boolean; manage: boolean } & (
  { group: number } | { location: number }
);

/**
 * The advanced user may view and edit everything in Štajerska (a group grant); the basic user may view the Domžale
 * warehouse besides owning a house (a location grant).
 */
export const DEMO_GRANTS: readonly DemoGrant[] = [
  { email: 'advanced@demo.energy', group: 6, view: true, edit: true, manage: false },
  { email: 'basic@demo.energy', location: 6, view: true, edit: false, manage: false },
];
