import {
  and,
  asc,
  countries,
  devices,
  eq,
  gte,
  intervals15m,
  isNull,
  lt,
  sql,
  type Db,
} from '@ec/db';

/** The grid energy of one 15-minute interval of a location (summed over its grid meters). */
export interface GridInterval {
  /** Interval start, UTC ms. */
  start: number;
  importWh: number;
  exportWh: number;
}

/** What the costs read themselves: the location's grid energy and its country. */
export function createCostsRepository(db: Db) {
  return {
    /**
     * The location's 15-minute grid energy in [from, to): import and export of every GRID device not deleted,
     * summed per interval start, oldest first (a location may have more than one connection meter).
     */
    async gridIntervals(locationId: number, from: Date, to: Date): Promise<GridInterval[]> {
      const rows = await db
        .select({
          ts: intervals15m.ts,
          importWh: sql<number>`coalesce(sum(${intervals15m.importWh}), 0)`.mapWith(Number),
          exportWh: sql<number>`coalesce(sum(${intervals15m.exportWh}), 0)`.mapWith(Number),
        })
        .from(intervals15m)
        .innerJoin(devices, eq(devices.id, intervals15m.deviceId))
        .where(
          and(
            eq(devices.locationId, locationId),
            eq(devices.category, 'GRID'),
            isNull(devices.deletedAt),
            gte(intervals15m.ts, from),
            lt(intervals15m.ts, to),
          ),
        )
        .groupBy(intervals15m.ts)
        .orderBy(asc(intervals15m.ts));
      return rows.map((r) => ({
        start: r.ts.getTime(),
        importWh: r.importWh,
        exportWh: r.exportWh,
      }));
    },

    /** ISO code of the location's country (its holidays apply to plans without a country of their own). */
    async countryCode(countryId: number | null): Promise<string | null> {
      if (countryId === null) return null;
      const [row] = await db
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.id, countryId))
        .limit(1);
      return row?.code ?? null;
    },
  };
}

/** The costs module's reads. */
export type CostsRepository = ReturnType<typeof createCostsRepository>;
