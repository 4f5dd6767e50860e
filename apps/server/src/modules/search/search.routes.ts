import type { searchRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { SearchService } from './search.service.ts';

/** Handlers of the admin search routes. */
export function searchHandlers(service: SearchService): GroupHandlers<typeof searchRoutes> {
  return {
    async users({ actor, query, reply }) {
      reply.header('cache-control', 'no-store');
      return service.users(actor, query);
    },
    async locations({ actor, query, reply }) {
      reply.header('cache-control', 'no-store');
      return service.locations(actor, query);
    },
    async controllers({ actor, query, reply }) {
      reply.header('cache-control', 'no-store');
      return service.controllers(actor, query);
    },
    async devices({ actor, query, reply }) {
      reply.header('cache-control', 'no-store');
      return service.devices(actor, query);
    },
  };
}
