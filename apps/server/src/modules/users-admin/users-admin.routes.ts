import type { usersAdminRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { OriginResolver } from '../accounts/links.ts';
import type { UsersAdminService } from './users-admin.service.ts';

/** Handlers of the user-management routes. */
export function usersAdminHandlers(deps: {
  service: UsersAdminService;
  origin: OriginResolver;
}): GroupHandlers<typeof usersAdminRoutes> {
  const { service, origin } = deps;
  return {
    async list({ actor, params, query, reply }) {
      reply.header('cache-control', 'no-store');
      return service.list(actor, params.id, query);
    },
    async get({ actor, params, reply }) {
      reply.header('cache-control', 'no-store');
      return { user: await service.get(actor, params.id) };
    },
    async create({ actor, body, request }) {
      return service.create(actor, body.data, await origin(request));
    },
    async update({ actor, params, body }) {
      return { user: await service.update(actor, params.id, body.data) };
    },
    async verify({ actor, params }) {
      return { user: await service.verify(actor, params.id) };
    },
    async changeCompany({ actor, params, body }) {
      return { user: await service.changeCompany(actor, params.id, body.data.companyId) };
    },
    async remove({ actor, params }) {
      await service.remove(actor, params.id);
      return {};
    },
  };
}
