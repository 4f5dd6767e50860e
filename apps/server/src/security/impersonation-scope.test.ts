// Issue 10, "Cross-company read through impersonation": impersonation never widens what the real signed-in person
// may see or change. While an aggregator acts as a user of their company, every access check is the intersection of
// that user's access and the aggregator's own company; a super admin keeps the full reach of the user.
//
// The reproduction on the demo data: the Alpen Energie aggregator invites advanced@demo.energy (a Sončna energija
// user) to Alpen's location 9 and the user accepts; the Sončna aggregator, who gets 404 on Alpen's location
// directly, impersonates that user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  and,
  deviceGroups,
  devices,
  eq,
  invitations,
  locationGroups,
  locationPermissions,
  locations,
  users,
} from '@ec/db';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../test/helpers.ts';
import {
  ALPEN_AGGREGATOR,
  call,
  DEMO_IDS,
  impersonating,
  inviteAdvancedToKlagenfurt,
  partsOf,
  pendingInvitation,
  userIdOf,
  widenAdvancedInAlpen,
  type LocationParts,
} from '../test/foreign-grant.ts';

const { alpen, klagenfurt, graz, steiermark, ljubljana, stajerska } = DEMO_IDS;

let t: TestApp;
/** Sessions: the Sončna aggregator acting as advanced, the same aggregator directly, advanced directly, … */
const s = { aggAsAdvanced: '', aggregator: '', advanced: '', adminAsAdvanced: '', alpen: '' };
let klagenfurtParts: LocationParts;
let ljubljanaParts: LocationParts;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await inviteAdvancedToKlagenfurt(t);
  s.advanced = await signIn(t.app, DEMO.advanced);
  s.aggregator = await signIn(t.app, DEMO.aggregator);
  s.alpen = await signIn(t.app, ALPEN_AGGREGATOR);
  s.aggAsAdvanced = await impersonating(t, DEMO.aggregator, DEMO.advanced.email);
  s.adminAsAdvanced = await impersonating(t, DEMO.admin, DEMO.advanced.email);
  klagenfurtParts = await partsOf(t, klagenfurt);
  ljubljanaParts = await partsOf(t, ljubljana);
});
afterAll(() => t.close());

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  call(t, 'GET', url, token, { headers });
type MenuItem = { id: string; children: MenuItem[] | null };
const menuIds = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [item.id, ...menuIds(item.children ?? [])]);

describe('the reproduction (invite + accept through the routes, view only)', () => {
  const reads = [
    `/api/locations/${klagenfurt}`,
    `/api/locations/${klagenfurt}/structure`,
    `/api/companies/${alpen}`,
  ];

  it('the Sončna aggregator gets 404 directly, and the invited user sees the location', async () => {
    for (const url of reads) {
      expect((await get(s.aggregator, url)).statusCode, url).toBe(404);
      expect((await get(s.advanced, url)).statusCode, url).toBe(200);
    }
  });

  it.each(reads)('impersonating the user: %s → 404 like directly', async (url) => {
    const res = await get(s.aggAsAdvanced, url);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain('Klagenfurt');
  });

  it('GET /api/menu while impersonating lists no Alpen item (the user’s own menu does)', async () => {
    const own = json<{ data: { structure: MenuItem[] } }>(await get(s.advanced, '/api/menu'));
    expect(menuIds(own.data.structure)).toContain(`location:${klagenfurt}`);
    const res = await get(s.aggAsAdvanced, '/api/menu');
    expect(res.statusCode).toBe(200);
    const ids = menuIds(json<{ data: { structure: MenuItem[] } }>(res).data.structure);
    expect(ids).not.toContain(`company:${alpen}`);
    expect(ids).not.toContain(`location:${klagenfurt}`);
    // What the user holds in the aggregator's own company stays.
    expect(ids).toEqual(
      expect.arrayContaining([`location:${ljubljana}`, `location-group:${stajerska}`]),
    );
    expect(res.body).not.toContain('Alpen');
  });

  it('GET /api/auth/user while impersonating lists no Alpen grant', async () => {
    const res = await get(s.aggAsAdvanced, '/api/auth/user');
    const user = json<{
      data: {
        user: {
          permissions: { locations: { id: number }[]; locationGroups: { id: number }[] };
        };
      };
    }>(res).data.user;
    expect(user.permissions.locations.map((l) => l.id)).not.toContain(klagenfurt);
    expect(user.permissions.locations.map((l) => l.id)).toContain(ljubljana);
    // The user's own session lists it.
    const own = await get(s.advanced, '/api/auth/user');
    expect(own.body).toContain(`"id":${klagenfurt},"companyId":${alpen}`);
  });

  it('a super admin impersonating the user keeps the user’s full reach', async () => {
    for (const url of reads) {
      expect((await get(s.adminAsAdvanced, url)).statusCode, url).toBe(200);
    }
    const menu = json<{ data: { structure: MenuItem[] } }>(
      await get(s.adminAsAdvanced, '/api/menu'),
    );
    expect(menuIds(menu.data.structure)).toContain(`location:${klagenfurt}`);
  });
});

