import { and, eq, lt, rateLimits, sql, type Db } from '@ec/db';

/** Fixed-window counters in the database, so every instance sees the same counts. */
export function createRateLimitRepository(db: Db) {
  return {
    /**
     * Counts one event for `key` in the window starting at `windowStart` when the counter is below `limit`, in one
     * statement: the upsert locks the row, so parallel requests (on any instance) see each other's counts and at
     * most `limit` of them are let in. Answers the new count, or null when the counter was full (nothing counted).
     */
    async take(key: string, windowStart: Date, limit: number): Promise<number | null> {
      if (limit < 1) return null;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
          setWhere: sql`${rateLimits.count} < ${limit}`,
        })
        .returning({ count: rateLimits.count });
      return row?.count ?? null;
    },

    /** Gives one event of `key` in the window back (a released attempt); never below 0. */
    async giveBack(key: string, windowStart: Date): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
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
