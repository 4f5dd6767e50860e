import {
  and,
  desc,
  eq,
  lt,
  ne,
  or,
  sessions,
  sql,
  users,
  type Db,
  type InferSelectModel,
} from '@ec/db';
import {
  findUserCredentials,
  userColumns,
  type UserCredentials,
  type UserRecord,
} from './user-rows.ts';

export {
  findUserCredentials,
  userColumns,
  type UserCredentials,
  type UserRecord,
} from './user-rows.ts';

/** A session row. */
export type SessionRecord = InferSelectModel<typeof sessions>;

/** Users and sessions storage for sign-in. */
export function createAuthRepository(db: Db) {
  // Asked on every request with a session cookie: built once and prepared by name, so neither the query builder
  // nor PostgreSQL's parser and planner run per request.
  const findSessionQuery = db
    .select({ session: sessions, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_find_session');

  return {
    async findCredentials(email: string): Promise<UserCredentials | undefined> {
      return findUserCredentials(db, eq(users.email, email));
    },

    async findUser(id: number): Promise<UserRecord | undefined> {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
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
      const [row] = await findSessionQuery.execute({ id });
      return row;
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async setImpersonation(id: string, impersonatedUserId: number | null): Promise<void> {
      await db.update(sessions).set({ impersonatedUserId }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Deletes every session of the user, except `keepId` when given. */
    async deleteUserSessions(userId: number, keepId?: string): Promise<void> {
      await db
        .delete(sessions)
        .where(
          keepId === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.id, keepId)),
        );
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

    async listSessions(userId: number): Promise<SessionRecord[]> {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt));
    },
  };
}

/** The auth repository's interface. */
export type AuthRepository = ReturnType<typeof createAuthRepository>;
