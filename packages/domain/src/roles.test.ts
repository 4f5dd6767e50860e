import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './constants.ts';
import {
  ASSIGNABLE_ROLES,
  adminRoleLabel,
  assignableRolesFor,
  canAssignRole,
  canChangeRole,
  canImpersonate,
  canManageRole,
  hasAnyRole,
  hasRole,
  hasRoleAtLeast,
  impliedRoles,
  isAdminRole,
  isAssignableRole,
} from './roles.ts';

const S = 'ROLE_SUPER_ADMIN';
const A = 'ROLE_AGGREGATOR';
const ADV = 'ROLE_USER_ADVANCED';
const B = 'ROLE_USER_BASIC';
const U = 'ROLE_USER';

/** Expands a matrix written as `row role → [expected for U, B, ADV, A, S]` into test rows. */
function matrix(rows: Record<Role, [boolean, boolean, boolean, boolean, boolean]>) {
  return ROLES.flatMap((row) =>
    ROLES.map((column, i): [Role, Role, boolean] => [row, column, rows[row][i] as boolean]),
  );
}

describe('hasRoleAtLeast', () => {
  const table: [Role, Role, boolean][] = [
    [S, S, true],
    [S, A, true],
    [S, U, true],
    [A, S, false],
    [A, A, true],
    [A, ADV, true],
    [A, B, true],
    [ADV, A, false],
    [ADV, ADV, true],
    [ADV, B, true],
    [B, ADV, false],
    [B, B, true],
    [B, U, true],
    [U, B, false],
    [U, U, true],
  ];
  it.each(table)('%s has at least %s: %s', (role, required, expected) => {
    expect(hasRoleAtLeast(role, required)).toBe(expected);
  });
});

describe('hasAnyRole', () => {
  const table: [Role, Role[], boolean][] = [
    [U, [], true],
    [U, [B], false],
    [B, [A, B], true],
    [ADV, [S, A], false],
    [S, [A], true],
  ];
  it.each(table)('%s within %j: %s', (role, allowed, expected) => {
    expect(hasAnyRole(role, allowed)).toBe(expected);
  });
});

describe('impliedRoles', () => {
  const table: [Role, Role[]][] = [
    [S, [S, A, ADV, B, U]],
    [A, [A, ADV, B, U]],
    [ADV, [ADV, B, U]],
    [B, [B, U]],
    [U, [U]],
  ];
  it.each(table)('%s implies %j', (role, expected) => {
    expect(impliedRoles(role)).toEqual(expected);
  });
});

describe('hasRole (every role × every role)', () => {
  // Columns: U, B, ADV, A, S.
  const table = matrix({
    ROLE_USER: [true, false, false, false, false],
    ROLE_USER_BASIC: [true, true, false, false, false],
    ROLE_USER_ADVANCED: [true, true, true, false, false],
    ROLE_AGGREGATOR: [true, true, true, true, false],
    ROLE_SUPER_ADMIN: [true, true, true, true, true],
  });
  it.each(table)('a %s holds %s: %s', (role, required, expected) => {
    expect(hasRole({ role }, required)).toBe(expected);
  });
});

describe('ASSIGNABLE_ROLES and isAssignableRole', () => {
  it('are user, basic and advanced, lowest first', () => {
    expect(ASSIGNABLE_ROLES).toEqual([U, B, ADV]);
  });
  const table: [Role, boolean][] = [
    [U, true],
    [B, true],
    [ADV, true],
    [A, false],
    [S, false],
  ];
  it.each(table)('%s is assignable: %s', (role, expected) => {
    expect(isAssignableRole(role)).toBe(expected);
  });
});

describe('isAdminRole', () => {
  const table: [Role, boolean][] = [
    [U, false],
    [B, false],
    [ADV, false],
    [A, true],
    [S, true],
  ];
  it.each(table)('%s is an admin role: %s', (role, expected) => {
    expect(isAdminRole(role)).toBe(expected);
  });
});

describe('canManageRole (every actor × every target role)', () => {
  // Columns: U, B, ADV, A, S.
  const table = matrix({
    ROLE_USER: [false, false, false, false, false],
    ROLE_USER_BASIC: [false, false, false, false, false],
    ROLE_USER_ADVANCED: [false, false, false, false, false],
    ROLE_AGGREGATOR: [true, true, true, true, false],
    ROLE_SUPER_ADMIN: [true, true, true, true, true],
  });
  it.each(table)('%s manages %s: %s', (actor, target, expected) => {
    expect(canManageRole(actor, target)).toBe(expected);
  });
});

