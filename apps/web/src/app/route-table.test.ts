import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeAccessFor } from '@ec/domain';
import type { RouteHandle } from '../shared/routing/route-handle.ts';
import { createAppRoutes, MAIN_PAGES_ID } from './router.tsx';

// Every page of spec 000 §2 (and the set-up pages of spec 001 §2) has a route with a title, under the guarded main
// layout, with the access rule of spec 000 §6.

const app = createAppRoutes(new QueryClient());
await app.complete();
const routes: RouteObject[] = app.routes;

const LOCATION_SUBTREE = [
  '',
  '/reports',
  '/charts',
  '/strategies',
  '/strategies/3',
  '/summary',
  '/flexibility',
  '/pricing-plans',
  '/category/2',
  '/manage',
  '/manage/settings',
  '/manage/users',
  '/manage/structure',
  '/manage/oem-devices',
  '/manage/oem-devices/5',
  '/manage/oem-devices/5/devices/6',
  '/manage/pricing',
  '/manage/pricing/price-lists',
  '/manage/pricing/price-lists/create',
  '/manage/pricing/price-lists/8',
  '/manage/pricing/plans',
  '/manage/pricing/plans/create',
  '/manage/pricing/plans/9',
  '/manage/pricing/spot-market',
  '/device-groups/4',
  '/device-groups/4/devices/6',
];

const PAGES: [string, 'signed-in' | 'admins' | 'super admin' | 'below aggregator'][] = [
  ['/overview', 'admins'],
  ['/admin/search/users', 'admins'],
  ['/admin/search/locations', 'admins'],
  ['/admin/search/oem-devices', 'admins'],
  ['/admin/search/devices', 'admins'],
  ['/external/integrations', 'signed-in'],
  ['/external/integrations/moj-elektro/data', 'signed-in'],
  ['/external/integrations/moj-elektro/calculations', 'signed-in'],
  ['/external/integrations/moj-elektro/comparison-charts', 'signed-in'],
  ['/external/integrations/moj-elektro/battery', 'signed-in'],
  ['/external/integrations/moj-elektro/solar', 'signed-in'],
  ['/external/integrations/moj-elektro/management', 'signed-in'],
  ...LOCATION_SUBTREE.map((p): [string, 'signed-in'] => [`/locations/1${p}`, 'signed-in']),
  ...LOCATION_SUBTREE.map((p): [string, 'signed-in'] => [
    `/location-groups/2/locations/1${p}`,
    'signed-in',
  ]),
  ...LOCATION_SUBTREE.map((p): [string, 'signed-in'] => [
    `/companies/3/location-groups/2/locations/1${p}`,
    'signed-in',
  ]),
  ['/location-groups/2/flexibility', 'signed-in'],
  ['/location-groups/2/summary', 'signed-in'],
  ['/location-groups/2/charts', 'signed-in'],
  ['/companies/3/integrated-devices', 'signed-in'],
  ['/companies/3/location-groups/2/flexibility', 'signed-in'],
  ['/companies/3/location-groups/2/summary', 'signed-in'],
  ['/companies/3/location-groups/2/charts', 'signed-in'],
  ['/pricing', 'signed-in'],
  ['/pricing/price-lists', 'signed-in'],
  ['/pricing/price-lists/create', 'signed-in'],
  ['/pricing/price-lists/4', 'signed-in'],
  ['/pricing/spot-market', 'signed-in'],
  ['/pricing/plans', 'signed-in'],
  ['/pricing/plans/create', 'signed-in'],
  ['/pricing/plans/5', 'signed-in'],
  ['/time-of-use', 'admins'],
  ['/user/settings', 'signed-in'],
  ['/user/profile/privacy', 'signed-in'],
  ['/user/info', 'signed-in'],
  ['/user/change-password', 'signed-in'],
  ['/pricing-plans/configs', 'super admin'],
  ['/pricing-plans/configs/create', 'super admin'],
  ['/pricing-plans/configs/6', 'super admin'],
  ['/setup', 'below aggregator'],
  ['/setup/devices', 'below aggregator'],
  ['/setup/oem-device', 'below aggregator'],
  ['/setup/p1-wifi', 'below aggregator'],
  ['/setup/pricing', 'below aggregator'],
  ['/settings/global', 'admins'],
  ['/settings/global/companies/3/overview', 'admins'],
  ['/settings/global/companies/3/location-groups', 'admins'],
  ['/settings/global/companies/3/location-groups/2/locations/1', 'admins'],
  ['/settings/global/companies/3/location-groups/2/locations/1/users', 'admins'],
  ['/settings/global/companies/3/locations', 'admins'],
  ['/settings/global/companies/3/oem-devices/5', 'admins'],
  ['/settings/global/companies/3/users', 'admins'],
];

const ROLES = {
  'signed-in': { kind: 'signed-in' },
  admins: { kind: 'roles', roles: ['ROLE_SUPER_ADMIN', 'ROLE_AGGREGATOR'] },
  'super admin': { kind: 'roles', roles: ['ROLE_SUPER_ADMIN'] },
  'below aggregator': {
    kind: 'roles',
    roles: ['ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'],
  },
} as const;

describe('route table', () => {
  it.each(PAGES)('%s is a page with a title in the guarded main layout (%s)', (path, access) => {
    const matches = matchRoutes(routes, path) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(leaf?.path).not.toBe('*');
    expect(matches.some((m) => m.route.id === 'main')).toBe(true);
    const title = [...matches]
      .reverse()
      .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
      .find(Boolean);
    expect(title).toMatch(/^[a-z_]+\.[a-z0-9_.]+$/);
    expect(routeAccessFor(path)).toEqual(ROLES[access]);
  });

  it.each([
    ['/admin', '/admin/search'],
    ['/admin/search', '/admin/search/users'],
    ['/external/integrations/moj-elektro', '/external/integrations/moj-elektro/data'],
    ['/pricing-plans', '/pricing-plans/configs'],
    ['/location-groups/2', 'flexibility'],
    ['/companies/3/location-groups/2', 'flexibility'],
    ['/settings/global/companies/3', 'overview'],
  ])('%s redirects to its default (%s)', (path) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    expect(leaf?.index).toBe(true);
    expect(leaf?.loader).toBeTypeOf('function');
  });

  it('sends unknown paths to the not-found page', () => {
    expect(matchRoutes(routes, '/locations/1/nothing')?.at(-1)?.route.path).toBe('*');
    expect(
      matchRoutes(routes, '/settings/global/companies/3/location-groups/2')?.at(-1)?.route.path,
    ).toBe('*');
  });
});

describe('the organisation pages load apart from the sign-in page', () => {
  it('are not in a fresh table, and the first signed-in navigation patches them in once', async () => {
    const fresh = createAppRoutes(new QueryClient());
    const before = matchRoutes(fresh.routes, '/overview');
    expect(before?.at(-1)?.route.path).toBe('*');
    const patch = vi.fn();
    const args = {
      signal: new AbortController().signal,
      matches: [],
      fetcherKey: undefined,
      patch,
    };
    await fresh.patchRoutesOnNavigation({ ...args, path: '/auth/login' });
    expect(patch).not.toHaveBeenCalled();
    await fresh.patchRoutesOnNavigation({ ...args, path: '/overview' });
    await fresh.patchRoutesOnNavigation({ ...args, path: '/locations/1' });
    expect(patch).toHaveBeenCalledOnce();
    expect(patch.mock.calls[0]?.[0]).toBe(MAIN_PAGES_ID);
    expect(matchRoutes(fresh.routes, '/overview')?.at(-1)?.route.path).toBe('overview');
  });
});
