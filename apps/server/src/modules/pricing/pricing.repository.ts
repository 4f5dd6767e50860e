import {
  and,
  asc,
  companies,
  count,
  countries,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  locations,
  ne,
  or,
  priceLists,
  priceTypeConfigs,
  sql,
  timePlanBlocks,
  timePlans,
  timePlanSeasons,
  timePlanSlots,
  type Db,
  type SQL,
} from '@ec/db';

/** A time-plan row. */
export type TimePlanRecord = typeof timePlans.$inferSelect;
/** A block row. */
export type BlockRecord = typeof timePlanBlocks.$inferSelect;
/** A season row. */
export type SeasonRecord = typeof timePlanSeasons.$inferSelect;
/** A slot row. */
export type SlotRecord = typeof timePlanSlots.$inferSelect;
/** A price-type config row. */
export type ConfigRecord = typeof priceTypeConfigs.$inferSelect;
/** A price-list row. */
export type PriceListRecord = typeof priceLists.$inferSelect;
/** The columns of a price list a form writes. */
export type PriceListValues = Omit<
  typeof priceLists.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'locationId'
>;
/** The columns of a config a form writes. */
export type ConfigValues = Omit<
  typeof priceTypeConfigs.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
/** A price list with its location's name and time zone. */
export type PriceListRow = PriceListRecord & { locationName: string; timezone: string };

/** Blocks, seasons and slots of one plan as the editor saves them (slots point at array indexes). */
export interface StructureValues {
  blocks: { id?: number | undefined; title: string; color: string }[];
  seasons: { id?: number | undefined; title: string; fromDay: string; toDay: string }[];
  slots: {
    blockIndex: number;
    seasonIndex: number;
    dayOfWeek: number;
    startMinute: number;
    endMinute: number;
    validFrom: string;
  }[];
}

function one<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('the write returned no row');
  return row;
}

const listColumns = {
  list: priceLists,
  locationName: locations.name,
  timezone: locations.timezone,
};
const flatten = (r: { list: PriceListRecord; locationName: string; timezone: string }) => ({
  ...r.list,
  locationName: r.locationName,
  timezone: r.timezone,
});

/** The writes of a location's price lists that run under its row lock. */
function listWrites(db: Db) {
  return {
    /** Lists of a location other than `exceptId`, oldest first. */
    async listsOfLocation(locationId: number, exceptId?: number): Promise<PriceListRecord[]> {
      return db
        .select()
        .from(priceLists)
        .where(
          and(
            eq(priceLists.locationId, locationId),
            exceptId === undefined ? undefined : ne(priceLists.id, exceptId),
          ),
        )
        .orderBy(asc(priceLists.validFrom));
    },

    async setListValidTo(id: number, validTo: string | null): Promise<void> {
      await db.update(priceLists).set({ validTo }).where(eq(priceLists.id, id));
    },

    async insertPriceList(
      values: PriceListValues & { locationId: number },
    ): Promise<PriceListRecord> {
      return one((await db.insert(priceLists).values(values).returning())[0]);
    },

    async updatePriceList(id: number, values: PriceListValues): Promise<void> {
      await db.update(priceLists).set(values).where(eq(priceLists.id, id));
    },

    async deletePriceList(id: number): Promise<void> {
      await db.delete(priceLists).where(eq(priceLists.id, id));
    },
  };
}
/** Price-list writes inside the location lock. */
export type ListWrites = ReturnType<typeof listWrites>;

