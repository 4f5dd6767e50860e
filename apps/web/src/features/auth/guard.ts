import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { AuthUser } from '@ec/contract';
import {
  guardDecision,
  landingTarget,
  SETUP_PATH,
  SIGN_IN_PATH,
  type GuardDecision,
  type LandingMenuItem,
} from '@ec/domain';
import { queryOf, withConfirmationQuery } from '../../shared/routing/confirmation-query.ts';
import { currentUserQueryOptions } from './api/auth-api.ts';
import { loginUrlFor } from './redirect-target.ts';

/** Whether the app has a page at an in-app path (not the not-found catch-all). */
export type RouteExists = (path: string) => boolean;

/**
 * Where the guard sends a navigation to `path` (with its query), or null to let it proceed: `guardDecision` from
 * @ec/domain (spec 000 §4, spec 001 §2). /setup belongs to a later issue: while the app has no page there, a user
 * who is not set up is judged like a set-up user (so role lists still apply) and the main layout says why
 * (README "Users who are not set up"). Redirects to `/` and `/setup` keep the confirmation parameters of the path
 * (an invitation link opened by a user who is not set up yet, or on a page their role may not open).
 */
export function guardRedirect(
  path: string,
  user: AuthUser | null,
  routeExists: RouteExists,
): string | null {
  let decision: GuardDecision = guardDecision({ path, user });
  if (decision.kind === 'redirect' && decision.to === SETUP_PATH && !routeExists(SETUP_PATH)) {
    decision = guardDecision({ path, user, isSetUp: true });
  }
  if (decision.kind === 'allow') return null;
  if (decision.to === SIGN_IN_PATH) return loginUrlFor(decision.returnTo);
  return withConfirmationQuery(decision.to, queryOf(path));
}

/**
 * Route guard for signed-in pages: loads the user (or uses the one the start sequence loaded) and applies
 * `guardDecision` from @ec/domain to the requested path with its query — so `?confirmationAction=…` survives the
 * detour through sign-in. Resolves to the user, or throws the redirect.
 */
export async function guardRoute(
  queryClient: QueryClient,
  request: Request,
  routeExists: RouteExists,
): Promise<AuthUser | null> {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions());
  const url = new URL(request.url);
  const to = guardRedirect(`${url.pathname}${url.search}${url.hash}`, user, routeExists);
  if (to !== null) throw redirect(to);
  return user;
}

/**
 * Where `/` sends the signed-in user (spec 000 §4, `landingTarget` from @ec/domain with the sidebar menu), or null
 * to show the home page. A target the app has no page for is not followed. The query is kept (confirmation
 * links).
 */
export function landingRedirect(
  user: AuthUser,
  search: string,
  routeExists: RouteExists,
  menu: readonly LandingMenuItem[] = [],
): string | null {
  const target = landingTarget({ user, menu });
  if (target === '/' || !routeExists(target)) return null;
  return `${target}${search}`;
}
