import type { AuthUser } from '@ec/contract';
import { canImpersonate } from '@ec/domain';
import { forbidden, notFound } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import {
  inImpersonationReach,
  realUser,
  type Actor,
  type AuthService,
} from '../auth/auth.service.ts';
import { isSystemActor } from '../auth/system-actor.ts';

/**
 * Acting as another user (spec 001 §6, §7). The session keeps its own user (the administrator) and records whom
 * it acts as; every start and stop goes to the audit log.
 */
export function createImpersonationService(deps: { auth: AuthService; audit: AuditService }) {
  const { auth, audit } = deps;
  return {
    /**
     * Starts acting as `userId`. The rule is the domain's canImpersonate, checked for the real signed-in user
     * (never a super admin by anyone else, never oneself). Only users in the real user's reach (docs/organisation.md
     * "Admin"): a super admin the users of their site, an aggregator the users of their own company. Everyone else
     * answers 404, like an unknown id.
     */
    async impersonate(actor: Actor, userId: number, ip: string | null): Promise<AuthUser> {
      // The system actor (a job) is no person and has no session to act through (docs/decisions/0018).
      if (isSystemActor(actor)) throw forbidden('impersonation.not_allowed');
      const real = realUser(actor);
      const target = await auth.findUser(userId);
      if (!target) throw notFound();
      if (!inImpersonationReach(real, target)) throw notFound();
      if (!canImpersonate(real, target)) throw forbidden('impersonation.not_allowed');
      if (actor.impersonator && actor.user.id !== target.id) {
        await audit.record('IMPERSONATION_STOP', real, actor.user, ip);
      }
      await auth.setImpersonation(actor.sessionId, target.id);
      if (actor.user.id !== target.id) await audit.record('IMPERSONATION_START', real, target, ip);
      return auth.describe(target, real);
    },

    /** Stops an impersonation and answers the real user (also when none was active). */
    async unimpersonate(actor: Actor, ip: string | null): Promise<AuthUser> {
      if (!actor.impersonator) return auth.describe(actor.user);
      await auth.setImpersonation(actor.sessionId, null);
      await audit.record('IMPERSONATION_STOP', actor.impersonator, actor.user, ip);
      return auth.describe(actor.impersonator);
    },
  };
}

/** The impersonation service's interface. */
export type ImpersonationService = ReturnType<typeof createImpersonationService>;
