import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../constants.ts';
import {
  SETUP_EXEMPT_PATTERNS,
  guardDecision,
  isSetupExempt,
  type GuardDecision,
} from './guard.ts';
import { matchRouteAccess, ROUTE_ACCESS } from './route-access.ts';

type Who = 'public' | 'signed-in' | 'admins' | 'super-admin' | 'below-aggregator';

/** Which roles each audience holds, written from the spec 000 §6 table rather than from ROUTE_ACCESS. */
const AUDIENCE: Record<Exclude<Who, 'public' | 'signed-in'>, readonly Role[]> = {
  admins: ['ROLE_SUPER_ADMIN', 'ROLE_AGGREGATOR'],
  'super-admin': ['ROLE_SUPER_ADMIN'],
  'below-aggregator': ['ROLE_USER', 'ROLE_USER_BASIC', 'ROLE_USER_ADVANCED'],
};

/** Every page of spec 000 §2 (one or more sample paths per rule), who may open it, and whether it is set-up exempt. */
const PAGES: [path: string, who: Who, setupExempt: boolean][] = [
  ['/auth/login', 'public', true],
  ['/auth/register', 'public', true],
  ['/auth/token-validation?token=abc', 'public', true],
  ['/auth/reset-password?token=abc', 'public', true],
  ['/auth/awaiting-email-verification', 'public', true],
  ['/dev/mailbox', 'public', true],
  ['/no/such/page', 'public', true],
  ['/', 'signed-in', false],
  ['/overview', 'admins', false],
  ['/admin/search', 'admins', false],
  ['/admin/search/oem-devices', 'admins', false],
  ['/admin/jobs', 'super-admin', false],
  ['/admin/jobs?page=3', 'super-admin', false],
  ['/external/integrations', 'signed-in', true],
  ['/external/integrations/moj-elektro/calculations', 'signed-in', true],
  ['/locations/5', 'signed-in', false],
  ['/locations/5/manage/oem-devices/2/devices/3', 'signed-in', false],
  ['/location-groups/3/flexibility', 'signed-in', false],
  ['/location-groups/3/locations/5/charts', 'signed-in', false],
  ['/companies/1/integrated-devices', 'signed-in', false],
  ['/companies/1/location-groups/2/summary', 'signed-in', false],
  ['/pricing', 'signed-in', false],
  ['/pricing/plans/create', 'signed-in', false],
  ['/time-of-use', 'admins', false],
  ['/user/settings', 'signed-in', true],
  ['/user/profile/privacy', 'signed-in', true],
  ['/user/change-password', 'signed-in', true],
  ['/pricing-plans/configs', 'super-admin', false],
  ['/pricing-plans/configs/create', 'super-admin', false],
  ['/setup', 'below-aggregator', true],
  ['/setup/devices', 'below-aggregator', true],
  ['/settings/global/companies/1/overview', 'admins', false],
  ['/settings/global/companies/1/location-groups/2/locations/5/users', 'admins', false],
  ['/privacy-policy', 'signed-in', true],
  ['/support', 'signed-in', true],
];

function mayOpen(who: Who, role: Role): boolean {
  return who === 'public' || who === 'signed-in' || AUDIENCE[who].includes(role);
}

describe('the page list covers every rule', () => {
  it.each(ROUTE_ACCESS.map((rule) => rule.pattern))('%s has a sample page', (pattern) => {
    expect(PAGES.some(([path]) => matchRouteAccess(path)?.pattern === pattern)).toBe(true);
  });
});

describe('guardDecision: signed out', () => {
  it.each(PAGES)('%s (%s)', (path, who) => {
    const expected: GuardDecision =
      who === 'public'
        ? { kind: 'allow' }
        : { kind: 'redirect', to: '/auth/login', returnTo: path };
    expect(guardDecision({ path, user: null })).toEqual(expected);
  });
});

describe('guardDecision: signed in and set up (every page × every role)', () => {
  const table = PAGES.flatMap(([path, who]) =>
    ROLES.map((role): [string, Role, Who] => [path, role, who]),
  );
  it.each(table)('%s as %s (%s)', (path, role, who) => {
    const expected: GuardDecision = mayOpen(who, role)
      ? { kind: 'allow' }
      : { kind: 'redirect', to: '/' };
    expect(guardDecision({ path, user: { role }, isSetUp: true })).toEqual(expected);
  });
});

