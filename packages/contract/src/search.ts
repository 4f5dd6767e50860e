import { z } from 'zod';
import { DEVICE_SETUP_TYPES, ROLES, type Role } from '@ec/domain';
import {
  controllerRefSchema,
  deviceSummaryShape,
  idQuery,
  isoDateTime,
  namedRefSchema,
  pageOf,
  pagingQuery,
  searchTextSchema,
  userSummarySchema,
} from './common.ts';
import { defineRoute } from './http.ts';

// Admin search (spec 000 §2 admin/search, spec 001 §6, §7; docs/organisation.md "Admin").

/**
 * Search filter: `q` matches case-insensitively (substring) on the columns each kind names; `companyId` limits
 * the results to one company (a company outside the actor's scope gives 404). Paged (`page` 1-based, `pageSize`
 * default 25, max 100).
 */
export const searchQuerySchema = z.strictObject({
  q: searchTextSchema,
  companyId: idQuery.optional(),
  ...pagingQuery,
});
/** Search filter values. */
export type SearchQuery = z.input<typeof searchQuerySchema>;

const namedRef = namedRefSchema;
const personRef = userSummarySchema;

/** A user found by the admin search (matched on first and last name, full name and e-mail). */
export const userSearchItemSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES as [Role, ...Role[]]),
    verified: z.boolean(),
    company: namedRef.nullable(),
    /** Locations the user owns or holds a location grant on. */
    locationsCount: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'UserSearchItem' });
/** A user search result. */
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

/** A location found by the admin search (matched on name, street, post code, city and EIC code). */
export const locationSearchItemSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    company: namedRef,
    group: namedRef,
    owner: personRef.nullable(),
    country: z.object({ id: z.number().int(), code: z.string() }).nullable(),
    address: z.object({
      street: z.string().nullable(),
      houseNumber: z.string().nullable(),
      postCode: z.string().nullable(),
      city: z.string().nullable(),
    }),
    controllersCount: z.number().int(),
  })
  .meta({ id: 'LocationSearchItem' });
/** A location search result. */
export type LocationSearchItem = z.infer<typeof locationSearchItemSchema>;

/** A controller ("oem device") found by the admin search (matched on alias, serial and unit id). */
export const controllerSearchItemSchema = z
  .object({
    id: z.number().int(),
    alias: z.string().nullable(),
    unitId: z.string(),
    serial: z.string(),
    setupType: z.enum(DEVICE_SETUP_TYPES),
    connected: z.boolean(),
    lastSeenAt: isoDateTime.nullable(),
    company: namedRef,
    location: namedRef.nullable(),
    owner: personRef.nullable(),
    devicesCount: z.number().int(),
  })
  .meta({ id: 'ControllerSearchItem' });
/** A controller search result. */
export type ControllerSearchItem = z.infer<typeof controllerSearchItemSchema>;

/** A device found by the admin search (matched on name, manufacturer, model; deleted devices are left out). */
export const deviceSearchItemSchema = z
  .object({
    ...deviceSummaryShape,
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    company: namedRef,
    location: namedRef,
    deviceGroup: namedRef.nullable(),
    controller: controllerRefSchema.nullable(),
  })
  .meta({ id: 'DeviceSearchItem' });
/** A device search result. */
export type DeviceSearchItem = z.infer<typeof deviceSearchItemSchema>;

const summaryScope =
  '(aggregator: their company; super admin: every company of the site), ordered by name';

/** Admin search (aggregator and super admin). */
export const searchRoutes = {
  users: defineRoute({
    method: 'GET',
    path: '/search/users',
    summary: `Users matching q on name or e-mail ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: pageOf(userSearchItemSchema),
  }),
  locations: defineRoute({
    method: 'GET',
    path: '/search/locations',
    summary: `Locations matching q on name, address, city, post code or EIC code ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: pageOf(locationSearchItemSchema),
  }),
  controllers: defineRoute({
    method: 'GET',
    path: '/search/controllers',
    summary: `Controllers (oem devices) matching q on alias, serial or unit id ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: pageOf(controllerSearchItemSchema),
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/search/devices',
    summary: `Devices matching q on name, manufacturer or model ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: pageOf(deviceSearchItemSchema),
  }),
} as const;
