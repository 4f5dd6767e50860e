import { z } from 'zod';
import { SPOT_REGION_TYPES } from '@ec/domain';
import { countryCodeSchema } from './auth.ts';
import { defineRoute } from './http.ts';

// Reference data (issue 4, spec 001 §3 Country, Region, Timezone, Currency; §7 calls): lists the forms pick from.
// Public: registration already asks for a country before anyone is signed in, and none of it is tenant data.

/** A country (spec 001 §3 Country). `name` is English; the web shows `Intl.DisplayNames` in the user's language. */
export const countrySchema = z
  .object({
    id: z.number().int(),
    /** ISO 3166-1 alpha-2, upper case. */
    code: z.string(),
    name: z.string(),
    /** Whether the product is offered there (the country pickers list only these). */
    visible: z.boolean(),
  })
  .meta({ id: 'Country' });
/** A country. */
export type Country = z.infer<typeof countrySchema>;

/** An IANA time zone with its current offset from UTC (`+01:00`, `-03:30`). */
export const timezoneSchema = z
  .object({ name: z.string(), utcOffset: z.string() })
  .meta({ id: 'Timezone' });
/** A time zone. */
export type Timezone = z.infer<typeof timezoneSchema>;

/**
 * A spot-market region (spec 001 §3 Region): an ENTSO-E bidding zone (`type: 'EIC'`, `code` the zone's EIC code) or
 * an Octopus Agile region (`type: 'AGILE'`, `code` the region letter A–P).
 */
export const spotMarketRegionSchema = z
  .object({
    code: z.string(),
    type: z.enum(SPOT_REGION_TYPES),
    name: z.string(),
    countryCode: z.string(),
  })
  .meta({ id: 'SpotMarketRegion' });
/** A spot-market region. */
export type SpotMarketRegion = z.infer<typeof spotMarketRegionSchema>;

/** A currency (spec 001 §9) with the number of decimals amounts are shown with (ISK 0, the others 2). */
export const currencySchema = z
  .object({ code: z.string(), decimals: z.number().int() })
  .meta({ id: 'Currency' });
/** A currency. */
export type Currency = z.infer<typeof currencySchema>;

/** Reference lists (spec 001 §7): countries, time zones, spot-market regions, currencies. */
export const referenceRoutes = {
  countries: defineRoute({
    method: 'GET',
    path: '/countries',
    summary:
      'All countries by English name; visible=true keeps the countries the product is offered in',
    tags: ['reference'],
    access: { kind: 'public' },
    query: z.strictObject({ visible: z.enum(['true', 'false']).optional() }),
    data: z.object({ countries: z.array(countrySchema) }),
  }),
  timezones: defineRoute({
    method: 'GET',
    path: '/timezones',
    summary:
      "The country's IANA time zones with their current UTC offset (all zones without countryCode); an unknown " +
      'country gives 400 with query.countryCode: validation.invalid_value',
    tags: ['reference'],
    access: { kind: 'public' },
    query: z.strictObject({ countryCode: countryCodeSchema.optional() }),
    data: z.object({ timezones: z.array(timezoneSchema) }),
  }),
  spotMarketRegions: defineRoute({
    method: 'GET',
    path: '/pricing/spot-market/regions',
    summary: 'Every ENTSO-E bidding zone (EIC) and the 14 Octopus Agile regions (AGILE)',
    tags: ['reference'],
    access: { kind: 'public' },
    data: z.object({ entries: z.array(spotMarketRegionSchema) }),
  }),
  currencies: defineRoute({
    method: 'GET',
    path: '/currencies',
    summary: 'Currencies with their decimals (spec 001 §9)',
    tags: ['reference'],
    access: { kind: 'public' },
    data: z.object({ currencies: z.array(currencySchema) }),
  }),
} as const;
