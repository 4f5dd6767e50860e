import {
  and,
  companies,
  desc,
  eq,
  invitations,
  locationPermissions,
  locations,
  type Db,
  type InferSelectModel,
} from '@ec/db';

/** An invitation row. */
export type InvitationRecord = InferSelectModel<typeof invitations>;

/** Location invitations (confirmation flow). */
export function createInvitationsRepository(db: Db) {
  return {
    async findById(id: number): Promise<InvitationRecord | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
      return row;
    },

    /** The invited location with its site (null when the invitation names none). */
    async locationOf(
      locationId: number,
    ): Promise<{ id: number; name: string; siteId: number } | undefined> {
      const [row] = await db
        .select({ id: locations.id, name: locations.name, siteId: companies.siteId })
        .from(locations)
        .innerJoin(companies, eq(companies.id, locations.companyId))
        .where(eq(locations.id, locationId))
        .limit(1);
      return row;
    },

    /**
     * Confirms a pending invitation and, in the same transaction, grants the user `view` on its location (other
     * flags the user already has stay). False when the invitation was not pending any more (nothing changes).
     */
    async accept(id: number, userId: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(invitations)
          .set({ status: 'confirmed', confirmedAt: at, confirmedBy: userId })
          .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
          .returning({ locationId: invitations.locationId });
        if (!row) return false;
        if (row.locationId !== null) {
          await tx
            .insert(locationPermissions)
            .values({ userId, locationId: row.locationId, canView: true })
            .onConflictDoUpdate({
              target: [locationPermissions.userId, locationPermissions.locationId],
              set: { canView: true },
            });
        }
        return true;
      });
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
