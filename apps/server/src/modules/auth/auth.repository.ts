import { and, eq, lt, or, sessions, users, type Db, type InferSelectModel } from '@ec/db';

/** A user row as the server uses it (the password hash stays in the repository). */
export type UserRecord = Omit<InferSelectModel<typeof users>, 'passwordHash'>;

/** A session row. */
export type SessionRecord = InferSelectModel<typeof sessions>;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  locale: users.locale,
  siteId: users.siteId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Users and sessions storage for sign-in. */
export function createAuthRepository(db: Db) {
  return {
    async findCredentials(
      email: string,
    ): Promise<{ user: UserRecord; passwordHash: string | null } | undefined> {
      const [row] = await db
        .select({ user: userColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async insertSession(session: {
      id: string;
      userId: number;
      createdAt: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<void> {
      await db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt });
    },

    async findSession(
      id: string,
    ): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: userColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      return row;
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Removes a user's sessions that ended (absolute expiry passed or idle since `idleCutoff`). */
    async deleteEndedSessions(userId: number, now: Date, idleCutoff: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)),
          ),
        );
    },
  };
}

/** The auth repository's interface. */
export type AuthRepository = ReturnType<typeof createAuthRepository>;
