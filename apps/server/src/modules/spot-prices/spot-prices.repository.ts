import { and, asc, eq, gte, lt, queryRows, spotPrices, sql, type Db } from '@ec/db';
import type { SpotRegionType } from '@ec/domain';

/** One stored quarter hour. */
export interface StoredSpotPrice {
  ts: Date;
  pricePerMwh: string;
  priceIncVatPerMwh: string | null;
  currency: string;
  sourceResolutionMin: number;
}

/** What {@link SpotPricesRepository.upsert} writes. */
export interface SpotPriceRow extends StoredSpotPrice {
  regionType: SpotRegionType;
  regionCode: string;
  source: 'ENTSOE' | 'OCTOPUS';
}

/** Storage of spot prices (table `spot_prices`, migration 0008). */
export function createSpotPricesRepository(db: Db) {
  return {
    /** Inserts or replaces quarter hours (a re-fetch replaces what it covers), in chunks of 500. */
    async upsert(rows: SpotPriceRow[], fetchedAt: Date): Promise<number> {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(spotPrices)
          .values(rows.slice(i, i + 500).map((row) => ({ ...row, fetchedAt })))
          .onConflictDoUpdate({
            target: [spotPrices.regionType, spotPrices.regionCode, spotPrices.ts],
            set: {
              source: sql`excluded.source`,
              pricePerMwh: sql`excluded.price_per_mwh`,
              priceIncVatPerMwh: sql`excluded.price_inc_vat_per_mwh`,
              currency: sql`excluded.currency`,
              sourceResolutionMin: sql`excluded.source_resolution_min`,
              fetchedAt: sql`excluded.fetched_at`,
            },
          });
      }
      return rows.length;
    },

    /** The quarter hours of a region in [from, to), oldest first. */
    async between(
      type: SpotRegionType,
      code: string,
      from: Date,
      to: Date,
    ): Promise<StoredSpotPrice[]> {
      return db
        .select({
          ts: spotPrices.ts,
          pricePerMwh: spotPrices.pricePerMwh,
          priceIncVatPerMwh: spotPrices.priceIncVatPerMwh,
          currency: spotPrices.currency,
          sourceResolutionMin: spotPrices.sourceResolutionMin,
        })
        .from(spotPrices)
        .where(
          and(
            eq(spotPrices.regionType, type),
            eq(spotPrices.regionCode, code),
            gte(spotPrices.ts, from),
            lt(spotPrices.ts, to),
          ),
        )
        .orderBy(asc(spotPrices.ts));
    },

    /** The stored interval starts of a region in [from, to) (to find missing days). */
    async storedStarts(
      type: SpotRegionType,
      code: string,
      from: Date,
      to: Date,
    ): Promise<number[]> {
      const rows = await db
        .select({ ts: spotPrices.ts })
        .from(spotPrices)
        .where(
          and(
            eq(spotPrices.regionType, type),
            eq(spotPrices.regionCode, code),
            gte(spotPrices.ts, from),
            lt(spotPrices.ts, to),
          ),
        );
      return rows.map((r) => r.ts.getTime());
    },

    /**
     * The spot regions in use: those set on a location or a user (each read where it is stored; a plain distinct
     * read of two columns, so no module's service needs to grow for it).
     */
    async regionsInUse(): Promise<{ type: SpotRegionType; code: string }[]> {
      const rows = await queryRows<{ type: string; code: string }>(
        db,
        sql`select spot_region_type as type, spot_region_code as code from locations
              where spot_region_code is not null and spot_region_type is not null
            union
            select spot_region_type as type, spot_region_code as code from users
              where spot_region_code is not null and spot_region_type is not null
            order by 1, 2`,
      );
      return rows.map((r) => ({ type: r.type as SpotRegionType, code: r.code }));
    },
  };
}

/** The spot-price store. */
export type SpotPricesRepository = ReturnType<typeof createSpotPricesRepository>;
