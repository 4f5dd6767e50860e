import type { impersonationRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { ImpersonationService } from './impersonation.service.ts';

/** Handlers of the impersonation routes. */
export function impersonationHandlers(
  service: ImpersonationService,
): GroupHandlers<typeof impersonationRoutes> {
  return {
    async impersonate({ actor, body, request, reply }) {
      reply.header('cache-control', 'no-store');
      return { user: await service.impersonate(actor, body.data.userId, request.ip ?? null) };
    },

    async unimpersonate({ actor, request, reply }) {
      reply.header('cache-control', 'no-store');
      return { user: await service.unimpersonate(actor, request.ip ?? null) };
    },
  };
}
