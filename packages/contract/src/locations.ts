import { z } from 'zod';
import { DEVICE_CATEGORIES, DEVICE_SETUP_TYPES, DEVICE_STATUSES } from '@ec/domain';
import { countryCodeSchema, spotRegionSchema } from './auth.ts';
import {
  actionFlagsSchema,
  controllerRefSchema,
  deviceSummaryShape,
  EMAIL_MAX,
  entityNameSchema,
  idParam,
  idParams,
  idSchema,
  isoDateTime,
  NAME_MAX,
  pageOf,
  pagingQuery,
  searchTextSchema,
  userSummaryShape,
} from './common.ts';
import { defineRoute } from './http.ts';
import { nameText, singleLineText } from './text.ts';

// Locations, device groups, devices, controllers, location users and invitations, integrated devices (issue 4,
// docs/organisation.md). Every route authorizes the actor on the very resource: invisible → 404 NOT_FOUND, visible
// without the action flag → 403 FORBIDDEN. Request bodies use the envelope `{ data: { … } }`.

const id = idSchema;
const entityName = entityNameSchema;
const optionalText = (max: number) => singleLineText().max(max).nullable().optional();

/** One coordinate as typed (text, decimal point or comma) or as a number; empty text or null for none. */
const coordinateInput = z.union([z.number(), singleLineText().max(32)]).nullable();

/**
 * A location's coordinates as sent by a form. The server checks them with the domain's `parseCoordinates` (the
 * same rules as the web's inputs) and answers 400 field errors on `data.coordinates.latitude` /
 * `data.coordinates.longitude`: `coordinates.invalid_latitude_format`, `coordinates.invalid_longitude_format`,
 * `coordinates.latitude_range` (−90…90), `coordinates.longitude_range` (−180…180), or `validation.required` when
 * only one is given. `null` (or both empty) clears the coordinates.
 */
export const coordinatesInputSchema = z.strictObject({
  latitude: coordinateInput,
  longitude: coordinateInput,
});

/** A location's postal address; every part optional. */
export const addressSchema = z
  .object({
    street: z.string().nullable(),
    houseNumber: z.string().nullable(),
    postCode: z.string().nullable(),
    city: z.string().nullable(),
  })
  .meta({ id: 'Address' });
/** A postal address. */
export type Address = z.infer<typeof addressSchema>;

const addressInputSchema = z.strictObject({
  street: optionalText(200),
  houseNumber: optionalText(20),
  postCode: optionalText(20),
  city: optionalText(100),
});

/** A location (spec 001 §3 Location) with the actor's effective flags on it. */
export const locationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    companyId: z.number().int(),
    groupId: z.number().int(),
    country: z.object({ id: z.number().int(), code: z.string() }).nullable(),
    spotRegion: z.object({ code: z.string(), type: z.enum(['EIC', 'AGILE']) }).nullable(),
    timezone: z.string(),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
    eicCode: z.object({ eic: z.string() }).nullable(),
    agileRegion: z.object({ regionCode: z.string() }).nullable(),
    ownerId: z.number().int().nullable(),
    address: addressSchema,
    permissions: actionFlagsSchema,
  })
  .meta({ id: 'Location' });
/** A location. */
export type Location = z.infer<typeof locationSchema>;

/**
 * The location settings form (PUT /locations/:id). `countryCode` must be a known country, `timezone` an IANA zone,
 * `spotRegion` a known region (GET /pricing/spot-market/regions) or null; unknown values answer 400 with
 * `validation.invalid_value` on the field.
 */
export const locationFormSchema = z.strictObject({
  name: entityName,
  countryCode: countryCodeSchema,
  spotRegion: spotRegionSchema.nullable(),
  timezone: singleLineText().min(1).max(64),
  coordinates: coordinatesInputSchema.nullable(),
  address: addressInputSchema.optional(),
});
/** Location settings form values. */
export type LocationForm = z.input<typeof locationFormSchema>;

/** Creating a location in a group (same rules as {@link locationFormSchema}; spot region and coordinates optional). */
export const createLocationFormSchema = z.strictObject({
  groupId: id,
  name: entityName,
  countryCode: countryCodeSchema,
  timezone: singleLineText().min(1).max(64),
  spotRegion: spotRegionSchema.nullable().optional(),
  coordinates: coordinatesInputSchema.nullable().optional(),
  address: addressInputSchema.optional(),
});
/** Create-location form values. */
export type CreateLocationForm = z.input<typeof createLocationFormSchema>;

