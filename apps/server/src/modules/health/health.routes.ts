import type { healthRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';

/** Handlers of the health route: 200 ok/up, or 503 degraded/down when the database does not answer. */
export function healthHandlers(ping: () => Promise<void>): GroupHandlers<typeof healthRoutes> {
  return {
    async health({ request, reply }) {
      reply.header('cache-control', 'no-store');
      try {
        await ping();
        return { status: 'ok', database: 'up' };
      } catch (error) {
        request.log.warn({ err: error }, 'health: database ping failed');
        reply.code(503);
        return { status: 'degraded', database: 'down' };
      }
    },
  };
}
