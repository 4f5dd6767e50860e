import { desc, eq, mailOutbox, type Db, type InferSelectModel } from '@ec/db';

/** A stored outgoing message. */
export type OutboxRecord = InferSelectModel<typeof mailOutbox>;

/** The outbox: mail kept in the database when there is no SMTP server (the development mailbox). */
export function createMailRepository(db: Db) {
  return {
    async insert(message: Omit<OutboxRecord, 'id' | 'createdAt'>): Promise<number> {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row.id;
    },

    async list(limit: number): Promise<OutboxRecord[]> {
      return db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    },

    async get(id: number): Promise<OutboxRecord | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
  };
}

/** The mail repository's interface. */
export type MailRepository = ReturnType<typeof createMailRepository>;
