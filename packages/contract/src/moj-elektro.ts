import { z } from 'zod';
import { idParam, idSchema, isoDateTime } from './common.ts';
import { defineRoute } from './http.ts';
import { dateSchema } from './pricing.ts';
import { multiLineText, singleLineText } from './text.ts';

// Moj Elektro integration (issue 14, DESIGN-14 §5): the user's own portal tokens ("external credentials"), the
// metering devices read with them ("abstract devices", keyed by EIMM), their imported 15-minute data and the
// network-fee calculations over it (new / optimized / custom agreed powers and the old system), plus the battery
// and solar what-ifs. Every route needs a session and the actor must own the token or device (else 404 NOT_FOUND).
// Routes that talk to the portal or calculate need the user's country SI: no country → 422 RULE_BROKEN
// `moj_elektro.no_country`, another country → 422 `moj_elektro.not_available_in_country`. Request bodies use the
// envelope `{ data: { … } }`. The token is never answered whole: only its first 5 characters then `•••••`.

/** The only provider of external credentials today. */
export const EXTERNAL_CREDENTIAL_PROVIDERS = ['MOJ_ELEKTRO'] as const;
/** The only abstract device type (a Moj Elektro metering point), spec 001 §3. */
export const ABSTRACT_DEVICE_TYPE_METER = 1;
/** Where a device's data come from: the portal (imported with a token) or an uploaded file. */
export const METERING_SOURCES = ['PORTAL', 'UPLOAD'] as const;
/** State of a device's import. */
export const IMPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
/** Consumer types of spec 001 §3. */
export const CONSUMER_TYPES = ['RESIDENTIAL', 'INDUSTRIAL', 'OTHER'] as const;
/** Rows of a cost table (spec 000 §3), in their order. */
export const COST_ROW_CATEGORIES = [
  'energy',
  'network_energy',
  'network_power',
  'excess_power',
  'grand_total',
] as const;
/** Longest calculation or data range, days (spec 000 §5, §9). */
export const MOJ_ELEKTRO_MAX_RANGE_DAYS = 730;
/** Characters of a token shown before the mask (spec 001 §9). */
export const TOKEN_VISIBLE_CHARS = 5;
/** The mask shown after the visible characters of a token. */
export const TOKEN_MASK = '•••••';
/** Longest token accepted. */
export const TOKEN_MAX = 512;
/** Longest upload (characters of the file's text). */
export const UPLOAD_CONTENT_MAX = 20_000_000;
/** Request body limit of the upload route (bytes). */
export const UPLOAD_BODY_LIMIT = 20 * 1024 * 1024;
/** The sweep of the battery what-if: this many capacities. */
export const BATTERY_SWEEP_POINTS = 20;

/** Translation keys of the module's rule errors and filter messages. */
export const MOJ_ELEKTRO_MESSAGES = {
  noCountry: 'moj_elektro.no_country',
  notAvailableInCountry: 'moj_elektro.not_available_in_country',
  maxRange: 'moj_elektro.filters.max_range',
  futureDate: 'moj_elektro.filters.future_date',
  noData: 'moj_elektro.calculations.no_data',
  tokenRejected: 'moj_elektro.errors.token_rejected',
  duplicateToken: 'moj_elektro.credentials.duplicate',
} as const;

/** The masked display of a token: its first 5 characters then `•••••` (spec 001 §9). */
export function maskToken(token: string): string {
  return `${[...token].slice(0, TOKEN_VISIBLE_CHARS).join('')}${TOKEN_MASK}`;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * A local date range (both days included): both required, `to` ≥ `from` (`data.to` validation.invalid_value), at
 * most 730 days (`data.to` moj_elektro.filters.max_range). Future dates are checked by the server (today in
 * Europe/Ljubljana).
 */
function checkRange(
  value: { from: string; to: string },
  ctx: z.core.$RefinementCtx<{ from: string; to: string }>,
): void {
  const days = dayNumber(value.to) - dayNumber(value.from) + 1;
  if (days < 1) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.invalid_value' });
  } else if (days > MOJ_ELEKTRO_MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: MOJ_ELEKTRO_MESSAGES.maxRange });
  }
}

