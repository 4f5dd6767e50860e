import { appSettings, eq, type Db } from '@ec/db';

/** Installation-wide key/value settings. */
export function createSettingsRepository(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
      return row?.value;
    },

    /** Stores `value` unless the key already has one (another instance may have won the race). */
    async insertIfMissing(key: string, value: string): Promise<void> {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    },
  };
}

/** The settings repository's interface. */
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
