import type { LocationInvitation, LocationUser } from '@ec/contract';
import { AppError, notFound, ruleBroken } from '../../errors.ts';
import { appLink } from '../accounts/links.ts';
import { fullNameOf, type Actor } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrgAccess } from '../org/org-access.ts';
import {
  accountSubject,
  type RateLimiter,
  type RateLimitRule,
} from '../rate-limit/rate-limit.service.ts';
import type { SiteService } from '../site/site.service.ts';
import type {
  LocationInvitationRecord,
  LocationUsersRepository,
} from './location-users.repository.ts';

/** How long an invitation can be accepted (and how far a resend extends it). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const HOUR = 60 * 60 * 1000;

/**
 * Invitation mail limits, like the other e-mail flows (modules/rate-limit): per address (hashed) and per inviting
 * user for new invitations, per invitation and per user for resends.
 */
export const INVITE_RATE_LIMITS = {
  invitePerAddress: { name: 'invite.address', limit: 3, windowMs: HOUR },
  invitePerUser: { name: 'invite.user', limit: 30, windowMs: HOUR },
  resendPerInvitation: { name: 'invite.resend', limit: 3, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Message keys of the location-users rules. */
export const LOCATION_USER_MESSAGES = {
  alreadyHasAccess: 'location_invite.already_has_access',
  alreadyPending: 'location_invite.already_pending',
  notPending: 'location_invite.not_pending',
  cannotRemoveOwner: 'location_users.cannot_remove_owner',
  grantedByGroup: 'location_users.granted_by_group',
  mailSendFailed: 'location_invite.email_error',
} as const;

const conflict = (message: string) => new AppError(409, 'CONFLICT', { message });
/** 502: the invitation mail could not be handed to the mail server (spec 001 §8 "error sending e-mail"). */
const mailSendFailed = () =>
  new AppError(502, 'MAIL_SEND_FAILED', { message: LOCATION_USER_MESSAGES.mailSendFailed });

/** The location's users (owner and grants), invitations by e-mail and removing access. */
export function createLocationUsersService(deps: {
  repo: LocationUsersRepository;
  access: OrgAccess;
  mail: MailService;
  sites: SiteService;
  limiter: RateLimiter;
  now?: () => Date;
}) {
  const { repo, access, mail, sites, limiter } = deps;
  const now = deps.now ?? (() => new Date());

  function toInvitation(row: LocationInvitationRecord): LocationInvitation {
    const expired = row.status === 'pending' && row.expiresAt <= now();
    return {
      id: row.id,
      email: row.email,
      status: expired ? 'expired' : row.status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
    };
  }

  /**
   * Sends the invite mail and waits until it went out: in the invitee's language when they have an account, else
   * the site's default. Throws 502 MAIL_SEND_FAILED when it could not be sent, so the inviter learns of it.
   */
  async function sendInvite(
    actor: Actor,
    invitation: LocationInvitationRecord,
    location: { name: string; companyId: number },
    siteId: number,
    origin: string,
  ): Promise<void> {
    const [site, recipient] = await Promise.all([
      sites.byId(siteId),
      repo.userByEmail(invitation.email),
    ]);
    const sent = mail.sendNow({
      kind: 'location_invite',
      to: invitation.email,
      // Sent on behalf of the location's company: its sender and DKIM key when it has them.
      companyId: location.companyId,
      locale: recipient?.locale ?? site.defaultLocale,
      site,
      origin,
      name: recipient?.firstName ?? '',
      actionUrl: appLink(origin, '/', site, {
        confirmationAction: 'LOCATION_INVITE',
        confirmationId: String(invitation.id),
      }),
      params: { locationName: location.name, inviterName: fullNameOf(actor.user) },
    });
    // The mail service logs the cause.
    await sent.catch(() => {
      throw mailSendFailed();
    });
  }

  /** An invitation and its location, when the actor may manage that location (404/403 otherwise). */
  async function managedInvitation(actor: Actor, id: number) {
    const invitation = await repo.invitationById(id);
    if (!invitation || invitation.locationId === null) throw notFound();
    const location = await access.requireLocation(actor, invitation.locationId, 'manage');
    return { invitation, location };
  }

  return {
    toInvitation,

    /** Users with access and the invitations (edit: the Manage Location area). */
    async list(actor: Actor, locationId: number) {
      const { row } = await access.requireLocation(actor, locationId, 'edit');
      const [users, invitations] = await Promise.all([
        repo.usersOf(row),
        repo.invitationsOf(locationId),
      ]);
      return {
        users: users.map((u): LocationUser => ({
          id: u.id,
          fullName: fullNameOf(u),
          email: u.email,
          actions: { view: u.view, edit: u.edit, manage: u.manage },
          owner: u.owner,
          viaGroup: u.viaGroup,
        })),
        invitations: invitations.map(toInvitation),
      };
    },

    /**
     * Invites an address (manage): 409 when a user with that address already has access or an unexpired
     * invitation is pending; a pending one past its time is marked expired and a new one made. Rate-limited.
     * When the mail cannot be sent, the new invitation is deleted again (nobody received it) and the answer is
     * 502 MAIL_SEND_FAILED.
     */
    async invite(actor: Actor, locationId: number, rawEmail: string, origin: string) {
      const location = await access.requireLocation(actor, locationId, 'manage');
      const email = rawEmail.trim().toLowerCase();
      const existing = await repo.userByEmail(email);
      if (existing) {
        const actions = await access.locationActions({ user: existing }, locationId);
        if (actions.view || actions.edit || actions.manage) {
          throw conflict(LOCATION_USER_MESSAGES.alreadyHasAccess);
        }
      }
      const at = now();
      const pending = await repo.pendingInvitation(locationId, email);
      if (pending && pending.expiresAt > at) throw conflict(LOCATION_USER_MESSAGES.alreadyPending);
      await limiter.consume(
        [INVITE_RATE_LIMITS.invitePerAddress, accountSubject(email)],
        [INVITE_RATE_LIMITS.invitePerUser, String(actor.user.id)],
      );
      if (pending) await repo.updateInvitation(pending.id, { status: 'expired' });
      const invitation = await repo.insertInvitation({
        email,
        locationId,
        locationName: location.row.name,
        invitedBy: actor.user.id,
        createdAt: at,
        expiresAt: new Date(at.getTime() + INVITATION_LIFETIME_MS),
        lastSentAt: at,
      });
      try {
        await sendInvite(actor, invitation, location.row, location.companySiteId, origin);
      } catch (error) {
        await repo.deleteInvitation(invitation.id);
        throw error;
      }
      return { invitation: toInvitation(invitation) };
    },

    /**
     * Sends a pending or expired invitation again, valid 7 days from now (manage). Rate-limited. The invitation
     * changes only once the mail went out: when it cannot be sent, it keeps its state and last-sent time and the
     * answer is 502 MAIL_SEND_FAILED.
     */
    async resend(actor: Actor, id: number, origin: string) {
      const { invitation, location } = await managedInvitation(actor, id);
      if (invitation.status !== 'pending' && invitation.status !== 'expired') {
        throw ruleBroken(LOCATION_USER_MESSAGES.notPending);
      }
      await limiter.consume(
        [INVITE_RATE_LIMITS.resendPerInvitation, String(invitation.id)],
        [INVITE_RATE_LIMITS.invitePerUser, String(actor.user.id)],
      );
      const at = now();
      // The link names the invitation by id, which does not change: the mail can go out before the update.
      await sendInvite(actor, invitation, location.row, location.companySiteId, origin);
      const updated = await repo.updateInvitation(id, {
        status: 'pending',
        expiresAt: new Date(at.getTime() + INVITATION_LIFETIME_MS),
        lastSentAt: at,
      });
      return { invitation: toInvitation(updated) };
    },

    /** Revokes a pending invitation (manage); its link stops working. */
    async revoke(actor: Actor, id: number) {
      const { invitation } = await managedInvitation(actor, id);
      if (invitation.status !== 'pending') throw ruleBroken(LOCATION_USER_MESSAGES.notPending);
      const updated = await repo.updateInvitation(id, { status: 'revoked', revokedAt: now() });
      return { invitation: toInvitation(updated) };
    },

    /**
     * Removes a user's own grant on the location (manage). The owner cannot be removed here; access that comes only
     * from a group grant is managed on the group. A user without access is 404.
     */
    async removeUser(actor: Actor, locationId: number, userId: number) {
      const { row } = await access.requireLocation(actor, locationId, 'manage');
      const user = (await repo.usersOf(row)).find((u) => u.id === userId);
      if (!user) throw notFound();
      if (user.owner) throw ruleBroken(LOCATION_USER_MESSAGES.cannotRemoveOwner);
      if (!user.direct) throw ruleBroken(LOCATION_USER_MESSAGES.grantedByGroup);
      await repo.deleteLocationGrant(locationId, userId);
    },
  };
}

/** The location-users service's interface. */
export type LocationUsersService = ReturnType<typeof createLocationUsersService>;
