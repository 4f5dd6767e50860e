// The cross-tenant matrix: every contract route against another company's resources (the table in
// cross-tenant-routes.ts), in three sessions on the demo data —
// - the Sončna energija aggregator directly: 404 for every Alpen Energie resource, lists without Alpen;
// - the same aggregator acting as advanced@demo.energy, a Sončna user who holds every flag on Alpen resources:
//   the same answers (impersonation never widens access; 403 where the user's role may not call the route);
// - Alpen's own aggregator (the control): the samples reach live resources with valid bodies.
// A route missing from the table fails the compiler and the first test here, so a new module cannot forget it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type RouteDescriptor } from '@ec/contract';
import { deviceGroups, devices, discoveredDevices, eq, locationGroups, users } from '@ec/db';
import { hasAnyRole } from '@ec/domain';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../test/helpers.ts';
import {
  ALPEN_AGGREGATOR,
  alpenMentions,
  DEMO_IDS,
  impersonating,
  inviteAdvancedToKlagenfurt,
  partsOf,
  pendingInvitation,
  userIdOf,
  widenAdvancedInAlpen,
} from '../test/foreign-grant.ts';
import {
  CROSS_TENANT_ROUTES,
  type ForeignIds,
  type SampleRequest,
  type TenantSample,
} from './cross-tenant-routes.ts';
import { companyPricing } from '../modules/pricing/pricing.samples.ts';
import { mojElektroSamples } from '../modules/moj-elektro/moj-elektro.samples.ts';

/** The role of the user the aggregator acts as (advanced@demo.energy). */
const IMPERSONATED_ROLE = 'ROLE_USER_ADVANCED';

const table = CROSS_TENANT_ROUTES as unknown as Record<
  string,
  Record<string, TenantSample | undefined> | undefined
>;
const all = Object.entries(routes).flatMap(([group, defs]) =>
  Object.entries(defs as Record<string, RouteDescriptor>).map(([name, route]) => ({
    id: `${group}.${name}`,
    route,
    sample: table[group]?.[name],
  })),
);
type Foreign = Extract<TenantSample, { foreign: unknown }>;
const foreign = all.flatMap(({ id, route, sample }) =>
  sample && 'foreign' in sample ? [{ id, route, sample }] : [],
);
const lists = all.flatMap(({ id, route, sample }) =>
  sample && 'list' in sample ? [{ id, route, request: sample.list }] : [],
);

/** Makes the foreign resources the samples need on top of the demo data, and the grants of the user. */
async function foreignFixture(t: TestApp): Promise<ForeignIds> {
  const acceptedInvitation = await inviteAdvancedToKlagenfurt(t);
  await widenAdvancedInAlpen(t);
  const { alpen, alpenRoot, karnten, steiermark, klagenfurt, graz } = DEMO_IDS;
  const insertGroup = async (parentId: number, name: string) => {
    const [row] = await t.db.db
      .insert(locationGroups)
      .values({ companyId: alpen, parentId, name })
      .returning({ id: locationGroups.id });
    return row?.id ?? 0;
  };
  const nord = await insertGroup(steiermark, 'Nord');
  const nordOst = await insertGroup(nord, 'Nord-Ost');
  const [roof] = await t.db.db
    .select()
    .from(deviceGroups)
    .where(eq(deviceGroups.locationId, klagenfurt))
    .orderBy(deviceGroups.id);
  const [roofDevice] = await t.db.db
    .select()
    .from(devices)
    .where(eq(devices.deviceGroupId, roof?.id ?? 0));
  const [spare] = await t.db.db
    .insert(deviceGroups)
    .values({ locationId: klagenfurt, name: 'Spare' })
    .returning({ id: deviceGroups.id });
  const insertUser = async (email: string) => {
    const [row] = await t.db.db
      .insert(users)
      .values({
        email,
        firstName: 'Anna',
        lastName: 'Huber',
        role: 'ROLE_USER_BASIC',
        siteId: 1,
        companyId: alpen,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    return row?.id ?? 0;
  };
  const controller = (await partsOf(t, klagenfurt)).controllerId;
  const pricing = await companyPricing(t.db.db, alpen, klagenfurt, 'Alpen Netz');
  // References the controller reported that match no device, for the adopt and dismiss controls.
  await t.db.db.insert(discoveredDevices).values(
    ['matrix-adopt', 'matrix-dismiss'].map((ref) => ({
      controllerId: controller,
      ref,
      firstSeenAt: new Date(),
      lastSeenAt: new Date(),
      lastValues: { power_w: 42 },
    })),
  );
  return {
    company: alpen,
    rootGroup: alpenRoot,
    karnten,
    steiermark,
    nord,
    nordOst,
    klagenfurt,
    graz,
    roofGroup: roof?.id ?? 0,
    roofDevice: roofDevice?.id ?? 0,
    spareDeviceGroup: spare?.id ?? 0,
    controller,
    grazDevice: (await partsOf(t, graz)).deviceId,
    acceptedInvitation,
    pendingInvitation: await pendingInvitation(t, graz),
    grantHolder: await userIdOf(t, DEMO.advanced.email),
    alpenUser: await insertUser('anna.huber@alpen.example'),
    alpenLeavingUser: await insertUser('leaving@alpen.example'),
    pricing,
    pricingListFrom: pricing.listFrom,
    mojElektro: await mojElektroSamples(
      t.db.db,
      await userIdOf(t, ALPEN_AGGREGATOR.email),
      'Alpen',
    ),
  };
}

let t: TestApp;
let ids: ForeignIds;
const s = { aggregator: '', impersonating: '', owner: '' };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ids = await foreignFixture(t);
  s.aggregator = await signIn(t.app, DEMO.aggregator);
  s.impersonating = await impersonating(t, DEMO.aggregator, DEMO.advanced.email);
  s.owner = await signIn(t.app, ALPEN_AGGREGATOR);
});
afterAll(() => t.close());