describe('reads and writes with wider grants in Alpen (every flag on location 9 and group Steiermark)', () => {
  beforeAll(() => widenAdvancedInAlpen(t));

  const foreignReads = () => [
    `/api/locations/${klagenfurt}`,
    `/api/locations/${klagenfurt}/structure`,
    `/api/locations/${klagenfurt}/controllers`,
    `/api/locations/${klagenfurt}/users`,
    `/api/locations/${graz}`,
    `/api/devices/${klagenfurtParts.deviceId}`,
    `/api/controllers/${klagenfurtParts.controllerId}`,
    `/api/companies/${alpen}`,
    `/api/companies/${alpen}/location-groups`,
    `/api/companies/${alpen}/integrated-devices`,
    `/api/location-groups/${steiermark}`,
    `/api/menu/${alpen}`,
    `/api/menu/locations/${klagenfurt}`,
    `/api/menu/locations/${graz}`,
  ];

  it('the user reads all of it directly (the grants are real)', async () => {
    for (const url of foreignReads()) {
      expect((await get(s.advanced, url)).statusCode, url).toBe(200);
    }
  });

  it('impersonating: every read of Alpen is 404, like for the aggregator directly', async () => {
    for (const url of foreignReads()) {
      expect((await get(s.aggregator, url)).statusCode, url).toBe(404);
      const res = await get(s.aggAsAdvanced, url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
  });

  it('impersonating: lists leave Alpen out (companies, menu)', async () => {
    const companies = await get(s.aggAsAdvanced, '/api/companies');
    expect(json<{ data: { companies: { id: number }[] } }>(companies).data.companies).toEqual([
      expect.objectContaining({ id: DEMO_IDS.soncna }),
    ]);
    const menu = await get(s.aggAsAdvanced, '/api/menu');
    expect(menu.body).not.toContain('Alpen');
    expect(menu.body).not.toContain('Steiermark');
  });

  it('the menu cache of Alpen, filled by its own aggregator, is not served (not even as 304)', async () => {
    const own = await get(s.alpen, `/api/menu/${alpen}`);
    expect(own.statusCode).toBe(200);
    const etag = String(own.headers.etag);
    const res = await get(s.aggAsAdvanced, `/api/menu/${alpen}`, { 'if-none-match': etag });
    expect(res.statusCode).toBe(404);
    const plain = await get(s.aggAsAdvanced, `/api/menu/${alpen}`);
    expect(plain.statusCode).toBe(404);
    // The location children are cached too: same answer.
    const children = await get(s.alpen, `/api/menu/locations/${klagenfurt}`);
    const again = await get(s.aggAsAdvanced, `/api/menu/locations/${klagenfurt}`, {
      'if-none-match': String(children.headers.etag),
    });
    expect(again.statusCode).toBe(404);
  });

  it('the user’s own company stays open while impersonating (reads)', async () => {
    for (const url of [
      `/api/locations/${ljubljana}`,
      `/api/locations/${ljubljana}/structure`,
      `/api/menu/locations/${ljubljana}`,
      `/api/companies/${DEMO_IDS.soncna}/location-groups`,
      `/api/location-groups/${stajerska}`,
    ]) {
      expect((await get(s.aggAsAdvanced, url)).statusCode, url).toBe(200);
    }
  });

  it('impersonating: writes in Alpen are 404 and change nothing', async () => {
    const advancedId = await userIdOf(t, DEMO.advanced.email);
    const writes: [string, 'PUT' | 'POST' | 'DELETE', string, unknown?][] = [
      [
        'update location settings',
        'PUT',
        `/api/locations/${klagenfurt}`,
        {
          name: 'Taken over',
          countryCode: 'AT',
          spotRegion: { code: '10YAT-APG------L', type: 'EIC' },
          timezone: 'Europe/Vienna',
          coordinates: null,
        },
      ],
      [
        'rename a device group',
        'PUT',
        `/api/device-groups/${klagenfurtParts.deviceGroupId}`,
        { name: 'Taken over' },
      ],
      [
        'create a device group',
        'POST',
        `/api/locations/${klagenfurt}/device-groups`,
        { name: 'Taken over' },
      ],
      ['delete a device group', 'DELETE', `/api/device-groups/${klagenfurtParts.deviceGroupId}`],
      [
        'rename a device',
        'PUT',
        `/api/devices/${klagenfurtParts.deviceId}`,
        { name: 'Taken over', category: 'GRID', deviceGroupId: null },
      ],
      ['delete a device', 'DELETE', `/api/devices/${klagenfurtParts.deviceId}`],
      [
        'rename a controller',
        'PUT',
        `/api/controllers/${klagenfurtParts.controllerId}`,
        { alias: 'Taken over' },
      ],
      [
        'invite a user',
        'POST',
        `/api/locations/${klagenfurt}/invitations`,
        { email: 'spy@example.com' },
      ],
      ['remove a user', 'DELETE', `/api/locations/${klagenfurt}/users/${advancedId}`],
      ['rename a group', 'PUT', `/api/location-groups/${steiermark}`, { name: 'Taken over' }],
      [
        'create a group',
        'POST',
        '/api/location-groups',
        { parentId: steiermark, name: 'Taken over' },
      ],
      [
        'create a location',
        'POST',
        '/api/locations',
        { groupId: steiermark, name: 'Taken over', countryCode: 'AT', timezone: 'Europe/Vienna' },
      ],
      ['move a location', 'POST', `/api/locations/${graz}/move`, { groupId: steiermark }],
      ['delete a location', 'DELETE', `/api/locations/${graz}`],
    ];
    for (const [what, method, url, data] of writes) {
      const res = await call(t, method, url, s.aggAsAdvanced, { data });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
    }
    const [location] = await t.db.db.select().from(locations).where(eq(locations.id, klagenfurt));
    expect(location?.name).toBe('Klagenfurt – Einfamilienhaus');
    const [group] = await t.db.db
      .select()
      .from(deviceGroups)
      .where(eq(deviceGroups.id, klagenfurtParts.deviceGroupId));
    expect(group?.name).toBe('Roof');
    const [device] = await t.db.db
      .select()
      .from(devices)
      .where(eq(devices.id, klagenfurtParts.deviceId));
    expect(device).toMatchObject({ name: 'Grid meter', deletedAt: null });
    const [steiermarkRow] = await t.db.db
      .select()
      .from(locationGroups)
      .where(eq(locationGroups.id, steiermark));
    expect(steiermarkRow?.name).toBe('Steiermark');
    const [spy] = await t.db.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'spy@example.com'));
    expect(spy).toBeUndefined();
    expect(
      await t.db.db
        .select()
        .from(locationPermissions)
        .where(
          and(
            eq(locationPermissions.userId, advancedId),
            eq(locationPermissions.locationId, klagenfurt),
          ),
        ),
    ).toHaveLength(1);
  });

  it('the same writes inside the aggregator’s company are allowed while impersonating', async () => {
    const rename = await call(
      t,
      'PUT',
      `/api/device-groups/${ljubljanaParts.deviceGroupId}`,
      s.aggAsAdvanced,
      {
        data: { name: 'Roof (renamed)' },
      },
    );
    expect(rename.statusCode, rename.body).toBe(200);
    const created = await call(
      t,
      'POST',
      `/api/locations/${ljubljana}/device-groups`,
      s.aggAsAdvanced,
      {
        data: { name: 'Cellar' },
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const controller = await call(
      t,
      'PUT',
      `/api/controllers/${ljubljanaParts.controllerId}`,
      s.aggAsAdvanced,
      {
        data: { alias: 'Main hub' },
      },
    );
    expect(controller.statusCode, controller.body).toBe(200);
    const invite = await call(
      t,
      'POST',
      `/api/locations/${ljubljana}/invitations`,
      s.aggAsAdvanced,
      {
        data: { email: 'colleague@example.com' },
      },
    );
    expect(invite.statusCode, invite.body).toBe(201);
  });

  it('a super admin impersonating the user may write where the user may', async () => {
    const res = await call(
      t,
      'PUT',
      `/api/controllers/${klagenfurtParts.controllerId}`,
      s.adminAsAdvanced,
      {
        data: { alias: 'Klagenfurt hub' },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('accepting an invitation while impersonating', () => {
  it('is the user’s own decision: 403 impersonation.not_while_impersonating, nothing granted', async () => {
    const id = await pendingInvitation(t, DEMO_IDS.graz);
    for (const token of [s.aggAsAdvanced, s.adminAsAdvanced]) {
      const res = await call(t, 'POST', '/api/security/validate-confirmation', token, {
        data: { id, action: 'LOCATION_INVITE' },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res)).toEqual({
        error: { code: 'FORBIDDEN', message: 'impersonation.not_while_impersonating' },
      });
    }
    const [row] = await t.db.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row?.status).toBe('pending');
    // The user accepts it themselves.
    const own = await call(t, 'POST', '/api/security/validate-confirmation', s.advanced, {
      data: { id, action: 'LOCATION_INVITE' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('the impersonation rule is checked on every request', () => {
  async function newUser(email: string, role: 'ROLE_USER_BASIC' | 'ROLE_AGGREGATOR') {
    const [row] = await t.db.db
      .insert(users)
      .values({
        email,
        role,
        siteId: 1,
        companyId: DEMO_IDS.soncna,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    return row.id;
  }
  const actingAs = async (token: string) =>
    json<{ data: { user: { email: string; impersonation: unknown } } }>(
      await get(token, '/api/auth/user'),
    ).data.user;

  it('a target moved to another company is no longer acted as: the aggregator is themselves again', async () => {
    const id = await newUser('moving@demo.energy', 'ROLE_USER_BASIC');
    const token = await impersonating(t, DEMO.aggregator, 'moving@demo.energy');
    expect((await actingAs(token)).email).toBe('moving@demo.energy');
    const admin = await signIn(t.app, DEMO.admin);
    const moved = await call(t, 'POST', `/api/users/${id}/company`, admin, {
      data: { companyId: alpen },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await actingAs(token)).toMatchObject({
      email: DEMO.aggregator.email,
      impersonation: null,
    });
    // For good: moving the user back does not resume it.
    await call(t, 'POST', `/api/users/${id}/company`, admin, {
      data: { companyId: DEMO_IDS.soncna },
    });
    expect((await actingAs(token)).email).toBe(DEMO.aggregator.email);
  });

  it('a target promoted above the aggregator (here to super admin) is no longer acted as', async () => {
    const id = await newUser('promoted@demo.energy', 'ROLE_AGGREGATOR');
    const token = await impersonating(t, DEMO.aggregator, 'promoted@demo.energy');
    await t.db.db.update(users).set({ role: 'ROLE_SUPER_ADMIN' }).where(eq(users.id, id));
    // Acting as a super admin would open the super-admin routes (audit log, new companies) to the aggregator.
    expect((await get(token, '/api/admin/audit-log')).statusCode).toBe(403);
    expect((await actingAs(token)).email).toBe(DEMO.aggregator.email);
  });
});

describe('searches while impersonating', () => {
  type Found = { data: { items: { company: { id: number } | null }[]; total: number } };
  const searches = ['users', 'locations', 'controllers', 'devices'];

  it('closed when the user may not search (a non-admin role), as for the user', async () => {
    for (const what of searches) {
      const res = await get(s.aggAsAdvanced, `/api/search/${what}?q=`);
      expect(res.statusCode, what).toBe(403);
    }
  });

  it('an aggregator target moved to Alpen while acted as: the results stay in Sončna', async () => {
    const [row] = await t.db.db
      .insert(users)
      .values({
        email: 'second-aggregator@demo.energy',
        role: 'ROLE_AGGREGATOR',
        siteId: 1,
        companyId: DEMO_IDS.soncna,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    const token = await impersonating(t, DEMO.aggregator, 'second-aggregator@demo.energy');
    await t.db.db
      .update(users)
      .set({ companyId: alpen })
      .where(eq(users.id, row?.id ?? 0));
    for (const what of searches) {
      const res = await get(token, `/api/search/${what}?q=&pageSize=100`);
      expect(res.statusCode, what).toBe(200);
      const companies = json<Found>(res).data.items.map((item) => item.company?.id);
      expect(companies.length, what).toBeGreaterThan(0);
      expect(new Set(companies), what).toEqual(new Set([DEMO_IDS.soncna]));
      const foreign = await get(token, `/api/search/${what}?q=&companyId=${alpen}`);
      expect(foreign.statusCode, what).toBe(404);
    }
  });

  it('a super admin acting as the Sončna aggregator searches Sončna only', async () => {
    const token = await impersonating(t, DEMO.admin, DEMO.aggregator.email);
    for (const what of searches) {
      const res = await get(token, `/api/search/${what}?q=&pageSize=100`);
      const companies = json<Found>(res).data.items.map((item) => item.company?.id);
      expect(new Set(companies), what).toEqual(new Set([DEMO_IDS.soncna]));
    }
  });
});
