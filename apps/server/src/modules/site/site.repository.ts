import { eq, sites, sql, type Db, type InferSelectModel } from '@ec/db';

/** A site row. */
export type SiteRecord = InferSelectModel<typeof sites>;

/** Sites storage. */
export function createSiteRepository(db: Db) {
  return {
    async findByIdentifier(identifier: string): Promise<SiteRecord | undefined> {
      const [row] = await db.select().from(sites).where(eq(sites.identifier, identifier)).limit(1);
      return row;
    },

    async findById(id: number): Promise<SiteRecord | undefined> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
      return row;
    },

    /** The site whose `hosts` contain `host` (lower case, no port). */
    async findByHost(host: string): Promise<SiteRecord | undefined> {
      const [row] = await db
        .select()
        .from(sites)
        .where(sql`${host} = any(${sites.hosts})`)
        .orderBy(sites.id)
        .limit(1);
      return row;
    },

    /** Every host of every site (as stored). */
    async listHosts(): Promise<string[]> {
      const rows = await db.select({ hosts: sites.hosts }).from(sites);
      return rows.flatMap((row) => row.hosts);
    },
  };
}

/** The site repository's interface. */
export type SiteRepository = ReturnType<typeof createSiteRepository>;
