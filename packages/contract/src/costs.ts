import { z } from 'zod';
import { idParams, isoDateTime } from './common.ts';
import { dateSchema } from './pricing.ts';
import { defineRoute } from './http.ts';

// Costs of a location's energy (issue 13 "Costs on the location's energy"): the stored 15-minute grid energy priced
// by the location's effective-dated price lists (packages/domain/src/pricing/cost.ts), grouped by local hour, day,
// month or one total. Each line is summed exactly and rounded once to minor units.

/** How the costs are grouped, by the location's local calendar. */
export const COST_RESOLUTIONS = ['hour', 'day', 'month', 'total'] as const;
/** A grouping of {@link COST_RESOLUTIONS}. */
export type CostResolutionParam = (typeof COST_RESOLUTIONS)[number];
/** Longest period (days, both ends included) by hour. */
export const COSTS_MAX_DAYS_HOURLY = 31;
/** Longest period (days, both ends included) by day, month or in total. */
export const COSTS_MAX_DAYS = 400;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * GET /locations/:id/costs: `from` and `to` are local dates of the location, both included. `to` before `from` →
 * `query.to` validation.invalid_value; a period longer than 31 days by hour, 400 days otherwise → validation.too_big.
 */
export const costsQuerySchema = z
  .strictObject({
    from: dateSchema,
    to: dateSchema,
    resolution: z.enum(COST_RESOLUTIONS),
  })
  .superRefine((q, ctx) => {
    const days = dayNumber(q.to) - dayNumber(q.from) + 1;
    const max = q.resolution === 'hour' ? COSTS_MAX_DAYS_HOURLY : COSTS_MAX_DAYS;
    if (days < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.invalid_value' });
    } else if (days > max) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.too_big' });
    }
  });
/** The query of GET /locations/:id/costs. */
export type CostsQuery = z.infer<typeof costsQuerySchema>;

/** An amount of money: integer minor units of an ISO 4217 currency (decision 0017). */
export const moneySchema = z
  .object({
    currency: z.string(),
    /** Minor units (cents for EUR); negative for credits. */
    minor: z.number().int(),
  })
  .meta({ id: 'Money' });
/** An amount of money. */
export type MoneyDto = z.infer<typeof moneySchema>;

/** Import and network energy charge of one distributor block (position 1..n of the list's distributor plan). */
export const costBlockSchema = z.object({
  position: z.number().int(),
  importWh: z.number(),
  distributorEnergy: moneySchema,
});

/** The costs of one bucket (local hour, day, month, or the whole period). */
export const costBucketSchema = z
  .object({
    /** Start and end of the bucket (ISO 8601, UTC; end exclusive). For `total`: first and last interval. */
    start: isoDateTime,
    end: isoDateTime,
    /** Energy drawn from and fed into the grid, Wh. */
    importWh: z.number(),
    exportWh: z.number(),
    /** Supplier energy bought (import × buy price). */
    supplierEnergy: moneySchema,
    /** The supplier's monthly fee, spread over the month by duration. */
    supplierFee: moneySchema,
    /** Network energy charge (import × the block's rate). */
    distributorEnergy: moneySchema,
    /** Network power charge (agreed kW × rate per month), spread over the month by duration. */
    distributorPower: moneySchema,
    /** Paid for exported energy. */
    revenue: moneySchema,
    /** supplierEnergy + supplierFee + distributorEnergy + distributorPower − revenue of the rounded lines. */
    total: moneySchema,
    /** Per distributor block, ascending by position. */
    blocks: z.array(costBlockSchema),
    /** 15-minute intervals priced in the bucket. */
    intervals: z.number().int(),
    /** Intervals of the bucket whose total is unknown (no spot price, no block); their known lines still count. */
    incomplete: z.number().int(),
  })
  .meta({ id: 'CostBucket' });
/** The costs of one bucket. */
export type CostBucketDto = z.infer<typeof costBucketSchema>;

/** The costs of a location's energy over a period. */
export const locationCostsSchema = z
  .object({
    locationId: z.number().int(),
    /** The location's IANA time zone (dates, hours, days and months are local to it). */
    timeZone: z.string(),
    /** The currency of the price lists in the period; null when no list covers any of it. */
    currency: z.string().nullable(),
    resolution: z.enum(COST_RESOLUTIONS),
    /** Buckets with priced energy, in time order (intervals no list covers are left out). */
    buckets: z.array(costBucketSchema),
    /** The whole period; null when nothing was priced (or the lists mix currencies). */
    total: costBucketSchema.nullable(),
    /** Intervals of stored energy no price list covers. */
    uncovered: z.number().int(),
    /** Intervals of a SPOT_MARKET list without a spot price of the location's region. */
    missingSpot: z.number().int(),
    /** Intervals whose time plan has no block there (or is missing). */
    missingBlock: z.number().int(),
  })
  .meta({ id: 'LocationCosts' });
/** The costs of a location's energy over a period. */
export type LocationCosts = z.infer<typeof locationCostsSchema>;

/** The costs routes. */
export const costsRoutes = {
  locationCosts: defineRoute({
    method: 'GET',
    path: '/locations/:id/costs',
    summary:
      "Cost and revenue of the location's grid energy (stored 15-minute intervals) under its price lists, by " +
      'local hour (≤ 31 days), day, month or in total (≤ 400 days); `from`/`to` local dates, both included (view)',
    tags: ['pricing'],
    access: { kind: 'session' },
    params: idParams,
    query: costsQuerySchema,
    data: locationCostsSchema,
  }),
} as const;
