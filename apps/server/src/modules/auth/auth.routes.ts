import type { FastifyReply, FastifyRequest } from 'fastify';
import { withoutControlCharacters, type authRoutes } from '@ec/contract';
import type { Authenticate, GroupHandlers } from '../../plugins/contract-routes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { type AuthService, type ClientInfo, type StartedSession } from './auth.service.ts';

/** The session cookie (docs/glossary.md: Session). */
export const SESSION_COOKIE = 'ec_session';

/** Cookie attributes: httpOnly, SameSite=Lax, Path=/, Secure when the public URL is https. */
export interface CookiePolicy {
  secure: boolean;
}

/** Attributes of the session cookie. */
export function cookieOptions(policy: CookiePolicy) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: policy.secure };
}

/** The session token the request carries, when it looks like one. */
export function readToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  // A real token is 43 base64url characters; anything else cannot match and is not worth a query.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** Sets the session cookie of a new session. */
export function setSessionCookie(
  reply: FastifyReply,
  policy: CookiePolicy,
  session: StartedSession,
): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...cookieOptions(policy),
    expires: session.expiresAt,
  });
}

/** Clears the session cookie. */
export function clearSessionCookie(reply: FastifyReply, policy: CookiePolicy): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(policy));
}

/**
 * IP and user agent of a request, as stored with a session. Control characters are dropped: Node's HTTP parser
 * refuses them in headers, but a proxy in front or an injected request may not, and PostgreSQL cannot store NUL.
 */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ? withoutControlCharacters(request.ip) : null,
    userAgent: userAgent === undefined ? null : withoutControlCharacters(userAgent),
  };
}

/** Resolves the request's session; a cookie that no longer names one is cleared. */
export function createAuthenticate(service: AuthService, policy: CookiePolicy): Authenticate {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request);
    const actor = token ? await service.resolve(token) : null;
    if (!actor && request.cookies[SESSION_COOKIE] !== undefined) {
      clearSessionCookie(reply, policy);
    }
    return actor;
  };
}

/** Handlers of the auth routes. */
export function authHandlers(
  service: AuthService,
  policy: CookiePolicy,
  audit: AuditService,
): GroupHandlers<typeof authRoutes> {
  return {
    async login({ body, request, reply }) {
      const { user, ...session } = await service.login(
        body.data,
        clientOf(request),
        readToken(request),
      );
      setSessionCookie(reply, policy, session);
      reply.header('cache-control', 'no-store');
      return { user: await service.describe(user) };
    },

    // Signing out also ends an impersonation (spec 001 §4); the stop goes to the audit log.
    async logout({ request, reply }) {
      const token = readToken(request);
      if (token) {
        const actor = await service.resolve(token);
        if (actor?.impersonator) {
          await audit.record('IMPERSONATION_STOP', actor.impersonator, actor.user, request.ip);
        }
        await service.logout(token);
      }
      clearSessionCookie(reply, policy);
      return {};
    },

    async user({ actor, reply }) {
      reply.header('cache-control', 'no-store');
      return { user: await service.describe(actor.user, actor.impersonator) };
    },
  };
}
