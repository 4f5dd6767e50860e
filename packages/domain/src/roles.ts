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

/** The roles `role` implies, itself first, then downwards by priority (the user's `roles` list). */
export function impliedRoles(role: Role): Role[] {
  return ROLES.filter((other) => hasRoleAtLeast(role, other)).sort(
    (a, b) => ROLE_PRIORITY[b] - ROLE_PRIORITY[a],
  );
}