/** An energy price EUR/kWh: a finite number ≥ 0 (negative → validation.too_small). 0 means "none" (spec 001 §4). */
export const energyPriceSchema = z.number().min(0).max(1000);
/** A power in kW as typed (agreed powers, connection power). */
export const powerKwSchema = z.number().min(0).max(100_000);
/** A tariff year the engine can price (its block layout and rates; the server refuses years it has no rates for). */
export const tariffYearSchema = z.number().int().min(2000).max(2100);
/** Five agreed powers P1…P5 in kW; the engine checks order, minimum and ceiling. */
export const fivePowersSchema = z.array(z.number()).length(5);

/** The filter of a calculation (spec 001 §7; spec 000 §5 enforced on the server with field errors). */
export const calculationFilterShape = {
  from: dateSchema,
  to: dateSchema,
  vt: energyPriceSchema,
  mt: energyPriceSchema,
  et: energyPriceSchema,
  /** The user's own agreed powers for the "custom" scenario; null = no custom scenario. */
  customPowerLimits: fivePowersSchema.nullable(),
  /** Price the period with the layout, holidays and rates of this tariff year; null/absent = each interval's own. */
  tariffYear: tariffYearSchema.nullable().optional(),
};
/** The filter of a calculation. */
export const calculationFilterSchema = z
  .strictObject(calculationFilterShape)
  .superRefine(checkRange)
  .meta({ id: 'CalculationFilter' });
/** The filter of a calculation. */
export type CalculationFilter = z.infer<typeof calculationFilterSchema>;

/** The query of the data chart: `from`/`to` local days, both included, ≤ 730 days; optional tariff year. */
export const meterDataQuerySchema = z
  .strictObject({
    from: dateSchema,
    to: dateSchema,
    tariffYear: z.coerce.number().int().min(2000).max(2100).optional(),
  })
  .superRefine(checkRange);
/** The query of the data chart. */
export type MeterDataQuery = z.infer<typeof meterDataQuerySchema>;

/** The body of POST /auth/user/external-credential: the token (trimmed, non-empty → else validation.required). */
export const externalCredentialFormSchema = z.strictObject({
  token: singleLineText().min(1).max(TOKEN_MAX),
});
/** The form of a new token. */
export type ExternalCredentialForm = z.infer<typeof externalCredentialFormSchema>;

/** The body of POST /abstract-device: an EIMM (or GSRN) and one of the user's tokens. */
export const abstractDeviceFormSchema = z.strictObject({
  eimm: singleLineText().min(1).max(64),
  token_id: idSchema,
  abstract_device_type_id: z.literal(ABSTRACT_DEVICE_TYPE_METER).optional(),
  /** Further tokens of the user to bind as well. */
  credentials: z.array(idSchema).max(50).optional(),
});
/** The form of a new device. */
export type AbstractDeviceForm = z.infer<typeof abstractDeviceFormSchema>;

/** The body of POST /abstract-devices/upload: a meter file of a user without a token. */
export const meterUploadFormSchema = z.strictObject({
  /** Replace the data of this UPLOAD device of the user; absent = a new device. */
  deviceId: idSchema.optional(),
  label: singleLineText().min(1).max(100),
  fileName: singleLineText().min(1).max(255),
  /** The file's text: a Moj Elektro API JSON answer, the CLI's CSV, or the portal's 15-minute CSV export. */
  content: multiLineText().min(1).max(UPLOAD_CONTENT_MAX),
  connectionPowerKw: z.number().positive().max(100_000),
  phases: z.union([z.literal(1), z.literal(3)]),
  tariffsCount: z.union([z.literal(1), z.literal(2)]),
  /** The agreed powers in force P1…P5; null/absent = derived as the operator does. */
  agreedPowerKw: fivePowersSchema.nullable().optional(),
});
/** The form of an upload. */
export type MeterUploadForm = z.infer<typeof meterUploadFormSchema>;