/** A device in a location's structure. */
export const structureDeviceSchema = z
  .object({
    ...deviceSummaryShape,
    deviceGroupId: z.number().int().nullable(),
    controllerId: z.number().int().nullable(),
  })
  .meta({ id: 'StructureDevice' });
/** A device in a structure list. */
export type StructureDevice = z.infer<typeof structureDeviceSchema>;

/** A device group without its devices. */
export const deviceGroupSchema = z
  .object({ id: z.number().int(), name: z.string(), locationId: z.number().int() })
  .meta({ id: 'DeviceGroup' });
/** A device group. */
export type DeviceGroup = z.infer<typeof deviceGroupSchema>;

/** A location's device groups (by name) with their devices, then the devices in no group. Deleted devices are left out. */
export const locationStructureSchema = z
  .object({
    deviceGroups: z.array(
      z.object({ id: z.number().int(), name: z.string(), devices: z.array(structureDeviceSchema) }),
    ),
    ungrouped: z.array(structureDeviceSchema),
  })
  .meta({ id: 'LocationStructure' });
/** A location's structure. */
export type LocationStructure = z.infer<typeof locationStructureSchema>;

/** A device with where it is. `deletedAt` is set for a soft-deleted device (restorable). */
export const deviceSchema = z
  .object({
    ...deviceSummaryShape,
    manufacturer: z.string().nullable(),
    model: z.string().nullable(),
    deviceGroupId: z.number().int().nullable(),
    controllerId: z.number().int().nullable(),
    location: z.object({ id: z.number().int(), name: z.string(), companyId: z.number().int() }),
    controller: controllerRefSchema.nullable(),
    deletedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    permissions: actionFlagsSchema,
  })
  .meta({ id: 'Device' });
/** A device. */
export type Device = z.infer<typeof deviceSchema>;

/** The device form: `deviceGroupId` must be a device group of the device's location, or null. */
export const deviceFormSchema = z.strictObject({
  name: entityName,
  category: z.enum(DEVICE_CATEGORIES),
  deviceGroupId: id.nullable(),
});
/** Device form values. */
export type DeviceForm = z.input<typeof deviceFormSchema>;

/** A controller ("oem device", spec 001 §3 Controller) in a location's list. */
export const controllerSummarySchema = z
  .object({
    id: z.number().int(),
    alias: z.string().nullable(),
    unitId: z.string(),
    serial: z.string(),
    setupType: z.enum(DEVICE_SETUP_TYPES),
    versions: z.record(z.string(), z.string()),
    addresses: z.record(z.string(), z.string()),
    connected: z.boolean(),
    lastSeenAt: isoDateTime.nullable(),
    ownerId: z.number().int().nullable(),
    devicesCount: z.number().int(),
  })
  .meta({ id: 'ControllerSummary' });
/** A controller in a list. */
export type ControllerSummary = z.infer<typeof controllerSummarySchema>;

/** A controller with its devices (soft-deleted ones included, with `deletedAt`, so they can be restored). */
export const controllerSchema = controllerSummarySchema
  .extend({
    companyId: z.number().int(),
    locationId: z.number().int().nullable(),
    devices: z.array(structureDeviceSchema.extend({ deletedAt: isoDateTime.nullable() })),
    permissions: actionFlagsSchema,
  })
  .meta({ id: 'Controller' });
/** A controller. */
export type Controller = z.infer<typeof controllerSchema>;

/** The controller form: its alias (empty clears it). */
export const controllerFormSchema = z.strictObject({
  alias: nameText().max(NAME_MAX).nullable(),
});
/** Controller form values. */
export type ControllerForm = z.input<typeof controllerFormSchema>;

/** Invitation states (spec 001 §4); `expired` is a pending invitation past `expiresAt`. */
export const LOCATION_INVITATION_STATUSES = ['pending', 'confirmed', 'expired', 'revoked'] as const;
/** One of {@link LOCATION_INVITATION_STATUSES}. */
export type LocationInvitationStatus = (typeof LOCATION_INVITATION_STATUSES)[number];

/** A location invitation as the location's managers see it. */
export const locationInvitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(LOCATION_INVITATION_STATUSES),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    lastSentAt: isoDateTime.nullable(),
  })
  .meta({ id: 'LocationInvitation' });
/** A location invitation. */
export type LocationInvitation = z.infer<typeof locationInvitationSchema>;

