import type { ConsumerInfo } from '@ec/contract';
import {
  and,
  asc,
  eq,
  externalCredentials,
  externalDeviceCredentials,
  externalDevices,
  inArray,
  meteringReadings,
  meteringSeries,
  notExists,
  queryRows,
  sql,
  type Db,
  type SQL,
} from '@ec/db';

/** A stored credential (the encrypted token never leaves the service). */
export interface CredentialRow {
  id: number;
  userId: number;
  tokenEncrypted: string;
  tokenPrefix: string;
  createdAt: Date;
  deviceCount: number;
}

/** A device row with its series' source. */
export type DeviceRow = typeof externalDevices.$inferSelect & { source: 'PORTAL' | 'UPLOAD' };

/** One stored reading (interval end in UTC ms, powers in 0.1 W). */
export interface ReadingRow {
  endMs: number;
  importW10: number;
  exportW10: number | null;
  fromEnergy: boolean;
}

/** Stored data of a series. */
export interface SeriesStats {
  intervals: number;
  firstMs: number | null;
  lastMs: number | null;
}

const UPSERT_BATCH = 2000;

/** Series kept in memory by {@link MojElektroRepository.readings} (each ~70 000 rows for two years). */
const SERIES_CACHE_SIZE = 8;

/** Index of the first row whose interval ends after `ms`. */
function firstAfter(rows: readonly ReadingRow[], ms: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid] as ReadingRow).endMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The Moj Elektro module's database access. */
export function createMojElektroRepository(db: Db) {
  const seriesCache = new Map<number, { version: number; rows: ReadingRow[] }>();

  async function bumpVersion(seriesId: number): Promise<void> {
    await db
      .update(meteringSeries)
      .set({ dataVersion: sql`${meteringSeries.dataVersion} + 1` })
      .where(eq(meteringSeries.id, seriesId));
  }

  /** Every reading of a series, oldest first. */
  async function allReadings(seriesId: number): Promise<ReadingRow[]> {
    const [row] = await queryRows<{ data: string | null }>(
      db,
      sql`select string_agg(
            extract(epoch from ${meteringReadings.intervalEnd})::bigint::text || ',' ||
            ${meteringReadings.importW10}::text || ',' ||
            coalesce(${meteringReadings.exportW10}::text, '') || ',' ||
            (case when ${meteringReadings.fromEnergy} then '1' else '0' end),
            ';' order by ${meteringReadings.intervalEnd}) as data
          from ${meteringReadings}
          where ${meteringReadings.seriesId} = ${seriesId}`,
    );
    const text = row?.data;
    if (!text) return [];
    const rows: ReadingRow[] = [];
    for (const item of text.split(';')) {
      const [end, imp, exp, energy] = item.split(',');
      rows.push({
        endMs: Number(end) * 1000,
        importW10: Number(imp),
        exportW10: exp === '' || exp === undefined ? null : Number(exp),
        fromEnergy: energy === '1',
      });
    }
    return rows;
  }

  async function devicesWhere(condition: SQL | undefined): Promise<DeviceRow[]> {
    const rows = await db
      .select({ device: externalDevices, source: meteringSeries.source })
      .from(externalDevices)
      .innerJoin(meteringSeries, eq(meteringSeries.id, externalDevices.seriesId))
      .where(condition)
      .orderBy(asc(externalDevices.id));
    return rows.map((r) => ({ ...r.device, source: r.source }));
  }

  return {
    // ------------------------------------------------------------------------------------------------ credentials
    async credentials(userId: number): Promise<CredentialRow[]> {
      const rows = await db
        .select({
          id: externalCredentials.id,
          userId: externalCredentials.userId,
          tokenEncrypted: externalCredentials.tokenEncrypted,
          tokenPrefix: externalCredentials.tokenPrefix,
          createdAt: externalCredentials.createdAt,
          deviceCount:
            sql<number>`(select count(*) from ${externalDeviceCredentials} where ${externalDeviceCredentials.credentialId} = ${externalCredentials.id})`.mapWith(
              Number,
            ),
        })
        .from(externalCredentials)
        .where(eq(externalCredentials.userId, userId))
        .orderBy(asc(externalCredentials.id));
      return rows;
    },

    async credential(userId: number, id: number): Promise<CredentialRow | undefined> {
      return (await this.credentials(userId)).find((c) => c.id === id);
    },

    /** Inserts a credential; undefined when the user already has the same token (same hash). */
    async insertCredential(values: {
      userId: number;
      tokenEncrypted: string;
      tokenPrefix: string;
      tokenHash: string;
    }): Promise<number | undefined> {
      const [row] = await db
        .insert(externalCredentials)
        .values({ ...values, provider: 'MOJ_ELEKTRO' })
        .onConflictDoNothing()
        .returning({ id: externalCredentials.id });
      return row?.id;
    },

    /** Deletes a credential of the user and the user's devices left with no credential; false when not found. */
    async deleteCredential(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const bound = await tx
          .select({ deviceId: externalDeviceCredentials.deviceId })
          .from(externalDeviceCredentials)
          .where(eq(externalDeviceCredentials.credentialId, id));
        const deleted = await tx
          .delete(externalCredentials)
          .where(and(eq(externalCredentials.id, id), eq(externalCredentials.userId, userId)))
          .returning({ id: externalCredentials.id });
        if (deleted.length === 0) return false;
        const ids = bound.map((b) => b.deviceId);
        if (ids.length > 0) {
          await tx.delete(externalDevices).where(
            and(
              inArray(externalDevices.id, ids),
              eq(externalDevices.userId, userId),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(externalDeviceCredentials)
                  .where(eq(externalDeviceCredentials.deviceId, externalDevices.id)),
              ),
            ),
          );
        }
        return true;
      });
    },

    // ---------------------------------------------------------------------------------------------------- devices
    devices: (userId: number) => devicesWhere(eq(externalDevices.userId, userId)),

    async device(userId: number, id: number): Promise<DeviceRow | undefined> {
      const [row] = await devicesWhere(
        and(eq(externalDevices.userId, userId), eq(externalDevices.id, id)),
      );
      return row;
    },

    devicesOfSeries: (seriesId: number) => devicesWhere(eq(externalDevices.seriesId, seriesId)),

    async deviceByEimm(userId: number, eimm: string): Promise<DeviceRow | undefined> {
      const [row] = await devicesWhere(
        and(eq(externalDevices.userId, userId), eq(externalDevices.eimm, eimm)),
      );
      return row;
    },

    /** The credentials bound to devices (id → [{credentialId, prefix}]), in binding order. */
    async bindings(
      deviceIds: number[],
    ): Promise<
      Map<number, { credentialId: number; tokenPrefix: string; tokenEncrypted: string }[]>
    > {
      const map = new Map<
        number,
        { credentialId: number; tokenPrefix: string; tokenEncrypted: string }[]
      >();
      if (deviceIds.length === 0) return map;
      const rows = await db
        .select({
          deviceId: externalDeviceCredentials.deviceId,
          credentialId: externalCredentials.id,
          tokenPrefix: externalCredentials.tokenPrefix,
          tokenEncrypted: externalCredentials.tokenEncrypted,
        })
        .from(externalDeviceCredentials)
        .innerJoin(
          externalCredentials,
          eq(externalCredentials.id, externalDeviceCredentials.credentialId),
        )
        .where(inArray(externalDeviceCredentials.deviceId, deviceIds))
        .orderBy(asc(externalDeviceCredentials.createdAt), asc(externalCredentials.id));
      for (const r of rows) {
        const list = map.get(r.deviceId) ?? [];
        list.push({
          credentialId: r.credentialId,
          tokenPrefix: r.tokenPrefix,
          tokenEncrypted: r.tokenEncrypted,
        });
        map.set(r.deviceId, list);
      }
      return map;
    },

    /** The PORTAL series of an EIMM, created when missing. */
    async portalSeries(eimm: string): Promise<number> {
      await db
        .insert(meteringSeries)
        .values({ source: 'PORTAL', eimm })
        .onConflictDoNothing({
          target: meteringSeries.eimm,
          where: sql`${meteringSeries.source} = 'PORTAL'`,
        });
      const [row] = await db
        .select({ id: meteringSeries.id })
        .from(meteringSeries)
        .where(and(eq(meteringSeries.eimm, eimm), eq(meteringSeries.source, 'PORTAL')));
      if (!row) throw new Error('portal series missing after insert');
      return row.id;
    },

    /** A new UPLOAD series of a user. */
    async uploadSeries(userId: number, eimm: string): Promise<number> {
      const [row] = await db
        .insert(meteringSeries)
        .values({ source: 'UPLOAD', eimm, ownerUserId: userId })
        .returning({ id: meteringSeries.id });
      if (!row) throw new Error('upload series not created');
      return row.id;
    },

    /** Inserts the user's device (or finds the one with that EIMM) and binds the credentials. */
    async upsertDevice(values: {
      userId: number;
      eimm: string;
      gsrn: string | null;
      mtGsrn: string | null;
      seriesId: number;
      tariffsCount: 1 | 2 | null;
      consumerInfo: ConsumerInfo | null;
      label?: string | null;
      credentialIds: number[];
    }): Promise<{ id: number; created: boolean }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(externalDevices)
          .values({
            userId: values.userId,
            eimm: values.eimm,
            gsrn: values.gsrn,
            mtGsrn: values.mtGsrn,
            seriesId: values.seriesId,
            tariffsCount: values.tariffsCount,
            consumerInfo: values.consumerInfo,
            consumerInfoAt: values.consumerInfo ? new Date() : null,
            label: values.label ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: externalDevices.id });
        let id = inserted[0]?.id;
        const created = id !== undefined;
        if (id === undefined) {
          const [existing] = await tx
            .select({ id: externalDevices.id })
            .from(externalDevices)
            .where(
              and(eq(externalDevices.userId, values.userId), eq(externalDevices.eimm, values.eimm)),
            );
          if (!existing) throw new Error('device missing after insert');
          id = existing.id;
          if (values.consumerInfo) {
            await tx
              .update(externalDevices)
              .set({
                consumerInfo: values.consumerInfo,
                consumerInfoAt: new Date(),
                tariffsCount: values.tariffsCount,
                gsrn: values.gsrn,
                mtGsrn: values.mtGsrn,
              })
              .where(eq(externalDevices.id, id));
          }
        }
        if (values.credentialIds.length > 0) {
          await tx
            .insert(externalDeviceCredentials)
            .values(values.credentialIds.map((credentialId) => ({ deviceId: id, credentialId })))
            .onConflictDoNothing();
        }
        return { id, created };
      });
    },

    /** Unbinds a credential from the user's device; deletes the device when none is left. */
    async unbind(
      userId: number,
      deviceId: number,
      credentialId: number,
    ): Promise<'NOT_FOUND' | 'UNBOUND' | 'DEVICE_DELETED'> {
      return db.transaction(async (tx) => {
        const [device] = await tx
          .select({ id: externalDevices.id })
          .from(externalDevices)
          .where(and(eq(externalDevices.id, deviceId), eq(externalDevices.userId, userId)));
        if (!device) return 'NOT_FOUND';
        const removed = await tx
          .delete(externalDeviceCredentials)
          .where(
            and(
              eq(externalDeviceCredentials.deviceId, deviceId),
              eq(externalDeviceCredentials.credentialId, credentialId),
            ),
          )
          .returning({ deviceId: externalDeviceCredentials.deviceId });
        if (removed.length === 0) return 'NOT_FOUND';
        const [left] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(externalDeviceCredentials)
          .where(eq(externalDeviceCredentials.deviceId, deviceId));
        if ((left?.n ?? 0) > 0) return 'UNBOUND';
        await tx.delete(externalDevices).where(eq(externalDevices.id, deviceId));
        return 'DEVICE_DELETED';
      });
    },

    async updateDevice(
      id: number,
      values: Partial<typeof externalDevices.$inferInsert>,
    ): Promise<void> {
      await db.update(externalDevices).set(values).where(eq(externalDevices.id, id));
    },

    /** Sets import fields on every device of a series. */
    async updateSeriesDevices(
      seriesId: number,
      values: Partial<typeof externalDevices.$inferInsert>,
    ): Promise<void> {
      await db.update(externalDevices).set(values).where(eq(externalDevices.seriesId, seriesId));
    },

    /** PORTAL series with at least one device. */
    async portalSeriesWithDevices(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: meteringSeries.id })
        .from(meteringSeries)
        .innerJoin(externalDevices, eq(externalDevices.seriesId, meteringSeries.id))
        .where(eq(meteringSeries.source, 'PORTAL'))
        .orderBy(asc(meteringSeries.id));
      return rows.map((r) => r.id);
    },

    async series(id: number) {
      const [row] = await db.select().from(meteringSeries).where(eq(meteringSeries.id, id));
      return row;
    },

    // --------------------------------------------------------------------------------------------------- readings
    async stats(seriesIds: number[]): Promise<Map<number, SeriesStats>> {
      const map = new Map<number, SeriesStats>();
      if (seriesIds.length === 0) return map;
      const rows = await db
        .select({
          seriesId: meteringReadings.seriesId,
          n: sql<number>`count(*)`.mapWith(Number),
          first: sql<string | null>`min(${meteringReadings.intervalEnd})`,
          last: sql<string | null>`max(${meteringReadings.intervalEnd})`,
        })
        .from(meteringReadings)
        .where(inArray(meteringReadings.seriesId, seriesIds))
        .groupBy(meteringReadings.seriesId);
      for (const r of rows) {
        map.set(r.seriesId, {
          intervals: r.n,
          firstMs: r.first === null ? null : new Date(r.first).getTime(),
          lastMs: r.last === null ? null : new Date(r.last).getTime(),
        });
      }
      return map;
    },

    /**
     * Readings with interval end in (fromMs, toMs], oldest first. A series is read whole once and kept while its
     * `data_version` is unchanged (two years are 70 080 rows; a calculation then needs no table scan). The rows come
     * back as one text (`end seconds,import,export,fromEnergy;…`), far cheaper than a row object per interval.
     */
    async readings(seriesId: number, fromMs: number, toMs: number): Promise<ReadingRow[]> {
      const [version] = await db
        .select({ v: meteringSeries.dataVersion })
        .from(meteringSeries)
        .where(eq(meteringSeries.id, seriesId));
      if (!version) return [];
      let entry = seriesCache.get(seriesId);
      if (entry?.version !== version.v) {
        entry = { version: version.v, rows: await allReadings(seriesId) };
        seriesCache.delete(seriesId);
        seriesCache.set(seriesId, entry);
        while (seriesCache.size > SERIES_CACHE_SIZE) {
          const oldest = seriesCache.keys().next().value;
          if (oldest === undefined) break;
          seriesCache.delete(oldest);
        }
      }
      const rows = entry.rows;
      return rows.slice(firstAfter(rows, fromMs), firstAfter(rows, toMs));
    },

    /** Inserts or replaces readings (idempotent). */
    async upsertReadings(seriesId: number, rows: readonly ReadingRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
        const batch = rows.slice(i, i + UPSERT_BATCH);
        await db
          .insert(meteringReadings)
          .values(
            batch.map((r) => ({
              seriesId,
              intervalEnd: new Date(r.endMs),
              importW10: r.importW10,
              exportW10: r.exportW10,
              fromEnergy: r.fromEnergy,
            })),
          )
          .onConflictDoUpdate({
            target: [meteringReadings.seriesId, meteringReadings.intervalEnd],
            set: {
              importW10: sql`excluded.import_w10`,
              exportW10: sql`excluded.export_w10`,
              fromEnergy: sql`excluded.from_energy`,
            },
          });
      }
      await bumpVersion(seriesId);
    },

    /** Removes every reading of a series (an upload replaced). */
    async clearReadings(seriesId: number): Promise<void> {
      await db.delete(meteringReadings).where(eq(meteringReadings.seriesId, seriesId));
      await bumpVersion(seriesId);
    },
  };
}

/** The module's repository. */
export type MojElektroRepository = ReturnType<typeof createMojElektroRepository>;