/** The battery what-if's own inputs. */
export const batteryWhatIfFormSchema = z
  .strictObject({
    ...calculationFilterShape,
    capacityKwh: z.number().positive().max(10_000),
    powerKw: z.number().positive().max(10_000),
    efficiencyPct: z.number().min(1).max(100),
    /** Also sweep 20 capacities (saving against capacity). */
    sweep: z.boolean().optional(),
  })
  .superRefine(checkRange);
/** The battery what-if form. */
export type BatteryWhatIfForm = z.infer<typeof batteryWhatIfFormSchema>;

/** Where the solar production comes from: a standard profile or Open-Meteo irradiance history. */
export const SOLAR_PROFILES = ['standard', 'weather'] as const;

/** The solar what-if's own inputs. */
export const solarWhatIfFormSchema = z
  .strictObject({
    ...calculationFilterShape,
    peakKw: z.number().positive().max(10_000),
    azimuthDeg: z.number().min(0).max(360),
    tiltDeg: z.number().min(0).max(90),
    /** EUR/kWh paid for exported energy. */
    exportPrice: energyPriceSchema,
    profile: z.enum(SOLAR_PROFILES),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  })
  .superRefine(checkRange);
/** The solar what-if form. */
export type SolarWhatIfForm = z.infer<typeof solarWhatIfFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A stored token: only its masked display travels. */
export const externalCredentialSchema = z
  .object({
    id: z.number().int(),
    provider: z.enum(EXTERNAL_CREDENTIAL_PROVIDERS),
    /** First 5 characters then `•••••`. */
    token: z.string(),
    createdAt: isoDateTime,
    /** Devices of the user bound to this token. */
    deviceCount: z.number().int(),
  })
  .meta({ id: 'ExternalCredential' });
/** A stored token. */
export type ExternalCredential = z.infer<typeof externalCredentialSchema>;

/** The import state of a device's data. */
export const deviceImportSchema = z
  .object({
    status: z.enum(IMPORT_STATUSES),
    monthsDone: z.number().int(),
    monthsTotal: z.number().int(),
    /** Translation key of the last failure; null when none. */
    error: z.string().nullable(),
    lastImportAt: isoDateTime.nullable(),
    /** End of the first and last stored interval (ISO 8601, UTC); null without data. */
    firstInterval: isoDateTime.nullable(),
    lastInterval: isoDateTime.nullable(),
    /** Stored 15-minute intervals. */
    intervals: z.number().int(),
  })
  .meta({ id: 'AbstractDeviceImport' });

/** A metering device (spec 001 §3 Abstract device; spec 000 §3 External metering device). */
export const abstractDeviceSchema = z
  .object({
    id: z.number().int(),
    eimm: z.string(),
    gsrn: z.string().nullable(),
    tariffsCount: z.union([z.literal(1), z.literal(2)]).nullable(),
    /** The first credential bound to it; null for an upload. */
    token_id: z.number().int().nullable(),
    abstract_device_type_id: z.literal(ABSTRACT_DEVICE_TYPE_METER),
    credentials: z.array(z.object({ token: z.string(), token_id: z.number().int() })),
    source: z.enum(METERING_SOURCES),
    label: z.string().nullable(),
    import: deviceImportSchema,
  })
  .meta({ id: 'AbstractDevice' });
/** A metering device. */
export type AbstractDevice = z.infer<typeof abstractDeviceSchema>;

