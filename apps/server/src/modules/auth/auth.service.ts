import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from '@ec/contract';
import { canImpersonate, hasRole, impliedRoles, isSetUp } from '@ec/domain';
import { AppError, unauthenticated } from '../../errors.ts';
import type { Log } from '../../logger.ts';
import { RATE_LIMITS, accountSubject, type RateLimiter } from '../rate-limit/rate-limit.service.ts';
import type { AuthRepository, SessionRecord, UserRecord } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';

export type { UserRecord } from './auth.repository.ts';

/**
 * The user behind a request. Services take it as their first argument. While an administrator impersonates
 * someone, `user` is the impersonated user (everything acts as them) and `impersonator` the administrator.
 */
export interface Actor {
  user: UserRecord;
  sessionId: string;
  impersonator: UserRecord | null;
  /**
   * Set only on the system actor that background jobs act as ({@link systemActor} in system-actor.ts); a session
   * never has it. The access core gives it the reach of its site (docs/decisions/0018).
   */
  system?: true;
}

/** The real signed-in person: the impersonator while impersonating, else the user. */
export function realUser(actor: Actor): UserRecord {
  return actor.impersonator ?? actor.user;
}

/**
 * Whether `real` may act as `target` (docs/decisions/0012, docs/organisation.md "Admin"): the domain's
 * canImpersonate (never oneself, never a role one cannot manage), and the target in the real user's reach — the
 * same site, and for an aggregator the same company (an aggregator without a company reaches nobody).
 */
export function mayImpersonate(real: UserRecord, target: UserRecord): boolean {
  return inImpersonationReach(real, target) && canImpersonate(real, target);
}

/** Whether `target` is in the reach of the administrator `real` (see {@link mayImpersonate}). */
export function inImpersonationReach(real: UserRecord, target: UserRecord): boolean {
  if (target.siteId !== real.siteId) return false;
  if (hasRole(real, 'ROLE_SUPER_ADMIN')) return true;
  return (
    hasRole(real, 'ROLE_AGGREGATOR') &&
    real.companyId !== null &&
    target.companyId === real.companyId
  );
}

/** Session lifetimes from the configuration. */
export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

/** Where a sign-in came from, kept with the session for the user's overview of their sessions. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A new session: the cookie token (never stored) and its absolute end. */
export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;
const USER_AGENT_MAX = 512;

