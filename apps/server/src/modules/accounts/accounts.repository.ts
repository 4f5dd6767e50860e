import {
  and,
  eq,
  isNull,
  users,
  userTokens,
  type Db,
  type InferInsertModel,
  type InferSelectModel,
  type UserTokenPurpose,
} from '@ec/db';
import {
  findUserCredentials,
  userColumns,
  type UserCredentials,
  type UserRecord,
} from '../auth/user-rows.ts';

/** A one-time token row (its id is the SHA-256 of the token). */
export type UserTokenRecord = InferSelectModel<typeof userTokens>;

/** Columns a new account is created with. */
export type NewUser = Omit<InferInsertModel<typeof users>, 'id' | 'createdAt' | 'updatedAt'>;

/** Changeable profile columns. */
export type UserChanges = Partial<
  Pick<
    InferInsertModel<typeof users>,
    | 'firstName'
    | 'lastName'
    | 'locale'
    | 'countryCode'
    | 'themePreference'
    | 'spotRegionCode'
    | 'spotRegionType'
    | 'marketingConsent'
    | 'marketingConsentAt'
    | 'emailVerifiedAt'
    | 'passwordHash'
  >
>;

/** Accounts and one-time tokens. */
export function createAccountsRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserCredentials | undefined> {
      return findUserCredentials(db, eq(users.email, email));
    },

    async findById(id: number): Promise<UserCredentials | undefined> {
      return findUserCredentials(db, eq(users.id, id));
    },

    /** Inserts an account; throws a unique violation when the e-mail is taken. */
    async insertUser(user: NewUser): Promise<UserRecord> {
      const [row] = await db.insert(users).values(user).returning(userColumns);
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    async updateUser(id: number, changes: UserChanges): Promise<UserRecord | undefined> {
      const [row] = await db
        .update(users)
        .set(changes)
        .where(eq(users.id, id))
        .returning(userColumns);
      return row;
    },

    async deleteUser(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    async insertToken(token: {
      id: string;
      userId: number;
      purpose: UserTokenPurpose;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(userTokens).values(token);
    },

    async findToken(id: string, purpose: UserTokenPurpose): Promise<UserTokenRecord | undefined> {
      const [row] = await db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.id, id), eq(userTokens.purpose, purpose)))
        .limit(1);
      return row;
    },

    /** Marks a token used, only if it was not; false when another request used it first. */
    async useToken(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: at })
        .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
        .returning({ id: userTokens.id });
      return rows.length === 1;
    },

    /** Marks every unused token of the user with that purpose used (older links stop working). */
    async useAllTokens(userId: number, purpose: UserTokenPurpose, at: Date): Promise<void> {
      await db
        .update(userTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(userTokens.userId, userId),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
          ),
        );
    },
  };
}

/** The accounts repository's interface. */
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
