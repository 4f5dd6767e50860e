import { and, eq, lt, rateLimits, sql, type Db } from '@ec/db';

/** Fixed-window counters in the database, so every instance sees the same counts. */
export function createRateLimitRepository(db: Db) {
  return {
    /** Adds `by` to the counter of `key` in the window starting at `windowStart`; answers the new count. */
    async increment(key: string, windowStart: Date, by = 1): Promise<number> {
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, count: by })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + ${by}` },
        })
        .returning({ count: rateLimits.count });
      return row?.count ?? by;
    },

    /** The counter of `key` in the window, 0 when there is none. */
    async count(key: string, windowStart: Date): Promise<number> {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
        .limit(1);
      return row?.count ?? 0;
    },

    /** Deletes windows that started before `before`. */
    async deleteBefore(before: Date): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    },
  };
}

/** The rate-limit repository's interface. */
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