/** The stored id of a session token: its SHA-256, hex. */
export function sessionIdFor(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user's display name: first and last name, or the e-mail when both are empty. */
export function fullNameOf(user: Pick<UserRecord, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** What the organisation grants a user (the org access core's `permissionsOf`). */
export type UserAccess = Pick<AuthUser, 'permissions' | 'locations' | 'controllers'>;

/** No locations, controllers or permission entries. */
export const NO_ACCESS: UserAccess = {
  permissions: { locations: [], locationGroups: [] },
  locations: [],
  controllers: [],
};

/**
 * The user as the API shows it, with what the organisation grants them; `isSetUp` is the domain rule over it.
 * Use the auth service's `describe`, which loads the access.
 */
export function toAuthUser(
  user: UserRecord,
  impersonator: UserRecord | null = null,
  access: UserAccess = NO_ACCESS,
): AuthUser {
  const { permissions, locations, controllers } = access;
  const spotRegion =
    user.spotRegionCode && user.spotRegionType
      ? { code: user.spotRegionCode, type: user.spotRegionType }
      : null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullNameOf(user),
    role: user.role,
    roles: impliedRoles(user.role),
    locale: user.locale,
    siteId: user.siteId,
    companyId: user.companyId,
    type: user.type,
    hasPassword: user.hasPassword,
    verified: user.emailVerifiedAt !== null,
    permissions,
    locations,
    controllers,
    marketingConsent: user.marketingConsent,
    countryCode: user.countryCode,
    spotRegion,
    eicCode: spotRegion,
    themePreference: user.themePreference,
    isSetUp: isSetUp({ role: user.role, locations, controllers, permissions }),
    impersonation: impersonator
      ? { active: true, by: { id: impersonator.id, fullName: fullNameOf(impersonator) } }
      : null,
  };
}

/** What the auth service needs besides its repository. */
export interface AuthServiceOptions extends SessionPolicy {
  limiter: RateLimiter;
  log: Log;
  /**
   * What the organisation grants a user (default: nothing); while `impersonator` acts as the user, only what lies
   * in the impersonator's reach.
   */
  userAccess?: (user: UserRecord, impersonator: UserRecord | null) => Promise<UserAccess>;
}

/** Sign-in, session lookup and sign-out. */
export function createAuthService(repo: AuthRepository, options: AuthServiceOptions) {
  const { limiter, log } = options;
  const userAccess = options.userAccess ?? (async () => NO_ACCESS);
  const idleMs = options.idleMinutes * 60_000;
  const maxMs = options.maxDays * 86_400_000;
  // Verifying against a real hash when the e-mail is unknown keeps both failures equally slow.
  let dummyHash: Promise<string> | undefined;
  /** Sessions whose last-seen time is being written now. */
  const touching = new Set<string>();

  function hasEnded(session: SessionRecord, now: Date): boolean {
    return session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() >= idleMs;
  }

  async function startSession(
    userId: number,
    client: ClientInfo,
    previousToken: string | undefined,
  ): Promise<StartedSession> {
    if (previousToken) await repo.deleteSession(sessionIdFor(previousToken));
    const now = new Date();
    await repo.deleteEndedSessions(userId, now, new Date(now.getTime() - idleMs));
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + maxMs);
    await repo.insertSession({
      id: sessionIdFor(token),
      userId,
      createdAt: now,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    return { token, expiresAt };
  }

  return {
    /** The user as the API shows it, with their locations, controllers and permission lists. */
    async describe(user: UserRecord, impersonator: UserRecord | null = null): Promise<AuthUser> {
      return toAuthUser(user, impersonator, await userAccess(user, impersonator));
    },

    /**
     * Checks e-mail and password and starts a new session (a fresh random token: the previous session, if the
     * client had one, is ended, so a planted session id is never promoted). Both a wrong e-mail and a wrong
     * password give 401 `login.invalid_credentials` and are logged with the IP; the right password on an
     * unverified account gives 403 EMAIL_NOT_VERIFIED. Failed attempts are rate-limited per IP and account.
     */
    async login(
      input: { email: string; password: string },
      client: ClientInfo,
      previousToken: string | undefined,
    ): Promise<StartedSession & { user: UserRecord }> {
      const email = input.email.trim().toLowerCase();
      const ip = client.ip ?? 'unknown';
      // The attempt is counted before the password is judged (atomically, so parallel guesses never get more than
      // the limit evaluated); a right password gives it back, so only failures use up the limit (ADR 0009).
      const attempt = await limiter.acquire(
        [RATE_LIMITS.loginFailuresPerIpAndAccount, `${ip}:${accountSubject(email)}`],
        [RATE_LIMITS.loginFailuresPerIp, ip],
      );
      let found: Awaited<ReturnType<AuthRepository['findCredentials']>>;
      let valid = false;
      try {
        found = await repo.findCredentials(email);
        dummyHash ??= hashPassword('timing-equaliser-not-a-password');
        if (found?.passwordHash) {
          valid = await verifyPassword(found.passwordHash, input.password);
        } else {
          await verifyPassword(await dummyHash, input.password);
        }
      } catch (error) {
        // Not judged (e.g. the database failed): the attempt is not a failure.
        await attempt.release();
        throw error;
      }
      if (!found || !valid) {
        log.warn({ ip: client.ip, email, known: found !== undefined }, 'failed sign-in');
        throw unauthenticated('login.invalid_credentials');
      }
      await attempt.release();
      if (found.user.emailVerifiedAt === null) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', { message: 'login.email_not_verified' });
      }
      const session = await startSession(found.user.id, client, previousToken);
      return { ...session, user: found.user };
    },

    /** Starts a session for a user who proved who they are another way (OpenID Connect). */
    startSession,

    /** The actor for a session token, or null when it is unknown, idle too long or past its absolute lifetime. */
    async resolve(token: string): Promise<Actor | null> {
      const id = sessionIdFor(token);
      const row = await repo.findSession(id);
      if (!row) return null;
      const now = new Date();
      if (hasEnded(row.session, now)) {
        await repo.deleteSession(id);
        return null;
      }
      // One touch per session at a time: requests that arrive while it runs would only queue on the same row lock.
      if (
        now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS &&
        !touching.has(id)
      ) {
        touching.add(id);
        try {
          await repo.touchSession(id, now);
        } finally {
          touching.delete(id);
        }
      }
      const targetId = row.session.impersonatedUserId;
      const target = targetId === null ? undefined : await repo.findUser(targetId);
      // The rule is checked again on every request: an administrator who lost the right (demoted, moved to another
      // company, or the target was promoted or moved) stops acting as the target at once.
      if (target && mayImpersonate(row.user, target)) {
        return { user: target, sessionId: id, impersonator: row.user };
      }
      if (target) {
        // Ended for good, so it does not come back should the rule hold again later.
        await repo.setImpersonation(id, null);
        log.warn(
          { userId: row.user.id, targetId: target.id },
          'impersonation ended: no longer allowed',
        );
      }
      return { user: row.user, sessionId: id, impersonator: null };
    },

    /** Ends the session of a token (nothing happens for an unknown one). */
    async logout(token: string): Promise<void> {
      await repo.deleteSession(sessionIdFor(token));
    },

    /** Makes the session act as `targetId`, or as its own user again with null. */
    async setImpersonation(sessionId: string, targetId: number | null): Promise<void> {
      await repo.setImpersonation(sessionId, targetId);
    },

    /** Ends every session of the user but `keepSessionId` (all of them without it). */
    async endSessions(userId: number, keepSessionId?: string): Promise<void> {
      await repo.deleteUserSessions(userId, keepSessionId);
    },

    /** The user's sessions, newest first (for the data export). */
    async sessionsOf(userId: number): Promise<SessionRecord[]> {
      return repo.listSessions(userId);
    },

    /** A user by id (for impersonation targets). */
    async findUser(id: number): Promise<UserRecord | undefined> {
      return repo.findUser(id);
    },
  };
}

/** The auth service's interface. */
export type AuthService = ReturnType<typeof createAuthService>;