/** One agreed-power record of the metering point (per calendar year; `isValid` false = superseded). */
export const powerLimitSchema = z
  .object({
    block1: z.number(),
    block2: z.number(),
    block3: z.number(),
    block4: z.number(),
    block5: z.number(),
    connectionPower: z.number().nullable(),
    /** First and last day (inclusive), `YYYY-MM-DD`. */
    dateFrom: z.string(),
    dateTo: z.string(),
    isValid: z.boolean(),
    /** DISTRIBUTER (operator) or UPORABNIK (user: excess is charged). */
    limitSetBy: z.string(),
    minimumPower: z.number().nullable(),
  })
  .meta({ id: 'PowerLimit' });
/** An agreed-power record. */
export type PowerLimit = z.infer<typeof powerLimitSchema>;

/** What the portal tells about the metering place and point (spec 001 §3 Consumer info). */
export const consumerInfoSchema = z
  .object({
    eimm: z.string(),
    gsrn: z.string().nullable(),
    billingPower: z.number().nullable(),
    connectionPower: z.number().nullable(),
    consumerType: z.enum(CONSUMER_TYPES),
    consumptionType: z.string().nullable(),
    /** Main fuse, A. */
    currentLimit: z.number().nullable(),
    isThreePhase: z.boolean().nullable(),
    powerLimits: z.array(powerLimitSchema),
    productionPower: z.number().nullable(),
    /** SHA-256 of the portal's answers, to notice changes. */
    hash: z.string(),
    tariffsCount: z.union([z.literal(1), z.literal(2)]),
    voltageClassification: z.string().nullable(),
    yearlyWorkHours: z.number().nullable(),
    supplier: z.string().nullable(),
    has15MinMetering: z.boolean().nullable(),
  })
  .meta({ id: 'ConsumerInfo' });
/** Consumer info. */
export type ConsumerInfo = z.infer<typeof consumerInfoSchema>;

/** Money of a cost table: euro rounded to cents. */
export const costMoneySchema = z
  .object({ amount: z.number(), unit: z.literal('EUR') })
  .meta({ id: 'CostMoney' });
/** Money of a cost table. */
export type CostMoney = z.infer<typeof costMoneySchema>;

/** Units of a cost table's quantities. */
export const QUANTITY_UNITS = ['kWh', 'kW', 'EUR/kWh', 'EUR/kW'] as const;
/** A quantity of a cost table. */
export const costQuantitySchema = z
  .object({ amount: z.number(), unit: z.enum(QUANTITY_UNITS) })
  .meta({ id: 'CostQuantity' });
/** A quantity of a cost table. */
export type CostQuantity = z.infer<typeof costQuantitySchema>;

/** One row of a cost table (spec 000 §3). */
export const costRowSchema = z
  .object({
    category: z.enum(COST_ROW_CATEGORIES),
    isEmpty: z.boolean(),
    /** Cost ÷ quantity (EUR/kWh for energy rows, EUR/kW for power rows); null when the quantity is 0. */
    pricePerUnit: costQuantitySchema.nullable(),
    /** kWh for energy rows, kW (sum of the agreed powers of the blocks) for the power row. */
    value: costQuantitySchema.nullable(),
    totalCost: costMoneySchema,
    /** Intervals above the agreed power (excess row). */
    occurrences: z.number().int().nullable(),
    excessivePower: costQuantitySchema.nullable(),
    excessivePowerCost: costMoneySchema.nullable(),
    isTotal: z.boolean(),
    isGrandTotal: z.boolean(),
  })
  .meta({ id: 'CostRow' });
/** A cost-table row. */
export type CostRow = z.infer<typeof costRowSchema>;

/** Block numbers 1..5. */
const blockNumberSchema = z.number().int().min(1).max(5);

