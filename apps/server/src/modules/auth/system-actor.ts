// The actor background jobs act as. Services take an actor as their first argument (docs/architecture.md §3); a job
// has no session, so it passes this one instead of inventing a user. Its reach is defined here and in the access
// core (org-access.ts `scopeOf`), and tested in org-access.test.ts (docs/decisions/0018).
import type { Actor, UserRecord } from './auth.service.ts';

/** The user id of the system actor: no `users` row has it (identity ids start at 1), so nothing can sign in as it. */
export const SYSTEM_USER_ID = 0;

/** How the system actor is named where a person would be (audit entries, logs). */
export const SYSTEM_ACTOR_NAME = 'system';

const CREATED = new Date(0);

/**
 * The system actor of one site. Reach: every company of that site, with every action (the access core's `site`
 * scope, like a super admin of the site), and nothing of any other site: a job that works for several sites takes
 * one system actor per site. It is no person: no session (it cannot sign in, and no request ever resolves to it),
 * no password, no impersonation (either way), no account of its own (profile, password, export, deletion find no
 * user), and audit entries name it "system" with no user id.
 */
export function systemActor(siteId: number): Actor {
  const user: UserRecord = {
    id: SYSTEM_USER_ID,
    email: SYSTEM_ACTOR_NAME,
    firstName: SYSTEM_ACTOR_NAME,
    lastName: '',
    // The role only matters to code that reads roles directly (the domain's role rules); the access core gives
    // the system actor its site scope whatever the role says.
    role: 'ROLE_SUPER_ADMIN',
    locale: 'en',
    siteId,
    companyId: null,
    type: 'PROVISIONED',
    emailVerifiedAt: null,
    countryCode: null,
    themePreference: 'auto',
    spotRegionCode: null,
    spotRegionType: null,
    marketingConsent: null,
    marketingConsentAt: null,
    privacyAcceptedAt: null,
    termsAcceptedAt: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    hasPassword: false,
  };
  return Object.freeze({
    user: Object.freeze(user),
    sessionId: '',
    impersonator: null,
    system: true as const,
  });
}

/** Whether the actor is the system actor (a job), not a person. */
export function isSystemActor(actor: Pick<Actor, 'system'>): boolean {
  return actor.system === true;
}

/** Whether a user record is the system actor's (audit entries name it instead of linking a user). */
export function isSystemUser(user: Pick<UserRecord, 'id'>): boolean {
  return user.id === SYSTEM_USER_ID;
}
