import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OidcErrorCode, oidcRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { OriginResolver } from '../accounts/links.ts';
import { clientOf, readToken, setSessionCookie, type CookiePolicy } from '../auth/auth.routes.ts';
import { requestHost } from '../site/site.routes.ts';
import type { SiteService } from '../site/site.service.ts';
import { OIDC_STATE_TTL_MS, type OidcService } from './oidc.service.ts';

/** Binds a started sign-in to the browser that started it (login CSRF defence). */
export const OIDC_STATE_COOKIE = 'ec_oidc';
const COOKIE_PATH = '/api/auth/oidc/';

/** Handlers of the JSON OIDC routes. */
export function oidcHandlers(oidc: OidcService): GroupHandlers<typeof oidcRoutes> {
  return {
    async providers() {
      return { providers: oidc.list() };
    },
  };
}

function loginWithError(reply: FastifyReply, error: OidcErrorCode): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .redirect(`/auth/login?${new URLSearchParams({ oidcError: error }).toString()}`, 302);
}

function one(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The browser-navigation endpoints of social sign-in (not JSON, so outside the contract; docs/decisions/0010):
 * GET /api/auth/oidc/:provider/start?redirect=… → 302 to the provider; GET /api/auth/oidc/:provider/callback →
 * session cookie and 302 to the redirect, or 302 to /auth/login?oidcError=<code>.
 */
export function registerOidcRedirects(
  app: FastifyInstance,
  deps: { oidc: OidcService; sites: SiteService; origin: OriginResolver; policy: CookiePolicy },
): void {
  const { oidc, sites, policy } = deps;
  const cookie = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: policy.secure,
  };

  app.get('/api/auth/oidc/:provider/start', async (request: FastifyRequest, reply) => {
    const providerId = one((request.params as Record<string, unknown>).provider) ?? '';
    const query = request.query as Record<string, unknown>;
    if (!oidc.has(providerId)) return loginWithError(reply, 'UNKNOWN_PROVIDER');
    const { site } = await sites.resolve({
      identifier: one(query.identifier)?.slice(0, 100),
      host: requestHost(request),
    });
    try {
      const { url, state } = await oidc.start(providerId, {
        redirect: one(query.redirect) ?? '/',
        origin: await deps.origin(request),
        siteId: site.id === 0 ? null : site.id,
      });
      reply.setCookie(OIDC_STATE_COOKIE, state, { ...cookie, maxAge: OIDC_STATE_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (error) {
      request.log.error({ err: error, provider: providerId }, 'social sign-in could not start');
      return loginWithError(reply, 'FAILED');
    }
  });

  app.get('/api/auth/oidc/:provider/callback', async (request: FastifyRequest, reply) => {
    const providerId = one((request.params as Record<string, unknown>).provider) ?? '';
    reply.clearCookie(OIDC_STATE_COOKIE, cookie);
    const result = await oidc.callback(providerId, {
      url: request.url,
      origin: await deps.origin(request),
      boundState: request.cookies[OIDC_STATE_COOKIE],
      client: clientOf(request),
      previousToken: readToken(request),
    });
    if (!result.ok) return loginWithError(reply, result.error);
    setSessionCookie(reply, policy, result.session);
    return reply.header('cache-control', 'no-store').redirect(result.redirect, 302);
  });
}
