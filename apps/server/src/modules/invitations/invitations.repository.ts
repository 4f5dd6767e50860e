import { and, desc, eq, invitations, type Db, type InferSelectModel } from '@ec/db';

/** An invitation row. */
export type InvitationRecord = InferSelectModel<typeof invitations>;

/** Location invitations (confirmation flow). */
export function createInvitationsRepository(db: Db) {
  return {
    async findById(id: number): Promise<InvitationRecord | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
      return row;
    },

    /** Confirms a pending invitation; false when it was not pending any more. */
    async confirm(id: number, userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ status: 'confirmed', confirmedAt: at, confirmedBy: userId })
        .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    async expire(id: number): Promise<void> {
      await db
        .update(invitations)
        .set({ status: 'expired' })
        .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')));
    },

    async forEmail(email: string): Promise<InvitationRecord[]> {
      return db
        .select()
        .from(invitations)
        .where(eq(invitations.email, email))
        .orderBy(desc(invitations.createdAt));
    },
  };
}

/** The invitations repository's interface. */
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
