import { auditLog, desc, eq, or, sql, type Db, type InferSelectModel } from '@ec/db';

/** An audit-log row. */
export type AuditRecord = InferSelectModel<typeof auditLog>;

/** Audit-log storage. */
export function createAuditRepository(db: Db) {
  return {
    async insert(entry: Omit<AuditRecord, 'id' | 'at'> & { at?: Date }): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    /** One page, newest first, and the total count. */
    async page(offset: number, limit: number): Promise<{ rows: AuditRecord[]; total: number }> {
      const rows = await db
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
      return { rows, total: count?.n ?? 0 };
    },

    /** Entries where the user is actor or target, newest first. */
    async forUser(userId: number): Promise<AuditRecord[]> {
      return db
        .select()
        .from(auditLog)
        .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId)))
        .orderBy(desc(auditLog.at), desc(auditLog.id));
    },
  };
}

/** The audit repository's interface. */
export type AuditRepository = ReturnType<typeof createAuditRepository>;
