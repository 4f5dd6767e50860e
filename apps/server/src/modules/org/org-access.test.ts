import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  controllers,
  countries,
  devices,
  eq,
  locationGroupPermissions,
  locationGroups,
  locationPermissions,
  locations,
  sites,
  users,
} from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import type { Role } from '@ec/domain';
import { AppError } from '../../errors.ts';
import { SYSTEM_USER_ID, systemActor } from '../auth/system-actor.ts';
import { createOrgAccess, scopeOf, type AccessActor, type OrgAccess } from './org-access.ts';

let database: TestDatabase;
let access: OrgAccess;
const ids: Record<string, number> = {};
/** The id stored under `key` (fails loudly when the fixture was not created). */
function id(key: string): number {
  const value = ids[key];
  if (value === undefined) throw new Error(`fixture ${key} missing`);
  return value;
}

async function user(key: string, role: Role, siteId: number, companyId: number | null = null) {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${key.toLowerCase()}@org.test`, role, siteId, companyId })
    .returning();
  ids[key] = must(row).id;
}

async function company(key: string, siteId: number) {
  const { db } = database;
  const [row] = await db
    .insert(companies)
    .values({ siteId, name: key, countryId: id('country') })
    .returning();
  const [root] = await db
    .insert(locationGroups)
    .values({ companyId: must(row).id, name: `${key} root` })
    .returning();
  await db
    .update(companies)
    .set({ rootGroupId: must(root).id })
    .where(eq(companies.id, must(row).id));
  ids[key] = must(row).id;
  ids[`${key}Root`] = must(root).id;
}

async function group(key: string, companyKey: string, parentKey: string) {
  const [row] = await database.db
    .insert(locationGroups)
    .values({ companyId: id(companyKey), parentId: id(parentKey), name: key })
    .returning();
  ids[key] = must(row).id;
}

async function location(key: string, companyKey: string, groupKey: string, ownerKey?: string) {
  const [row] = await database.db
    .insert(locations)
    .values({
      companyId: id(companyKey),
      groupId: id(groupKey),
      name: key,
      ownerId: ownerKey ? id(ownerKey) : null,
    })
    .returning();
  ids[key] = must(row).id;
}

const actor = (key: string, role: Role, siteKey = 'site', companyKey?: string): AccessActor => ({
  user: {
    id: id(key),
    role,
    siteId: id(siteKey),
    companyId: companyKey ? id(companyKey) : null,
  },
});

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('row missing');
  return value;
}

async function status(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
}

async function visibleLocations(a: AccessActor) {
  const rows = await database.db
    .select({ name: locations.name })
    .from(locations)
    .where(access.locationFilter(a))
    .orderBy(locations.name);
  return rows.map((r) => r.name);
}

async function visibleCompanies(a: AccessActor) {
  const rows = await database.db
    .select({ name: companies.name })
    .from(companies)
    .where(access.companyFilter(a))
    .orderBy(companies.name);
  return rows.map((r) => r.name);
}

async function visibleGroups(a: AccessActor) {
  const rows = await database.db
    .select({ name: locationGroups.name })
    .from(locationGroups)
    .where(access.groupFilter(a))
    .orderBy(locationGroups.name);
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  database = await createTestDb();
  access = createOrgAccess(database.db);
  const { db } = database;
  const [site] = await db
    .insert(sites)
    .values({ identifier: 'org-a', productName: 'A', supportEmail: 'a@org.test' })
    .returning();
  const [other] = await db
    .insert(sites)
    .values({ identifier: 'org-b', productName: 'B', supportEmail: 'b@org.test' })
    .returning();
  ids.site = must(site).id;
  ids.otherSite = must(other).id;
  const [country] = await db.insert(countries).values({ code: 'SI', name: 'Slovenia' }).returning();
  ids.country = must(country).id;
  await company('alpha', ids.site);
  await company('beta', ids.site);
  await company('gamma', ids.otherSite);
  await group('north', 'alpha', 'alphaRoot');
  await group('northEast', 'alpha', 'north');
  await user('admin', 'ROLE_SUPER_ADMIN', ids.site);
  await user('aggAlpha', 'ROLE_AGGREGATOR', ids.site, ids.alpha);
  await user('aggBeta', 'ROLE_AGGREGATOR', ids.site, ids.beta);
  await user('owner', 'ROLE_USER_BASIC', ids.site);
  await user('viewer', 'ROLE_USER_BASIC', ids.site);
  await user('groupEditor', 'ROLE_USER_ADVANCED', ids.site);
  await user('stranger', 'ROLE_USER_BASIC', ids.site);
  await location('home', 'alpha', 'alphaRoot', 'owner');
  await location('cabin', 'alpha', 'northEast');
  await location('office', 'beta', 'betaRoot');
  await location('abroad', 'gamma', 'gammaRoot');
  await db.insert(locationPermissions).values({ userId: id('viewer'), locationId: id('home') });
  await db
    .insert(locationGroupPermissions)
    .values({ userId: id('groupEditor'), groupId: id('north'), canView: true, canEdit: true });
  const [controller] = await db
    .insert(controllers)
    .values({
      companyId: id('alpha'),
      locationId: id('home'),
      unitId: 'u-1',
      serial: 'AAAA-BBBB-CCCC-DDDD',
    })
    .returning();
  ids.controller = must(controller).id;
  const [loose] = await db
    .insert(controllers)
    .values({
      companyId: id('alpha'),
      ownerId: id('stranger'),
      unitId: 'u-2',
      serial: 'AAAA-BBBB-CCCC-EEEE',
    })
    .returning();
  ids.looseController = must(loose).id;
  const [device] = await db
    .insert(devices)
    .values({ locationId: id('cabin'), name: 'Heat pump', category: 'HVAC' })
    .returning();
  ids.device = must(device).id;
});
afterAll(() => database.close());

describe('org access: locations', () => {
  it.each([
    // who, role, company, location, action, status
    ['admin', 'ROLE_SUPER_ADMIN', undefined, 'office', 'manage', 200],
    ['admin', 'ROLE_SUPER_ADMIN', undefined, 'abroad', 'view', 404],
    ['aggAlpha', 'ROLE_AGGREGATOR', 'alpha', 'cabin', 'manage', 200],
    ['aggAlpha', 'ROLE_AGGREGATOR', 'alpha', 'office', 'view', 404],
    ['aggBeta', 'ROLE_AGGREGATOR', 'beta', 'home', 'view', 404],
    ['owner', 'ROLE_USER_BASIC', undefined, 'home', 'manage', 200],
    ['owner', 'ROLE_USER_BASIC', undefined, 'cabin', 'view', 404],
    ['viewer', 'ROLE_USER_BASIC', undefined, 'home', 'view', 200],
    ['viewer', 'ROLE_USER_BASIC', undefined, 'home', 'edit', 403],
    ['groupEditor', 'ROLE_USER_ADVANCED', undefined, 'cabin', 'edit', 200],
    ['groupEditor', 'ROLE_USER_ADVANCED', undefined, 'cabin', 'manage', 403],
    ['groupEditor', 'ROLE_USER_ADVANCED', undefined, 'home', 'view', 404],
    ['stranger', 'ROLE_USER_BASIC', undefined, 'home', 'view', 404],
  ] as const)('%s (%s) on %s/%s %s → %i', async (who, role, companyKey, key, action, expected) => {
    expect(
      await status(access.requireLocation(actor(who, role, 'site', companyKey), id(key), action)),
    ).toBe(expected);
  });

  it('answers 404 for an unknown id', async () => {
    expect(
      await status(access.requireLocation(actor('admin', 'ROLE_SUPER_ADMIN'), 999_999, 'view')),
    ).toBe(404);
  });

  it('an aggregator without a company sees nothing', async () => {
    expect(
      await status(
        access.requireLocation(actor('aggAlpha', 'ROLE_AGGREGATOR'), id('home'), 'view'),
      ),
    ).toBe(404);
  });
});

describe('org access: groups, companies, devices, controllers', () => {
  it('group grants reach the subtree but not the parents', async () => {
    const editor = actor('groupEditor', 'ROLE_USER_ADVANCED');
    expect(await status(access.requireGroup(editor, id('northEast'), 'edit'))).toBe(200);
    expect(await status(access.requireGroup(editor, id('alphaRoot'), 'view'))).toBe(404);
    expect(await status(access.requireDevice(editor, id('device'), 'edit'))).toBe(200);
  });

  it('companies: admins in reach manage, grantees only view, strangers see nothing', async () => {
    expect(
      await status(
        access.requireCompany(
          actor('aggAlpha', 'ROLE_AGGREGATOR', 'site', 'alpha'),
          id('alpha'),
          'manage',
        ),
      ),
    ).toBe(200);
    expect(
      await status(
        access.requireCompany(
          actor('aggBeta', 'ROLE_AGGREGATOR', 'site', 'beta'),
          id('alpha'),
          'view',
        ),
      ),
    ).toBe(404);
    expect(
      await status(access.requireCompany(actor('viewer', 'ROLE_USER_BASIC'), id('alpha'), 'view')),
    ).toBe(200);
    expect(
      await status(access.requireCompany(actor('viewer', 'ROLE_USER_BASIC'), id('alpha'), 'edit')),
    ).toBe(403);
    expect(
      await status(access.requireCompany(actor('viewer', 'ROLE_USER_BASIC'), id('beta'), 'view')),
    ).toBe(404);
    expect(
      await status(access.requireCompany(actor('admin', 'ROLE_SUPER_ADMIN'), id('gamma'), 'view')),
    ).toBe(404);
  });

  it('controllers follow their location; a loose one its owner and the admins', async () => {
    expect(
      await status(
        access.requireController(actor('viewer', 'ROLE_USER_BASIC'), id('controller'), 'view'),
      ),
    ).toBe(200);
    expect(
      await status(
        access.requireController(actor('viewer', 'ROLE_USER_BASIC'), id('controller'), 'edit'),
      ),
    ).toBe(403);
    expect(
      await status(
        access.requireController(
          actor('stranger', 'ROLE_USER_BASIC'),
          id('looseController'),
          'edit',
        ),
      ),
    ).toBe(200);
    expect(
      await status(
        access.requireController(actor('owner', 'ROLE_USER_BASIC'), id('looseController'), 'view'),
      ),
    ).toBe(404);
    expect(
      await status(
        access.requireController(
          actor('aggAlpha', 'ROLE_AGGREGATOR', 'site', 'alpha'),
          id('looseController'),
          'manage',
        ),
      ),
    ).toBe(200);
  });
});

describe('org access: list filters', () => {
  it('keeps what each actor sees', async () => {
    expect(await visibleLocations(actor('admin', 'ROLE_SUPER_ADMIN'))).toEqual([
      'cabin',
      'home',
      'office',
    ]);
    expect(await visibleLocations(actor('aggBeta', 'ROLE_AGGREGATOR', 'site', 'beta'))).toEqual([
      'office',
    ]);
    expect(await visibleLocations(actor('viewer', 'ROLE_USER_BASIC'))).toEqual(['home']);
    expect(await visibleLocations(actor('groupEditor', 'ROLE_USER_ADVANCED'))).toEqual(['cabin']);
    expect(await visibleLocations(actor('stranger', 'ROLE_USER_BASIC'))).toEqual([]);
    expect(await visibleCompanies(actor('admin', 'ROLE_SUPER_ADMIN'))).toEqual(['alpha', 'beta']);
    expect(await visibleCompanies(actor('groupEditor', 'ROLE_USER_ADVANCED'))).toEqual(['alpha']);
    expect(await visibleCompanies(actor('aggAlpha', 'ROLE_AGGREGATOR'))).toEqual([]);
  });
});

describe('org access: permissionsOf', () => {
  it('lists owned locations with every flag, grants with theirs, and owned controllers', async () => {
    const owner = await access.permissionsOf({ id: id('owner') });
    expect(owner.locations).toEqual([{ id: ids.home, name: 'home' }]);
    expect(owner.permissions.locations).toEqual([
      { id: ids.home, companyId: ids.alpha, actions: { view: true, edit: true, manage: true } },
    ]);
    const viewer = await access.permissionsOf({ id: id('viewer') });
    expect(viewer.locations).toEqual([]);
    expect(viewer.permissions.locations).toEqual([
      { id: ids.home, companyId: ids.alpha, actions: { view: true, edit: false, manage: false } },
    ]);
    const editor = await access.permissionsOf({ id: id('groupEditor') });
    expect(editor.permissions.locationGroups).toEqual([
      { id: ids.north, companyId: ids.alpha, actions: { view: true, edit: true, manage: false } },
    ]);
    const stranger = await access.permissionsOf({ id: id('stranger') });
    expect(stranger.controllers).toEqual([{ id: ids.looseController }]);
  });
});

describe('org access: impersonation is the intersection of both scopes', () => {
  // The users are the fixture's: aggAlpha (alpha), aggBeta (beta), groupEditor (grants in alpha), admin.
  const user = (key: string, role: Role, companyKey?: string, siteKey = 'site') =>
    actor(key, role, siteKey, companyKey).user;
  const as = (target: AccessActor['user'], impersonator: AccessActor['user']): AccessActor => ({
    user: target,
    impersonator,
  });

  it.each([
    // target, impersonator, expected scope
    [
      'a grants user by a super admin: the user’s whole reach',
      () => as(user('groupEditor', 'ROLE_USER_ADVANCED'), user('admin', 'ROLE_SUPER_ADMIN')),
      () => ({ kind: 'grants', siteId: id('site'), userId: id('groupEditor') }),
    ],
    [
      'a grants user by an aggregator: the user’s grants inside the aggregator’s company',
      () =>
        as(user('groupEditor', 'ROLE_USER_ADVANCED'), user('aggBeta', 'ROLE_AGGREGATOR', 'beta')),
      () => ({ kind: 'grants', siteId: id('site'), userId: id('groupEditor'), within: id('beta') }),
    ],
    [
      'an aggregator by a super admin: the aggregator’s company',
      () => as(user('aggAlpha', 'ROLE_AGGREGATOR', 'alpha'), user('admin', 'ROLE_SUPER_ADMIN')),
      () => ({ kind: 'company', siteId: id('site'), companyId: id('alpha') }),
    ],
    [
      'an aggregator of another company by an aggregator: nothing',
      () =>
        as(
          user('aggAlpha', 'ROLE_AGGREGATOR', 'alpha'),
          user('aggBeta', 'ROLE_AGGREGATOR', 'beta'),
        ),
      () => ({ kind: 'company', siteId: id('site'), companyId: null }),
    ],
    [
      'a super admin by an aggregator: only the aggregator’s company',
      () => as(user('admin', 'ROLE_SUPER_ADMIN'), user('aggBeta', 'ROLE_AGGREGATOR', 'beta')),
      () => ({ kind: 'company', siteId: id('site'), companyId: id('beta') }),
    ],
    [
      'anyone by a non-admin: nothing',
      () => as(user('groupEditor', 'ROLE_USER_ADVANCED'), user('viewer', 'ROLE_USER_BASIC')),
      () => ({ kind: 'grants', siteId: id('site'), userId: id('groupEditor'), within: null }),
    ],
    [
      'anyone by an admin of another site: nothing',
      () =>
        as(
          user('groupEditor', 'ROLE_USER_ADVANCED'),
          user('admin', 'ROLE_SUPER_ADMIN', undefined, 'otherSite'),
        ),
      () => ({ kind: 'grants', siteId: id('site'), userId: id('groupEditor'), within: null }),
    ],
  ] as const)('%s', (_name, make, expected) => {
    expect(access.scopeOf(make())).toEqual(expected());
  });

  it('checks and filters: the grants user’s cabin (alpha) is closed to aggBeta acting as them', async () => {
    const target = user('groupEditor', 'ROLE_USER_ADVANCED');
    const byBeta = as(target, user('aggBeta', 'ROLE_AGGREGATOR', 'beta'));
    const byAlpha = as(target, user('aggAlpha', 'ROLE_AGGREGATOR', 'alpha'));
    expect(await status(access.requireLocation(byBeta, id('cabin'), 'view'))).toBe(404);
    expect(await status(access.requireGroup(byBeta, id('north'), 'view'))).toBe(404);
    expect(await status(access.requireDevice(byBeta, id('device'), 'view'))).toBe(404);
    expect(await status(access.requireCompany(byBeta, id('alpha'), 'view'))).toBe(404);
    expect(await status(access.requireLocation(byAlpha, id('cabin'), 'edit'))).toBe(200);
    expect(await status(access.requireGroup(byAlpha, id('north'), 'edit'))).toBe(200);
    expect(await visibleLocations(byBeta)).toEqual([]);
    expect(await visibleCompanies(byBeta)).toEqual([]);
    expect(await visibleLocations(byAlpha)).toEqual(['cabin']);
    expect(await visibleCompanies(byAlpha)).toEqual(['alpha']);
    expect(await visibleGroups(byBeta)).toEqual([]);
    expect(await visibleGroups(byAlpha)).toEqual(['north', 'northEast']);
  });

  it('groupFilter keeps what each actor sees', async () => {
    expect(await visibleGroups(actor('aggAlpha', 'ROLE_AGGREGATOR', 'site', 'alpha'))).toEqual([
      'alpha root',
      'north',
      'northEast',
    ]);
    expect(await visibleGroups(actor('groupEditor', 'ROLE_USER_ADVANCED'))).toEqual([
      'north',
      'northEast',
    ]);
    expect(await visibleGroups(actor('viewer', 'ROLE_USER_BASIC'))).toEqual([]);
    expect(await visibleGroups(actor('admin', 'ROLE_SUPER_ADMIN'))).toEqual([
      'alpha root',
      'beta root',
      'north',
      'northEast',
    ]);
  });

  it('a controller without a location stays with its owner only inside the impersonator’s company', async () => {
    const target = user('stranger', 'ROLE_USER_BASIC');
    const byBeta = as(target, user('aggBeta', 'ROLE_AGGREGATOR', 'beta'));
    const byAlpha = as(target, user('aggAlpha', 'ROLE_AGGREGATOR', 'alpha'));
    expect(await status(access.requireController(byBeta, id('looseController'), 'view'))).toBe(404);
    expect(await status(access.requireController(byAlpha, id('looseController'), 'view'))).toBe(
      200,
    );
  });

  it('permissionsOf lists only what lies in the impersonator’s reach', async () => {
    const target = { id: id('groupEditor') };
    expect(
      (await access.permissionsOf(target, user('aggBeta', 'ROLE_AGGREGATOR', 'beta'))).permissions
        .locationGroups,
    ).toEqual([]);
    expect(
      (await access.permissionsOf(target, user('aggAlpha', 'ROLE_AGGREGATOR', 'alpha'))).permissions
        .locationGroups,
    ).toHaveLength(1);
    expect(
      (await access.permissionsOf(target, user('admin', 'ROLE_SUPER_ADMIN'))).permissions
        .locationGroups,
    ).toHaveLength(1);
    const owner = { id: id('stranger') };
    expect(
      (await access.permissionsOf(owner, user('aggBeta', 'ROLE_AGGREGATOR', 'beta'))).controllers,
    ).toEqual([]);
  });
});

describe('org access: the system actor (background jobs) reaches its site, every action, nothing else', () => {
  const system = () => systemActor(id('site'));

  it('has the site scope, whatever its role says and with no impersonation', () => {
    expect(scopeOf(system())).toEqual({ kind: 'site', siteId: id('site') });
    // Even a system actor whose user were a basic user, or that carried an impersonator, keeps exactly its site.
    const odd: AccessActor = {
      user: { id: 0, role: 'ROLE_USER_BASIC', siteId: id('site'), companyId: null },
      impersonator: {
        id: id('aggBeta'),
        role: 'ROLE_AGGREGATOR',
        siteId: id('site'),
        companyId: id('beta'),
      },
      system: true,
    };
    expect(scopeOf(odd)).toEqual({ kind: 'site', siteId: id('site') });
  });

  it('sees and may manage every company, group, location, device and controller of its site', async () => {
    expect(await visibleCompanies(system())).toEqual(['alpha', 'beta']);
    expect(await visibleLocations(system())).toEqual(['cabin', 'home', 'office']);
    expect(await visibleGroups(system())).toEqual(
      expect.arrayContaining(['alpha root', 'beta root', 'north', 'northEast']),
    );
    expect(await visibleGroups(system())).not.toContain('gamma root');
    for (const key of ['home', 'cabin', 'office']) {
      expect(await status(access.requireLocation(system(), id(key), 'manage'))).toBe(200);
    }
    expect(await status(access.requireCompany(system(), id('beta'), 'manage'))).toBe(200);
    expect(await status(access.requireGroup(system(), id('northEast'), 'manage'))).toBe(200);
    expect(await status(access.requireDevice(system(), id('device'), 'manage'))).toBe(200);
    expect(await status(access.requireController(system(), id('looseController'), 'manage'))).toBe(
      200,
    );
  });

  it('reaches nothing of another site (404, like an unknown id)', async () => {
    expect(await status(access.requireLocation(system(), id('abroad'), 'view'))).toBe(404);
    expect(await status(access.requireCompany(system(), id('gamma'), 'view'))).toBe(404);
    expect(await status(access.requireGroup(system(), id('gammaRoot'), 'view'))).toBe(404);
    const abroad = systemActor(id('otherSite'));
    expect(await visibleCompanies(abroad)).toEqual(['gamma']);
    expect(await visibleLocations(abroad)).toEqual(['abroad']);
    expect(await status(access.requireLocation(abroad, id('home'), 'view'))).toBe(404);
  });

  it('is no person: no users row, no session, no impersonator', () => {
    const actor = system();
    expect(actor.user.id).toBe(SYSTEM_USER_ID);
    expect(actor.sessionId).toBe('');
    expect(actor.impersonator).toBeNull();
    expect(actor.user.hasPassword).toBe(false);
    expect(Object.isFrozen(actor) && Object.isFrozen(actor.user)).toBe(true);
  });
});
