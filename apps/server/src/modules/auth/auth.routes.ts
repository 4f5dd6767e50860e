import type { FastifyReply, FastifyRequest } from 'fastify';
import type { authRoutes } from '@ec/contract';
import { unauthenticated } from '../../errors.ts';
import type { Authenticate, GroupHandlers } from '../../plugins/contract-routes.ts';
import { toAuthUser, type AuthService } from './auth.service.ts';

/** The session cookie (docs/glossary.md: Session). */
export const SESSION_COOKIE = 'ec_session';

/** Cookie attributes: httpOnly, SameSite=Lax, Path=/, Secure when the public URL is https. */
export interface CookiePolicy {
  secure: boolean;
}

function cookieOptions(policy: CookiePolicy) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: policy.secure };
}

function readToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  // A real token is 43 base64url characters; anything else cannot match and is not worth a query.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

/** Resolves the request's session; a cookie that no longer names one is cleared. */
export function createAuthenticate(service: AuthService, policy: CookiePolicy): Authenticate {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request);
    const actor = token ? await service.resolve(token) : null;
    if (!actor && request.cookies[SESSION_COOKIE] !== undefined) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions(policy));
    }
    return actor;
  };
}

/** Handlers of the auth routes. */
export function authHandlers(
  service: AuthService,
  policy: CookiePolicy,
): GroupHandlers<typeof authRoutes> {
  return {
    async login({ body, request, reply }) {
      const { token, expiresAt, user } = await service.login(
        body.data,
        { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
        readToken(request),
      );
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(policy), expires: expiresAt });
      reply.header('cache-control', 'no-store');
      return { user: toAuthUser(user) };
    },

    async logout({ request, reply }) {
      const token = readToken(request);
      if (token) await service.logout(token);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(policy));
      return {};
    },

    async user({ actor, reply }) {
      if (!actor) throw unauthenticated();
      reply.header('cache-control', 'no-store');
      return { user: toAuthUser(actor.user) };
    },
  };
}
