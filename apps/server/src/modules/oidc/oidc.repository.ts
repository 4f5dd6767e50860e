import {
  and,
  desc,
  eq,
  lt,
  oidcIdentities,
  oidcStates,
  type Db,
  type InferSelectModel,
} from '@ec/db';

/** A started sign-in. */
export type OidcStateRecord = InferSelectModel<typeof oidcStates>;
/** A linked provider account. */
export type OidcIdentityRecord = InferSelectModel<typeof oidcIdentities>;

/** Started sign-ins and linked provider accounts. */
export function createOidcRepository(db: Db) {
  return {
    async insertState(state: Omit<OidcStateRecord, 'createdAt'>): Promise<void> {
      await db.insert(oidcStates).values(state);
    },

    /** Deletes and answers a started sign-in: a state works once. */
    async takeState(id: string): Promise<OidcStateRecord | undefined> {
      const [row] = await db.delete(oidcStates).where(eq(oidcStates.id, id)).returning();
      return row;
    },

    async deleteExpiredStates(now: Date): Promise<void> {
      await db.delete(oidcStates).where(lt(oidcStates.expiresAt, now));
    },

    async findIdentity(provider: string, subject: string): Promise<OidcIdentityRecord | undefined> {
      const [row] = await db
        .select()
        .from(oidcIdentities)
        .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)))
        .limit(1);
      return row;
    },

    async insertIdentity(identity: Omit<OidcIdentityRecord, 'linkedAt'>): Promise<void> {
      await db.insert(oidcIdentities).values(identity).onConflictDoNothing();
    },

    async identitiesOf(userId: number): Promise<OidcIdentityRecord[]> {
      return db
        .select()
        .from(oidcIdentities)
        .where(eq(oidcIdentities.userId, userId))
        .orderBy(desc(oidcIdentities.linkedAt));
    },
  };
}

/** The OIDC repository's interface. */
export type OidcRepository = ReturnType<typeof createOidcRepository>;
