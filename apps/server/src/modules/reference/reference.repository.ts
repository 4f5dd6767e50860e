import { asc, countries, eq, type Db, type InferSelectModel } from '@ec/db';

/** A countries row. */
export type CountryRecord = InferSelectModel<typeof countries>;

/** The countries table (filled by syncCountries at start). */
export function createReferenceRepository(db: Db) {
  return {
    /** Countries (by code); only the visible ones when asked. */
    async listCountries(options: { visibleOnly: boolean }): Promise<CountryRecord[]> {
      const query = db.select().from(countries);
      const filtered = options.visibleOnly ? query.where(eq(countries.visible, true)) : query;
      return filtered.orderBy(asc(countries.code));
    },

    async findCountryById(id: number): Promise<CountryRecord | undefined> {
      const [row] = await db.select().from(countries).where(eq(countries.id, id)).limit(1);
      return row;
    },

    async findCountryByCode(code: string): Promise<CountryRecord | undefined> {
      const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
      return row;
    },
  };
}

/** The reference repository's interface. */
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