describe('guardDecision: signed in, not set up (every page × every role)', () => {
  const table = PAGES.flatMap(([path, who, exempt]) =>
    ROLES.map((role): [string, Role, Who, boolean] => [path, role, who, exempt]),
  );
  it.each(table)('%s as %s (%s, exempt %s)', (path, role, who, exempt) => {
    // Only roles that may open /setup are sent there; an admin marked "not set up" is treated as set up.
    const toSetup = who !== 'public' && !exempt && mayOpen('below-aggregator', role);
    let expected: GuardDecision;
    if (toSetup) expected = { kind: 'redirect', to: '/setup' };
    else if (mayOpen(who, role)) expected = { kind: 'allow' };
    else expected = { kind: 'redirect', to: '/' };
    expect(guardDecision({ path, user: { role }, isSetUp: false })).toEqual(expected);
  });
});

describe('guardDecision: every navigation ends on a page within two hops', () => {
  const table = PAGES.flatMap(([path]) =>
    ROLES.flatMap((role) =>
      [true, false].map((setUp): [string, Role, boolean] => [path, role, setUp]),
    ),
  );
  it.each(table)('%s as %s, set up %s', (path, role, setUp) => {
    let current = path;
    const visited = [current];
    for (;;) {
      const decision = guardDecision({ path: current, user: { role }, isSetUp: setUp });
      if (decision.kind === 'allow') break;
      current = decision.to;
      visited.push(current);
      expect(visited.length).toBeLessThanOrEqual(3);
    }
    expect(guardDecision({ path: current, user: { role }, isSetUp: setUp })).toEqual({
      kind: 'allow',
    });
  });
});

describe('guardDecision: set-up state from the user when not given', () => {
  const table: [string, Parameters<typeof guardDecision>[0]['user'], GuardDecision][] = [
    ['basic without locations', { role: 'ROLE_USER_BASIC' }, { kind: 'redirect', to: '/setup' }],
    [
      'basic with a location',
      { role: 'ROLE_USER_BASIC', locations: [{ id: 1 }] },
      { kind: 'allow' },
    ],
    [
      'plain user with a location',
      { role: 'ROLE_USER', locations: [{ id: 1 }] },
      { kind: 'redirect', to: '/setup' },
    ],
    [
      'advanced with a location permission',
      {
        role: 'ROLE_USER_ADVANCED',
        permissions: { locations: [{ id: 1, actions: { view: true } }] },
      },
      { kind: 'allow' },
    ],
    ['aggregator with nothing', { role: 'ROLE_AGGREGATOR' }, { kind: 'allow' }],
  ];
  it.each(table)('%s on /locations/1', (_name, user, expected) => {
    expect(guardDecision({ path: '/locations/1', user })).toEqual(expected);
  });

  it('an explicit isSetUp wins over the user data', () => {
    const user = { role: 'ROLE_USER_BASIC' as const, locations: [{ id: 1 }] };
    expect(guardDecision({ path: '/', user, isSetUp: false })).toEqual({
      kind: 'redirect',
      to: '/setup',
    });
    expect(guardDecision({ path: '/', user: { role: 'ROLE_USER_BASIC' }, isSetUp: true })).toEqual({
      kind: 'allow',
    });
  });
});

describe('guardDecision: odd paths', () => {
  const basic = { role: 'ROLE_USER_BASIC' as const };
  const table: [string, Parameters<typeof guardDecision>[0]['user'], GuardDecision][] = [
    ['/OVERVIEW', basic, { kind: 'redirect', to: '/' }],
    ['/overview/', basic, { kind: 'redirect', to: '/' }],
    ['/%6Fverview', basic, { kind: 'redirect', to: '/' }],
    ['/auth/../pricing-plans', { role: 'ROLE_AGGREGATOR' }, { kind: 'redirect', to: '/' }],
    ['/pricing', basic, { kind: 'allow' }],
    ['/pricing-plans', basic, { kind: 'redirect', to: '/' }],
    [
      '/locations/5/charts?range=day#top',
      null,
      { kind: 'redirect', to: '/auth/login', returnTo: '/locations/5/charts?range=day#top' },
    ],
    ['/auth/../overview', null, { kind: 'redirect', to: '/auth/login', returnTo: '/overview' }],
    ['//evil.example/overview', null, { kind: 'redirect', to: '/auth/login', returnTo: '/' }],
  ];
  it.each(table)('%s as %j', (path, user, expected) => {
    expect(guardDecision({ path, user, isSetUp: true })).toEqual(expected);
  });
});

describe('isSetupExempt', () => {
  it.each(SETUP_EXEMPT_PATTERNS)('%s is exempt', (pattern) => {
    expect(isSetupExempt(pattern.replace('/*', ''))).toBe(true);
  });
  const table: [string, boolean][] = [
    ['/setup/devices', true],
    ['/user/profile/privacy', true],
    ['/external/integrations/moj-elektro/data', true],
    ['/external', false],
    ['/', false],
    ['/overview', false],
    ['/locations/1', false],
    ['/setupx', false],
  ];
  it.each(table)('%s → %s', (path, expected) => {
    expect(isSetupExempt(path)).toBe(expected);
  });
});
