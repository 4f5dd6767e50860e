// Issue 10, "Foreign location names in user details": every answer that lists a user's grants, locations or groups
// shows only those inside the asking actor's scope. The scenario on the demo data: advanced@demo.energy (Sončna
// energija) accepted an invitation to Alpen's Klagenfurt, holds a group grant on Alpen's Steiermark and owns Alpen's
// Wien warehouse and its controller; the Sončna aggregator manages the user and may impersonate them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers, eq, locations } from '@ec/db';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../test/helpers.ts';
import {
  alpenMentions,
  call,
  DEMO_IDS,
  impersonating,
  inviteAdvancedToKlagenfurt,
  userIdOf,
  widenAdvancedInAlpen,
} from '../test/foreign-grant.ts';

const { klagenfurt, soncna, steiermark, ljubljana, stajerska } = DEMO_IDS;
/** Alpen's Wien – Lagerhalle: owned by the user in this scenario. */
const WIEN = 12;
let t: TestApp;
let advanced = 0;
let wienController = 0;
const s = { aggregator: '', aggAsAdvanced: '', admin: '', adminAsAggregator: '', advanced: '' };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await inviteAdvancedToKlagenfurt(t);
  await widenAdvancedInAlpen(t);
  advanced = await userIdOf(t, DEMO.advanced.email);
  await t.db.db.update(locations).set({ ownerId: advanced }).where(eq(locations.id, WIEN));
  const [controller] = await t.db.db
    .update(controllers)
    .set({ ownerId: advanced })
    .where(eq(controllers.locationId, WIEN))
    .returning({ id: controllers.id });
  wienController = controller?.id ?? 0;
  s.aggregator = await signIn(t.app, DEMO.aggregator);
  s.admin = await signIn(t.app, DEMO.admin);
  s.advanced = await signIn(t.app, DEMO.advanced);
  s.aggAsAdvanced = await impersonating(t, DEMO.aggregator, DEMO.advanced.email);
  s.adminAsAggregator = await impersonating(t, DEMO.admin, DEMO.aggregator.email);
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t, 'GET', url, token);

/** Fails with the route and the names when an answer mentions anything of Alpen. */
function expectNoAlpen(url: string, body: string): void {
  expect(alpenMentions(body), url).toEqual([]);
}

type Detail = {
  data: {
    user: {
      locations: { id: number; name: string; companyId: number; owner: boolean }[];
      locationGroups: { id: number; name: string; companyId: number }[];
    };
  };
};

describe('GET /api/users/:id', () => {
  it('as the Sončna aggregator: only the user’s grants in Sončna (the issue’s reproduction)', async () => {
    const res = await get(s.aggregator, `/api/users/${advanced}`);
    expect(res.statusCode).toBe(200);
    const { user } = json<Detail>(res).data;
    expect(user.locations.map((l) => l.id)).toEqual([ljubljana]);
    expect(user.locationGroups.map((g) => g.id)).toEqual([stajerska]);
    expectNoAlpen('GET /api/users/:id', res.body);
  });

  it('as a super admin acting as the Sončna aggregator: the same', async () => {
    const res = await get(s.adminAsAggregator, `/api/users/${advanced}`);
    const { user } = json<Detail>(res).data;
    expect(user.locations.map((l) => l.id)).toEqual([ljubljana]);
    expect(user.locationGroups.map((g) => g.id)).toEqual([stajerska]);
  });

  it('as a super admin: every grant of the site (their scope)', async () => {
    const { user } = json<Detail>(await get(s.admin, `/api/users/${advanced}`)).data;
    expect(user.locations.map((l) => l.id).sort((a, b) => a - b)).toEqual([
      ljubljana,
      klagenfurt,
      WIEN,
    ]);
    expect(user.locations.find((l) => l.id === WIEN)).toMatchObject({ owner: true });
    expect(user.locationGroups.map((g) => g.id).sort((a, b) => a - b)).toEqual([
      stajerska,
      steiermark,
    ]);
  });
});

