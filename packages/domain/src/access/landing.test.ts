import { describe, expect, it } from 'vitest';
import type { Role } from '../constants.ts';
import { landingTarget, type LandingMenuItem } from './landing.ts';

const companyTree: LandingMenuItem[] = [
  {
    type: 'company',
    href: '/companies/1/location-groups/10',
    children: [
      {
        type: 'location-group',
        href: '/companies/1/location-groups/11',
        children: [
          { type: 'location', href: '/companies/1/location-groups/11/locations/5' },
          { type: 'location', href: '/companies/1/location-groups/11/locations/6' },
        ],
      },
    ],
  },
  { type: 'company', href: '/companies/2/location-groups/20', children: [] },
];

const flatLocations: LandingMenuItem[] = [
  {
    type: 'location',
    href: '/locations/7',
    children: [{ type: 'device-group', href: '/locations/7/device-groups/1' }],
  },
  { type: 'location', href: '/locations/8' },
];

const groupsOnly: LandingMenuItem[] = [
  { type: 'location-group', href: '/location-groups/3', children: null },
];

const unsafeFirst: LandingMenuItem[] = [
  { type: 'location', href: '//evil.example' },
  { type: 'location', href: null },
  { type: 'location', href: '/locations/9' },
];

describe('landingTarget (spec 000 §4)', () => {
  const table: [string, Role, readonly LandingMenuItem[], string][] = [
    ['super admin → overview, whatever the menu', 'ROLE_SUPER_ADMIN', companyTree, '/overview'],
    ['super admin with an empty menu', 'ROLE_SUPER_ADMIN', [], '/overview'],
    ['aggregator → first entry', 'ROLE_AGGREGATOR', companyTree, '/companies/1/location-groups/10'],
    ['aggregator with locations first', 'ROLE_AGGREGATOR', flatLocations, '/locations/7'],
    ['aggregator with an empty menu → overview', 'ROLE_AGGREGATOR', [], '/overview'],
    ['aggregator whose first entry has no safe href', 'ROLE_AGGREGATOR', unsafeFirst, '/overview'],
    [
      'basic → first location, depth first',
      'ROLE_USER_BASIC',
      companyTree,
      '/companies/1/location-groups/11/locations/5',
    ],
    ['basic with top-level locations', 'ROLE_USER_BASIC', flatLocations, '/locations/7'],
    ['basic with only groups → setup', 'ROLE_USER_BASIC', groupsOnly, '/setup'],
    ['basic with an empty menu → setup', 'ROLE_USER_BASIC', [], '/setup'],
    ['basic skips unsafe or missing hrefs', 'ROLE_USER_BASIC', unsafeFirst, '/locations/9'],
    [
      'advanced → first location',
      'ROLE_USER_ADVANCED',
      companyTree,
      '/companies/1/location-groups/11/locations/5',
    ],
    ['advanced with an empty menu → setup', 'ROLE_USER_ADVANCED', [], '/setup'],
    ['plain user → first location', 'ROLE_USER', flatLocations, '/locations/7'],
    ['plain user with an empty menu → setup', 'ROLE_USER', [], '/setup'],
  ];
  it.each(table)('%s', (_name, role, menu, expected) => {
    expect(landingTarget({ user: { role }, menu })).toBe(expected);
  });
});

describe('landingTarget: a user who owns a location lands on it first', () => {
  // The menu sorts by name: a location shared with the user ("Domžale", view only) comes before their own house.
  const sharedFirst: LandingMenuItem[] = [
    {
      type: 'company',
      href: '/companies/1/location-groups/1',
      children: [
        {
          type: 'location-group',
          href: '/companies/1/location-groups/6',
          children: [{ type: 'location', href: '/locations/8', data: { entityId: 8 } }],
        },
        { type: 'location', href: '/locations/6', data: { entityId: 6 } },
        { type: 'location', href: '/locations/5', data: { entityId: 5 } },
      ],
    },
  ];
  const table: [string, Role, readonly { id: number }[] | undefined, string][] = [
    ['basic owning 5 → 5', 'ROLE_USER_BASIC', [{ id: 5 }], '/locations/5'],
    ['advanced owning 5 → 5', 'ROLE_USER_ADVANCED', [{ id: 5 }], '/locations/5'],
    ['plain user owning 6 → 6', 'ROLE_USER', [{ id: 6 }], '/locations/6'],
    ['owning none → first location', 'ROLE_USER_BASIC', [], '/locations/8'],
    [
      'owning one not in the menu → first location',
      'ROLE_USER_BASIC',
      [{ id: 99 }],
      '/locations/8',
    ],
    ['unknown ownership → first location', 'ROLE_USER_BASIC', undefined, '/locations/8'],
    [
      'aggregators still land on the first entry',
      'ROLE_AGGREGATOR',
      [{ id: 5 }],
      '/companies/1/location-groups/1',
    ],
  ];
  it.each(table)('%s', (_name, role, locations, expected) => {
    expect(
      landingTarget({ user: locations ? { role, locations } : { role }, menu: sharedFirst }),
    ).toBe(expected);
  });
});
