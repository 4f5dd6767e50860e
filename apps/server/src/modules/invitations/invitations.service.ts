import { AppError, forbidden, ruleBroken } from '../../errors.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { InvitationsRepository } from './invitations.repository.ts';

/** The message every failed confirmation shows (spec 001 §8: "the generic location_invite.error text"). */
export const INVITE_ERROR = 'location_invite.error';

/** The confirmation flow for location invitations (spec 001 §2). */
export function createInvitationsService(
  repo: InvitationsRepository,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  return {
    /**
     * Accepts a pending, unexpired invitation addressed to the signed-in user's e-mail, grants `view` on its
     * location (in the same transaction) and answers the location as it is now. Another address's invitation,
     * unknown ids and locations of another site give 404; expired, revoked or already used ones 422; both with
     * location_invite.error. Confirming again an invitation this user already confirmed answers the location again
     * (the link may be opened twice). Never while impersonating: 403 impersonation.not_while_impersonating.
     */
    async validate(actor: Actor, id: number) {
      // Accepting is the user's own declaration (docs/decisions/0012): an administrator acting as the user may
      // not give them access anywhere, least of all in another company.
      if (actor.impersonator) throw forbidden('impersonation.not_while_impersonating');
      const invitation = await repo.findById(id);
      if (!invitation || invitation.email !== actor.user.email) {
        throw new AppError(404, 'NOT_FOUND', { message: INVITE_ERROR });
      }
      const current =
        invitation.locationId === null ? undefined : await repo.locationOf(invitation.locationId);
      if (current && current.siteId !== actor.user.siteId) {
        throw new AppError(404, 'NOT_FOUND', { message: INVITE_ERROR });
      }
      const location = current
        ? { id: current.id, name: current.name }
        : { id: invitation.locationId, name: invitation.locationName };
      if (invitation.status === 'confirmed' && invitation.confirmedBy === actor.user.id) {
        return { location };
      }
      if (invitation.status !== 'pending') throw ruleBroken(INVITE_ERROR);
      const at = now();
      if (invitation.expiresAt <= at) {
        await repo.expire(invitation.id);
        throw ruleBroken(INVITE_ERROR);
      }
      if (!(await repo.accept(invitation.id, actor.user.id, at))) throw ruleBroken(INVITE_ERROR);
      return { location };
    },

    /** Invitations addressed to an e-mail (for the data export). */
    async forEmail(email: string) {
      const rows = await repo.forEmail(email);
      return rows.map((row) => ({
        id: row.id,
        locationName: row.locationName,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

/** The invitations service's interface. */
export type InvitationsService = ReturnType<typeof createInvitationsService>;