/** Time plans, price-type configs and price lists (docs/pricing.md). */
export function createPricingRepository(db: Db) {
  return {
    ...listWrites(db),

    // --- time plans ---------------------------------------------------------------------------------------

    /** Plans matching `where` (a condition on time_plans), by title. */
    async plans(where: SQL | undefined): Promise<TimePlanRecord[]> {
      return db
        .select()
        .from(timePlans)
        .where(where)
        .orderBy(asc(timePlans.title), asc(timePlans.id));
    },

    /** An SQL condition on time_plans.company_id: the company is one `companyFilter` keeps. */
    companyIn(
      companyFilter: SQL,
      column: typeof timePlans.companyId | typeof priceTypeConfigs.companyId = timePlans.companyId,
    ): SQL {
      return sql`${column} in (select ${companies.id} from ${companies} where ${companyFilter})`;
    },

    async countryCodeById(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.id, id))
        .limit(1);
      return row?.code;
    },

    async plan(id: number): Promise<TimePlanRecord | undefined> {
      const [row] = await db.select().from(timePlans).where(eq(timePlans.id, id)).limit(1);
      return row;
    },

    async planByCode(code: string): Promise<TimePlanRecord | undefined> {
      const [row] = await db.select().from(timePlans).where(eq(timePlans.code, code)).limit(1);
      return row;
    },

    async insertPlan(values: typeof timePlans.$inferInsert): Promise<TimePlanRecord> {
      return one((await db.insert(timePlans).values(values).returning())[0]);
    },

    async updatePlan(
      id: number,
      values: Partial<typeof timePlans.$inferInsert>,
    ): Promise<TimePlanRecord> {
      return one(
        (await db.update(timePlans).set(values).where(eq(timePlans.id, id)).returning())[0],
      );
    },

    async deletePlan(id: number): Promise<void> {
      await db.delete(timePlans).where(eq(timePlans.id, id));
    },

    /** Blocks (by position), seasons (by start) and slots of the plans. */
    async structureOf(
      planIds: number[],
    ): Promise<{ blocks: BlockRecord[]; seasons: SeasonRecord[]; slots: SlotRecord[] }> {
      if (planIds.length === 0) return { blocks: [], seasons: [], slots: [] };
      const [blocks, seasons, slots] = await Promise.all([
        db
          .select()
          .from(timePlanBlocks)
          .where(inArray(timePlanBlocks.timePlanId, planIds))
          .orderBy(asc(timePlanBlocks.position), asc(timePlanBlocks.id)),
        db
          .select()
          .from(timePlanSeasons)
          .where(inArray(timePlanSeasons.timePlanId, planIds))
          .orderBy(asc(timePlanSeasons.fromDay), asc(timePlanSeasons.id)),
        db
          .select()
          .from(timePlanSlots)
          .where(inArray(timePlanSlots.timePlanId, planIds))
          .orderBy(
            asc(timePlanSlots.seasonId),
            asc(timePlanSlots.dayOfWeek),
            asc(timePlanSlots.validFrom),
            asc(timePlanSlots.startMinute),
          ),
      ]);
      return { blocks, seasons, slots };
    },

    /** Blocks per plan. */
    async blockCounts(planIds: number[]): Promise<Map<number, number>> {
      if (planIds.length === 0) return new Map();
      const rows = await db
        .select({ id: timePlanBlocks.timePlanId, n: count() })
        .from(timePlanBlocks)
        .where(inArray(timePlanBlocks.timePlanId, planIds))
        .groupBy(timePlanBlocks.timePlanId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** The plans among `planIds` that configs or price lists reference. */
    async plansInUse(planIds: number[]): Promise<Set<number>> {
      if (planIds.length === 0) return new Set();
      const configs = await db
        .selectDistinct({ id: priceTypeConfigs.timePlanId })
        .from(priceTypeConfigs)
        .where(inArray(priceTypeConfigs.timePlanId, planIds));
      const tariff = await db
        .selectDistinct({ id: priceLists.tariffPlanId })
        .from(priceLists)
        .where(inArray(priceLists.tariffPlanId, planIds));
      const network = await db
        .selectDistinct({ id: priceLists.distributorPlanId })
        .from(priceLists)
        .where(inArray(priceLists.distributorPlanId, planIds));
      return new Set(
        [...configs, ...tariff, ...network].map((r) => r.id).filter((id) => id !== null),
      );
    },

    async block(planId: number, id: number): Promise<BlockRecord | undefined> {
      const [row] = await db
        .select()
        .from(timePlanBlocks)
        .where(and(eq(timePlanBlocks.id, id), eq(timePlanBlocks.timePlanId, planId)))
        .limit(1);
      return row;
    },

    async blocks(planId: number): Promise<BlockRecord[]> {
      return db
        .select()
        .from(timePlanBlocks)
        .where(eq(timePlanBlocks.timePlanId, planId))
        .orderBy(asc(timePlanBlocks.position), asc(timePlanBlocks.id));
    },

    /** Inserts, changes or removes blocks and then renumbers the plan's blocks 1..n in `order` (ids). */
    async saveBlocks(
      planId: number,
      change: (tx: Db) => Promise<number | null>,
      order: (ids: number[], changed: number | null) => number[],
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        const changed = await change(tx as unknown as Db);
        const current = await tx
          .select({ id: timePlanBlocks.id })
          .from(timePlanBlocks)
          .where(eq(timePlanBlocks.timePlanId, planId))
          .orderBy(asc(timePlanBlocks.position), asc(timePlanBlocks.id));
        const ids = order(
          current.map((r) => r.id),
          changed,
        );
        for (const [index, id] of ids.entries()) {
          await tx
            .update(timePlanBlocks)
            .set({ position: index + 1 })
            .where(eq(timePlanBlocks.id, id));
        }
        return changed;
      });
    },

    async seasons(planId: number): Promise<SeasonRecord[]> {
      return db
        .select()
        .from(timePlanSeasons)
        .where(eq(timePlanSeasons.timePlanId, planId))
        .orderBy(asc(timePlanSeasons.fromDay), asc(timePlanSeasons.id));
    },

    async insertSeason(values: typeof timePlanSeasons.$inferInsert): Promise<SeasonRecord> {
      return one((await db.insert(timePlanSeasons).values(values).returning())[0]);
    },

    async updateSeason(
      id: number,
      values: Partial<typeof timePlanSeasons.$inferInsert>,
    ): Promise<SeasonRecord> {
      return one(
        (
          await db.update(timePlanSeasons).set(values).where(eq(timePlanSeasons.id, id)).returning()
        )[0],
      );
    },

    async deleteSeason(id: number): Promise<void> {
      await db.delete(timePlanSeasons).where(eq(timePlanSeasons.id, id));
    },

    async slots(planId: number): Promise<SlotRecord[]> {
      return db
        .select()
        .from(timePlanSlots)
        .where(eq(timePlanSlots.timePlanId, planId))
        .orderBy(
          asc(timePlanSlots.seasonId),
          asc(timePlanSlots.dayOfWeek),
          asc(timePlanSlots.validFrom),
          asc(timePlanSlots.startMinute),
        );
    },

    async insertSlot(values: typeof timePlanSlots.$inferInsert): Promise<SlotRecord> {
      return one((await db.insert(timePlanSlots).values(values).returning())[0]);
    },

    async updateSlot(
      id: number,
      values: Partial<typeof timePlanSlots.$inferInsert>,
    ): Promise<SlotRecord> {
      return one(
        (await db.update(timePlanSlots).set(values).where(eq(timePlanSlots.id, id)).returning())[0],
      );
    },

    async deleteSlot(id: number): Promise<void> {
      await db.delete(timePlanSlots).where(eq(timePlanSlots.id, id));
    },

    /**
     * Replaces a plan's blocks, seasons and slots in one transaction: listed items with an id are updated, new
     * ones inserted, unlisted ones deleted (with their slots); then every slot is written anew.
     */
    async replaceStructure(planId: number, values: StructureValues): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(timePlanSlots).where(eq(timePlanSlots.timePlanId, planId));
        const keepBlocks = values.blocks.flatMap((b) => (b.id === undefined ? [] : [b.id]));
        const keepSeasons = values.seasons.flatMap((s) => (s.id === undefined ? [] : [s.id]));
        await tx
          .delete(timePlanBlocks)
          .where(
            and(
              eq(timePlanBlocks.timePlanId, planId),
              keepBlocks.length > 0 ? sql`${timePlanBlocks.id} not in ${keepBlocks}` : undefined,
            ),
          );
        await tx
          .delete(timePlanSeasons)
          .where(
            and(
              eq(timePlanSeasons.timePlanId, planId),
              keepSeasons.length > 0 ? sql`${timePlanSeasons.id} not in ${keepSeasons}` : undefined,
            ),
          );
        const blockIds: number[] = [];
        for (const [index, block] of values.blocks.entries()) {
          const row = { title: block.title, color: block.color, position: index + 1 };
          if (block.id === undefined) {
            const [inserted] = await tx
              .insert(timePlanBlocks)
              .values({ ...row, timePlanId: planId })
              .returning({ id: timePlanBlocks.id });
            blockIds.push(one(inserted).id);
          } else {
            await tx.update(timePlanBlocks).set(row).where(eq(timePlanBlocks.id, block.id));
            blockIds.push(block.id);
          }
        }
        const seasonIds: number[] = [];
        for (const season of values.seasons) {
          const row = { title: season.title, fromDay: season.fromDay, toDay: season.toDay };
          if (season.id === undefined) {
            const [inserted] = await tx
              .insert(timePlanSeasons)
              .values({ ...row, timePlanId: planId })
              .returning({ id: timePlanSeasons.id });
            seasonIds.push(one(inserted).id);
          } else {
            await tx.update(timePlanSeasons).set(row).where(eq(timePlanSeasons.id, season.id));
            seasonIds.push(season.id);
          }
        }
        const slots = values.slots.map((s) => ({
          timePlanId: planId,
          blockId: one(blockIds[s.blockIndex]),
          seasonId: one(seasonIds[s.seasonIndex]),
          dayOfWeek: s.dayOfWeek,
          startMinute: s.startMinute,
          endMinute: s.endMinute,
          validFrom: s.validFrom,
        }));
        for (let i = 0; i < slots.length; i += 1000) {
          await tx.insert(timePlanSlots).values(slots.slice(i, i + 1000));
        }
        await tx.update(timePlans).set({ updatedAt: new Date() }).where(eq(timePlans.id, planId));
      });
    },

    // --- price-type configs -------------------------------------------------------------------------------

    async configs(where: SQL | undefined): Promise<ConfigRecord[]> {
      return db
        .select()
        .from(priceTypeConfigs)
        .where(where)
        .orderBy(asc(priceTypeConfigs.kind), asc(priceTypeConfigs.name), asc(priceTypeConfigs.id));
    },

    async config(id: number): Promise<ConfigRecord | undefined> {
      const [row] = await db
        .select()
        .from(priceTypeConfigs)
        .where(eq(priceTypeConfigs.id, id))
        .limit(1);
      return row;
    },

    async configByCode(code: string): Promise<ConfigRecord | undefined> {
      const [row] = await db
        .select()
        .from(priceTypeConfigs)
        .where(eq(priceTypeConfigs.code, code))
        .limit(1);
      return row;
    },

    async insertConfig(values: ConfigValues): Promise<ConfigRecord> {
      return one((await db.insert(priceTypeConfigs).values(values).returning())[0]);
    },

    async updateConfig(id: number, values: Partial<ConfigValues>): Promise<ConfigRecord> {
      return one(
        (
          await db
            .update(priceTypeConfigs)
            .set(values)
            .where(eq(priceTypeConfigs.id, id))
            .returning()
        )[0],
      );
    },

    async deleteConfig(id: number): Promise<void> {
      await db.delete(priceTypeConfigs).where(eq(priceTypeConfigs.id, id));
    },

    /** The configs among `ids` that price lists were made from. */
    async configsInUse(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const columns = [
        priceLists.supplierEnergyBuyConfigId,
        priceLists.supplierEnergySellConfigId,
        priceLists.distributorEnergyConfigId,
        priceLists.distributorPowerConfigId,
      ];
      const used = new Set<number>();
      for (const column of columns) {
        const rows = await db
          .selectDistinct({ id: column })
          .from(priceLists)
          .where(inArray(column, ids));
        for (const r of rows) if (r.id !== null) used.add(r.id);
      }
      return used;
    },

    // --- price lists --------------------------------------------------------------------------------------

    /** Lists matching `where` (may use `locations`), by location name then newest first. */
    async priceLists(where: SQL | undefined): Promise<PriceListRow[]> {
      const rows = await db
        .select(listColumns)
        .from(priceLists)
        .innerJoin(locations, eq(locations.id, priceLists.locationId))
        .where(where)
        .orderBy(asc(locations.name), asc(locations.id), desc(priceLists.validFrom));
      return rows.map(flatten);
    },

    async priceList(id: number): Promise<PriceListRow | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(priceLists)
        .innerJoin(locations, eq(locations.id, priceLists.locationId))
        .where(eq(priceLists.id, id))
        .limit(1);
      return row && flatten(row);
    },

    /** Lists that use a plan (tariff or network), for GET /timeplans/:id/configs. */
    async priceListsOfPlan(planId: number, visible: SQL): Promise<PriceListRow[]> {
      return this.priceLists(
        and(
          or(eq(priceLists.tariffPlanId, planId), eq(priceLists.distributorPlanId, planId)),
          visible,
        ),
      );
    },

    /**
     * Runs `work` in a transaction that holds the location's row lock (SELECT … FOR UPDATE), so the overlap check
     * and the write of price lists of one location are serialised on both engines.
     */
    async withLocationLock<T>(
      locationId: number,
      work: (tx: ListWrites) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: locations.id })
          .from(locations)
          .where(eq(locations.id, locationId))
          .for('update');
        return work(listWrites(tx as unknown as Db));
      });
    },

    /** Whether shipped rows (code set) exist at all, for the start-up seed. */
    async hasCodedRows(): Promise<boolean> {
      const [row] = await db
        .select({ id: timePlans.id })
        .from(timePlans)
        .where(isNotNull(timePlans.code))
        .limit(1);
      return row !== undefined;
    },

    /** The location row (time zone, spot region, company) of a price list's location. */
    async location(id: number) {
      const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
      return row;
    },

    predefined: isNull(timePlans.companyId),
  };
}

/** The pricing repository. */
export type PricingRepository = ReturnType<typeof createPricingRepository>;
