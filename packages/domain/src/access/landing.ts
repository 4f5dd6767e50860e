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
  /** The entity behind the item (a location's id tells whether the user owns it). */
  readonly data?: { readonly entityId?: number } | null;
};

/** Input of {@link landingTarget}. */
export type LandingInput = {
  /** The user's role, and the locations they own (the session's `locations`), if known. */
  readonly user: RoleHolder & { readonly locations?: readonly { readonly id: number }[] };
  /** The user's sidebar menu, top level first (spec 001 §7 GET /menu). */
  readonly menu: readonly LandingMenuItem[];
};

/** Where a super admin lands, and the aggregator's fallback: the company picker. */
export const OVERVIEW_PATH = '/overview';

/**
 * Where `/` sends the user (spec 000 §4):
 * - super admin → /overview;
 * - aggregator → the first sidebar entry, or /overview when the menu is empty (the company picker is theirs too);
 * - everyone below aggregator → the first location they own in the menu, else the first location in the menu
 *   (depth first, so a location inside a company or group is found), or /setup when there is none. A user's own
 *   home comes before a location someone shared with them (the menu sorts by name, so a shared "Domžale" would
 *   otherwise win over one's own "Ljubljana"). The table names basic users; advanced and plain users get the
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
  const owned = new Set((user.locations ?? []).map((location) => location.id));
  return (
    firstLocationHref(
      menu,
      (item) => item.data?.entityId !== undefined && owned.has(item.data.entityId),
    ) ??
    firstLocationHref(menu, () => true) ??
    SETUP_PATH
  );
}

function firstLocationHref(
  items: readonly LandingMenuItem[],
  wanted: (item: LandingMenuItem) => boolean,
): string | undefined {
  for (const item of items) {
    if (item.type === 'location' && isInAppPath(item.href) && wanted(item)) return item.href;
    const below = firstLocationHref(item.children ?? [], wanted);
    if (below) return below;
  }
  return undefined;
}
