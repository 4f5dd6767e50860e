import { z } from 'zod';
import { DEVICE_CATEGORIES } from '@ec/domain';
import { entityNameSchema, idParams, idSchema, isoDateTime } from './common.ts';
import { deviceSchema } from './locations.ts';
import { singleLineText } from './text.ts';
import { defineRoute } from './http.ts';

/**
 * Live energy data (issue 12): the latest values per device as the controller sent them (field names of the
 * controller protocol, docs/controller-protocol.md) and the location's flows.
 */

/** The value fields of a device reading (the protocol's names); all optional. */
export const liveValuesSchema = z
  .object({
    power_w: z.number(),
    energy_import_wh: z.number(),
    energy_export_wh: z.number(),
    soc_pct: z.number(),
    temperature_c: z.number(),
    power_l1_w: z.number(),
    power_l2_w: z.number(),
    power_l3_w: z.number(),
    voltage_l1_v: z.number(),
    voltage_l2_v: z.number(),
    voltage_l3_v: z.number(),
    current_l1_a: z.number(),
    current_l2_a: z.number(),
    current_l3_a: z.number(),
    gas_m3: z.number(),
  })
  .partial()
  .meta({ id: 'LiveValues' });
/** A device's latest values. */
export type LiveValues = z.infer<typeof liveValuesSchema>;

/** A device of the location with its latest values; `time` is the instant of the newest of them (null: none yet). */
export const liveDeviceSchema = z
  .object({
    id: z.number().int(),
    ref: z.string().nullable(),
    name: z.string(),
    category: z.enum(DEVICE_CATEGORIES),
    controllerId: z.number().int().nullable(),
    time: isoDateTime.nullable(),
    values: liveValuesSchema,
  })
  .meta({ id: 'LiveDevice' });
export type LiveDevice = z.infer<typeof liveDeviceSchema>;

/** A controller of the location with its presence (from its retained `state` message). */
export const liveControllerSchema = z
  .object({
    id: z.number().int(),
    alias: z.string().nullable(),
    unitId: z.string(),
    connected: z.boolean(),
    lastSeenAt: isoDateTime.nullable(),
    firmware: z.string().nullable(),
    connection: z.enum(['ethernet', 'wifi', 'mobile']).nullable(),
  })
  .meta({ id: 'LiveController' });
export type LiveController = z.infer<typeof liveControllerSchema>;

/**
 * Power flows in W, from the location's point of view; null where the location has no such device or no reading.
 * grid: + import / − export; solar: + production; battery: + discharge / − charge; home: consumption of the
 * whole location (EV and heat pump included, derived from the balance when no meter measures it); ev, hvac:
 * + consumption.
 */
export const flowPowersSchema = z
  .object({
    gridW: z.number().nullable(),
    solarW: z.number().nullable(),
    batteryW: z.number().nullable(),
    homeW: z.number().nullable(),
    evW: z.number().nullable(),
    hvacW: z.number().nullable(),
    /** The batteries' state of charge (capacity-weighted mean where known, else mean), %. */
    socPct: z.number().nullable(),
  })
  .meta({ id: 'FlowPowers' });
export type FlowPowers = z.infer<typeof flowPowersSchema>;

/** Energy of the location's local day so far (Wh) and the derived shares (%; null when undefined, e.g. at night). */
export const flowTotalsSchema = z
  .object({
    gridImportWh: z.number(),
    gridExportWh: z.number(),
    solarWh: z.number(),
    batteryChargeWh: z.number(),
    batteryDischargeWh: z.number(),
    consumptionWh: z.number(),
    evWh: z.number(),
    hvacWh: z.number(),
    /** Share of consumption not bought from the grid. */
    selfSufficiencyPct: z.number().nullable(),
    /** Share of solar production used on site (not exported). */
    selfConsumptionPct: z.number().nullable(),
  })
  .meta({ id: 'FlowTotals' });
export type FlowTotals = z.infer<typeof flowTotalsSchema>;

/** The flows: the last read within one minute, the current 15-minute average, and today's totals. */
export const liveFlowsSchema = z
  .object({
    /** The newest reading the flows use (null: nothing in the last minute). */
    time: isoDateTime.nullable(),
    current: flowPowersSchema,
    /** Start of the current 15-minute interval. */
    intervalStart: isoDateTime,
    average15m: flowPowersSchema,
    /** The location's local date (YYYY-MM-DD) the totals belong to (for a group: the first location's zone). */
    day: z.string(),
    today: flowTotalsSchema,
  })
  .meta({ id: 'LiveFlows' });
export type LiveFlows = z.infer<typeof liveFlowsSchema>;

