import { z } from 'zod';
import { PRICE_LIST_KINDS, PRICE_TYPE_KINDS } from '@ec/domain';
import { countryCodeSchema } from './auth.ts';
import { entityNameSchema, idParam, idParams, idQuery, idSchema } from './common.ts';
import { defineRoute } from './http.ts';

// Pricing (issue 13, DESIGN-13, docs/pricing.md): time-of-use plans (blocks, seasons, slots), price-type configs
// and the effective-dated price lists of a location. Unit prices travel as exact decimal strings (decision 0017):
// the schemas check their shape, the server parses them with `parseUnitPrice` / `parseMoney` and refuses (never
// rounds) what does not fit. Every route authorizes the actor on the very resource: invisible → 404 NOT_FOUND,
// visible without the right to change it → 403 FORBIDDEN. Request bodies use the envelope `{ data: { … } }`.

/** Translation key of a decimal that is not a plain number with at most 9 decimals. */
export const DECIMAL_MESSAGE = 'validation.decimal';
/** Translation key of a date that is not a real `YYYY-MM-DD` day. */
export const DATE_MESSAGE = 'validation.date';
/** Translation key of a time that is not `HH:MM` on a quarter hour (end up to 24:00). */
export const QUARTER_HOUR_MESSAGE = 'validation.quarter_hour';
/** Translation key of a colour that is not `#rrggbb`. */
export const COLOR_MESSAGE = 'validation.color';

/** Most blocks a time plan may have (SI network: 5; leaves room for other countries' tariffs). */
export const TIME_PLAN_BLOCKS_MAX = 12;
/** Most seasons a time plan may have. */
export const TIME_PLAN_SEASONS_MAX = 12;
/** Most slots a structure may carry (12 seasons × 7 days × 96 quarter hours would be 8064; versions add some). */
export const TIME_PLAN_SLOTS_MAX = 10_000;
/** Most prices a config or a list's per-block array may carry. */
export const PRICES_MAX = TIME_PLAN_BLOCKS_MAX;

const DECIMAL = /^-?\d{1,9}(\.\d{1,9})?$/;

/**
 * An exact decimal as text: optional minus, 1–9 integer digits, at most 9 fractional digits (`"0.12345"`, `"-3.5"`;
 * numeric(18,9) in the database). No exponent, no grouping, no comma. Wrong shape → `validation.decimal`.
 */
export const decimalInputSchema = z
  .string()
  .refine((value: string) => DECIMAL.test(value), { message: DECIMAL_MESSAGE, abort: true });

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** A calendar day `YYYY-MM-DD` (1900–9999) that exists. Otherwise `validation.date`. */
export const dateSchema = z.string().refine(isRealDate, { message: DATE_MESSAGE, abort: true });

/** A recurring day of the year `MM-DD` (02-29 allowed: seasons are checked against a leap year). */
export const monthDaySchema = z
  .string()
  .refine((value: string) => isRealDate(`2024-${value}`), { message: DATE_MESSAGE, abort: true });

const QUARTER = /^([01]\d|2[0-3]):(00|15|30|45)$/;
/** A slot's start `HH:MM`, 00:00–23:45 on a quarter hour. Otherwise `validation.quarter_hour`. */
export const slotStartSchema = z.string().refine((value: string) => QUARTER.test(value), {
  message: QUARTER_HOUR_MESSAGE,
  abort: true,
});
/** A slot's end `HH:MM`, 00:15–24:00 on a quarter hour. Otherwise `validation.quarter_hour`. */
export const slotEndSchema = z
  .string()
  .refine((value: string) => value === '24:00' || (QUARTER.test(value) && value !== '00:00'), {
    message: QUARTER_HOUR_MESSAGE,
    abort: true,
  });

/** A colour `#rrggbb` (answered lower case). Otherwise `validation.color`. */
export const colorSchema = z
  .string()
  .refine((value: string) => /^#[0-9a-fA-F]{6}$/.test(value), {
    message: COLOR_MESSAGE,
    abort: true,
  })
  .overwrite((value) => value.toLowerCase());

/** ISO 4217 currency code, upper case; the server also requires it to be a reference currency (GET /currencies). */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/);

