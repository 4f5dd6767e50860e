import { hasRole, type RoleHolder } from '../roles.ts';

/** Entity types with a permission list on the user (spec 000 §3, spec 001 §6). */
export const PERMISSION_ENTITY_TYPES = ['locations', 'locationGroups'] as const;
/** One of {@link PERMISSION_ENTITY_TYPES}: the key of the list in `user.permissions`. */
export type PermissionEntityType = (typeof PERMISSION_ENTITY_TYPES)[number];

/**
 * The action flags of a permission entry. The specification names no flags, so the set is ours:
 * - `view`: open the entity and read its data (overview, charts, reports, alarms);
 * - `edit`: change it: settings, structure, controllers and devices, pricing (the Manage Location area);
 * - `manage`: administer access and existence: invite and remove users, move, delete.
 *
 * Flags are independent and read literally ("reads its action flag"): `edit` does not imply `view`. The server
 * that writes the entries keeps them consistent (an editor also gets `view`).
 */
export const PERMISSION_ACTIONS = ['view', 'edit', 'manage'] as const;
/** One of {@link PERMISSION_ACTIONS}. */
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** One entry of a permission list: the entity's id, its company, and the granted actions (missing = not granted). */
export type PermissionEntry = {
  readonly id: number;
  readonly companyId?: number | null;
  readonly actions: Readonly<Partial<Record<PermissionAction, boolean>>>;
};

/** The user's permission lists by entity type; a missing or null list is empty. */
export type Permissions = Readonly<
  Partial<Record<PermissionEntityType, readonly PermissionEntry[] | null>>
>;

/** The parts of a user the access rules read (spec 001 §3 User). Everything but the role may be missing. */
export type AccessUser = RoleHolder & {
  /** Locations the user has (owns); each with at least its id. */
  readonly locations?: readonly { readonly id: number }[] | null;
  /** Controllers the user owns; each with at least its id. */
  readonly controllers?: readonly { readonly id: number }[] | null;
  readonly permissions?: Permissions | null;
};

/** The user's permission list for `entityType`, empty when missing (never a prototype property). */
export function permissionList(
  user: Pick<AccessUser, 'permissions'>,
  entityType: PermissionEntityType,
): readonly PermissionEntry[] {
  const permissions = user.permissions;
  if (!permissions || !Object.hasOwn(permissions, entityType)) return [];
  const list = permissions[entityType];
  return Array.isArray(list) ? list : [];
}

/**
 * The permission check (spec 001 §6): true for an aggregator (and so a super admin); otherwise the first entry
 * with the matching id in the list for `entityType`, and its `action` flag (only `true` grants). An aggregator
 * passes for every company's entities: scoping an aggregator to their companies is the server's data filter.
 */
export function hasPermission(
  user: Pick<AccessUser, 'role' | 'permissions'>,
  entityType: PermissionEntityType,
  id: number,
  action: PermissionAction,
): boolean {
  if (hasRole(user, 'ROLE_AGGREGATOR')) return true;
  const entry = permissionList(user, entityType).find((candidate) => candidate.id === id);
  return entry?.actions[action] === true;
}

/**
 * Whether the user may edit the location, which shows the Manage Location button (spec 000 §2, §6). The owner's
 * rights come through the permission list too: the server lists owned locations with every flag.
 */
export function canEditLocation(
  user: Pick<AccessUser, 'role' | 'permissions'>,
  locationId: number,
): boolean {
  return hasPermission(user, 'locations', locationId, 'edit');
}

/**
 * Whether the controller is one of the user's (spec 001 §6: "checked against the user's controllers"). This is
 * ownership, not an admin right: admins are not owners of every controller.
 */
export function ownsController(
  user: Pick<AccessUser, 'controllers'>,
  controllerId: number,
): boolean {
  return (user.controllers ?? []).some((controller) => controller.id === controllerId);
}
