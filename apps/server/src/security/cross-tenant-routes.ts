// The cross-tenant matrix's table (cross-tenant-matrix.test.ts): for EVERY contract route, a request on another
// company's resources, or the reason the route has none. The table mirrors the contract's route groups, so the
// compiler refuses a contract route without an entry (and the test checks the same at run time).
//
// Adding a module: add its group below with one entry per route. Point the request at the foreign company's
// resources from `ForeignIds` (extend `foreignFixture` in cross-tenant-matrix.test.ts when the module brings new
// ones), say what the Sončna aggregator gets (404 for an invisible resource), and what Alpen's own aggregator gets
// (the `owner` answer proves the request reaches a live resource with a valid body; prefer answers that change
// nothing lasting, e.g. a rule answer 422).
import type { routes } from '@ec/contract';
import {
  SAMPLE_PLAN,
  sampleConfig,
  sampleList,
  sampleStructure,
  type CompanyPricingIds,
} from '../modules/pricing/pricing.samples.ts';
import type { MojElektroSampleIds } from '../modules/moj-elektro/moj-elektro.samples.ts';

/** Alpen Energie's resources (and its users) that the samples point at. */
export interface ForeignIds {
  /** Alpen (company 2). */
  company: number;
  rootGroup: number;
  /** Kärnten: holds Klagenfurt (the user has a location grant there, not a group grant). */
  karnten: number;
  /** Steiermark: the user holds every flag on it (a group grant), so on Nord and Nord-Ost and Graz below it. */
  steiermark: number;
  /** Nord (below Steiermark, not empty) and Nord-Ost (below Nord). */
  nord: number;
  nordOst: number;
  /** Klagenfurt: the user holds every flag (a location grant from an accepted invitation). */
  klagenfurt: number;
  /** Graz (in Steiermark). */
  graz: number;
  /** Klagenfurt's "Roof" device group, a device in it, a spare device group and the controller. */
  roofGroup: number;
  roofDevice: number;
  spareDeviceGroup: number;
  controller: number;
  /** A device at Graz (deleted and restored by the owner's control). */
  grazDevice: number;
  /** The accepted invitation of the user to Klagenfurt. */
  acceptedInvitation: number;
  /** A pending invitation of the user to Graz. */
  pendingInvitation: number;
  /** The user holding the grants (advanced@demo.energy, a Sončna user). */
  grantHolder: number;
  /** Users of Alpen: a basic user, and one the owner's control deletes. */
  alpenUser: number;
  alpenLeavingUser: number;
  /** Alpen's time plan (blocks, season, a slot), a config on it and Klagenfurt's active list from them. */
  pricing: CompanyPricingIds;
  /** The valid-from date of Klagenfurt's active price list. */
  pricingListFrom: string;
  /** Moj Elektro tokens and devices of Alpen's aggregator (per-user resources). */
  mojElektro: MojElektroSampleIds;
}

/** One request: path parameters, query and body (`{ data }` included). */
export interface SampleRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

/** What a route answers about another company's resources. */
export type TenantSample =
  | {
      /** A request naming a resource of Alpen. */
      foreign: (ids: ForeignIds) => SampleRequest;
      /** The Sončna aggregator's answer: 404 (the resource is invisible), 403 only for a visible one. */
      status: 403 | 404;
      /**
       * The answer while the Sončna aggregator acts as the grant holder, when it differs from `status` for a
       * reason other than the route's roles (those give 403 on their own).
       */
      impersonated?: 403 | 404;
      /** The Alpen aggregator's answer, or why there is none to check. */
      owner: number | { skip: string };
      /** The owner's control needs a session of its own (the request changes the session). */
      freshOwnerSession?: true;
    }
  | {
      /**
       * A list, or an answer about the session: Alpen must not appear in the Sončna sessions' answers, and must
       * in the Alpen aggregator's (which proves the list would show it).
       */
      list: SampleRequest;
    }
  | {
      /** Why the route touches no company's resources. */
      exempt: string;
    };

type Routes = typeof routes;

/** Every route of the contract, by group and name. */
export type RouteTable = { [G in keyof Routes]: { [N in keyof Routes[G]]: TenantSample } };

const PUBLIC = 'public: no session, no company data';
const OWN_ACCOUNT =
  'acts on the signed-in account only; refused while impersonating (impersonation.test.ts)';