/** Day of week, 1 = Monday … 7 = Sunday (spec 001 §9). */
export const dayOfWeekSchema = z.number().int().min(1).max(7);

/** How a time plan treats public holidays of its country. */
export const HOLIDAY_MODES = ['AS_SUNDAY', 'NONE'] as const;
/** How an exported kWh is paid when the list has a different export price. */
export const EXPORT_TARIFFS = ['T0', 'MULTI'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A block of a time plan: a named, coloured price band; `position` 1..n orders prices of configs and lists. */
export const timePlanBlockSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    color: z.string(),
    position: z.number().int(),
  })
  .meta({ id: 'TimePlanBlock' });
/** A time-plan block. */
export type TimePlanBlockDto = z.infer<typeof timePlanBlockSchema>;

/** A recurring yearly date range, both ends inclusive (`MM-DD`); may wrap the year end. */
export const timePlanSeasonSchema = z
  .object({ id: z.number().int(), title: z.string(), from: z.string(), to: z.string() })
  .meta({ id: 'TimePlanSeason' });
/** A time-plan season. */
export type TimePlanSeasonDto = z.infer<typeof timePlanSeasonSchema>;

/** One slot: on `dayOfWeek` of `seasonId`, [start, end) local time belongs to `blockId`, from `validFrom` on. */
export const timePlanSlotSchema = z
  .object({
    id: z.number().int(),
    seasonId: z.number().int(),
    blockId: z.number().int(),
    dayOfWeek: z.number().int(),
    start: z.string(),
    end: z.string(),
    validFrom: z.string(),
  })
  .meta({ id: 'TimePlanSlot' });
/** A time-plan slot. */
export type TimePlanSlotDto = z.infer<typeof timePlanSlotSchema>;

/**
 * A coverage problem of a plan (gap or overlap of slots in a day, or of seasons in the year). `message` is a
 * translation key and `params` its values (day, from, to, season…), so the UI shows the server's text.
 */
export const coverageProblemSchema = z
  .object({
    kind: z.enum(['gap', 'overlap', 'season-gap', 'season-overlap']),
    seasonId: z.number().int().optional(),
    dayOfWeek: z.number().int().optional(),
    validFrom: z.string().optional(),
    from: z.string(),
    to: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'CoverageProblem' });
/** A coverage problem. */
export type CoverageProblemDto = z.infer<typeof coverageProblemSchema>;

const timePlanShape = {
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  countryCode: z.string().nullable(),
  /** null = predefined (super admins write it, everyone reads it). */
  companyId: z.number().int().nullable(),
  holidays: z.enum(HOLIDAY_MODES),
  /** Set on the shipped country defaults (`SI-NETWORK-2024`, …); null on plans made by users. */
  code: z.string().nullable(),
  /** Whether the actor may change it (super admin; for a company plan also the company's aggregators). */
  editable: z.boolean(),
  /** Seasons cover the year and slots every minute of every day: only complete plans can be priced. */
  complete: z.boolean(),
  /** Whether configs or price lists reference it (then it cannot be deleted and its blocks are fixed). */
  inUse: z.boolean(),
};

/** A time plan in a list (without blocks, seasons and slots). */
export const timePlanSummarySchema = z
  .object({ ...timePlanShape, blocksCount: z.number().int() })
  .meta({ id: 'TimePlanSummary' });
/** A time plan in a list. */
export type TimePlanSummary = z.infer<typeof timePlanSummarySchema>;

/** A time plan with its blocks (by position), seasons, slots and coverage problems. */
export const timePlanSchema = z
  .object({
    ...timePlanShape,
    blocks: z.array(timePlanBlockSchema),
    seasons: z.array(timePlanSeasonSchema),
    slots: z.array(timePlanSlotSchema),
    problems: z.array(coverageProblemSchema),
  })
  .meta({ id: 'TimePlan' });
/** A time plan with its structure. */
export type TimePlanDto = z.infer<typeof timePlanSchema>;

