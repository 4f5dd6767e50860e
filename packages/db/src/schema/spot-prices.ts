import { sql } from 'drizzle-orm';
import {
  char,
  check,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * Day-ahead spot prices (issue 13, apps/server/src/modules/spot-prices): one row per region and 15-minute interval,
 * shared by every location and user of that region. ENTSO-E bidding zones (`EIC`, EUR/MWh) and Octopus Agile regions
 * (`AGILE`, GBP/MWh = p/kWh × 10). Hourly and half-hourly sources are stored expanded to quarter hours
 * (`source_resolution_min` keeps what was published). A re-fetch replaces the rows of its intervals.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Where prices come from. */
export const SPOT_PRICE_SOURCES = ['ENTSOE', 'OCTOPUS'] as const;

/** Spot prices per region and quarter hour. */
export const spotPrices = pgTable(
  'spot_prices',
  {
    /** 'EIC' (ENTSO-E bidding zone) or 'AGILE' (Octopus region letter). */
    regionType: text('region_type').$type<'EIC' | 'AGILE'>().notNull(),
    regionCode: text('region_code').notNull(),
    /** Start of the 15-minute interval. */
    ts: at('ts').notNull(),
    source: text('source').$type<(typeof SPOT_PRICE_SOURCES)[number]>().notNull(),
    /** Per MWh in `currency`, without VAT. */
    pricePerMwh: numeric('price_per_mwh', { precision: 18, scale: 9 }).notNull(),
    /** Per MWh including VAT where the source publishes it (Octopus), else null. */
    priceIncVatPerMwh: numeric('price_inc_vat_per_mwh', { precision: 18, scale: 9 }),
    currency: char('currency', { length: 3 }).notNull(),
    /** The source's resolution in minutes (15, 30, 60) before expansion to quarter hours. */
    sourceResolutionMin: smallint('source_resolution_min').notNull(),
    fetchedAt: at('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.regionType, t.regionCode, t.ts] }),
    check('spot_prices_region_type_check', sql`${t.regionType} in ('EIC', 'AGILE')`),
    check('spot_prices_source_check', sql`${t.source} in ('ENTSOE', 'OCTOPUS')`),
    check('spot_prices_resolution_check', sql`${t.sourceResolutionMin} in (15, 30, 60)`),
    check('spot_prices_quarter_check', sql`extract(epoch from ${t.ts})::bigint % 900 = 0`),
  ],
);
