import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../constants.ts';
import {
  ROUTE_ACCESS,
  UNKNOWN_ROUTE_ACCESS,
  matchRouteAccess,
  roleMayOpen,
  routeAccessFor,
  type RouteAccess,
} from './route-access.ts';

const ADMINS: RouteAccess = { kind: 'roles', roles: ['ROLE_SUPER_ADMIN', 'ROLE_AGGREGATOR'] };

describe('ROUTE_ACCESS', () => {
  it('has each pattern once', () => {
    const patterns = ROUTE_ACCESS.map((rule) => rule.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('unknown paths are public (the not-found page)', () => {
    expect(UNKNOWN_ROUTE_ACCESS).toEqual({ kind: 'public' });
  });
});

describe('routeAccessFor', () => {
  const table: [string, RouteAccess][] = [
    ['/auth/login', { kind: 'public' }],
    ['/auth/token-validation?token=x', { kind: 'public' }],
    ['/dev/mailbox', { kind: 'public' }],
    ['/no/such/page', { kind: 'public' }],
    ['/settings', { kind: 'public' }],
    ['/', { kind: 'signed-in' }],
    ['/?confirmationAction=LOCATION_INVITE&confirmationId=3', { kind: 'signed-in' }],
    ['/locations/5/manage/pricing/plans/create', { kind: 'signed-in' }],
    ['/pricing/price-lists', { kind: 'signed-in' }],
    ['/overview', ADMINS],
    ['/OVERVIEW/', ADMINS],
    ['/admin/search/users', ADMINS],
    ['/admin/jobs', { kind: 'roles', roles: ['ROLE_SUPER_ADMIN'] }],
    ['/admin/jobs/?page=2', { kind: 'roles', roles: ['ROLE_SUPER_ADMIN'] }],
    ['/settings/global/companies/1/overview', ADMINS],
    ['/time-of-use', ADMINS],
    ['/pricing-plans/configs/3', { kind: 'roles', roles: ['ROLE_SUPER_ADMIN'] }],
    [
      '/setup/devices',
      { kind: 'roles', roles: ['ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'] },
    ],
    // Dot segments cannot make a guarded page look public.
    ['/auth/../pricing-plans', { kind: 'roles', roles: ['ROLE_SUPER_ADMIN'] }],
  ];
  it.each(table)('%s → %j', (path, expected) => {
    expect(routeAccessFor(path)).toEqual(expected);
  });
});

describe('matchRouteAccess', () => {
  it('prefers the most specific pattern, whatever the order of the rules', () => {
    const rules = [
      { pattern: '/a/*', access: { kind: 'signed-in' } },
      { pattern: '/a/b/*', access: { kind: 'public' } },
      { pattern: '/a/b', access: ADMINS },
    ] as const;
    expect(matchRouteAccess('/a/b', rules)?.pattern).toBe('/a/b');
    expect(matchRouteAccess('/a/b/c', rules)?.pattern).toBe('/a/b/*');
    expect(matchRouteAccess('/a/x', rules)?.pattern).toBe('/a/*');
    expect(matchRouteAccess('/x', rules)).toBeUndefined();
  });
});

describe('the dead-letter list (/admin/jobs)', () => {
  it('opens for super admins only, although the rest of /admin is open to aggregators', () => {
    const access = routeAccessFor('/admin/jobs');
    expect(roleMayOpen('ROLE_SUPER_ADMIN', access)).toBe(true);
    expect(roleMayOpen('ROLE_AGGREGATOR', access)).toBe(false);
    expect(roleMayOpen('ROLE_USER_ADVANCED', access)).toBe(false);
    expect(roleMayOpen('ROLE_AGGREGATOR', routeAccessFor('/admin/search/users'))).toBe(true);
  });
});

describe('roleMayOpen (own role, no implication)', () => {
  const setup: RouteAccess = {
    kind: 'roles',
    roles: ['ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'],
  };
  const table: [Role, RouteAccess, boolean][] = [
    ...ROLES.map((role): [Role, RouteAccess, boolean] => [role, { kind: 'signed-in' }, true]),
    ...ROLES.map((role): [Role, RouteAccess, boolean] => [role, { kind: 'public' }, true]),
    ['ROLE_AGGREGATOR', setup, false],
    ['ROLE_SUPER_ADMIN', setup, false],
    ['ROLE_USER_BASIC', setup, true],
    ['ROLE_SUPER_ADMIN', { kind: 'roles', roles: ['ROLE_USER_BASIC'] }, false],
    ['ROLE_USER_ADVANCED', ADMINS, false],
  ];
  it.each(table)('%s on %j: %s', (role, access, expected) => {
    expect(roleMayOpen(role, access)).toBe(expected);
  });
});