/** A priced component (spec 001 §3 Price-type config); predefined when `companyId` is null. */
export const priceTypeConfigSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PRICE_TYPE_KINDS),
    name: z.string(),
    countryCode: z.string(),
    companyId: z.number().int().nullable(),
    currency: z.string(),
    model: z.enum(PRICE_LIST_KINDS),
    timePlanId: z.number().int().nullable(),
    /** FIXED: one price; TIME_OF_USE: one per block position; SPOT_MARKET: one markup. Decimal strings. */
    prices: z.array(z.string()),
    feePerMonth: z.string().nullable(),
    validFrom: z.string(),
    validTo: z.string().nullable(),
    /** Set on the shipped country defaults; null otherwise. */
    code: z.string().nullable(),
    editable: z.boolean(),
    /** Whether price lists were made from it (then it cannot be deleted). */
    inUse: z.boolean(),
  })
  .meta({ id: 'PriceTypeConfig' });
/** A price-type config. */
export type PriceTypeConfigDto = z.infer<typeof priceTypeConfigSchema>;

const tariffsSchema = z.object({
  t0: z.string().nullable(),
  t1: z.string().nullable(),
  t2: z.string().nullable(),
});

const configIdsShape = {
  supplierEnergyBuyConfigId: z.number().int().nullable(),
  supplierEnergySellConfigId: z.number().int().nullable(),
  distributorEnergyConfigId: z.number().int().nullable(),
  distributorPowerConfigId: z.number().int().nullable(),
};

/**
 * A location's price list (spec 001 §3 Price list): effective from `validFrom` (inclusive) to `validTo`
 * (exclusive, null = open), dates in the location's time zone; `active` = covers now there.
 */
export const priceListSchema = z
  .object({
    id: z.number().int(),
    locationId: z.number().int(),
    locationName: z.string(),
    name: z.string(),
    kind: z.enum(PRICE_LIST_KINDS),
    currency: z.string(),
    validFrom: z.string(),
    validTo: z.string().nullable(),
    active: z.boolean(),
    multiTariff: z.boolean(),
    tariffPlanId: z.number().int().nullable(),
    tariffs: tariffsSchema,
    differentExportPrice: z.boolean(),
    exportTariff: z.enum(EXPORT_TARIFFS),
    sell: tariffsSchema,
    buyMarkup: z.string().nullable(),
    sellMarkup: z.string().nullable(),
    supplierFeePerMonth: z.string().nullable(),
    distributorPlanId: z.number().int().nullable(),
    distributorEnergy: z.array(z.string()),
    distributorPower: z.array(z.string()),
    agreedPowerKw: z.array(z.string()),
    configIds: z.object(configIdsShape),
    /** Whether the actor may change or delete it (edit on the location). */
    editable: z.boolean(),
  })
  .meta({ id: 'PriceList' });
/** A price list. */
export type PriceListDto = z.infer<typeof priceListSchema>;

/** Who uses a time plan: configs that follow its blocks and price lists whose tariffs or network use it. */
export const timePlanUsageSchema = z
  .object({
    configs: z.array(priceTypeConfigSchema),
    priceLists: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        locationId: z.number().int(),
        locationName: z.string(),
        validFrom: z.string(),
        validTo: z.string().nullable(),
        active: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'TimePlanUsage' });
/** Who uses a time plan. */
export type TimePlanUsage = z.infer<typeof timePlanUsageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Request bodies

/** Creating a time plan: `companyId` null makes a predefined plan (super admins only). */
export const timePlanCreateFormSchema = z.strictObject({
  title: entityNameSchema,
  color: colorSchema,
  countryCode: countryCodeSchema.nullable(),
  companyId: idSchema.nullable(),
  holidays: z.enum(HOLIDAY_MODES),
});
/** Create-time-plan form values. */
export type TimePlanCreateForm = z.input<typeof timePlanCreateFormSchema>;

/** Changing a time plan's header (its owner stays). */
export const timePlanUpdateFormSchema = z.strictObject({
  title: entityNameSchema,
  color: colorSchema,
  countryCode: countryCodeSchema.nullable(),
  holidays: z.enum(HOLIDAY_MODES),
});
/** Update-time-plan form values. */
export type TimePlanUpdateForm = z.input<typeof timePlanUpdateFormSchema>;

