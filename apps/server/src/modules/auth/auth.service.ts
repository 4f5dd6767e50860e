import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from '@ec/contract';
import { impliedRoles } from '@ec/domain';
import { unauthenticated } from '../../errors.ts';
import type { AuthRepository, SessionRecord, UserRecord } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** The signed-in user behind a request. Services take it as their first argument. */
export interface Actor {
  user: UserRecord;
  sessionId: string;
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

/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;
const USER_AGENT_MAX = 512;

/** The stored id of a session token: its SHA-256, hex. */
export function sessionIdFor(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user as the API shows it. */
export function toAuthUser(user: UserRecord): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    role: user.role,
    roles: impliedRoles(user.role),
    locale: user.locale,
    siteId: user.siteId,
  };
}

/** Sign-in, session lookup and sign-out. */
export function createAuthService(repo: AuthRepository, policy: SessionPolicy) {
  const idleMs = policy.idleMinutes * 60_000;
  const maxMs = policy.maxDays * 86_400_000;
  // Verifying against a real hash when the e-mail is unknown keeps both failures equally slow.
  let dummyHash: Promise<string> | undefined;

  function hasEnded(session: SessionRecord, now: Date): boolean {
    return session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() >= idleMs;
  }

  return {
    /**
     * Checks e-mail and password and starts a new session (a fresh random token: the previous session, if the
     * client had one, is ended, so a planted session id is never promoted). Both a wrong e-mail and a wrong
     * password give 401 `login.invalid_credentials`.
     */
    async login(
      input: { email: string; password: string },
      client: ClientInfo,
      previousToken: string | undefined,
    ): Promise<{ token: string; expiresAt: Date; user: UserRecord }> {
      const found = await repo.findCredentials(input.email.trim().toLowerCase());
      dummyHash ??= hashPassword('timing-equaliser-not-a-password');
      let valid = false;
      if (found?.passwordHash) {
        valid = await verifyPassword(found.passwordHash, input.password);
      } else {
        await verifyPassword(await dummyHash, input.password);
      }
      if (!found || !valid) throw unauthenticated('login.invalid_credentials');

      if (previousToken) await repo.deleteSession(sessionIdFor(previousToken));
      const now = new Date();
      await repo.deleteEndedSessions(found.user.id, now, new Date(now.getTime() - idleMs));
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + maxMs);
      await repo.insertSession({
        id: sessionIdFor(token),
        userId: found.user.id,
        createdAt: now,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      });
      return { token, expiresAt, user: found.user };
    },

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
      if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repo.touchSession(id, now);
      }
      return { user: row.user, sessionId: id };
    },

    /** Ends the session of a token (nothing happens for an unknown one). */
    async logout(token: string): Promise<void> {
      await repo.deleteSession(sessionIdFor(token));
    },
  };
}

/** The auth service's interface. */
export type AuthService = ReturnType<typeof createAuthService>;
