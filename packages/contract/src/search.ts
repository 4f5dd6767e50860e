import { z } from 'zod';
import {
  DEVICE_CATEGORIES,
  DEVICE_SETUP_TYPES,
  DEVICE_STATUSES,
  ROLES,
  type Role,
} from '@ec/domain';
import { defineRoute } from './http.ts';
import { singleLineText } from './text.ts';

// Admin search (spec 000 §2 admin/search, spec 001 §6, §7; docs/organisation.md "Admin").

const MAX_ID = 2_147_483_647;
const isoDateTime = z.string().meta({ format: 'date-time' });

/**
 * Search filter: `q` matches case-insensitively (substring) on the columns each kind names; `companyId` limits
 * the results to one company (a company outside the actor's scope gives 404). Paged (`page` 1-based, `pageSize`
 * default 25, max 100).
 */
export const searchQuerySchema = z.strictObject({
  q: singleLineText().max(100).optional(),
  companyId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
/** Search filter values. */
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** A reference to a named entity. */
const namedRef = z.object({ id: z.number().int(), name: z.string() });
/** A reference to a person. */
const personRef = z.object({ id: z.number().int(), fullName: z.string(), email: z.string() });

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
    id: z.number().int(),
    name: z.string(),
    category: z.enum(DEVICE_CATEGORIES),
    status: z.enum(DEVICE_STATUSES),
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    company: namedRef,
    location: namedRef,
    deviceGroup: namedRef.nullable(),
    controller: z
      .object({ id: z.number().int(), alias: z.string().nullable(), serial: z.string() })
      .nullable(),
  })
  .meta({ id: 'DeviceSearchItem' });
/** A device search result. */
export type DeviceSearchItem = z.infer<typeof deviceSearchItemSchema>;

/** A page of results. */
function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

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
    data: page(userSearchItemSchema),
  }),
  locations: defineRoute({
    method: 'GET',
    path: '/search/locations',
    summary: `Locations matching q on name, address, city, post code or EIC code ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: page(locationSearchItemSchema),
  }),
  controllers: defineRoute({
    method: 'GET',
    path: '/search/controllers',
    summary: `Controllers (oem devices) matching q on alias, serial or unit id ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: page(controllerSearchItemSchema),
  }),
  devices: defineRoute({
    method: 'GET',
    path: '/search/devices',
    summary: `Devices matching q on name, manufacturer or model ${summaryScope}`,
    tags: ['search'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    query: searchQuerySchema,
    data: page(deviceSearchItemSchema),
  }),
} as const;