/** A block: title and colour; `position` (1..n) optional — new blocks go last, a changed position reorders. */
export const timePlanBlockFormSchema = z.strictObject({
  title: entityNameSchema,
  color: colorSchema,
  position: z.number().int().min(1).max(TIME_PLAN_BLOCKS_MAX).optional(),
});
/** Block form values. */
export type TimePlanBlockForm = z.input<typeof timePlanBlockFormSchema>;

/** A season: title and its inclusive `MM-DD` range (may wrap the year end). */
export const timePlanSeasonFormSchema = z.strictObject({
  title: entityNameSchema,
  from: monthDaySchema,
  to: monthDaySchema,
});
/** Season form values. */
export type TimePlanSeasonForm = z.input<typeof timePlanSeasonFormSchema>;

/**
 * A slot of the block in the path: season, day, [start, end) and the version date (default 2000-01-01, the
 * plan's first version). PUT may move it to another block of the plan with `blockId`.
 */
export const timePlanSlotFormSchema = z.strictObject({
  seasonId: idSchema,
  dayOfWeek: dayOfWeekSchema,
  start: slotStartSchema,
  end: slotEndSchema,
  validFrom: dateSchema.optional(),
  blockId: idSchema.optional(),
});
/** Slot form values. */
export type TimePlanSlotForm = z.input<typeof timePlanSlotFormSchema>;

/**
 * A whole plan as the editor saves it. Blocks in position order and seasons keep their `id` when they exist
 * (items of the plan not listed are deleted; new items have no id). Slots name their block and season by index
 * into these arrays (0-based), so new blocks and seasons can be referenced before they have ids. The result must
 * be complete (no gap, no overlap), else 400 with the problems' messages.
 */
export const timePlanStructureFormSchema = z.strictObject({
  blocks: z
    .array(
      z.strictObject({
        id: idSchema.optional(),
        title: entityNameSchema,
        color: colorSchema,
      }),
    )
    .min(1)
    .max(TIME_PLAN_BLOCKS_MAX),
  seasons: z
    .array(
      z.strictObject({
        id: idSchema.optional(),
        title: entityNameSchema,
        from: monthDaySchema,
        to: monthDaySchema,
      }),
    )
    .min(1)
    .max(TIME_PLAN_SEASONS_MAX),
  slots: z
    .array(
      z.strictObject({
        blockIndex: z
          .number()
          .int()
          .min(0)
          .max(TIME_PLAN_BLOCKS_MAX - 1),
        seasonIndex: z
          .number()
          .int()
          .min(0)
          .max(TIME_PLAN_SEASONS_MAX - 1),
        dayOfWeek: dayOfWeekSchema,
        start: slotStartSchema,
        end: slotEndSchema,
        validFrom: dateSchema.optional(),
      }),
    )
    .max(TIME_PLAN_SLOTS_MAX),
});
/** Time-plan structure form values. */
export type TimePlanStructureForm = z.input<typeof timePlanStructureFormSchema>;

/**
 * A price-type config. `prices`: FIXED one, TIME_OF_USE one per block of `timePlanId` (a complete plan),
 * SPOT_MARKET one markup (supplier kinds only). `feePerMonth` only for supplier kinds (money in the currency's
 * decimals). `companyId` null = predefined (super admins).
 */
export const priceTypeConfigFormSchema = z.strictObject({
  kind: z.enum(PRICE_TYPE_KINDS),
  name: entityNameSchema,
  countryCode: countryCodeSchema,
  companyId: idSchema.nullable(),
  currency: currencyCodeSchema,
  model: z.enum(PRICE_LIST_KINDS),
  timePlanId: idSchema.nullable(),
  prices: z.array(decimalInputSchema).min(1).max(PRICES_MAX),
  feePerMonth: decimalInputSchema.nullable(),
  validFrom: dateSchema,
  validTo: dateSchema.nullable(),
});
/** Price-type config form values. */
export type PriceTypeConfigForm = z.input<typeof priceTypeConfigFormSchema>;

/** Changing a config: the same fields without the owner. */
export const priceTypeConfigUpdateFormSchema = priceTypeConfigFormSchema.omit({ companyId: true });
/** Update-config form values. */
export type PriceTypeConfigUpdateForm = z.input<typeof priceTypeConfigUpdateFormSchema>;

