import type { FastifyRequest } from 'fastify';
import type { accountRoutes } from '@ec/contract';
import { AppError } from '../../errors.ts';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import { clearSessionCookie, type CookiePolicy } from '../auth/auth.routes.ts';
import { requestHost } from '../site/site.routes.ts';
import type { SiteService } from '../site/site.service.ts';
import type { AccountsService, RequestContext } from './accounts.service.ts';
import type { OriginResolver } from './links.ts';

/** Handlers of the account routes. */
export function accountHandlers(deps: {
  accounts: AccountsService;
  sites: SiteService;
  origin: OriginResolver;
  policy: CookiePolicy;
}): GroupHandlers<typeof accountRoutes> {
  const { accounts, sites, policy } = deps;
  const context = async (request: FastifyRequest): Promise<RequestContext> => ({
    ip: request.ip ?? null,
    origin: await deps.origin(request),
  });

  return {
    async register({ body, query, request, reply }) {
      const { site } = await sites.resolve({
        identifier: query.identifier,
        host: requestHost(request),
      });
      // Before the first seed only the built-in default site exists, which has no row to attach users to.
      if (site.id === 0) throw new AppError(503, 'SERVICE_UNAVAILABLE');
      reply.header('cache-control', 'no-store');
      return accounts.register(body.data, site, await context(request));
    },

    async verifyEmail({ body, reply }) {
      reply.header('cache-control', 'no-store');
      return { status: await accounts.verifyEmail(body.data.token) };
    },

    async resendVerification({ body, request }) {
      await accounts.resendVerification(body.data.email, await context(request));
      return {};
    },

    async forgottenPassword({ body, request }) {
      await accounts.forgottenPassword(body.data.email, await context(request));
      return {};
    },

    async resetPassword({ body, request }) {
      await accounts.resetPassword(body.data, await context(request));
      return {};
    },

    async changePassword({ actor, body, request }) {
      await accounts.changePassword(actor, body.data, await context(request));
      return {};
    },

    async updateUser({ actor, body, reply }) {
      reply.header('cache-control', 'no-store');
      return { user: await accounts.updateUser(actor, body.data) };
    },

    async exportUser({ actor, reply }) {
      const data = await accounts.exportUser(actor);
      const day = data.exportedAt.slice(0, 10);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="account-data-${day}.json"`);
      return data;
    },

    async deleteUser({ actor, body, request, reply }) {
      await accounts.deleteUser(actor, body.data.password, await context(request));
      clearSessionCookie(reply, policy);
      return {};
    },
  };
}
