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
import { createOrgAccess, type AccessActor, type OrgAccess } from './org-access.ts';

let database: TestDatabase;
let access: OrgAccess;
const ids = {} as Record<string, number>;

async function user(key: string, role: Role, siteId: number, companyId: number | null = null) {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${key.toLowerCase()}@org.test`, role, siteId, companyId })
    .returning();
  ids[key] = row!.id;
}

async function company(key: string, siteId: number) {
  const { db } = database;
  const [row] = await db
    .insert(companies)
    .values({ siteId, name: key, countryId: ids.country! })
    .returning();
  const [root] = await db
    .insert(locationGroups)
    .values({ companyId: row!.id, name: `${key} root` })
    .returning();
  await db.update(companies).set({ rootGroupId: root!.id }).where(eq(companies.id, row!.id));
  ids[key] = row!.id;
  ids[`${key}Root`] = root!.id;
}

async function group(key: string, companyKey: string, parentKey: string) {
  const [row] = await database.db
    .insert(locationGroups)
    .values({ companyId: ids[companyKey]!, parentId: ids[parentKey]!, name: key })
    .returning();
  ids[key] = row!.id;
}

async function location(key: string, companyKey: string, groupKey: string, ownerKey?: string) {
  const [row] = await database.db
    .insert(locations)
    .values({
      companyId: ids[companyKey]!,
      groupId: ids[groupKey]!,
      name: key,
      ownerId: ownerKey ? ids[ownerKey]! : null,
    })
    .returning();
  ids[key] = row!.id;
}

const actor = (key: string, role: Role, siteKey = 'site', companyKey?: string): AccessActor => ({
  user: {
    id: ids[key]!,
    role,
    siteId: ids[siteKey]!,
    companyId: companyKey ? ids[companyKey]! : null,
  },
});

async function status(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.statusCode;
    throw error;
  }
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
  ids.site = site!.id;
  ids.otherSite = other!.id;
  const [country] = await db.insert(countries).values({ code: 'SI', name: 'Slovenia' }).returning();
  ids.country = country!.id;
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
  await db.insert(locationPermissions).values({ userId: ids.viewer!, locationId: ids.home! });
  await db
    .insert(locationGroupPermissions)
    .values({ userId: ids.groupEditor!, groupId: ids.north!, canView: true, canEdit: true });
  const [controller] = await db
    .insert(controllers)
    .values({
      companyId: ids.alpha!,
      locationId: ids.home!,
      unitId: 'u-1',
      serial: 'AAAA-BBBB-CCCC-DDDD',
    })
    .returning();
  ids.controller = controller!.id;
  const [loose] = await db
    .insert(controllers)
    .values({
      companyId: ids.alpha!,
      ownerId: ids.stranger!,
      unitId: 'u-2',
      serial: 'AAAA-BBBB-CCCC-EEEE',
    })
    .returning();
  ids.looseController = loose!.id;
  const [device] = await db
    .insert(devices)
    .values({ locationId: ids.cabin!, name: 'Heat pump', category: 'HVAC' })
    .returning();
  ids.device = device!.id;
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
      await status(access.requireLocation(actor(who, role, 'site', companyKey), ids[key]!, action)),
    ).toBe(expected);
  });

  it('answers 404 for an unknown id', async () => {
    expect(
      await status(access.requireLocation(actor('admin', 'ROLE_SUPER_ADMIN'), 999_999, 'view')),
    ).toBe(404);
  });

  it('an aggregator without a company sees nothing', async () => {
    expect(
      await status(access.requireLocation(actor('aggAlpha', 'ROLE_AGGREGATOR'), ids.home!, 'view')),
    ).toBe(404);
  });
});

describe('org access: groups, companies, devices, controllers', () => {
  it('group grants reach the subtree but not the parents', async () => {
    const editor = actor('groupEditor', 'ROLE_USER_ADVANCED');
    expect(await status(access.requireGroup(editor, ids.northEast!, 'edit'))).toBe(200);
    expect(await status(access.requireGroup(editor, ids.alphaRoot!, 'view'))).toBe(404);
    expect(await status(access.requireDevice(editor, ids.device!, 'edit'))).toBe(200);
  });

  it('companies: admins in reach manage, grantees only view, strangers see nothing', async () => {
    expect(
      await status(
        access.requireCompany(
          actor('aggAlpha', 'ROLE_AGGREGATOR', 'site', 'alpha'),
          ids.alpha!,
          'manage',
        ),
      ),
    ).toBe(200);
    expect(
      await status(
        access.requireCompany(
          actor('aggBeta', 'ROLE_AGGREGATOR', 'site', 'beta'),
          ids.alpha!,
          'view',
        ),
      ),
    ).toBe(404);
    expect(
      await status(access.requireCompany(actor('viewer', 'ROLE_USER_BASIC'), ids.alpha!, 'view')),
    ).toBe(200);
    expect(
      await status(access.requireCompany(actor('viewer', 'ROLE_USER_BASIC'), ids.alpha!, 'edit')),
    ).toBe(403);
    expect(
      await status(access.requireCompany(actor('viewer', 'ROLE_USER_BASIC'), ids.beta!, 'view')),
    ).toBe(404);
    expect(
      await status(access.requireCompany(actor('admin', 'ROLE_SUPER_ADMIN'), ids.gamma!, 'view')),
    ).toBe(404);
  });

  it('controllers follow their location; a loose one its owner and the admins', async () => {
    expect(
      await status(
        access.requireController(actor('viewer', 'ROLE_USER_BASIC'), ids.controller!, 'view'),
      ),
    ).toBe(200);
    expect(
      await status(
        access.requireController(actor('viewer', 'ROLE_USER_BASIC'), ids.controller!, 'edit'),
      ),
    ).toBe(403);
    expect(
      await status(
        access.requireController(
          actor('stranger', 'ROLE_USER_BASIC'),
          ids.looseController!,
          'edit',
        ),
      ),
    ).toBe(200);
    expect(
      await status(
        access.requireController(actor('owner', 'ROLE_USER_BASIC'), ids.looseController!, 'view'),
      ),
    ).toBe(404);
    expect(
      await status(
        access.requireController(
          actor('aggAlpha', 'ROLE_AGGREGATOR', 'site', 'alpha'),
          ids.looseController!,
          'manage',
        ),
      ),
    ).toBe(200);
  });
});

describe('org access: list filters', () => {
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
    const owner = await access.permissionsOf({ id: ids.owner! });
    expect(owner.locations).toEqual([{ id: ids.home, name: 'home' }]);
    expect(owner.permissions.locations).toEqual([
      { id: ids.home, companyId: ids.alpha, actions: { view: true, edit: true, manage: true } },
    ]);
    const viewer = await access.permissionsOf({ id: ids.viewer! });
    expect(viewer.locations).toEqual([]);
    expect(viewer.permissions.locations).toEqual([
      { id: ids.home, companyId: ids.alpha, actions: { view: true, edit: false, manage: false } },
    ]);
    const editor = await access.permissionsOf({ id: ids.groupEditor! });
    expect(editor.permissions.locationGroups).toEqual([
      { id: ids.north, companyId: ids.alpha, actions: { view: true, edit: true, manage: false } },
    ]);
    const stranger = await access.permissionsOf({ id: ids.stranger! });
    expect(stranger.controllers).toEqual([{ id: ids.looseController }]);
  });
});