/** `GET /api/locations/{id}/live` and each event of its stream. */
export const locationLiveSchema = z
  .object({
    locationId: z.number().int(),
    timezone: z.string(),
    controllers: z.array(liveControllerSchema),
    devices: z.array(liveDeviceSchema),
    flows: liveFlowsSchema,
  })
  .meta({ id: 'LocationLive' });
export type LocationLive = z.infer<typeof locationLiveSchema>;

/** `GET /api/location-groups/{id}/live`: the flows summed over the locations of the group the user may see. */
export const groupLiveSchema = z
  .object({
    groupId: z.number().int(),
    /** How many locations the sums cover, and how many of them have a connected controller. */
    locationsCount: z.number().int(),
    onlineCount: z.number().int(),
    flows: liveFlowsSchema,
  })
  .meta({ id: 'GroupLive' });
export type GroupLive = z.infer<typeof groupLiveSchema>;

/** A device reference a controller sent that matches no device: waiting for an admin to adopt it. */
export const discoveredDeviceSchema = z
  .object({
    controllerId: z.number().int(),
    ref: z.string(),
    firstSeenAt: isoDateTime,
    lastSeenAt: isoDateTime,
    values: liveValuesSchema,
  })
  .meta({ id: 'DiscoveredDevice' });
export type DiscoveredDevice = z.infer<typeof discoveredDeviceSchema>;

/** A device reference as the protocol allows it (docs/controller-protocol.md). */
const deviceRefText = singleLineText().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/);

/** Adopting a discovered reference: the new device's name, category and device group. */
export const adoptDeviceFormSchema = z.strictObject({
  ref: deviceRefText,
  name: entityNameSchema,
  category: z.enum(DEVICE_CATEGORIES),
  deviceGroupId: idSchema.nullable(),
});
export type AdoptDeviceForm = z.input<typeof adoptDeviceFormSchema>;

/** The answer to a secret rotation: shown once, never stored in clear. */
export const controllerSecretSchema = z
  .object({ unitId: z.string(), secret: z.string() })
  .meta({ id: 'ControllerSecret' });
export type ControllerSecret = z.infer<typeof controllerSecretSchema>;

/** Live data routes. The `…/live/stream` routes answer `text/event-stream` (see their summaries). */
export const liveRoutes = {
  locationLive: defineRoute({
    method: 'GET',
    path: '/locations/:id/live',
    summary:
      'Latest values per device and the location’s flows (last read within 1 minute, current 15-minute average, ' +
      'today’s totals) (view)',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    data: locationLiveSchema,
  }),
  groupLive: defineRoute({
    method: 'GET',
    path: '/location-groups/:id/live',
    summary: 'The group’s flows summed over the locations the user may see (view on the group)',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    data: groupLiveSchema,
  }),
  locationLiveStream: defineRoute({
    method: 'GET',
    path: '/locations/:id/live/stream',
    summary:
      'Server-Sent Events (text/event-stream): an `event: live` with the same data as GET …/live at once and on ' +
      'every change (within 1 s of its arrival), a comment line every 15 s to keep proxies open (view)',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    data: locationLiveSchema,
  }),
  groupLiveStream: defineRoute({
    method: 'GET',
    path: '/location-groups/:id/live/stream',
    summary:
      'Server-Sent Events of GET …/location-groups/{id}/live, as for a location (view on the group)',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    data: groupLiveSchema,
  }),
  rotateControllerSecret: defineRoute({
    method: 'POST',
    path: '/controllers/:id/secret',
    summary:
      'Issue a new MQTT secret for the controller (super admins and those who may edit its location); answers it ' +
      'once, keeps only its hash; the old secret stops working and open sessions of the controller are closed',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    data: controllerSecretSchema,
  }),
  discoveredDevices: defineRoute({
    method: 'GET',
    path: '/controllers/:id/discovered-devices',
    summary: 'Device references the controller reported that match none of its devices (view)',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    data: z.object({ devices: z.array(discoveredDeviceSchema) }),
  }),
  adoptDiscoveredDevice: defineRoute({
    method: 'POST',
    path: '/controllers/:id/discovered-devices/adopt',
    summary:
      'Make a discovered reference a device of the controller’s location (edit on the location); 404 for an ' +
      'unknown reference; its later readings are stored',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    body: z.strictObject({ data: adoptDeviceFormSchema }),
    successStatus: 201,
    data: z.object({ device: deviceSchema }),
  }),
  dismissDiscoveredDevice: defineRoute({
    method: 'POST',
    path: '/controllers/:id/discovered-devices/dismiss',
    summary:
      'Forget a discovered reference (edit on the location); it comes back if the controller reports it again',
    tags: ['live'],
    access: { kind: 'session' },
    params: idParams,
    body: z.strictObject({ data: z.strictObject({ ref: deviceRefText }) }),
    data: z.object({}),
  }),
};