/** One month of a block-system scenario (new, optimized or custom). */
export const systemMonthSchema = z
  .object({
    /** energy, network_energy, network_power, excess_power (when any), grand_total; not padded. */
    rows: z.array(costRowSchema),
    energy: costRowSchema,
    networkEnergy: costRowSchema,
    networkPower: costRowSchema,
    totalCost: costMoneySchema,
    /** Whether excess power is charged (agreed powers set by the user) or only shown. */
    excessCharged: z.boolean(),
    excessivePowerBlocks: z.array(
      z.object({
        block: blockNumberSchema,
        occurrences: z.number().int(),
        value: costQuantitySchema,
        totalCost: costMoneySchema,
      }),
    ),
    blocks: z.array(
      z.object({
        block: blockNumberSchema,
        energyKwh: z.number(),
        agreedPowerKw: z.number(),
        networkEnergyCost: costMoneySchema,
        networkPowerCost: costMoneySchema,
      }),
    ),
  })
  .meta({ id: 'SystemMonth' });
/** A month of a block-system scenario. */
export type SystemMonth = z.infer<typeof systemMonthSchema>;

/** One month of the old (pre-October-2024) system. */
export const oldMonthSchema = z
  .object({
    energy: costRowSchema,
    networkEnergy: costRowSchema,
    networkPower: costRowSchema,
    totalCost: costMoneySchema,
    rows: z.array(costRowSchema),
  })
  .meta({ id: 'OldMonth' });
/** A month of the old system. */
export type OldMonth = z.infer<typeof oldMonthSchema>;

/** Who set the agreed powers of the "new" scenario; DERIVED = derived from the data as the operator does. */
export const NEW_DETERMINED_BY = ['DISTRIBUTER', 'UPORABNIK', 'DERIVED'] as const;

/** The result of a calculation (spec 001 §3 Calculation result per month). */
export const calculationsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    tariffYear: z.number().int().nullable(),
    tariffsCount: z.union([z.literal(1), z.literal(2)]),
    agreedPowers: z.object({
      /** The agreed powers in force at the end of the range. */
      new: z.array(z.number()),
      optimized: z.array(z.number()),
      custom: z.array(z.number()).nullable(),
    }),
    newDeterminedBy: z.enum(NEW_DETERMINED_BY),
    totals: z.object({
      new: costMoneySchema,
      optimized: costMoneySchema,
      custom: costMoneySchema.nullable(),
      old: costMoneySchema,
    }),
    /** new − optimized. */
    saving: costMoneySchema,
    /** new − custom. */
    customSaving: costMoneySchema.nullable(),
    months: z.array(
      z.object({
        month: z.string(),
        /** First of the month, local midnight with +01:00 or +02:00 (spec 000 §9). */
        monthStart: z.string(),
        /** The range covers only part of the month. */
        partial: z.boolean(),
        new: systemMonthSchema,
        optimized: systemMonthSchema,
        custom: systemMonthSchema.nullable(),
        old: oldMonthSchema,
      }),
    ),
  })
  .meta({ id: 'Calculations' });
/** The result of a calculation. */
export type Calculations = z.infer<typeof calculationsSchema>;

/** The 15-minute series of a device for the data chart. */
export const meterDataSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    tariffYear: z.number().int().nullable(),
    /** Start of the first interval (UTC ms). */
    startMs: z.number(),
    stepMs: z.literal(900_000),
    /** kW per interval; null where no reading is stored. */
    importKw: z.array(z.number().nullable()),
    exportKw: z.array(z.number().nullable()).nullable(),
    /** Block 1..5 of each interval (0 where the tariff year has no block layout). */
    blocks: z.array(z.number().int()),
    monthlyPeaks: z.array(
      z.object({
        month: z.string(),
        block: blockNumberSchema,
        peakKw: z.number(),
        /** End of the peak interval (ISO 8601, UTC). */
        at: isoDateTime,
      }),
    ),
    totals: z.object({ importKwh: z.number(), exportKwh: z.number() }),
  })
  .meta({ id: 'MeterData' });
/** The data chart's series. */
export type MeterData = z.infer<typeof meterDataSchema>;

