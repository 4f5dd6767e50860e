import type { Role } from '../constants.ts';
import { matchesPattern, parseAppPath, patternSpecificity } from './app-path.ts';

/**
 * Who may open a page: anyone; any signed-in user; or signed-in users whose own role is in the list. Role lists
 * are explicit and compared with the user's own role, not with the roles it implies: /setup is for basic users
 * but not for aggregators, although an aggregator implies basic (spec 000 §6).
 */
export type RouteAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'roles'; readonly roles: readonly Role[] };

/** One row of {@link ROUTE_ACCESS}: `/a/b` is that page only, `/a/b/*` the page and everything below it. */
export type RouteAccessRule = { readonly pattern: string; readonly access: RouteAccess };

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signed-in' };
const ADMINS: RouteAccess = { kind: 'roles', roles: ['ROLE_SUPER_ADMIN', 'ROLE_AGGREGATOR'] };
const SUPER_ADMIN: RouteAccess = { kind: 'roles', roles: ['ROLE_SUPER_ADMIN'] };

/**
 * The pages of spec 000 §2 and who may open them (spec 000 §6 roles table; routes without a permission list need
 * only sign-in). The most specific matching pattern wins.
 *
 * - /overview (company picker), /admin (search), /settings/global and /time-of-use: super admin and aggregator.
 * - /pricing-plans (predefined price lists) and /admin/jobs (the job queue's dead-letter list): super admin only.
 * - /setup: every role below aggregator. The table says "basic user yes, aggregator no, super admin no"; advanced
 *   users hold the basic role, and users who are not set up — plain ROLE_USER accounts always, basic and
 *   advanced users without a location — are forced to /setup (spec 001 §2), so they must be able to open it.
 * - /auth/*: public (spec 000 §2). /dev/mailbox: public, so a registration can be verified before signing in;
 *   the server decides whether the mailbox exists at all (issue 3).
 * - /privacy-policy and /support inside the main layout: signed in (the public copies live under /auth).
 */
export const ROUTE_ACCESS: readonly RouteAccessRule[] = [
  { pattern: '/auth/*', access: PUBLIC },
  { pattern: '/dev/mailbox/*', access: PUBLIC },
  { pattern: '/', access: SIGNED_IN },
  { pattern: '/overview/*', access: ADMINS },
  { pattern: '/admin/*', access: ADMINS },
  { pattern: '/admin/jobs/*', access: SUPER_ADMIN },
  { pattern: '/external/*', access: SIGNED_IN },
  { pattern: '/locations/*', access: SIGNED_IN },
  { pattern: '/location-groups/*', access: SIGNED_IN },
  { pattern: '/companies/*', access: SIGNED_IN },
  { pattern: '/pricing/*', access: SIGNED_IN },
  { pattern: '/time-of-use/*', access: ADMINS },
  { pattern: '/user/*', access: SIGNED_IN },
  { pattern: '/pricing-plans/*', access: SUPER_ADMIN },
  {
    pattern: '/setup/*',
    access: { kind: 'roles', roles: ['ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'] },
  },
  { pattern: '/settings/global/*', access: ADMINS },
  { pattern: '/privacy-policy', access: SIGNED_IN },
  { pattern: '/support', access: SIGNED_IN },
];

/**
 * Access for a path no rule matches. Unknown paths show the not-found page with a link home (spec 000 §2), which
 * needs no sign-in and reveals nothing.
 */
export const UNKNOWN_ROUTE_ACCESS: RouteAccess = PUBLIC;

/** The most specific rule of `rules` matching `path` (query and hash ignored), if any. */
export function matchRouteAccess(
  path: string,
  rules: readonly RouteAccessRule[] = ROUTE_ACCESS,
): RouteAccessRule | undefined {
  const { segments } = parseAppPath(path);
  let best: RouteAccessRule | undefined;
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, segments)) continue;
    if (!best || patternSpecificity(rule.pattern) > patternSpecificity(best.pattern)) best = rule;
  }
  return best;
}

/** Who may open `path` (see {@link ROUTE_ACCESS}, {@link UNKNOWN_ROUTE_ACCESS}). */
export function routeAccessFor(path: string): RouteAccess {
  return matchRouteAccess(path)?.access ?? UNKNOWN_ROUTE_ACCESS;
}

/** Whether a signed-in user with `role` satisfies `access` (own role in the list; see {@link RouteAccess}). */
export function roleMayOpen(role: Role, access: RouteAccess): boolean {
  return access.kind !== 'roles' || access.roles.includes(role);
}