/** Changing a config through PUT /price-type-configs (spec 001 §7): the update form with the config's `id`. */
export const priceTypeConfigUpdateWithIdFormSchema = priceTypeConfigUpdateFormSchema.extend({
  id: idSchema,
});
/** Update-config form values carrying the config's id. */
export type PriceTypeConfigUpdateWithIdForm = z.input<typeof priceTypeConfigUpdateWithIdFormSchema>;

const tariffsInputSchema = z.strictObject({
  t0: decimalInputSchema.nullable(),
  t1: decimalInputSchema.nullable(),
  t2: decimalInputSchema.nullable(),
});

const priceListFields = {
  name: entityNameSchema,
  kind: z.enum(PRICE_LIST_KINDS),
  currency: currencyCodeSchema,
  validFrom: dateSchema,
  validTo: dateSchema.nullable(),
  multiTariff: z.boolean(),
  tariffPlanId: idSchema.nullable(),
  tariffs: tariffsInputSchema,
  differentExportPrice: z.boolean(),
  exportTariff: z.enum(EXPORT_TARIFFS),
  sell: tariffsInputSchema,
  buyMarkup: decimalInputSchema.nullable(),
  sellMarkup: decimalInputSchema.nullable(),
  supplierFeePerMonth: decimalInputSchema.nullable(),
  distributorPlanId: idSchema.nullable(),
  distributorEnergy: z.array(decimalInputSchema).max(PRICES_MAX),
  distributorPower: z.array(decimalInputSchema).max(PRICES_MAX),
  agreedPowerKw: z.array(decimalInputSchema).max(PRICES_MAX),
  configIds: z.strictObject({
    supplierEnergyBuyConfigId: idSchema.nullable(),
    supplierEnergySellConfigId: idSchema.nullable(),
    distributorEnergyConfigId: idSchema.nullable(),
    distributorPowerConfigId: idSchema.nullable(),
  }),
};

/**
 * A new price list of a location (edit on it). Rules (400 field errors unless said): FIXED needs `tariffs.t0`;
 * TIME_OF_USE needs `tariffPlanId` (a complete plan) with `tariffs.t1` and `t2`; SPOT_MARKET needs the location's
 * spot region (`pricing.errors.no_spot_region`) and `buyMarkup`; `differentExportPrice` needs `sell.t0` (T0) or
 * `sell.t1`+`sell.t2` (MULTI); distributor arrays have one value per block of `distributorPlanId` (one when null);
 * the currency must be a reference currency. Effective dating: a list from D closes the open list covering D at D;
 * overlapping any other list of the location → 409 CONFLICT `pricing.errors.overlap`.
 */
export const priceListCreateFormSchema = z.strictObject({
  locationId: idSchema,
  ...priceListFields,
});
/** Create-price-list form values. */
export type PriceListCreateForm = z.input<typeof priceListCreateFormSchema>;

/** Changing a price list: the same fields and rules without the location; it must not overlap another list. */
export const priceListUpdateFormSchema = z.strictObject(priceListFields);
/** Update-price-list form values. */
export type PriceListUpdateForm = z.input<typeof priceListUpdateFormSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Routes

const tags = ['pricing'];
const session = { kind: 'session' } as const;
const emptyData = z.object({});
const blockParams = z.strictObject({ id: idParam, blockId: idParam });
const seasonParams = z.strictObject({ id: idParam, seasonId: idParam });
const slotParams = z.strictObject({ id: idParam, blockId: idParam, slotId: idParam });
const countryQuery = z.strictObject({
  countryId: idQuery.optional(),
  countryCode: countryCodeSchema.optional(),
});