/** A scenario's bill in a what-if. */
export const scenarioSummarySchema = z
  .object({
    /** With the agreed powers in force. */
    total: costMoneySchema,
    /** With the optimal agreed powers. */
    optimizedTotal: costMoneySchema,
    optimizedAgreedPowers: z.array(z.number()),
    /** Highest 15-minute power per block. */
    peakKw: z.array(z.number()),
  })
  .meta({ id: 'ScenarioSummary' });
/** A scenario's bill. */
export type ScenarioSummary = z.infer<typeof scenarioSummarySchema>;

/** The battery what-if. */
export const batteryWhatIfSchema = z
  .object({
    battery: z.object({
      capacityKwh: z.number(),
      powerKw: z.number(),
      efficiencyPct: z.number(),
    }),
    before: scenarioSummarySchema,
    after: scenarioSummarySchema,
    yearlySaving: costMoneySchema,
    chargedKwh: z.number(),
    dischargedKwh: z.number(),
    cycles: z.number(),
    sweep: z
      .array(
        z.object({
          capacityKwh: z.number(),
          powerKw: z.number(),
          yearlySaving: costMoneySchema,
          optimizedAgreedPowers: z.array(z.number()),
        }),
      )
      .nullable(),
  })
  .meta({ id: 'BatteryWhatIf' });
/** The battery what-if. */
export type BatteryWhatIf = z.infer<typeof batteryWhatIfSchema>;

/** The solar what-if. */
export const solarWhatIfSchema = z
  .object({
    solar: z.object({
      peakKw: z.number(),
      azimuthDeg: z.number(),
      tiltDeg: z.number(),
      exportPrice: z.number(),
      latitude: z.number(),
      longitude: z.number(),
    }),
    productionKwh: z.number(),
    selfConsumedKwh: z.number(),
    exportedKwh: z.number(),
    selfConsumptionPct: z.number(),
    before: scenarioSummarySchema,
    after: scenarioSummarySchema,
    exportRevenue: costMoneySchema,
    yearlySaving: costMoneySchema,
    monthly: z.array(
      z.object({
        month: z.string(),
        productionKwh: z.number(),
        selfConsumedKwh: z.number(),
        exportedKwh: z.number(),
        importBeforeKwh: z.number(),
        importAfterKwh: z.number(),
      }),
    ),
    profile: z.enum(SOLAR_PROFILES),
  })
  .meta({ id: 'SolarWhatIf' });
/** The solar what-if. */
export type SolarWhatIf = z.infer<typeof solarWhatIfSchema>;

const emptyData = z.object({});
const deviceParams = z.strictObject({ deviceId: idParam });
const tags = ['moj-elektro'];
const session = { kind: 'session' } as const;