const id = (value: number) => ({ id: value });
/** A valid calculation filter of January 2025 (Moj Elektro samples). */
const CALCULATION_FILTER = {
  from: '2025-01-01',
  to: '2025-01-31',
  vt: 0.1,
  mt: 0.08,
  et: 0,
  customPowerLimits: null,
};
const STREAM =
  'an event stream stays open: modules/live/live-stream.test.ts opens it for the owner';

/** The table: one entry per contract route, grouped like the contract. */
export const CROSS_TENANT_ROUTES: RouteTable = {
  site: { info: { exempt: PUBLIC }, translations: { exempt: PUBLIC } },
  health: { health: { exempt: PUBLIC } },
  auth: {
    login: { exempt: PUBLIC },
    logout: { exempt: 'ends the own session' },
    user: { list: {} },
  },
  accounts: {
    register: { exempt: PUBLIC },
    verifyEmail: { exempt: PUBLIC },
    resendVerification: { exempt: PUBLIC },
    forgottenPassword: { exempt: PUBLIC },
    resetPassword: { exempt: PUBLIC },
    changePassword: { exempt: OWN_ACCOUNT },
    updateUser: { list: { body: { data: { themePreference: 'auto' } } } },
    exportUser: { exempt: OWN_ACCOUNT },
    deleteUser: { exempt: OWN_ACCOUNT },
  },
  impersonation: {
    impersonate: {
      foreign: (x) => ({ body: { data: { userId: x.alpenUser } } }),
      status: 404,
      owner: 200,
      freshOwnerSession: true,
    },
    unimpersonate: { exempt: 'ends the own impersonation' },
  },
  oidc: { providers: { exempt: PUBLIC } },
  security: {
    validateConfirmation: {
      foreign: (x) => ({ body: { data: { id: x.pendingInvitation, action: 'LOCATION_INVITE' } } }),
      // Addressed to the grant holder's e-mail: anyone else 404; acting as the holder is not accepting.
      status: 404,
      impersonated: 403,
      owner: { skip: 'an invitation is accepted by its addressee, not by the company’s admin' },
    },
  },
  admin: { auditLog: { exempt: 'site-wide, super admins only: no company resource' } },
  jobs: {
    failed: {
      exempt: 'platform-wide dead-letter list, super admins only; job payloads are never shown',
    },
  },
  dev: {
    mailbox: { exempt: 'the development mailbox: its own finding and tests' },
    mailboxMessage: { exempt: 'the development mailbox: its own finding and tests' },
  },
  reference: {
    countries: { exempt: PUBLIC },
    timezones: { exempt: PUBLIC },
    spotMarketRegions: { exempt: PUBLIC },
    currencies: { exempt: PUBLIC },
  },
  companies: {
    list: { list: {} },
    create: { exempt: 'creates a company in the actor’s own site; super admins only' },
    get: { foreign: (x) => ({ params: id(x.company) }), status: 404, owner: 200 },
    update: {
      foreign: (x) => ({
        params: id(x.company),
        body: { data: { name: 'Alpen Energie GmbH' } },
      }),
      status: 404,
      owner: 200,
    },
    locationGroups: { foreign: (x) => ({ params: id(x.company) }), status: 404, owner: 200 },
    group: { foreign: (x) => ({ params: id(x.steiermark) }), status: 404, owner: 200 },
    createGroup: {
      foreign: (x) => ({ body: { data: { parentId: x.steiermark, name: 'Matrix' } } }),
      status: 404,
      owner: 201,
    },
    renameGroup: {
      foreign: (x) => ({ params: id(x.steiermark), body: { data: { name: 'Steiermark' } } }),
      status: 404,
      owner: 200,
    },
    // Already below Nord: 422 org.already_in_group for the owner.
    moveGroup: {
      foreign: (x) => ({ params: id(x.nordOst), body: { data: { parentId: x.nord } } }),
      status: 404,
      owner: 422,
    },
    // Not empty: 422 org.group_not_empty for the owner.
    deleteGroup: { foreign: (x) => ({ params: id(x.nord) }), status: 404, owner: 422 },
  },
  companyEmail: {
    get: { foreign: (x) => ({ params: id(x.company) }), status: 404, owner: 200 },
    update: {
      foreign: (x) => ({
        params: id(x.company),
        body: { data: { senderName: null, senderEmail: null } },
      }),
      status: 404,
      owner: 200,
    },
    // Without a sender: 422 company_email.no_sender for the owner (no DNS lookup leaves the test).
    check: { foreign: (x) => ({ params: id(x.company) }), status: 404, owner: 422 },
  },
  locations: {
    get: { foreign: (x) => ({ params: id(x.klagenfurt) }), status: 404, owner: 200 },
    update: {
      foreign: (x) => ({
        params: id(x.klagenfurt),
        body: {
          data: {
            name: 'Klagenfurt – Einfamilienhaus',
            countryCode: 'AT',
            spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
            timezone: 'Europe/Vienna',
            coordinates: { latitude: 46.624722, longitude: 14.305278 },
            address: {
              street: 'Villacher Straße',
              houseNumber: '21',
              postCode: '9020',
              city: 'Klagenfurt am Wörthersee',
            },
          },
        },
      }),
      status: 404,
      owner: 200,
    },
    create: {
      foreign: (x) => ({
        body: {
          data: {
            groupId: x.steiermark,
            name: 'Matrix home',
            countryCode: 'AT',
            timezone: 'Europe/Vienna',
          },
        },
      }),
      status: 404,
      owner: 201,
    },
    // Has a controller: 422 org.location_has_controllers for the owner.
    delete: { foreign: (x) => ({ params: id(x.klagenfurt) }), status: 404, owner: 422 },
    // Already in Steiermark: 422 org.already_in_group for the owner.
    move: {
      foreign: (x) => ({ params: id(x.graz), body: { data: { groupId: x.steiermark } } }),
      status: 404,
      owner: 422,
    },
    structure: { foreign: (x) => ({ params: id(x.klagenfurt) }), status: 404, owner: 200 },
    createDeviceGroup: {
      foreign: (x) => ({ params: id(x.klagenfurt), body: { data: { name: 'Matrix' } } }),
      status: 404,
      owner: 201,
    },
    updateDeviceGroup: {
      foreign: (x) => ({ params: id(x.roofGroup), body: { data: { name: 'Roof' } } }),
      status: 404,
      owner: 200,
    },
    deleteDeviceGroup: {
      foreign: (x) => ({ params: id(x.spareDeviceGroup) }),
      status: 404,
      owner: 204,
    },
    // Already in Roof: 422 org.already_in_group for the owner.
    moveDevices: {
      foreign: (x) => ({
        params: id(x.klagenfurt),
        body: { data: { deviceIds: [x.roofDevice], deviceGroupId: x.roofGroup } },
      }),
      status: 404,
      owner: 422,
    },
    getDevice: { foreign: (x) => ({ params: id(x.roofDevice) }), status: 404, owner: 200 },
    updateDevice: {
      foreign: (x) => ({
        params: id(x.roofDevice),
        body: {
          data: { name: 'Rooftop PV', category: 'SOLAR_POWER_PLANT', deviceGroupId: x.roofGroup },
        },
      }),
      status: 404,
      owner: 200,
    },
    deleteDevice: { foreign: (x) => ({ params: id(x.grazDevice) }), status: 404, owner: 204 },
    restoreDevice: { foreign: (x) => ({ params: id(x.grazDevice) }), status: 404, owner: 200 },
    controllers: { foreign: (x) => ({ params: id(x.klagenfurt) }), status: 404, owner: 200 },
    getController: { foreign: (x) => ({ params: id(x.controller) }), status: 404, owner: 200 },
    updateController: {
      foreign: (x) => ({ params: id(x.controller), body: { data: { alias: 'Hub' } } }),
      status: 404,
      owner: 200,
    },
    setControllerOwner: {
      foreign: (x) => ({ params: id(x.controller), body: { data: { userId: null } } }),
      status: 404,
      owner: 200,
    },
    users: { foreign: (x) => ({ params: id(x.klagenfurt) }), status: 404, owner: 200 },
    invite: {
      foreign: (x) => ({
        params: id(x.klagenfurt),
        body: { data: { email: 'matrix-guest@example.com' } },
      }),
      status: 404,
      owner: 201,
    },
    // Accepted already: 422 location_invite.not_pending for the owner.
    resendInvitation: {
      foreign: (x) => ({ params: id(x.acceptedInvitation) }),
      status: 404,
      owner: 422,
    },
    revokeInvitation: {
      foreign: (x) => ({ params: id(x.acceptedInvitation) }),
      status: 404,
      owner: 422,
    },
    // Access only through the group grant: 422 location_users.granted_by_group for the owner.
    removeUser: {
      foreign: (x) => ({ params: { id: x.graz, userId: x.grantHolder } }),
      status: 404,
      owner: 422,
    },
    integratedDevices: {
      foreign: (x) => ({ params: id(x.company), query: { q: '', pageSize: '10' } }),
      status: 404,
      owner: 200,
    },
  },
  menu: {
    menu: { list: {} },
    // The grant holder may see Klagenfurt: the impersonating session must not find it (nor Alpen's other names).
    search: { list: { query: { q: 'a' } } },
    company: { foreign: (x) => ({ params: { companyId: x.company } }), status: 404, owner: 200 },
    location: {
      foreign: (x) => ({ params: id(x.klagenfurt), query: { level: '2' } }),
      status: 404,
      owner: 200,
    },
  },
  search: {
    users: {
      foreign: (x) => ({ query: { q: '', companyId: String(x.company) } }),
      status: 404,
      owner: 200,
    },
    locations: {
      foreign: (x) => ({ query: { q: '', companyId: String(x.company) } }),
      status: 404,
      owner: 200,
    },
    controllers: {
      foreign: (x) => ({ query: { q: '', companyId: String(x.company) } }),
      status: 404,
      owner: 200,
    },
    devices: {
      foreign: (x) => ({ query: { q: '', companyId: String(x.company) } }),
      status: 404,
      owner: 200,
    },
  },
  live: {
    locationLive: { foreign: (x) => ({ params: id(x.klagenfurt) }), status: 404, owner: 200 },
    groupLive: { foreign: (x) => ({ params: id(x.steiermark) }), status: 404, owner: 200 },
    locationLiveStream: {
      foreign: (x) => ({ params: id(x.klagenfurt) }),
      status: 404,
      owner: { skip: STREAM },
    },
    groupLiveStream: {
      foreign: (x) => ({ params: id(x.steiermark) }),
      status: 404,
      owner: { skip: STREAM },
    },
    // Issues a new secret for Klagenfurt's controller (Alpen's own aggregator may: it manages the company).
    rotateControllerSecret: {
      foreign: (x) => ({ params: id(x.controller) }),
      status: 404,
      owner: 200,
    },
    discoveredDevices: { foreign: (x) => ({ params: id(x.controller) }), status: 404, owner: 200 },
    // The fixture gives the controller two discovered references, one for each of these controls.
    adoptDiscoveredDevice: {
      foreign: (x) => ({
        params: id(x.controller),
        body: {
          data: { ref: 'matrix-adopt', name: 'Adopted', category: 'OTHER', deviceGroupId: null },
        },
      }),
      status: 404,
      owner: 201,
    },
    dismissDiscoveredDevice: {
      foreign: (x) => ({ params: id(x.controller), body: { data: { ref: 'matrix-dismiss' } } }),
      status: 404,
      owner: 200,
    },
  },
  pricing: {
    timePlans: { list: {} },
    companyTimePlans: { foreign: (x) => ({ params: id(x.company) }), status: 404, owner: 200 },
    createTimePlan: {
      foreign: (x) => ({ body: { data: { ...SAMPLE_PLAN, companyId: x.company } } }),
      status: 404,
      owner: 201,
    },
    updateTimePlan: {
      foreign: (x) => ({
        params: id(x.pricing.plan),
        body: {
          data: { title: 'Alpen Netz', color: '#123456', countryCode: 'AT', holidays: 'NONE' },
        },
      }),
      status: 404,
      owner: 200,
    },
    // In use by the config and the list: 409 for the owner, nothing deleted.
    deleteTimePlan: { foreign: (x) => ({ params: id(x.pricing.plan) }), status: 404, owner: 409 },
    timePlanStructure: {
      foreign: (x) => ({ params: id(x.pricing.plan) }),
      status: 404,
      owner: 200,
    },
    // Without slots the plan would have gaps: 400 for the owner, nothing saved.
    saveTimePlanStructure: {
      foreign: (x) => ({
        params: id(x.pricing.plan),
        body: {
          data: {
            ...sampleStructure({ blocks: x.pricing.blocks, season: x.pricing.season }),
            slots: [],
          },
        },
      }),
      status: 404,
      owner: 400,
    },
    timePlanUsage: { foreign: (x) => ({ params: id(x.pricing.plan) }), status: 404, owner: 200 },
    blocks: { foreign: (x) => ({ params: id(x.pricing.plan) }), status: 404, owner: 200 },
    createBlock: {
      foreign: (x) => ({
        params: id(x.pricing.plan),
        body: { data: { title: 'Extra', color: '#000000' } },
      }),
      status: 404,
      owner: 409,
    },
    updateBlock: {
      foreign: (x) => ({
        params: { id: x.pricing.plan, blockId: x.pricing.blocks[0] ?? 0 },
        body: { data: { title: 'HT', color: '#d62728' } },
      }),
      status: 404,
      owner: 200,
    },
    deleteBlock: {
      foreign: (x) => ({ params: { id: x.pricing.plan, blockId: x.pricing.blocks[0] ?? 0 } }),
      status: 404,
      owner: 409,
    },
    seasons: { foreign: (x) => ({ params: id(x.pricing.plan) }), status: 404, owner: 200 },
    // Overlaps the plan's all-year season: 400 for the owner.
    createSeason: {
      foreign: (x) => ({
        params: id(x.pricing.plan),
        body: { data: { title: 'Winter', from: '11-01', to: '02-28' } },
      }),
      status: 404,
      owner: 400,
    },
    updateSeason: {
      foreign: (x) => ({
        params: { id: x.pricing.plan, seasonId: x.pricing.season },
        body: { data: { title: 'Jahr', from: '01-01', to: '12-31' } },
      }),
      status: 404,
      owner: 200,
    },
    deleteSeason: {
      foreign: (x) => ({ params: { id: x.pricing.plan, seasonId: x.pricing.season } }),
      status: 404,
      owner: 409,
    },
    slots: {
      foreign: (x) => ({ params: { id: x.pricing.plan, blockId: x.pricing.blocks[1] ?? 0 } }),
      status: 404,
      owner: 200,
    },
    // Overlaps Monday's night slot: 400 for the owner.
    createSlot: {
      foreign: (x) => ({
        params: { id: x.pricing.plan, blockId: x.pricing.blocks[1] ?? 0 },
        body: { data: { seasonId: x.pricing.season, dayOfWeek: 1, start: '01:00', end: '02:00' } },
      }),
      status: 404,
      owner: 400,
    },
    updateSlot: {
      foreign: (x) => ({
        params: { id: x.pricing.plan, blockId: x.pricing.blocks[1] ?? 0, slotId: x.pricing.slot },
        body: { data: { seasonId: x.pricing.season, dayOfWeek: 1, start: '00:00', end: '06:00' } },
      }),
      status: 404,
      owner: 200,
    },
    deleteSlot: {
      foreign: (x) => ({
        params: { id: x.pricing.plan, blockId: x.pricing.blocks[1] ?? 0, slotId: x.pricing.slot },
      }),
      status: 404,
      owner: 204,
    },
    priceTypeConfigs: { list: {} },
    priceTypeConfigDefaults: {
      exempt: 'predefined country defaults only (company null): the same answer for every session',
    },
    priceTypeConfig: {
      foreign: (x) => ({ params: id(x.pricing.config) }),
      status: 404,
      owner: 200,
    },
    createPriceTypeConfig: {
      foreign: (x) => ({ body: { data: sampleConfig(x.company) } }),
      status: 404,
      owner: 201,
    },
    updatePriceTypeConfig: {
      foreign: (x) => ({
        params: id(x.pricing.config),
        body: { data: { ...sampleConfig(null), companyId: undefined, name: 'Alpen Energie' } },
      }),
      status: 404,
      owner: 200,
    },
    updatePriceTypeConfigInBody: {
      foreign: (x) => ({
        body: {
          data: {
            ...sampleConfig(null),
            companyId: undefined,
            id: x.pricing.config,
            name: 'Alpen Energie',
          },
        },
      }),
      status: 404,
      owner: 200,
    },
    // Referenced by Klagenfurt's list: 409 for the owner.
    deletePriceTypeConfig: {
      foreign: (x) => ({ params: id(x.pricing.config) }),
      status: 404,
      owner: 409,
    },
    priceLists: { list: {} },
    priceList: { foreign: (x) => ({ params: id(x.pricing.list) }), status: 404, owner: 200 },
    // Starts where Klagenfurt's open list starts: 409 overlap for the owner, nothing written.
    createPriceList: {
      foreign: (x) => ({
        body: { data: { ...sampleList(x.pricingListFrom), locationId: x.klagenfurt } },
      }),
      status: 404,
      owner: 409,
    },
    updatePriceList: {
      foreign: (x) => ({
        params: id(x.pricing.list),
        body: { data: { ...sampleList(x.pricingListFrom), name: 'Alpen Tarif' } },
      }),
      status: 404,
      owner: 200,
    },
    // Active: 409 for the owner.
    deletePriceList: { foreign: (x) => ({ params: id(x.pricing.list) }), status: 404, owner: 409 },
    locationPriceLists: {
      foreign: (x) => ({ params: id(x.klagenfurt) }),
      status: 404,
      owner: 200,
    },
  },
  usersAdmin: {
    list: { foreign: (x) => ({ params: id(x.company) }), status: 404, owner: 200 },
    get: { foreign: (x) => ({ params: id(x.alpenUser) }), status: 404, owner: 200 },
    create: {
      foreign: (x) => ({
        body: {
          data: {
            email: 'matrix-new@example.com',
            firstName: 'Matrix',
            lastName: 'User',
            role: 'ROLE_USER_BASIC',
            companyId: x.company,
            locale: 'de',
          },
        },
      }),
      status: 404,
      owner: 201,
    },
    update: {
      foreign: (x) => ({
        params: id(x.alpenUser),
        body: { data: { firstName: 'Anna', lastName: 'Huber', role: 'ROLE_USER_BASIC' } },
      }),
      status: 404,
      owner: 200,
    },
    verify: { foreign: (x) => ({ params: id(x.alpenUser) }), status: 404, owner: 200 },
    changeCompany: {
      foreign: (x) => ({ params: id(x.alpenUser), body: { data: { companyId: x.company } } }),
      status: 404,
      owner: 200,
    },
    remove: { foreign: (x) => ({ params: id(x.alpenLeavingUser) }), status: 404, owner: 204 },
  },
  spotMarket: {
    spotMarketPrices: {
      exempt:
        'market data of a bidding zone or Agile region: the same for every signed-in user, no company data',
    },
  },
  costs: {
    locationCosts: {
      foreign: (x) => ({
        params: id(x.klagenfurt),
        query: { from: '2026-11-01', to: '2026-11-02', resolution: 'day' },
      }),
      status: 404,
      owner: 200,
    },
  },
  mojElektro: {
    externalCredentials: { list: {} },
    addExternalCredential: {
      exempt: "adds a token to the signed-in user's own list; names no resource of anybody else",
    },
    deleteExternalCredential: {
      foreign: (x) => ({ params: id(x.mojElektro.spareCredential) }),
      status: 404,
      owner: 204,
    },
    abstractDevices: { list: {} },
    addAbstractDevice: {
      foreign: (x) => ({
        body: { data: { eimm: '4-1000001', token_id: x.mojElektro.credential } },
      }),
      status: 404,
      // Past the token's ownership the owner meets the country rule (no country or not SI): nothing changes.
      owner: 422,
    },
    removeAbstractDeviceToken: {
      foreign: (x) => ({
        params: { deviceId: x.mojElektro.device, tokenId: x.mojElektro.secondCredential },
      }),
      status: 404,
      owner: 204,
    },
    abstractDevice: {
      foreign: (x) => ({ params: { deviceId: x.mojElektro.device } }),
      status: 404,
      owner: 200,
    },
    refreshAbstractDevice: {
      foreign: (x) => ({ params: { deviceId: x.mojElektro.device } }),
      status: 404,
      owner: 422,
    },
    uploadMeterFile: {
      foreign: (x) => ({
        body: {
          data: {
            deviceId: x.mojElektro.uploadDevice,
            label: 'Meter',
            fileName: 'meter.csv',
            content: 'timestamp,power_kw\n2025-01-01T00:15:00+01:00,1.5',
            connectionPowerKw: 17,
            phases: 3,
            tariffsCount: 2,
          },
        },
      }),
      status: 404,
      owner: 422,
    },
    meterData: {
      foreign: (x) => ({
        params: { deviceId: x.mojElektro.device },
        query: { from: '2025-01-01', to: '2025-01-31' },
      }),
      status: 404,
      owner: 422,
    },
    calculations: {
      foreign: (x) => ({
        params: { deviceId: x.mojElektro.device },
        body: { data: CALCULATION_FILTER },
      }),
      status: 404,
      owner: 422,
    },
    batteryWhatIf: {
      foreign: (x) => ({
        params: { deviceId: x.mojElektro.device },
        body: { data: { ...CALCULATION_FILTER, capacityKwh: 10, powerKw: 5, efficiencyPct: 90 } },
      }),
      status: 404,
      owner: 422,
    },
    solarWhatIf: {
      foreign: (x) => ({
        params: { deviceId: x.mojElektro.device },
        body: {
          data: {
            ...CALCULATION_FILTER,
            peakKw: 6,
            azimuthDeg: 180,
            tiltDeg: 30,
            exportPrice: 0.05,
            profile: 'standard',
          },
        },
      }),
      status: 404,
      owner: 422,
    },
  },
};