/** A user with access to a location: the owner, direct location grants and grants of groups above it. */
export const locationUserSchema = z
  .object({
    ...userSummaryShape,
    actions: actionFlagsSchema,
    owner: z.boolean(),
    /** Whether the access comes (also) from a location-group grant, which cannot be removed here. */
    viaGroup: z.boolean(),
  })
  .meta({ id: 'LocationUser' });
/** A user with access to a location. */
export type LocationUser = z.infer<typeof locationUserSchema>;

/** The invite form. */
export const locationInviteFormSchema = z.strictObject({ email: z.email().max(EMAIL_MAX) });
/** Invite form values. */
export type LocationInviteForm = z.infer<typeof locationInviteFormSchema>;

/** A device in the company's integrated-devices list. */
export const integratedDeviceSchema = z
  .object({
    ...deviceSummaryShape,
    location: z.object({ id: z.number().int(), name: z.string() }),
    controller: controllerRefSchema.nullable(),
  })
  .meta({ id: 'IntegratedDevice' });
/** An integrated device. */
export type IntegratedDevice = z.infer<typeof integratedDeviceSchema>;

/** Filters of the integrated-devices list. `q` matches device name, location name, controller alias or serial. */
export const integratedDevicesQuerySchema = z.strictObject({
  q: searchTextSchema,
  category: z.enum(DEVICE_CATEGORIES).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  ...pagingQuery,
});
/** Integrated-devices filters. */
export type IntegratedDevicesQuery = z.input<typeof integratedDevicesQuerySchema>;

const locationParams = idParams;
const emptyData = z.object({});

