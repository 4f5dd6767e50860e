import { hasRole, type RoleHolder } from '../roles.ts';
import { isInAppPath } from './app-path.ts';
import { SETUP_PATH } from './guard.ts';

/** Sidebar item types (spec 000 §3). */
export type LandingMenuItemType =
  'company' | 'location-group' | 'location' | 'device-group' | 'device';

/** The part of a sidebar menu item that landing needs; the real menu items satisfy it. */
export type LandingMenuItem = {
  readonly href?: string | null;
  readonly type: LandingMenuItemType;
  readonly children?: readonly LandingMenuItem[] | null;
};

/** Input of {@link landingTarget}. */
export type LandingInput = {
  readonly user: RoleHolder;
  /** The user's sidebar menu, top level first (spec 001 §7 GET /menu). */
  readonly menu: readonly LandingMenuItem[];
};

/** Where a super admin lands, and the aggregator's fallback: the company picker. */
export const OVERVIEW_PATH = '/overview';

/**
 * Where `/` sends the user (spec 000 §4):
 * - super admin → /overview;
 * - aggregator → the first sidebar entry, or /overview when the menu is empty (the company picker is theirs too);
 * - everyone below aggregator → the first location in the menu (depth first, so a location inside a company or
 *   group is found), or /setup when there is none. The table names basic users; advanced and plain users get the
 *   same rule because their menu holds the same kind of tree and /setup is where they add a location.
 * Only in-app absolute paths count as targets; an entry without one is skipped.
 */
export function landingTarget(input: LandingInput): string {
  const { user, menu } = input;
  if (hasRole(user, 'ROLE_SUPER_ADMIN')) return OVERVIEW_PATH;
  if (hasRole(user, 'ROLE_AGGREGATOR')) {
    const first = menu[0];
    return first && isInAppPath(first.href) ? first.href : OVERVIEW_PATH;
  }
  return firstLocationHref(menu) ?? SETUP_PATH;
}

function firstLocationHref(items: readonly LandingMenuItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'location' && isInAppPath(item.href)) return item.href;
    const below = firstLocationHref(item.children ?? []);
    if (below) return below;
  }
  return undefined;
}