/** Time plans, price-type configs and price lists (spec 001 §7). */
export const pricingRoutes = {
  timePlans: defineRoute({
    method: 'GET',
    path: '/timeplans',
    summary:
      'Time plans the actor sees (predefined ones and those of the actor’s companies), by title; filtered by ' +
      'country (countryId of the reference list, or countryCode)',
    tags,
    access: session,
    query: countryQuery,
    data: z.object({ timePlans: z.array(timePlanSummarySchema) }),
  }),
  companyTimePlans: defineRoute({
    method: 'GET',
    path: '/companies/:id/timeplans',
    summary: 'A company’s own time plans (view on the company), by title',
    tags,
    access: session,
    params: idParams,
    data: z.object({ timePlans: z.array(timePlanSummarySchema) }),
  }),
  createTimePlan: defineRoute({
    method: 'POST',
    path: '/timeplans',
    summary:
      'Create an empty time plan: predefined (companyId null, super admins) or a company’s (its aggregators)',
    tags,
    access: session,
    body: z.strictObject({ data: timePlanCreateFormSchema }),
    successStatus: 201,
    data: z.object({ timePlan: timePlanSchema }),
  }),
  updateTimePlan: defineRoute({
    method: 'PUT',
    path: '/timeplans/:id',
    summary: 'Change a time plan’s title, colour, country and holiday rule',
    tags,
    access: session,
    params: idParams,
    body: z.strictObject({ data: timePlanUpdateFormSchema }),
    data: z.object({ timePlan: timePlanSchema }),
  }),
  deleteTimePlan: defineRoute({
    method: 'DELETE',
    path: '/timeplans/:id',
    summary:
      'Delete a time plan; 409 CONFLICT time_of_use.errors.in_use while configs or price lists reference it',
    tags,
    access: session,
    params: idParams,
    successStatus: 204,
    data: emptyData,
  }),
  timePlanStructure: defineRoute({
    method: 'GET',
    path: '/timeplans/:id/structure',
    summary:
      'A time plan with blocks, seasons, slots, whether it is complete and its coverage problems',
    tags,
    access: session,
    params: idParams,
    data: z.object({ timePlan: timePlanSchema }),
  }),
  saveTimePlanStructure: defineRoute({
    method: 'PUT',
    path: '/timeplans/:id/structure',
    summary:
      'Replace blocks, seasons and slots at once (the editor’s save). 400 VALIDATION_FAILED when slots or seasons ' +
      'leave a gap or overlap: message and params name the first problem (time_of_use.errors.gap, overlap, ' +
      'season_gap, season_overlap; params day, season, from, to, problems); 409 time_of_use.errors.in_use when ' +
      'the number of blocks of a plan in use changes',
    tags,
    access: session,
    params: idParams,
    body: z.strictObject({ data: timePlanStructureFormSchema }),
    data: z.object({ timePlan: timePlanSchema }),
  }),
  timePlanUsage: defineRoute({
    method: 'GET',
    path: '/timeplans/:id/configs',
    summary: 'The configs and price lists (the actor sees) that use a time plan',
    tags,
    access: session,
    params: idParams,
    data: timePlanUsageSchema,
  }),
  blocks: defineRoute({
    method: 'GET',
    path: '/timeplans/:id/blocks',
    summary: 'A time plan’s blocks by position',
    tags,
    access: session,
    params: idParams,
    data: z.object({ blocks: z.array(timePlanBlockSchema) }),
  }),
  createBlock: defineRoute({
    method: 'POST',
    path: '/timeplans/:id/blocks',
    summary:
      'Add a block (last unless position given); 409 time_of_use.errors.in_use on a plan in use',
    tags,
    access: session,
    params: idParams,
    body: z.strictObject({ data: timePlanBlockFormSchema }),
    successStatus: 201,
    data: z.object({ block: timePlanBlockSchema }),
  }),
  updateBlock: defineRoute({
    method: 'PUT',
    path: '/timeplans/:id/blocks/:blockId',
    summary: 'Change a block’s title, colour or position (reordering a plan in use: 409)',
    tags,
    access: session,
    params: blockParams,
    body: z.strictObject({ data: timePlanBlockFormSchema }),
    data: z.object({ block: timePlanBlockSchema }),
  }),
  deleteBlock: defineRoute({
    method: 'DELETE',
    path: '/timeplans/:id/blocks/:blockId',
    summary:
      'Delete a block and its slots; 409 time_of_use.errors.in_use while configs or lists use the plan',
    tags,
    access: session,
    params: blockParams,
    successStatus: 204,
    data: emptyData,
  }),
  seasons: defineRoute({
    method: 'GET',
    path: '/timeplans/:id/seasons',
    summary: 'A time plan’s seasons by start',
    tags,
    access: session,
    params: idParams,
    data: z.object({ seasons: z.array(timePlanSeasonSchema) }),
  }),
  createSeason: defineRoute({
    method: 'POST',
    path: '/timeplans/:id/seasons',
    summary: 'Add a season; 400 time_of_use.errors.season_overlap when it overlaps another season',
    tags,
    access: session,
    params: idParams,
    body: z.strictObject({ data: timePlanSeasonFormSchema }),
    successStatus: 201,
    data: z.object({ season: timePlanSeasonSchema }),
  }),
  updateSeason: defineRoute({
    method: 'PUT',
    path: '/timeplans/:id/seasons/:seasonId',
    summary: 'Change a season (same overlap rule)',
    tags,
    access: session,
    params: seasonParams,
    body: z.strictObject({ data: timePlanSeasonFormSchema }),
    data: z.object({ season: timePlanSeasonSchema }),
  }),
  deleteSeason: defineRoute({
    method: 'DELETE',
    path: '/timeplans/:id/seasons/:seasonId',
    summary:
      'Delete a season and its slots; 409 time_of_use.errors.in_use while the plan is in use',
    tags,
    access: session,
    params: seasonParams,
    successStatus: 204,
    data: emptyData,
  }),
  slots: defineRoute({
    method: 'GET',
    path: '/timeplans/:id/blocks/:blockId/slots',
    summary: 'A block’s slots by season, day, version and start',
    tags,
    access: session,
    params: blockParams,
    data: z.object({ slots: z.array(timePlanSlotSchema) }),
  }),
  createSlot: defineRoute({
    method: 'POST',
    path: '/timeplans/:id/blocks/:blockId/slots',
    summary:
      'Add a slot to a block; the season must be one of the plan’s saved seasons; 400 VALIDATION_FAILED ' +
      'time_of_use.errors.overlap (day and time in params) when it overlaps another slot of that day and version',
    tags,
    access: session,
    params: blockParams,
    body: z.strictObject({ data: timePlanSlotFormSchema }),
    successStatus: 201,
    data: z.object({ slot: timePlanSlotSchema }),
  }),
  updateSlot: defineRoute({
    method: 'PUT',
    path: '/timeplans/:id/blocks/:blockId/slots/:slotId',
    summary:
      'Change a slot (same rules; blockId in the body moves it to another block of the plan)',
    tags,
    access: session,
    params: slotParams,
    body: z.strictObject({ data: timePlanSlotFormSchema }),
    data: z.object({ slot: timePlanSlotSchema }),
  }),
  deleteSlot: defineRoute({
    method: 'DELETE',
    path: '/timeplans/:id/blocks/:blockId/slots/:slotId',
    summary: 'Delete a slot (the day then has a gap until filled)',
    tags,
    access: session,
    params: slotParams,
    successStatus: 204,
    data: emptyData,
  }),
  priceTypeConfigs: defineRoute({
    method: 'GET',
    path: '/price-type-configs',
    summary:
      'Price-type configs the actor sees (predefined and the actor’s companies’), filtered by country, kind and ' +
      'owner (companyId; predefined=true for companyId null only)',
    tags,
    access: session,
    query: z.strictObject({
      countryId: idQuery.optional(),
      countryCode: countryCodeSchema.optional(),
      kind: z.enum(PRICE_TYPE_KINDS).optional(),
      companyId: idQuery.optional(),
      predefined: z.enum(['true', 'false']).optional(),
    }),
    data: z.object({ configs: z.array(priceTypeConfigSchema) }),
  }),
  priceTypeConfigDefaults: defineRoute({
    method: 'GET',
    path: '/price-type-configs/defaults',
    summary:
      'The shipped country defaults (SI, AT, HR, NL; stored as predefined rows at start, with their codes): the ' +
      'configs and the full time plans they use. Empty lists for a country without defaults',
    tags,
    access: session,
    query: z.strictObject({
      countryId: idQuery.optional(),
      countryCode: countryCodeSchema.optional(),
    }),
    data: z.object({
      configs: z.array(priceTypeConfigSchema),
      timePlans: z.array(timePlanSchema),
    }),
  }),
  priceTypeConfig: defineRoute({
    method: 'GET',
    path: '/price-type-configs/:id',
    summary: 'A price-type config',
    tags,
    access: session,
    params: idParams,
    data: z.object({ config: priceTypeConfigSchema }),
  }),
  createPriceTypeConfig: defineRoute({
    method: 'POST',
    path: '/price-type-configs',
    summary:
      'Create a config (predefined: super admins; a company’s: its aggregators). 400 field errors: prices count ' +
      'per model and plan blocks, time plan incomplete (time_of_use.errors.incomplete), SPOT_MARKET for a ' +
      'distributor kind, unknown currency',
    tags,
    access: session,
    body: z.strictObject({ data: priceTypeConfigFormSchema }),
    successStatus: 201,
    data: z.object({ config: priceTypeConfigSchema }),
  }),
  updatePriceTypeConfig: defineRoute({
    method: 'PUT',
    path: '/price-type-configs/:id',
    summary: 'Change a config (same rules); price lists made from it keep their prices',
    tags,
    access: session,
    params: idParams,
    body: z.strictObject({ data: priceTypeConfigUpdateFormSchema }),
    data: z.object({ config: priceTypeConfigSchema }),
  }),
  updatePriceTypeConfigInBody: defineRoute({
    method: 'PUT',
    path: '/price-type-configs',
    summary:
      'Change a config named by `id` in the body (spec 001 §7); answers exactly as PUT /price-type-configs/{id} ' +
      '(404 for an unknown id or one the actor cannot see)',
    tags,
    access: session,
    body: z.strictObject({ data: priceTypeConfigUpdateWithIdFormSchema }),
    data: z.object({ config: priceTypeConfigSchema }),
  }),
  deletePriceTypeConfig: defineRoute({
    method: 'DELETE',
    path: '/price-type-configs/:id',
    summary:
      'Delete a config; 409 CONFLICT pricing.errors.config_in_use while price lists reference it',
    tags,
    access: session,
    params: idParams,
    successStatus: 204,
    data: emptyData,
  }),
  priceLists: defineRoute({
    method: 'GET',
    path: '/pricing/price-lists',
    summary:
      'Price lists of the locations the actor may view (of one location with locationId), by location, newest first',
    tags,
    access: session,
    query: z.strictObject({ locationId: idQuery.optional() }),
    data: z.object({ priceLists: z.array(priceListSchema) }),
  }),
  priceList: defineRoute({
    method: 'GET',
    path: '/pricing/price-lists/:id',
    summary: 'A price list (view on its location)',
    tags,
    access: session,
    params: idParams,
    data: z.object({ priceList: priceListSchema }),
  }),
  createPriceList: defineRoute({
    method: 'POST',
    path: '/pricing/price-lists',
    summary:
      'Create a price list (edit on the location). A list from D closes the open list covering D at D; 409 ' +
      'CONFLICT pricing.errors.overlap when it overlaps another list (params name, from)',
    tags,
    access: session,
    body: z.strictObject({ data: priceListCreateFormSchema }),
    successStatus: 201,
    data: z.object({ priceList: priceListSchema }),
  }),
  updatePriceList: defineRoute({
    method: 'PUT',
    path: '/pricing/price-lists/:id',
    summary: 'Change a price list (edit on its location); 409 pricing.errors.overlap as for create',
    tags,
    access: session,
    params: idParams,
    body: z.strictObject({ data: priceListUpdateFormSchema }),
    data: z.object({ priceList: priceListSchema }),
  }),
  deletePriceList: defineRoute({
    method: 'DELETE',
    path: '/pricing/price-lists/:id',
    summary:
      'Delete a price list that is not active (edit on its location); 409 CONFLICT ' +
      'pricing.errors.active_list_delete for the active one. The list before it, ending where it began, then ' +
      'runs on to where the deleted one ended',
    tags,
    access: session,
    params: idParams,
    successStatus: 204,
    data: emptyData,
  }),
  locationPriceLists: defineRoute({
    method: 'GET',
    path: '/locations/:id/price-lists',
    summary: 'A location’s price lists, newest first, the active one flagged (view)',
    tags,
    access: session,
    params: idParams,
    data: z.object({ priceLists: z.array(priceListSchema) }),
  }),
} as const;
