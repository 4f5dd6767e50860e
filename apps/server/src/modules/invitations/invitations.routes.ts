import type { securityRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { InvitationsService } from './invitations.service.ts';

/** Handlers of the security (confirmation) routes. */
export function securityHandlers(
  invitations: InvitationsService,
): GroupHandlers<typeof securityRoutes> {
  return {
    async validateConfirmation({ actor, body }) {
      return invitations.validate(actor, body.data.id);
    },
  };
}