function send(route: RouteDescriptor, request: SampleRequest, token: string) {
  const search = new URLSearchParams(request.query).toString();
  const path = `/api${buildPath(route.path, request.params)}`;
  return t.app.inject({
    method: route.method,
    url: search ? `${path}?${search}` : path,
    cookies: { ec_session: token },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

/** The error code of a refusal: NOT_FOUND for 404, FORBIDDEN for 403. */
const CODES: Record<number, string> = { 403: 'FORBIDDEN', 404: 'NOT_FOUND' };

async function expectRefused(
  route: RouteDescriptor,
  request: SampleRequest,
  token: string,
  status: number,
) {
  const res = await send(route, request, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(json<{ error: { code: string } }>(res).error.code).toBe(CODES[status]);
}

describe('the table', () => {
  it('has an entry for every contract route (add new routes to cross-tenant-routes.ts)', () => {
    expect(all.filter((entry) => !entry.sample).map((entry) => entry.id)).toEqual([]);
  });

  it('names no route the contract does not have', () => {
    const known = new Set(all.map((entry) => entry.id));
    const named = Object.entries(table).flatMap(([group, entries]) =>
      Object.keys(entries ?? {}).map((name) => `${group}.${name}`),
    );
    expect(named.filter((id) => !known.has(id))).toEqual([]);
  });

  it('says why a route is exempt', () => {
    for (const { id, sample } of all) {
      if (sample && 'exempt' in sample) expect(sample.exempt.length, id).toBeGreaterThan(10);
    }
  });
});

describe('the Sončna aggregator on Alpen’s resources', () => {
  it.each(foreign)('$id → $sample.status', async ({ route, sample }) => {
    await expectRefused(route, sample.foreign(ids), s.aggregator, sample.status);
  });
});

describe('the Sončna aggregator acting as a Sončna user who holds every flag in Alpen', () => {
  const expected = (route: RouteDescriptor, sample: Foreign) => {
    const roles = route.access.kind === 'session' ? route.access.roles : undefined;
    if (roles && !hasAnyRole(IMPERSONATED_ROLE, roles)) return 403;
    return sample.impersonated ?? sample.status;
  };

  it.each(foreign)('$id → the same answer', async ({ route, sample }) => {
    await expectRefused(route, sample.foreign(ids), s.impersonating, expected(route, sample));
  });

  it('was acting as the user all along', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { ec_session: s.impersonating },
    });
    expect(json<{ data: { user: { email: string } } }>(res).data.user.email).toBe(
      DEMO.advanced.email,
    );
  });
});

describe('lists and answers about the session name nothing of Alpen', () => {
  it.each(lists)('$id', async ({ route, request }) => {
    for (const token of [s.aggregator, s.impersonating]) {
      const res = await send(route, request, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(alpenMentions(res.body)).toEqual([]);
    }
  });
});

// Last: the owner's requests change things (a new group, a deleted device group, …).
describe('control: Alpen’s own aggregator gets past the access checks with the same requests', () => {
  it.each(lists)('$id names Alpen', async ({ route, request }) => {
    const res = await send(route, request, s.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(alpenMentions(res.body)).not.toEqual([]);
  });

  it.each(foreign)('$id → $sample.owner', async ({ route, sample }) => {
    if (typeof sample.owner !== 'number') return;
    const token = sample.freshOwnerSession ? await signIn(t.app, ALPEN_AGGREGATOR) : s.owner;
    const res = await send(route, sample.foreign(ids), token);
    expect(res.statusCode, res.body).toBe(sample.owner);
  });
});
