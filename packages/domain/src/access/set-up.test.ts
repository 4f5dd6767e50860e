import { describe, expect, it } from 'vitest';
import type { Role } from '../constants.ts';
import type { AccessUser } from './permissions.ts';
import { isSetUp } from './set-up.ts';

const LOCATION = [{ id: 1 }];
const ENTRY = [{ id: 1, actions: { view: true } }];

describe('isSetUp (spec 001 §6)', () => {
  const table: [string, AccessUser, boolean][] = [
    ['super admin with nothing', { role: 'ROLE_SUPER_ADMIN' }, true],
    ['aggregator with nothing', { role: 'ROLE_AGGREGATOR' }, true],
    [
      'aggregator with empty lists',
      { role: 'ROLE_AGGREGATOR', locations: [], permissions: {} },
      true,
    ],
    ['advanced with a location', { role: 'ROLE_USER_ADVANCED', locations: LOCATION }, true],
    ['advanced with nothing', { role: 'ROLE_USER_ADVANCED' }, false],
    ['basic with a location', { role: 'ROLE_USER_BASIC', locations: LOCATION }, true],
    [
      'basic with a location permission',
      { role: 'ROLE_USER_BASIC', permissions: { locations: ENTRY } },
      true,
    ],
    [
      'basic with a location permission granting nothing still "can access" it by the list',
      { role: 'ROLE_USER_BASIC', permissions: { locations: [{ id: 1, actions: {} }] } },
      true,
    ],
    [
      'basic with only a location-group permission',
      { role: 'ROLE_USER_BASIC', permissions: { locationGroups: ENTRY } },
      false,
    ],
    [
      'basic with empty lists',
      { role: 'ROLE_USER_BASIC', locations: [], permissions: { locations: [] } },
      false,
    ],
    [
      'basic with null lists',
      { role: 'ROLE_USER_BASIC', locations: null, permissions: null },
      false,
    ],
    ['basic with nothing', { role: 'ROLE_USER_BASIC' }, false],
    ['plain user with a location', { role: 'ROLE_USER', locations: LOCATION }, false],
    [
      'plain user with a location permission',
      { role: 'ROLE_USER', permissions: { locations: ENTRY } },
      false,
    ],
    ['plain user with nothing', { role: 'ROLE_USER' }, false],
  ];
  it.each(table)('%s → %s', (_name, user, expected) => {
    expect(isSetUp(user)).toBe(expected);
  });

  it.each<Role>(['ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'])(
    'a %s becomes set up by either list alone',
    (role) => {
      expect(isSetUp({ role, locations: LOCATION, permissions: { locations: [] } })).toBe(true);
      expect(isSetUp({ role, locations: [], permissions: { locations: ENTRY } })).toBe(true);
    },
  );
});