describe('assignableRolesFor', () => {
  const table: [Role, Role[]][] = [
    [U, []],
    [B, []],
    [ADV, []],
    [A, [U, B, ADV]],
    [S, [U, B, ADV]],
  ];
  it.each(table)('%s may assign %j', (actor, expected) => {
    expect(assignableRolesFor(actor)).toEqual(expected);
  });
});

describe('canAssignRole (every actor × every role)', () => {
  // Columns: U, B, ADV, A, S. Aggregator and super admin are never assigned, not even by a super admin.
  const table = matrix({
    ROLE_USER: [false, false, false, false, false],
    ROLE_USER_BASIC: [false, false, false, false, false],
    ROLE_USER_ADVANCED: [false, false, false, false, false],
    ROLE_AGGREGATOR: [true, true, true, false, false],
    ROLE_SUPER_ADMIN: [true, true, true, false, false],
  });
  it.each(table)('%s assigns %s: %s', (actor, role, expected) => {
    expect(canAssignRole(actor, role)).toBe(expected);
  });
});

describe('canChangeRole', () => {
  const table: [string, Role, Role, Role, boolean][] = [
    ['aggregator promotes a user to basic', A, U, B, true],
    ['aggregator promotes basic to advanced', A, B, ADV, true],
    ['aggregator demotes advanced to user', A, ADV, U, true],
    ['aggregator cannot make an aggregator', A, B, A, false],
    ['aggregator cannot touch a super admin', A, S, U, false],
    ['aggregator may demote another aggregator', A, A, ADV, true],
    ['super admin demotes an aggregator', S, A, B, true],
    ['super admin demotes a super admin to advanced', S, S, ADV, true],
    ['super admin cannot make a super admin', S, B, S, false],
    ['advanced cannot change anyone', ADV, U, B, false],
    ['basic cannot change anyone', B, U, B, false],
  ];
  it.each(table)('%s', (_name, actorRole, targetRole, newRole, expected) => {
    expect(canChangeRole({ id: 1, role: actorRole }, { id: 2, role: targetRole }, newRole)).toBe(
      expected,
    );
  });
  it.each(ROLES)('a %s never changes their own role', (role) => {
    expect(canChangeRole({ id: 7, role }, { id: 7, role }, U)).toBe(false);
  });
});

describe('canImpersonate (every actor × every target)', () => {
  // Columns: U, B, ADV, A, S: the target's role, for another user.
  const table = matrix({
    ROLE_USER: [false, false, false, false, false],
    ROLE_USER_BASIC: [false, false, false, false, false],
    ROLE_USER_ADVANCED: [false, false, false, false, false],
    ROLE_AGGREGATOR: [true, true, true, true, false],
    ROLE_SUPER_ADMIN: [true, true, true, true, true],
  });
  it.each(table)('%s impersonates another %s: %s', (actor, target, expected) => {
    expect(canImpersonate({ id: 1, role: actor }, { id: 2, role: target })).toBe(expected);
  });
  it.each(ROLES)('a %s never impersonates themselves', (role) => {
    expect(canImpersonate({ id: 3, role }, { id: 3, role })).toBe(false);
  });
});

describe('adminRoleLabel', () => {
  const table: [Role, string, ReturnType<typeof adminRoleLabel>][] = [
    [S, 'Solvera', { kind: 'text', text: 'Solvera OEM' }],
    [S, '  Energy Cloud ', { kind: 'text', text: 'Energy Cloud OEM' }],
    [S, '', { kind: 'text', text: 'OEM' }],
    [A, 'Solvera', { kind: 'key', key: 'roles.ROLE_AGGREGATOR' }],
    [ADV, 'Solvera', { kind: 'key', key: 'roles.ROLE_USER_ADVANCED' }],
    [B, 'Solvera', { kind: 'key', key: 'roles.ROLE_USER_BASIC' }],
    [U, 'Solvera', { kind: 'key', key: 'roles.ROLE_USER' }],
  ];
  it.each(table)('%s on %j → %j', (role, productName, expected) => {
    expect(adminRoleLabel(role, productName)).toEqual(expected);
  });
});