/** The Moj Elektro routes. */
export const mojElektroRoutes = {
  externalCredentials: defineRoute({
    method: 'GET',
    path: '/auth/user/external-credentials',
    summary: "The signed-in user's Moj Elektro tokens, masked (first 5 characters)",
    tags,
    access: session,
    data: z.object({ credentials: z.array(externalCredentialSchema) }),
  }),
  addExternalCredential: defineRoute({
    method: 'POST',
    path: '/auth/user/external-credential',
    summary:
      'Adds a Moj Elektro token after the portal accepted it (refused → 422 `data.token`; the same token twice → ' +
      '409); stored encrypted, answered masked',
    tags,
    access: session,
    body: z.strictObject({ data: externalCredentialFormSchema }),
    data: z.object({ credential: externalCredentialSchema }),
    successStatus: 201,
  }),
  deleteExternalCredential: defineRoute({
    method: 'DELETE',
    path: '/auth/user/external-credential/:id',
    summary: 'Deletes a token of the user and the devices left with no token',
    tags,
    access: session,
    params: z.strictObject({ id: idParam }),
    data: emptyData,
    successStatus: 204,
  }),
  abstractDevices: defineRoute({
    method: 'GET',
    path: '/abstract-devices-all',
    summary: "The signed-in user's metering devices with their tokens and import state",
    tags,
    access: session,
    data: z.object({ devices: z.array(abstractDeviceSchema) }),
  }),
  addAbstractDevice: defineRoute({
    method: 'POST',
    path: '/abstract-device',
    summary:
      "Adds a metering device by EIMM or GSRN read with one of the user's tokens (the user's device with that " +
      'EIMM gets the token added) and queues the import of its 15-minute data',
    tags,
    access: session,
    body: z.strictObject({ data: abstractDeviceFormSchema }),
    data: z.object({ device: abstractDeviceSchema }),
    successStatus: 201,
  }),
  removeAbstractDeviceToken: defineRoute({
    method: 'DELETE',
    path: '/abstract-device/:deviceId/token/:tokenId',
    summary: 'Unbinds a token from a device; the device goes when it was its last token',
    tags,
    access: session,
    params: z.strictObject({ deviceId: idParam, tokenId: idParam }),
    data: emptyData,
    successStatus: 204,
  }),
  abstractDevice: defineRoute({
    method: 'GET',
    path: '/abstract-devices/:deviceId',
    summary: 'A metering device with its consumer info',
    tags,
    access: session,
    params: deviceParams,
    data: z.object({ device: abstractDeviceSchema, consumerInfo: consumerInfoSchema.nullable() }),
  }),
  refreshAbstractDevice: defineRoute({
    method: 'POST',
    path: '/abstract-devices/:deviceId/import',
    summary: "Queues an import of the device's data now",
    tags,
    access: session,
    params: deviceParams,
    data: z.object({ device: abstractDeviceSchema }),
    successStatus: 202,
  }),
  uploadMeterFile: defineRoute({
    method: 'POST',
    path: '/abstract-devices/upload',
    summary:
      'Stores the 15-minute data of a meter file (Moj Elektro API JSON, the CLI CSV or the portal CSV export) as ' +
      'an upload device of the user',
    tags,
    access: session,
    body: z.strictObject({ data: meterUploadFormSchema }),
    data: z.object({
      device: abstractDeviceSchema,
      imported: z.object({
        intervals: z.number().int(),
        from: isoDateTime,
        to: isoDateTime,
        source: z.string(),
      }),
    }),
    successStatus: 201,
    bodyLimit: UPLOAD_BODY_LIMIT,
  }),
  meterData: defineRoute({
    method: 'GET',
    path: '/abstract-devices/:deviceId/readings',
    summary:
      "The device's 15-minute series with blocks and monthly block peaks, `from`/`to` local days (≤ 730)",
    tags,
    access: session,
    params: deviceParams,
    query: meterDataQuerySchema,
    data: meterDataSchema,
  }),
  calculations: defineRoute({
    method: 'POST',
    path: '/pricing/abstract-devices/:deviceId/calculations',
    summary:
      'The network fee of the device over [from, to] under the agreed powers in force, the optimal ones, custom ' +
      'ones and the old system, per month',
    tags,
    access: session,
    params: deviceParams,
    body: z.strictObject({ data: calculationFilterSchema }),
    data: z.object({ calculations: calculationsSchema, consumerInfo: consumerInfoSchema }),
  }),
  batteryWhatIf: defineRoute({
    method: 'POST',
    path: '/pricing/abstract-devices/:deviceId/battery',
    summary:
      "What a battery of the given size would change in the device's bill (optionally a capacity sweep)",
    tags,
    access: session,
    params: deviceParams,
    body: z.strictObject({ data: batteryWhatIfFormSchema }),
    data: batteryWhatIfSchema,
  }),
  solarWhatIf: defineRoute({
    method: 'POST',
    path: '/pricing/abstract-devices/:deviceId/solar',
    summary:
      "What a solar plant would change in the device's bill (self-consumption, export, new bill)",
    tags,
    access: session,
    params: deviceParams,
    body: z.strictObject({ data: solarWhatIfFormSchema }),
    data: solarWhatIfSchema,
  }),
} as const;
