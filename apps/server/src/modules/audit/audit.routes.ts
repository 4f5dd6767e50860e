import type { adminRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { AuditService } from './audit.service.ts';

/** Handlers of the admin routes. */
export function adminHandlers(audit: AuditService): GroupHandlers<typeof adminRoutes> {
  return {
    async auditLog({ query, reply }) {
      reply.header('cache-control', 'no-store');
      return audit.page(query.page, query.pageSize);
    },
  };
}
