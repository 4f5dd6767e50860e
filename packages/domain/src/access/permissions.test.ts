import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../constants.ts';
import {
  PERMISSION_ACTIONS,
  PERMISSION_ENTITY_TYPES,
  canEditLocation,
  hasPermission,
  ownsController,
  permissionList,
  type AccessUser,
  type PermissionAction,
  type PermissionEntityType,
  type Permissions,
} from './permissions.ts';

const permissions: Permissions = {
  locations: [
    { id: 10, companyId: 1, actions: { view: true, edit: true, manage: false } },
    { id: 11, companyId: 1, actions: { view: true } },
    { id: 12, actions: {} },
    // A second entry for the same id is ignored: the first one found decides.
    { id: 11, companyId: 1, actions: { view: true, edit: true, manage: true } },
  ],
  locationGroups: [{ id: 20, companyId: 2, actions: { view: true, manage: true } }],
};

function user(role: Role, perms: Permissions | null | undefined = permissions): AccessUser {
  return { role, permissions: perms };
}

describe('PERMISSION_ENTITY_TYPES and PERMISSION_ACTIONS', () => {
  it('name the two permission lists and three actions', () => {
    expect(PERMISSION_ENTITY_TYPES).toEqual(['locations', 'locationGroups']);
    expect(PERMISSION_ACTIONS).toEqual(['view', 'edit', 'manage']);
  });
});

describe('hasPermission: aggregators and super admins pass everything', () => {
  const table = (['ROLE_AGGREGATOR', 'ROLE_SUPER_ADMIN'] as const).flatMap((role) =>
    PERMISSION_ENTITY_TYPES.flatMap((type) =>
      PERMISSION_ACTIONS.map((action): [Role, PermissionEntityType, PermissionAction] => [
        role,
        type,
        action,
      ]),
    ),
  );
  it.each(table)('%s may %s/999 %s without any entry', (role, type, action) => {
    expect(hasPermission(user(role, null), type, 999, action)).toBe(true);
  });
});

describe('hasPermission: everyone else reads the entry flag', () => {
  const table: [string, Role, PermissionEntityType, number, PermissionAction, boolean][] = [
    ['flag true', 'ROLE_USER_BASIC', 'locations', 10, 'edit', true],
    ['flag false', 'ROLE_USER_BASIC', 'locations', 10, 'manage', false],
    ['flag missing', 'ROLE_USER_BASIC', 'locations', 11, 'edit', false],
    ['no flags at all', 'ROLE_USER_BASIC', 'locations', 12, 'view', false],
    ['first entry decides', 'ROLE_USER_BASIC', 'locations', 11, 'manage', false],
    ['entry missing', 'ROLE_USER_BASIC', 'locations', 99, 'view', false],
    ['group entry', 'ROLE_USER_ADVANCED', 'locationGroups', 20, 'manage', true],
    ['group flag missing', 'ROLE_USER_ADVANCED', 'locationGroups', 20, 'edit', false],
    ['location id in the group list', 'ROLE_USER_BASIC', 'locationGroups', 10, 'view', false],
    ['group id in the location list', 'ROLE_USER_BASIC', 'locations', 20, 'view', false],
    ['plain user with an entry', 'ROLE_USER', 'locations', 10, 'view', true],
    ['advanced user, flag true', 'ROLE_USER_ADVANCED', 'locations', 10, 'view', true],
  ];
  it.each(table)('%s: %s %s/%i %s → %s', (_name, role, type, id, action, expected) => {
    expect(hasPermission(user(role), type, id, action)).toBe(expected);
  });
});

describe('hasPermission: missing or odd lists deny', () => {
  const odd: [string, Permissions | null | undefined][] = [
    ['no permissions', undefined],
    ['null permissions', null],
    ['empty object', {}],
    ['null list', { locations: null }],
    ['not a list', { locations: 'all' } as unknown as Permissions],
  ];
  it.each(odd)('%s', (_name, perms) => {
    const who: AccessUser = { role: 'ROLE_USER_BASIC', permissions: perms };
    expect(hasPermission(who, 'locations', 10, 'view')).toBe(false);
  });

  it('a user without the permissions field at all', () => {
    expect(hasPermission({ role: 'ROLE_USER_BASIC' }, 'locations', 10, 'view')).toBe(false);
  });

  it('reads only own lists, never inherited ones', () => {
    const inherited = Object.create({
      locations: [{ id: 10, actions: { view: true } }],
    }) as Permissions;
    const who: AccessUser = { role: 'ROLE_USER_BASIC', permissions: inherited };
    expect(permissionList(who, 'locations')).toEqual([]);
    expect(hasPermission(who, 'locations', 10, 'view')).toBe(false);
  });

  it('only a real true grants (a truthy string from loose JSON does not)', () => {
    const loose = { locations: [{ id: 10, actions: { view: 'yes' } }] } as unknown as Permissions;
    expect(hasPermission(user('ROLE_USER_BASIC', loose), 'locations', 10, 'view')).toBe(false);
  });
});

describe('canEditLocation (Manage Location button)', () => {
  const table: [Role, number, boolean][] = [
    ['ROLE_SUPER_ADMIN', 99, true],
    ['ROLE_AGGREGATOR', 99, true],
    ['ROLE_USER_ADVANCED', 10, true],
    ['ROLE_USER_BASIC', 10, true],
    ['ROLE_USER_BASIC', 11, false],
    ['ROLE_USER_BASIC', 99, false],
    ['ROLE_USER', 11, false],
    // The group with id 20 grants nothing on a location with id 20.
    ['ROLE_USER_BASIC', 20, false],
  ];
  it.each(table)('%s edits location %i: %s', (role, id, expected) => {
    expect(canEditLocation(user(role), id)).toBe(expected);
  });
});

describe('ownsController', () => {
  const owner: AccessUser = { role: 'ROLE_USER_BASIC', controllers: [{ id: 1 }, { id: 2 }] };
  const table: [string, AccessUser, number, boolean][] = [
    ['own controller', owner, 2, true],
    ['someone else’s', owner, 3, false],
    ['no controllers', { role: 'ROLE_USER_BASIC' }, 1, false],
    ['null controllers', { role: 'ROLE_USER_BASIC', controllers: null }, 1, false],
  ];
  it.each(table)('%s', (_name, who, id, expected) => {
    expect(ownsController(who, id)).toBe(expected);
  });
  it.each(ROLES)('a %s owns only listed controllers (no admin bypass)', (role) => {
    const who: AccessUser = { role, controllers: [{ id: 1 }] };
    expect(ownsController(who, 9)).toBe(false);
    expect(ownsController(who, 1)).toBe(true);
  });
});
