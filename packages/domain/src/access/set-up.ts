import { hasRole } from '../roles.ts';
import { permissionList, type AccessUser } from './permissions.ts';

/**
 * Whether the user is set up (spec 001 §6), i.e. need not be sent to /setup: an aggregator or super admin; or a
 * user with at least the basic role who can access some location — has locations, or a non-empty locations
 * permission list (location groups alone do not count). The specification's third way, "or is super admin", is
 * already covered by the first rule. A plain ROLE_USER is never set up.
 */
export function isSetUp(user: AccessUser): boolean {
  if (hasRole(user, 'ROLE_AGGREGATOR')) return true;
  if (!hasRole(user, 'ROLE_USER_BASIC')) return false;
  return (user.locations ?? []).length > 0 || permissionList(user, 'locations').length > 0;
}
