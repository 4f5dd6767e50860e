import { matchesPattern, parseAppPath } from './app-path.ts';
import type { AccessUser } from './permissions.ts';
import { roleMayOpen, routeAccessFor } from './route-access.ts';
import { isSetUp as userIsSetUp } from './set-up.ts';

/** Where the sign-in page is (spec 001 §2). */
export const SIGN_IN_PATH = '/auth/login';
/** Where users who are not set up are sent (spec 001 §2). */
export const SETUP_PATH = '/setup';

/**
 * Pages a user who is not set up may still open (besides public pages such as /auth/token-validation, which the
 * guard never redirects). The specification forces /setup at app start and on the overview; the user area, the
 * support and privacy pages and the external integrations stay reachable so that the sidebar's User settings
 * button, account deletion and data download, and the setup page's link to connect external services
 * (spec 001 §2) work before the first location exists.
 */
export const SETUP_EXEMPT_PATTERNS: readonly string[] = [
  '/setup/*',
  '/user/*',
  '/external/integrations/*',
  '/privacy-policy',
  '/support',
];

/** What the guard does with a navigation. */
export type GuardDecision =
  | { readonly kind: 'allow' }
  /** Not signed in; `returnTo` is the normalised intended path (with query and hash) to open after sign-in. */
  | { readonly kind: 'redirect'; readonly to: typeof SIGN_IN_PATH; readonly returnTo: string }
  | { readonly kind: 'redirect'; readonly to: '/' }
  | { readonly kind: 'redirect'; readonly to: typeof SETUP_PATH };

/** Input of {@link guardDecision}. */
export type GuardInput = {
  /** The in-app path being opened, optionally with query and hash. */
  readonly path: string;
  /** The signed-in user, or null when signed out. */
  readonly user: AccessUser | null;
  /** Whether the user is set up, when the caller knows better (a server answer); default {@link isSetUp}. */
  readonly isSetUp?: boolean;
};

/**
 * The route guard (spec 000 §4, spec 001 §2 and §4), in this order:
 * 1. public pages (all of /auth, unknown paths) are allowed to everyone;
 * 2. signed out → /auth/login with the intended path;
 * 3. not set up → /setup, except on {@link SETUP_EXEMPT_PATTERNS} and for roles that may not open /setup (so an
 *    inconsistent "not set up" aggregator can never loop between / and /setup);
 * 4. a role outside the page's list → /;
 * 5. otherwise allowed.
 * The set-up check comes before the role check: a user who is not set up ends on /setup either way, in one hop.
 */
export function guardDecision(input: GuardInput): GuardDecision {
  const access = routeAccessFor(input.path);
  if (access.kind === 'public') return { kind: 'allow' };
  const { user } = input;
  if (!user)
    return { kind: 'redirect', to: SIGN_IN_PATH, returnTo: parseAppPath(input.path).target };
  const setUp = input.isSetUp ?? userIsSetUp(user);
  if (!setUp && !isSetupExempt(input.path) && roleMayOpen(user.role, routeAccessFor(SETUP_PATH))) {
    return { kind: 'redirect', to: SETUP_PATH };
  }
  if (!roleMayOpen(user.role, access)) return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}

/** Whether a user who is not set up may stay on `path` (see {@link SETUP_EXEMPT_PATTERNS}). */
export function isSetupExempt(path: string): boolean {
  const { segments } = parseAppPath(path);
  return SETUP_EXEMPT_PATTERNS.some((pattern) => matchesPattern(pattern, segments));
}