describe('GET /api/search/users', () => {
  type Found = { data: { items: { id: number; locationsCount: number }[] } };
  const countOf = async (token: string) =>
    json<Found>(await get(token, '/api/search/users?q=advanced@demo')).data.items.find(
      (u) => u.id === advanced,
    )?.locationsCount;

  it('counts only the locations the asking admin reaches', async () => {
    // Owned or granted directly: Ljubljana in Sončna; Klagenfurt and Wien in Alpen.
    expect(await countOf(s.aggregator)).toBe(1);
    expect(await countOf(s.adminAsAggregator)).toBe(1);
    expect(await countOf(s.admin)).toBe(3);
  });
});

describe('the session’s own user while impersonating', () => {
  type Me = {
    data: {
      user: {
        permissions: { locations: { id: number }[]; locationGroups: { id: number }[] };
        locations: { id: number; name: string }[];
        controllers: { id: number }[];
      };
    };
  };

  it('the user’s own session lists everything the user holds', async () => {
    const { user } = json<Me>(await get(s.advanced, '/api/auth/user')).data;
    expect(user.locations.map((l) => l.id)).toContain(WIEN);
    expect(user.controllers.map((c) => c.id)).toContain(wienController);
    expect(user.permissions.locations.map((l) => l.id)).toContain(klagenfurt);
  });

  it('GET /api/auth/user, POST /api/auth/user and the impersonate answer list nothing of Alpen', async () => {
    const answers = [
      ['GET /api/auth/user', await get(s.aggAsAdvanced, '/api/auth/user')],
      [
        'POST /api/auth/user',
        await call(t, 'POST', '/api/auth/user', s.aggAsAdvanced, {
          data: { themePreference: 'dark' },
        }),
      ],
      [
        'POST /api/auth/impersonate',
        await call(t, 'POST', '/api/auth/impersonate', await signIn(t.app, DEMO.aggregator), {
          data: { userId: advanced },
        }),
      ],
    ] as const;
    for (const [what, res] of answers) {
      expect(res.statusCode, res.body).toBe(200);
      const { user } = json<Me>(res).data;
      expect(user.locations).toEqual([{ id: ljubljana, name: 'Ljubljana – poslovna stavba' }]);
      expect(user.controllers.map((c) => c.id)).not.toContain(wienController);
      expect(user.permissions.locations.map((l) => l.id)).toEqual([ljubljana]);
      expect(user.permissions.locationGroups.map((g) => g.id)).toEqual([stajerska]);
      expectNoAlpen(what, res.body);
    }
  });
});

describe('every user, search and menu answer of a Sončna session names nothing of Alpen', () => {
  const urls = () => [
    '/api/auth/user',
    `/api/users/${advanced}`,
    `/api/companies/${soncna}/users?pageSize=100`,
    '/api/search/users?q=&pageSize=100',
    '/api/search/locations?q=&pageSize=100',
    '/api/search/controllers?q=&pageSize=100',
    '/api/search/devices?q=&pageSize=100',
    '/api/menu',
    `/api/menu/${soncna}`,
    `/api/menu/locations/${ljubljana}`,
    '/api/companies',
    `/api/companies/${soncna}`,
    `/api/companies/${soncna}/location-groups`,
    `/api/companies/${soncna}/integrated-devices?pageSize=100`,
    `/api/locations/${ljubljana}`,
    `/api/locations/${ljubljana}/users`,
    `/api/locations/${ljubljana}/controllers`,
  ];

  it.each([
    ['the Sončna aggregator', 'aggregator'],
    ['a super admin acting as the Sončna aggregator', 'adminAsAggregator'],
    ['the Sončna aggregator acting as the user', 'aggAsAdvanced'],
  ] as const)('%s', async (_who, session) => {
    for (const url of urls()) {
      const res = await get(s[session], url);
      // Admin-only routes are closed to the impersonated user's role: nothing to leak there.
      if (session === 'aggAsAdvanced' && res.statusCode === 403) continue;
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expectNoAlpen(url, res.body);
    }
  });
});
