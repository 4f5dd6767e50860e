import { ROLE_PRIORITY, ROLES, type Role } from './constants.ts';

/**
 * Whether `role` includes `required`. Roles form a ladder by priority (spec 001 §6): super admin ⊃ aggregator ⊃
 * advanced ⊃ basic ⊃ user, so a role has every right of the roles below it.
 */
export function hasRoleAtLeast(role: Role, required: Role): boolean {
  return ROLE_PRIORITY[role] >= ROLE_PRIORITY[required];
}

/** Whether `role` includes at least one of `allowed` (an empty list allows every role). */
export function hasAnyRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.length === 0 || allowed.some((required) => hasRoleAtLeast(role, required));
}

/**
 * The roles `role` implies, itself first, then downwards by priority (the user's `roles` list).
 *
 * Spec 001 §6 spells out the chain super admin → aggregator → advanced → basic. ROLE_USER (priority 0) is the
 * floor of that ladder: every account holds it, so it is implied by every role and `hasRole(user, 'ROLE_USER')`
 * means "signed in". Nothing in the specification distinguishes a basic user from "a user", while the priority
 * rules ("at least basic", "at least the role's priority") treat 0 as the bottom rung; the server's `roles` list
 * has always ended in ROLE_USER.
 */
export function impliedRoles(role: Role): Role[] {
  return ROLES.filter((other) => hasRoleAtLeast(role, other)).sort(
    (a, b) => ROLE_PRIORITY[b] - ROLE_PRIORITY[a],
  );
}

/** Anything that carries a role (a user, a session actor). */
export type RoleHolder = { readonly role: Role };

/** Whether the user holds `role` itself or through implication (see {@link impliedRoles}). */
export function hasRole(user: RoleHolder, role: Role): boolean {
  return impliedRoles(user.role).includes(role);
}

/**
 * Roles that may be given to a user through role management (spec 001 §6: "Assignable roles: user, basic,
 * advanced"). Aggregators and super admins are provisioned (seed, operations), never assigned in the product.
 */
export const ASSIGNABLE_ROLES = [
  'ROLE_USER',
  'ROLE_USER_BASIC',
  'ROLE_USER_ADVANCED',
] as const satisfies readonly Role[];
/** One of {@link ASSIGNABLE_ROLES}. */
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Whether `role` is one of {@link ASSIGNABLE_ROLES}. */
export function isAssignableRole(role: Role): role is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly Role[]).includes(role);
}

/**
 * Whether the role is an administrator's: aggregator or super admin. Managing users (verify, impersonate,
 * change company, delete: spec 001 §6 "Admin functions") belongs to the admin area, which spec 000 §6 gives to
 * these two roles only.
 */
export function isAdminRole(role: Role): boolean {
  return hasRoleAtLeast(role, 'ROLE_AGGREGATOR');
}

/**
 * Whether an actor with `actorRole` may manage users who hold `targetRole` (spec 001 §6): only when the actor's
 * priority is at least the role's, and ROLE_SUPER_ADMIN only by a super admin. On top of the specification the
 * actor must be an admin ({@link isAdminRole}): the priority rule alone would let a basic user manage basic users,
 * and role management is an admin function. Company scoping (an aggregator manages the users of their own
 * company) needs data the role does not carry and is the caller's check.
 */
export function canManageRole(actorRole: Role, targetRole: Role): boolean {
  if (!isAdminRole(actorRole)) return false;
  if (targetRole === 'ROLE_SUPER_ADMIN') return actorRole === 'ROLE_SUPER_ADMIN';
  return ROLE_PRIORITY[actorRole] >= ROLE_PRIORITY[targetRole];
}

/**
 * The roles an actor may give to a user, lowest first: the assignable roles the actor may manage. Both admin
 * roles get user, basic and advanced; everyone else gets none.
 */
export function assignableRolesFor(actorRole: Role): AssignableRole[] {
  return ASSIGNABLE_ROLES.filter((role) => canManageRole(actorRole, role));
}

/** Whether an actor with `actorRole` may give `role` to a user (see {@link assignableRolesFor}). */
export function canAssignRole(actorRole: Role, role: Role): boolean {
  return isAssignableRole(role) && canManageRole(actorRole, role);
}

/** A user as far as user-management rules are concerned. */
export type ManagedUser = RoleHolder & { readonly id: number };

/**
 * Whether `actor` may change `target`'s role to `newRole`: never their own, only for a target whose current role
 * the actor may manage, and only to a role the actor may assign.
 */
export function canChangeRole(actor: ManagedUser, target: ManagedUser, newRole: Role): boolean {
  return (
    actor.id !== target.id &&
    canManageRole(actor.role, target.role) &&
    canAssignRole(actor.role, newRole)
  );
}

/**
 * Whether `actor` may act as `target` (spec 001 §6, issue 3): the actor may manage the target's role — so never a
 * super admin by anyone but a super admin — and never themselves. Pass the real signed-in user as the actor, not
 * the one being impersonated.
 */
export function canImpersonate(actor: ManagedUser, target: ManagedUser): boolean {
  return actor.id !== target.id && canManageRole(actor.role, target.role);
}

/**
 * How to show a role: literal text, or a catalog key the UI translates. The super admin shows as
 * "<productName> OEM" in every language (spec 001 §6, glossary), so it needs no translation.
 */
export type RoleLabel =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'key'; readonly key: `roles.${Role}` };

/** The label of `role` on a site whose product name is `productName` (see {@link RoleLabel}). */
export function adminRoleLabel(role: Role, productName: string): RoleLabel {
  if (role === 'ROLE_SUPER_ADMIN')
    return { kind: 'text', text: `${productName.trim()} OEM`.trim() };
  return { kind: 'key', key: `roles.${role}` };
}
