// The row shape of `users` as the server reads it, shared by the repositories that read users (auth's and
// accounts'): each module keeps its own repository, and neither imports the other's (see eslint.config.js).
import { sql, users, type Db, type InferSelectModel, type SQL } from '@ec/db';

/** A user row as the server uses it: the password hash stays in the repositories, only whether there is one. */
export type UserRecord = Omit<InferSelectModel<typeof users>, 'passwordHash'> & {
  hasPassword: boolean;
};

/** The columns of a {@link UserRecord}, for every query that reads users. */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  locale: users.locale,
  siteId: users.siteId,
  companyId: users.companyId,
  type: users.type,
  emailVerifiedAt: users.emailVerifiedAt,
  countryCode: users.countryCode,
  themePreference: users.themePreference,
  spotRegionCode: users.spotRegionCode,
  spotRegionType: users.spotRegionType,
  marketingConsent: users.marketingConsent,
  marketingConsentAt: users.marketingConsentAt,
  privacyAcceptedAt: users.privacyAcceptedAt,
  termsAcceptedAt: users.termsAcceptedAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`.mapWith(Boolean),
};

/** A user with its password hash, for checking a password. */
export interface UserCredentials {
  user: UserRecord;
  passwordHash: string | null;
}

/** The one user that `where` (a condition on a unique column of `users`) finds, with its password hash. */
export async function findUserCredentials(
  db: Db,
  where: SQL,
): Promise<UserCredentials | undefined> {
  const [row] = await db
    .select({ user: userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(where)
    .limit(1);
  return row;
}
