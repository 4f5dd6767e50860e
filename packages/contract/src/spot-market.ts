import { z } from 'zod';
import { SPOT_REGION_TYPES } from '@ec/domain';
import { defineRoute } from './http.ts';

// Spot-market prices (issue 13, spec 001 §2 spot-market view, §9 "spot data available after 14:00"): the day-ahead
// prices stored per region and quarter hour (ENTSO-E bidding zones in EUR/MWh, Octopus Agile regions in GBP/MWh).

/** Longest period one request may ask for (days, both ends included). */
export const SPOT_MARKET_MAX_DAYS = 31;

/** A calendar date `YYYY-MM-DD` that exists. */
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid')
  .refine((value) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
  }, 'validation.invalid');

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** GET /pricing/spot-market: one day (`date`) or a period (`from` and `to`, at most 31 days). */
export const spotMarketQuerySchema = z
  .strictObject({
    /** EIC code of a bidding zone, or an Agile region letter. */
    region: z.string().regex(/^[A-Z0-9-]{1,16}$/, 'validation.invalid'),
    type: z.enum(SPOT_REGION_TYPES),
    date: localDate.optional(),
    from: localDate.optional(),
    to: localDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.date !== undefined) {
      if (q.from !== undefined || q.to !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.invalid' });
      }
      return;
    }
    if (q.from === undefined && q.to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.required' });
      return;
    }
    if (q.from === undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
      return;
    }
    if (q.to === undefined) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
      return;
    }
    const days = dayNumber(q.to) - dayNumber(q.from) + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.invalid_value' });
    else if (days > SPOT_MARKET_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.too_big' });
    }
  });

/** One quarter hour's price. */
export const spotPriceSchema = z
  .object({
    /** Start and end of the 15-minute interval (ISO 8601, UTC). */
    start: z.string().meta({ format: 'date-time' }),
    end: z.string().meta({ format: 'date-time' }),
    /** Per MWh in `currency`, without VAT (exact decimal; may be negative). */
    pricePerMwh: z.string(),
    /** Per MWh including VAT where the source publishes it (Octopus), else null. */
    pricePerMwhIncVat: z.string().nullable(),
  })
  .meta({ id: 'SpotPrice' });
/** One quarter hour's price. */
export type SpotPrice = z.infer<typeof spotPriceSchema>;

/** The prices of a region for local days of its time zone. */
export const spotMarketDaysSchema = z
  .object({
    region: z.string(),
    type: z.enum(SPOT_REGION_TYPES),
    /** The source's currency (EUR for ENTSO-E, GBP for Agile). */
    currency: z.string(),
    /** The zone's IANA time zone the days are cut in (Europe/Ljubljana for SI, Europe/London for Agile). */
    timeZone: z.string(),
    resolutionMinutes: z.literal(15),
    /** Whether the last day asked has prices (false e.g. for tomorrow before publication). */
    published: z.boolean(),
    /** The stored quarter hours, oldest first (hourly sources expanded). */
    prices: z.array(spotPriceSchema),
  })
  .meta({ id: 'SpotMarketDays' });
/** A region's spot prices for some days. */
export type SpotMarketDays = z.infer<typeof spotMarketDaysSchema>;

/** Spot-market prices (signed-in users; market data is the same for everybody). */
export const spotMarketRoutes = {
  spotMarketPrices: defineRoute({
    method: 'GET',
    path: '/pricing/spot-market',
    summary:
      'Day-ahead prices of a region per quarter hour for `date`, or `from`–`to` (at most 31 days), in the ' +
      "zone's time zone; an unknown region gives 400 with query.region",
    tags: ['pricing'],
    access: { kind: 'session' },
    query: spotMarketQuerySchema,
    data: spotMarketDaysSchema,
  }),
} as const;
