import { describe, expect, it } from 'vitest';
import type { Role } from './constants.ts';
import { hasAnyRole, hasRoleAtLeast, impliedRoles } from './roles.ts';

const S = 'ROLE_SUPER_ADMIN';
const A = 'ROLE_AGGREGATOR';
const ADV = 'ROLE_USER_ADVANCED';
const B = 'ROLE_USER_BASIC';
const U = 'ROLE_USER';

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