/** Locations, device groups, devices, controllers, location users and invitations, integrated devices. */
export const locationRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/locations/:id',
    summary: 'A location with the actor’s flags on it (view)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ location: locationSchema }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/locations/:id',
    summary:
      'Change a location’s settings (edit). 400 field errors for unknown country, time zone or spot region and ' +
      'for coordinates out of range (coordinates.latitude_range, coordinates.longitude_range)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: locationFormSchema }),
    data: z.object({ location: locationSchema }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/locations',
    summary: 'Create a location in a group (manage on the group); the same field rules as PUT',
    tags: ['locations'],
    access: { kind: 'session' },
    body: z.strictObject({ data: createLocationFormSchema }),
    successStatus: 201,
    data: z.object({ location: locationSchema }),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/locations/:id',
    summary:
      'Delete a location (manage). 422 RULE_BROKEN org.location_has_controllers while controllers are assigned',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    successStatus: 204,
    data: emptyData,
  }),
  move: defineRoute({
    method: 'POST',
    path: '/locations/:id/move',
    summary:
      'Move a location to another group of its company (manage on the location and the target group). 422 ' +
      'org.already_in_group when it is there already',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: z.strictObject({ groupId: id }) }),
    data: z.object({ location: locationSchema }),
  }),
  structure: defineRoute({
    method: 'GET',
    path: '/locations/:id/structure',
    summary:
      'Device groups with their devices, then ungrouped devices (view); deleted devices left out',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: locationStructureSchema,
  }),
  createDeviceGroup: defineRoute({
    method: 'POST',
    path: '/locations/:id/device-groups',
    summary: 'Create a device group in a location (edit)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: z.strictObject({ name: entityName }) }),
    successStatus: 201,
    data: z.object({ deviceGroup: deviceGroupSchema }),
  }),
  updateDeviceGroup: defineRoute({
    method: 'PUT',
    path: '/device-groups/:id',
    summary: 'Rename a device group (edit on its location)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: z.strictObject({ name: entityName }) }),
    data: z.object({ deviceGroup: deviceGroupSchema }),
  }),
  deleteDeviceGroup: defineRoute({
    method: 'DELETE',
    path: '/device-groups/:id',
    summary: 'Delete a device group (edit on its location); its devices become ungrouped',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    successStatus: 204,
    data: emptyData,
  }),
  moveDevices: defineRoute({
    method: 'POST',
    path: '/locations/:id/devices/move',
    summary:
      'Move devices of the location into one of its device groups or out of any group (null) (edit); answers ' +
      'the new structure. 422 org.already_in_group when every device is there already; 404 for devices of ' +
      'another location',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({
      data: z.strictObject({
        deviceIds: z.array(id).min(1).max(500),
        deviceGroupId: id.nullable(),
      }),
    }),
    data: locationStructureSchema,
  }),
  getDevice: defineRoute({
    method: 'GET',
    path: '/devices/:id',
    summary: 'A device (view on its location); also a soft-deleted one (deletedAt set)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ device: deviceSchema }),
  }),
  updateDevice: defineRoute({
    method: 'PUT',
    path: '/devices/:id',
    summary: 'Change a device’s name, category and device group (edit on its location)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: deviceFormSchema }),
    data: z.object({ device: deviceSchema }),
  }),
  deleteDevice: defineRoute({
    method: 'DELETE',
    path: '/devices/:id',
    summary: 'Soft-delete a device (edit on its location); restorable',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    successStatus: 204,
    data: emptyData,
  }),
  restoreDevice: defineRoute({
    method: 'POST',
    path: '/devices/:id/restore',
    summary: 'Restore a soft-deleted device (edit on its location)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ device: deviceSchema }),
  }),
  controllers: defineRoute({
    method: 'GET',
    path: '/locations/:id/controllers',
    summary: 'The controllers of a location by alias (view)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ controllers: z.array(controllerSummarySchema) }),
  }),
  getController: defineRoute({
    method: 'GET',
    path: '/controllers/:id',
    summary:
      'A controller with its devices (view on its location; without a location: owner and admins)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ controller: controllerSchema }),
  }),
  updateController: defineRoute({
    method: 'PUT',
    path: '/controllers/:id',
    summary: 'Change a controller’s alias (edit)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: controllerFormSchema }),
    data: z.object({ controller: controllerSchema }),
  }),
  setControllerOwner: defineRoute({
    method: 'POST',
    path: '/controllers/:id/owner',
    summary:
      'Set (or clear with null) a controller’s owner (admins). The user must be in scope of the actor (404 otherwise)',
    tags: ['locations'],
    access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
    params: locationParams,
    body: z.strictObject({ data: z.strictObject({ userId: id.nullable() }) }),
    data: z.object({ controller: controllerSchema }),
  }),
  users: defineRoute({
    method: 'GET',
    path: '/locations/:id/users',
    summary:
      'Users with access to a location (owner, location and group grants) and its invitations, newest first (edit)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({
      users: z.array(locationUserSchema),
      invitations: z.array(locationInvitationSchema),
    }),
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/locations/:id/invitations',
    summary:
      'Invite an e-mail address to a location (manage): a LOCATION_INVITE confirmation valid 7 days and the invite ' +
      'mail. 409 CONFLICT location_invite.already_has_access or location_invite.already_pending; 429 RATE_LIMITED; ' +
      '502 MAIL_SEND_FAILED location_invite.email_error when the mail could not be sent (no invitation is kept)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    body: z.strictObject({ data: locationInviteFormSchema }),
    successStatus: 201,
    data: z.object({ invitation: locationInvitationSchema }),
  }),
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/invitations/:id/resend',
    summary:
      'Send a pending (or expired) invitation again and extend it by 7 days (manage on its location). 422 ' +
      'location_invite.not_pending for confirmed or revoked ones; 429 RATE_LIMITED; 502 MAIL_SEND_FAILED ' +
      'location_invite.email_error when the mail could not be sent (the invitation stays as it was)',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ invitation: locationInvitationSchema }),
  }),
  revokeInvitation: defineRoute({
    method: 'POST',
    path: '/invitations/:id/revoke',
    summary:
      'Revoke a pending invitation (manage on its location). 422 location_invite.not_pending otherwise',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    data: z.object({ invitation: locationInvitationSchema }),
  }),
  removeUser: defineRoute({
    method: 'DELETE',
    path: '/locations/:id/users/:userId',
    summary:
      'Remove a user’s own grant on a location (manage). 422 location_users.cannot_remove_owner for the owner; ' +
      '422 location_users.granted_by_group when the access comes only from a group grant; 404 without access',
    tags: ['locations'],
    access: { kind: 'session' },
    params: z.strictObject({ id: idParam, userId: idParam }),
    successStatus: 204,
    data: emptyData,
  }),
  integratedDevices: defineRoute({
    method: 'GET',
    path: '/companies/:id/integrated-devices',
    summary:
      'The company’s devices (not deleted) that the actor sees, with category, status, location and controller; ' +
      'filtered by text, category and status, by name, paged',
    tags: ['locations'],
    access: { kind: 'session' },
    params: locationParams,
    query: integratedDevicesQuerySchema,
    data: pageOf(integratedDeviceSchema),
  }),
} as const;
