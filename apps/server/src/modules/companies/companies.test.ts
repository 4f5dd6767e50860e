// Companies and location groups over HTTP (docs/organisation.md): who sees and changes which company and group,
// the create-company rules, the settings, and the tree rules (root locked, no cycles, not where it already is,
// only empty groups deleted). Fixtures are two companies of the default site built here, with users whose password
// is the demo basic user's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  companies,
  controllers,
  countries,
  eq,
  locationGroupPermissions,
  locationGroups,
  locations,
  sites,
  users,
} from '@ec/db';
import type { Role } from '@ec/domain';
import { createTestApp, DEMO, json, signIn, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = {
  si: 0,
  at: 0,
  a: 0,
  aRoot: 0,
  aNorth: 0,
  aNorthEast: 0,
  aSouth: 0,
  b: 0,
  bRoot: 0,
  locationNorth: 0,
  locationSouth: 0,
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(
  who: string | null,
  method: Method,
  url: string,
  data?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api${url}`,
    cookies: who ? { ec_session: tokens[who] ?? '' } : {},
    ...(data === undefined ? {} : { payload: { data } }),
  });
}

const errorOf = (res: LightMyRequestResponse) =>
  json<{ error: { code: string; message: string; fields?: Record<string, string> } }>(res).error;

type CompanyBody = {
  id: number;
  name: string;
  countryId: number;
  contactEmail: string | null;
  contactPhone: string | null;
  rootGroup: { id: number };
  assignedControllersCount: number;
  settings: Record<string, unknown>;
};
type GroupBody = {
  id: number;
  name: string;
  parentId: number | null;
  companyId: number;
  locationsCount: number;
  childrenCount: number;
};

async function addUser(
  email: string,
  role: Role,
  options: { companyId?: number | null; siteId?: number } = {},
): Promise<number> {
  const [template] = await t.db.db.select().from(users).where(eq(users.email, DEMO.basic.email));
  if (!template) throw new Error('demo basic user missing');
  const [row] = await t.db.db
    .insert(users)
    .values({
      email,
      passwordHash: template.passwordHash,
      firstName: 'Test',
      lastName: role,
      role,
      siteId: options.siteId ?? template.siteId,
      companyId: options.companyId ?? null,
      emailVerifiedAt: new Date('2024-01-01T00:00:00Z'),
    })
    .returning({ id: users.id });
  tokens[email.slice(0, email.indexOf('@'))] = await signIn(t.app, {
    email,
    password: DEMO.basic.password,
  });
  return row?.id ?? 0;
}

async function addGroup(companyId: number, parentId: number, name: string): Promise<number> {
  const [row] = await t.db.db
    .insert(locationGroups)
    .values({ companyId, parentId, name })
    .returning({ id: locationGroups.id });
  return row?.id ?? 0;
}

async function addLocation(companyId: number, groupId: number, name: string): Promise<number> {
  const [row] = await t.db.db
    .insert(locations)
    .values({ companyId, groupId, name })
    .returning({ id: locations.id });
  return row?.id ?? 0;
}

let serials = 0;
async function addController(companyId: number, locationId: number | null): Promise<void> {
  serials += 1;
  const n = String(serials).padStart(4, '0');
  await t.db.db.insert(controllers).values({
    companyId,
    locationId,
    unitId: `companies-test-${n}`,
    serial: `TEST-CMPY-${n}-0000`,
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  tokens.admin = await signIn(t.app, DEMO.admin);
  const country = async (code: string) =>
    (await t.db.db.select().from(countries).where(eq(countries.code, code)))[0]?.id ?? 0;
  ids.si = await country('SI');
  ids.at = await country('AT');

  // Company A (Slovenia) and B (Austria), created through the API by the super admin.
  const a = json<{ data: { company: CompanyBody } }>(
    await call('admin', 'POST', '/companies', { name: 'Alpha Energija', countryId: ids.si }),
  ).data.company;
  const b = json<{ data: { company: CompanyBody } }>(
    await call('admin', 'POST', '/companies', { name: 'Beta Strom', countryId: ids.at }),
  ).data.company;
  ids.a = a.id;
  ids.aRoot = a.rootGroup.id;
  ids.b = b.id;
  ids.bRoot = b.rootGroup.id;

  // A: root › North › North-East, root › South; a location in North and one in South.
  ids.aNorth = await addGroup(ids.a, ids.aRoot, 'North');
  ids.aNorthEast = await addGroup(ids.a, ids.aNorth, 'North-East');
  ids.aSouth = await addGroup(ids.a, ids.aRoot, 'South');
  ids.locationNorth = await addLocation(ids.a, ids.aNorth, 'Hiša Kranj');
  ids.locationSouth = await addLocation(ids.a, ids.aSouth, 'Hiša Novo mesto');
  // Controllers: one at each location of A, one of A not assigned yet; one at a location of B.
  await addController(ids.a, ids.locationNorth);
  await addController(ids.a, ids.locationSouth);
  await addController(ids.a, null);
  await addController(ids.b, await addLocation(ids.b, ids.bRoot, 'Haus Graz'));

  await addUser('agg-a@companies.test', 'ROLE_AGGREGATOR', { companyId: ids.a });
  await addUser('agg-b@companies.test', 'ROLE_AGGREGATOR', { companyId: ids.b });
  // A basic user who may view the North subtree of A, one who may manage it, and one with nothing.
  const viewer = await addUser('viewer-a@companies.test', 'ROLE_USER_BASIC');
  const manager = await addUser('manager-a@companies.test', 'ROLE_USER_ADVANCED');
  await addUser('stranger@companies.test', 'ROLE_USER_BASIC');
  await t.db.db.insert(locationGroupPermissions).values([
    { userId: viewer, groupId: ids.aNorth, canView: true, canEdit: false, canManage: false },
    { userId: manager, groupId: ids.aNorth, canView: true, canEdit: true, canManage: true },
  ]);
  // A super admin of another site.
  const [other] = await t.db.db.select().from(sites).where(eq(sites.identifier, 'sunpower'));
  await addUser('admin-sunpower@companies.test', 'ROLE_SUPER_ADMIN', { siteId: other?.id ?? 0 });
});
afterAll(() => t.close());

const companyIds = async (who: string) =>
  json<{ data: { companies: CompanyBody[] } }>(await call(who, 'GET', '/companies')).data.companies;

describe('POST /api/companies', () => {
  it("creates the company in the actor's site with its root group named after it", async () => {
    const res = await call('admin', 'POST', '/companies', {
      name: '  Gamma Power ',
      countryId: ids.si,
      contactEmail: 'info@gamma.example',
      contactPhone: '(01) 234 56 78',
    });
    expect(res.statusCode).toBe(201);
    const company = json<{ data: { company: CompanyBody } }>(res).data.company;
    expect(company).toMatchObject({
      name: 'Gamma Power',
      countryId: ids.si,
      contactEmail: 'info@gamma.example',
      contactPhone: '+38612345678',
      assignedControllersCount: 0,
      settings: { productName: null, defaultLocationGroupId: null },
    });
    const [row] = await t.db.db.select().from(companies).where(eq(companies.id, company.id));
    const [admin] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    expect(row?.siteId).toBe(admin?.siteId);
    const [root] = await t.db.db
      .select()
      .from(locationGroups)
      .where(eq(locationGroups.id, company.rootGroup.id));
    expect(root).toMatchObject({ companyId: company.id, parentId: null, name: 'Gamma Power' });
  });

  it('needs name and country (validation.required)', async () => {
    const res = await call('admin', 'POST', '/companies', {});
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'data.name': 'validation.required',
      'data.countryId': 'validation.required',
    });
    const blank = await call('admin', 'POST', '/companies', { name: '   ', countryId: ids.si });
    expect(errorOf(blank).fields).toEqual({ 'data.name': 'validation.required' });
  });

  it('checks the contact e-mail, the phone length and the country', async () => {
    const res = await call('admin', 'POST', '/companies', {
      name: 'Delta',
      countryId: ids.si,
      contactEmail: 'not-an-address',
      contactPhone: '1'.repeat(41),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'data.contactEmail': 'validation.invalid_email',
      'data.contactPhone': 'validation.too_long',
    });
    const unknown = await call('admin', 'POST', '/companies', {
      name: 'Delta',
      countryId: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ 'data.countryId': 'validation.invalid_value' });
    const names = (await t.db.db.select().from(companies)).map((c) => c.name);
    expect(names).not.toContain('Delta');
  });

  it('empty optional contact fields are stored as none', async () => {
    const res = await call('admin', 'POST', '/companies', {
      name: 'Epsilon',
      countryId: ids.si,
      contactEmail: '',
      contactPhone: ' ',
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { company: CompanyBody } }>(res).data.company).toMatchObject({
      contactEmail: null,
      contactPhone: null,
    });
  });

  it('is for super admins only (403 for an aggregator and a basic user)', async () => {
    for (const who of ['agg-a', 'viewer-a']) {
      const res = await call(who, 'POST', '/companies', { name: 'Zeta', countryId: ids.si });
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await call(null, 'POST', '/companies', { name: 'Zeta', countryId: ids.si })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/companies', () => {
  it('super admin: every company of the site, by name; another site sees none of them', async () => {
    const list = await companyIds('admin');
    const names = list.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Alpha Energija', 'Beta Strom']));
    expect(names).toEqual(
      [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    const other = await companyIds('admin-sunpower');
    expect(other.map((c) => c.id)).not.toContain(ids.a);
    expect(other.map((c) => c.id)).not.toContain(ids.b);
  });

  it('counts the controllers assigned to a location (not the unassigned one)', async () => {
    const list = await companyIds('admin');
    expect(list.find((c) => c.id === ids.a)).toMatchObject({
      rootGroup: { id: ids.aRoot },
      countryId: ids.si,
      assignedControllersCount: 2,
    });
    expect(list.find((c) => c.id === ids.b)?.assignedControllersCount).toBe(1);
  });

  it('aggregator: only their company', async () => {
    expect((await companyIds('agg-a')).map((c) => c.id)).toEqual([ids.a]);
    expect((await companyIds('agg-b')).map((c) => c.id)).toEqual([ids.b]);
  });

  it('others: companies where something is granted, counting only the controllers they see', async () => {
    const viewer = await companyIds('viewer-a');
    expect(viewer.map((c) => c.id)).toEqual([ids.a]);
    expect(viewer[0]?.assignedControllersCount).toBe(1);
    expect(await companyIds('stranger')).toEqual([]);
  });
});

describe('GET /api/companies/:id', () => {
  it('answers the company with its settings to those who see it', async () => {
    for (const who of ['admin', 'agg-a', 'viewer-a']) {
      const res = await call(who, 'GET', `/companies/${ids.a}`);
      expect(res.statusCode, who).toBe(200);
      expect(json<{ data: { company: CompanyBody } }>(res).data.company).toMatchObject({
        id: ids.a,
        name: 'Alpha Energija',
        rootGroup: { id: ids.aRoot },
        settings: {
          productName: null,
          platformName: null,
          slogan: null,
          domain: null,
          supportEmail: null,
          privacyPolicyUrl: null,
          termsUrl: null,
          defaultLocationGroupId: null,
          registrationUrl: null,
        },
      });
    }
  });

  it('404 for a foreign company (aggregator of another company, basic user, other site) and unknown ids', async () => {
    for (const [who, id] of [
      ['agg-b', ids.a],
      ['agg-a', ids.b],
      ['viewer-a', ids.b],
      ['stranger', ids.a],
      ['admin-sunpower', ids.a],
      ['admin', 999_999],
    ] as const) {
      const res = await call(who, 'GET', `/companies/${id}`);
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    }
  });

  it('400 for an id that is not a number', async () => {
    const res = await call('admin', 'GET', '/companies/abc');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'params.id': 'validation.invalid' });
  });
});

describe('PUT /api/companies/:id', () => {
  it('the aggregator edits their company and its settings; "" clears a field', async () => {
    const res = await call('agg-a', 'PUT', `/companies/${ids.a}`, {
      contactEmail: 'hello@alpha.example',
      contactPhone: '+386 40 000 000',
      settings: {
        productName: 'Alpha Home',
        platformName: 'Alpha Cloud',
        slogan: 'Sunny side up',
        domain: 'Cloud.Alpha.example',
        supportEmail: 'support@alpha.example',
        privacyPolicyUrl: 'https://alpha.example/privacy',
        termsUrl: 'https://alpha.example/terms',
        defaultLocationGroupId: ids.aSouth,
        registrationUrl: 'https://alpha.example/register',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { company: CompanyBody } }>(res).data.company).toMatchObject({
      name: 'Alpha Energija',
      contactEmail: 'hello@alpha.example',
      assignedControllersCount: 2,
      settings: {
        productName: 'Alpha Home',
        domain: 'cloud.alpha.example',
        defaultLocationGroupId: ids.aSouth,
        registrationUrl: 'https://alpha.example/register',
      },
    });
    const cleared = await call('agg-a', 'PUT', `/companies/${ids.a}`, {
      contactPhone: '',
      settings: { slogan: '', termsUrl: null },
    });
    expect(json<{ data: { company: CompanyBody } }>(cleared).data.company).toMatchObject({
      contactPhone: null,
      contactEmail: 'hello@alpha.example',
      settings: { slogan: null, termsUrl: null, productName: 'Alpha Home' },
    });
  });

  it('the super admin renames a company and changes its country', async () => {
    const res = await call('admin', 'PUT', `/companies/${ids.b}`, {
      name: 'Beta Strom GmbH',
      countryId: ids.si,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.db.select().from(companies).where(eq(companies.id, ids.b));
    expect(row).toMatchObject({ name: 'Beta Strom GmbH', countryId: ids.si });
    await call('admin', 'PUT', `/companies/${ids.b}`, { name: 'Beta Strom', countryId: ids.at });
  });

  it('defaultLocationGroupId must be a group of this company', async () => {
    const res = await call('admin', 'PUT', `/companies/${ids.a}`, {
      settings: { defaultLocationGroupId: ids.bRoot },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'data.settings.defaultLocationGroupId': 'validation.invalid_value',
    });
  });

  it('checks addresses, host name and country', async () => {
    const res = await call('admin', 'PUT', `/companies/${ids.a}`, {
      contactEmail: 'nope',
      settings: {
        supportEmail: 'also nope',
        privacyPolicyUrl: 'javascript:alert(1)',
        termsUrl: 'alpha.example/terms',
        domain: 'https://alpha.example/',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'data.contactEmail': 'validation.invalid_email',
      'data.settings.supportEmail': 'validation.invalid_email',
      'data.settings.privacyPolicyUrl': 'validation.invalid_url',
      'data.settings.termsUrl': 'validation.invalid_url',
      'data.settings.domain': 'validation.invalid',
    });
    const country = await call('admin', 'PUT', `/companies/${ids.a}`, { countryId: 999_999 });
    expect(errorOf(country).fields).toEqual({ 'data.countryId': 'validation.invalid_value' });
    const name = await call('admin', 'PUT', `/companies/${ids.a}`, { name: '' });
    expect(errorOf(name).fields).toEqual({ 'data.name': 'validation.required' });
  });

  it('a foreign aggregator and a user without the grant get 404 and change nothing; a viewer gets 403', async () => {
    const before = await t.db.db.select().from(companies).where(eq(companies.id, ids.a));
    for (const who of ['agg-b', 'stranger', 'admin-sunpower']) {
      const res = await call(who, 'PUT', `/companies/${ids.a}`, { name: 'Taken over' });
      expect(res.statusCode, who).toBe(404);
    }
    const viewer = await call('viewer-a', 'PUT', `/companies/${ids.a}`, { name: 'Taken over' });
    expect(viewer.statusCode).toBe(403);
    expect(errorOf(viewer)).toEqual({ code: 'FORBIDDEN', message: 'errors.FORBIDDEN' });
    const manager = await call('manager-a', 'PUT', `/companies/${ids.a}`, { name: 'Taken over' });
    expect(manager.statusCode).toBe(403);
    const after = await t.db.db.select().from(companies).where(eq(companies.id, ids.a));
    expect(after).toEqual(before);
  });
});

const groupsOf = async (who: string, companyId: number) =>
  json<{ data: { groups: GroupBody[] } }>(
    await call(who, 'GET', `/companies/${companyId}/location-groups`),
  ).data.groups;

describe('contact phone (issue 10: "-12345 abc" was accepted)', () => {
  const stored = async (id: number) =>
    (await t.db.db.select().from(companies).where(eq(companies.id, id)))[0]?.contactPhone;
  const create = async (name: string, countryId: number, contactPhone?: string) =>
    call('admin', 'POST', '/companies', { name, countryId, contactPhone });

  it.each(['-12345 abc', '12345', '+386 1 234 56 78 ext. 9', '+386 1 234 56 78 901 23', 'phone'])(
    'POST with %j: 400 validation.phone_invalid on data.contactPhone, nothing created',
    async (phone) => {
      const res = await create(`Phone ${phone}`, ids.si, phone);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ 'data.contactPhone': 'validation.phone_invalid' });
      const names = (await t.db.db.select().from(companies)).map((c) => c.name);
      expect(names).not.toContain(`Phone ${phone}`);
    },
  );

  it("POST stores the E.164 form; a national number is read in the company's country", async () => {
    const si = json<{ data: { company: CompanyBody } }>(
      await create('Phone SI', ids.si, '040 123 456'),
    ).data.company;
    expect(si.contactPhone).toBe('+38640123456');
    expect(await stored(si.id)).toBe('+38640123456');
    const at = json<{ data: { company: CompanyBody } }>(
      await create('Phone AT', ids.at, '0463 123 456'),
    ).data.company;
    expect(at.contactPhone).toBe('+43463123456');
    const foreign = json<{ data: { company: CompanyBody } }>(
      await create('Phone foreign', ids.si, '0043 (0) 463 123456'),
    ).data.company;
    expect(foreign.contactPhone).toBe('+43463123456');
  });

  it("PUT reads a national number in the body's country, else the stored one; a bad one is 400", async () => {
    const { id } = json<{ data: { company: CompanyBody } }>(await create('Phone PUT', ids.at)).data
      .company;
    const put = (data: unknown) => call('admin', 'PUT', `/companies/${id}`, data);
    expect(
      json<{ data: { company: CompanyBody } }>(await put({ contactPhone: '0664 1234567' })).data
        .company.contactPhone,
    ).toBe('+436641234567');
    // The country changes in the same request: the number is Slovenian.
    const moved = await put({ countryId: ids.si, contactPhone: '01 234 56 78' });
    expect(json<{ data: { company: CompanyBody } }>(moved).data.company).toMatchObject({
      countryId: ids.si,
      contactPhone: '+38612345678',
    });
    const bad = await put({ name: 'Phone PUT renamed', contactPhone: '-12345 abc' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ 'data.contactPhone': 'validation.phone_invalid' });
    // Valid-looking digits that are no number in the country: refused by the numbering plan.
    const short = await put({ contactPhone: '1234 5' });
    expect(errorOf(short).fields).toEqual({ 'data.contactPhone': 'validation.phone_invalid' });
    const [row] = await t.db.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ name: 'Phone PUT', contactPhone: '+38612345678' });
  });

  it('a value stored before numbers were checked is read as it is; saving other fields keeps it', async () => {
    const { id } = json<{ data: { company: CompanyBody } }>(await create('Phone old', ids.si)).data
      .company;
    await t.db.db.update(companies).set({ contactPhone: '-12345 abc' }).where(eq(companies.id, id));
    const got = await call('admin', 'GET', `/companies/${id}`);
    expect(got.statusCode).toBe(200);
    expect(json<{ data: { company: CompanyBody } }>(got).data.company.contactPhone).toBe(
      '-12345 abc',
    );
    expect((await call('admin', 'GET', '/companies')).statusCode).toBe(200);
    const renamed = await call('admin', 'PUT', `/companies/${id}`, { name: 'Phone old renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(await stored(id)).toBe('-12345 abc');
    // Sent again, it is checked like any other value; a valid number replaces it.
    const again = await call('admin', 'PUT', `/companies/${id}`, { contactPhone: '-12345 abc' });
    expect(errorOf(again).fields).toEqual({ 'data.contactPhone': 'validation.phone_invalid' });
    await call('admin', 'PUT', `/companies/${id}`, { contactPhone: '+386 1 234 56 78' });
    expect(await stored(id)).toBe('+38612345678');
  });
});

describe('GET /api/companies/:id/location-groups', () => {
  it('admins: the whole tree, parents before children, with counts', async () => {
    for (const who of ['admin', 'agg-a']) {
      const groups = await groupsOf(who, ids.a);
      expect(groups.map((g) => g.name)).toEqual(['Alpha Energija', 'North', 'North-East', 'South']);
      expect(groups[0]).toEqual({
        id: ids.aRoot,
        name: 'Alpha Energija',
        parentId: null,
        companyId: ids.a,
        locationsCount: 0,
        childrenCount: 2,
      });
      expect(groups.find((g) => g.id === ids.aNorth)).toMatchObject({
        parentId: ids.aRoot,
        locationsCount: 1,
        childrenCount: 1,
      });
    }
  });

  it('others: their granted subtree only', async () => {
    const groups = await groupsOf('viewer-a', ids.a);
    expect(groups.map((g) => g.id)).toEqual([ids.aNorth, ids.aNorthEast]);
  });

  it('404 for a foreign company', async () => {
    for (const [who, id] of [
      ['agg-b', ids.a],
      ['viewer-a', ids.b],
      ['stranger', ids.a],
      ['admin-sunpower', ids.a],
    ] as const) {
      expect((await call(who, 'GET', `/companies/${id}/location-groups`)).statusCode, who).toBe(
        404,
      );
    }
  });
});

describe('GET /api/location-groups/:id', () => {
  it('admins of its company and users granted it (or a group above) get the group with its counts', async () => {
    for (const who of ['admin', 'agg-a', 'viewer-a']) {
      const res = await call(who, 'GET', `/location-groups/${ids.aNorthEast}`);
      expect(res.statusCode, who).toBe(200);
      expect(json<{ data: { group: unknown } }>(res).data.group).toEqual({
        id: ids.aNorthEast,
        name: 'North-East',
        parentId: ids.aNorth,
        companyId: ids.a,
        locationsCount: expect.any(Number),
        childrenCount: 0,
      });
    }
  });

  it('404 when the group is not visible or does not exist', async () => {
    for (const [who, id] of [
      ['agg-b', ids.aNorth],
      ['viewer-a', ids.aRoot],
      ['viewer-a', ids.bRoot],
      ['stranger', ids.aNorth],
      ['admin-sunpower', ids.aNorth],
      ['admin', 999_999],
    ] as const) {
      expect((await call(who, 'GET', `/location-groups/${id}`)).statusCode, `${who} ${id}`).toBe(
        404,
      );
    }
  });

  it('400 naming the id when it is not a number', async () => {
    const res = await call('admin', 'GET', '/location-groups/abc');
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(res).error.fields).toHaveProperty(
      'params.id',
    );
  });
});

describe('POST /api/location-groups', () => {
  it('creates a group under a parent the actor manages', async () => {
    const res = await call('agg-a', 'POST', '/location-groups', {
      parentId: ids.aRoot,
      name: ' West ',
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { group: GroupBody } }>(res).data.group).toMatchObject({
      name: 'West',
      parentId: ids.aRoot,
      companyId: ids.a,
      locationsCount: 0,
      childrenCount: 0,
    });
    const managed = await call('manager-a', 'POST', '/location-groups', {
      parentId: ids.aNorth,
      name: 'North-West',
    });
    expect(managed.statusCode).toBe(201);
  });

  it('404 for a foreign parent, 403 with view only, and nothing is created', async () => {
    const count = async () => (await t.db.db.select().from(locationGroups)).length;
    const before = await count();
    expect(
      (await call('agg-b', 'POST', '/location-groups', { parentId: ids.aRoot, name: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('stranger', 'POST', '/location-groups', { parentId: ids.aRoot, name: 'X' }))
        .statusCode,
    ).toBe(404);
    // The manager's grant is on North, not on the root above it.
    expect(
      (await call('manager-a', 'POST', '/location-groups', { parentId: ids.aRoot, name: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('viewer-a', 'POST', '/location-groups', { parentId: ids.aNorth, name: 'X' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('admin', 'POST', '/location-groups', { parentId: 999_999, name: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });

  it('400 for a missing or too long name', async () => {
    const res = await call('agg-a', 'POST', '/location-groups', { parentId: ids.aRoot, name: '' });
    expect(errorOf(res).fields).toEqual({ 'data.name': 'validation.required' });
    const long = await call('agg-a', 'POST', '/location-groups', {
      parentId: ids.aRoot,
      name: 'x'.repeat(101),
    });
    expect(errorOf(long).fields).toEqual({ 'data.name': 'validation.too_long' });
    const noParent = await call('agg-a', 'POST', '/location-groups', { name: 'X' });
    expect(errorOf(noParent).fields).toEqual({ 'data.parentId': 'validation.required' });
  });
});

describe('PUT /api/location-groups/:id', () => {
  it('renames a group; renaming the root leaves the company name', async () => {
    const res = await call('agg-a', 'PUT', `/location-groups/${ids.aNorthEast}`, {
      name: 'Gorenjska',
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { group: GroupBody } }>(res).data.group).toMatchObject({
      id: ids.aNorthEast,
      name: 'Gorenjska',
    });
    expect(
      (await call('admin', 'PUT', `/location-groups/${ids.aRoot}`, { name: 'All of Alpha' }))
        .statusCode,
    ).toBe(200);
    const [company] = await t.db.db.select().from(companies).where(eq(companies.id, ids.a));
    expect(company?.name).toBe('Alpha Energija');
  });

  it('404 for foreign groups, 403 with view only; the name stays', async () => {
    expect(
      (await call('agg-b', 'PUT', `/location-groups/${ids.aNorth}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await call('stranger', 'PUT', `/location-groups/${ids.aNorth}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('viewer-a', 'PUT', `/location-groups/${ids.aNorth}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    const [row] = await t.db.db
      .select()
      .from(locationGroups)
      .where(eq(locationGroups.id, ids.aNorth));
    expect(row?.name).toBe('North');
  });
});

describe('POST /api/location-groups/:id/move', () => {
  const move = (who: string, id: number, parentId: number) =>
    call(who, 'POST', `/location-groups/${id}/move`, { parentId });
  const rule = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(422);
    return errorOf(res);
  };

  it('moves a group below another group of the company', async () => {
    const res = await move('agg-a', ids.aNorthEast, ids.aSouth);
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { group: GroupBody } }>(res).data.group).toMatchObject({
      id: ids.aNorthEast,
      parentId: ids.aSouth,
    });
    expect((await move('agg-a', ids.aNorthEast, ids.aNorth)).statusCode).toBe(200);
  });

  it('422 org.root_group_locked for the root', async () => {
    expect(rule(await move('admin', ids.aRoot, ids.aNorth))).toEqual({
      code: 'RULE_BROKEN',
      message: 'org.root_group_locked',
    });
  });

  it('422 org.group_move_cycle into itself or below itself', async () => {
    expect(rule(await move('agg-a', ids.aNorth, ids.aNorth)).message).toBe('org.group_move_cycle');
    expect(rule(await move('agg-a', ids.aNorth, ids.aNorthEast)).message).toBe(
      'org.group_move_cycle',
    );
  });

  it('422 org.already_in_group when it is already there', async () => {
    expect(rule(await move('agg-a', ids.aNorthEast, ids.aNorth)).message).toBe(
      'org.already_in_group',
    );
  });

  it('400 for a target in another company', async () => {
    const res = await move('admin', ids.aSouth, ids.bRoot);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'data.parentId': 'validation.invalid_value' });
  });

  it('needs manage on both groups: 404 foreign, 403 view only; nothing moves', async () => {
    expect((await move('agg-b', ids.aNorthEast, ids.aSouth)).statusCode).toBe(404);
    expect((await move('agg-a', ids.aNorthEast, ids.bRoot)).statusCode).toBe(404);
    expect((await move('stranger', ids.aNorthEast, ids.aSouth)).statusCode).toBe(404);
    expect((await move('viewer-a', ids.aNorthEast, ids.aNorth)).statusCode).toBe(403);
    // The manager manages North's subtree but not South.
    expect((await move('manager-a', ids.aNorthEast, ids.aSouth)).statusCode).toBe(404);
    const [row] = await t.db.db
      .select()
      .from(locationGroups)
      .where(eq(locationGroups.id, ids.aNorthEast));
    expect(row?.parentId).toBe(ids.aNorth);
  });
});

describe('DELETE /api/location-groups/:id', () => {
  const exists = async (id: number) =>
    (await t.db.db.select().from(locationGroups).where(eq(locationGroups.id, id))).length === 1;

  it('422 org.group_not_empty with child groups or locations; 422 org.root_group_locked for the root', async () => {
    const withChild = await call('agg-a', 'DELETE', `/location-groups/${ids.aNorth}`);
    expect(withChild.statusCode).toBe(422);
    expect(errorOf(withChild)).toEqual({ code: 'RULE_BROKEN', message: 'org.group_not_empty' });
    const withLocation = await call('agg-a', 'DELETE', `/location-groups/${ids.aSouth}`);
    expect(errorOf(withLocation).message).toBe('org.group_not_empty');
    const root = await call('admin', 'DELETE', `/location-groups/${ids.aRoot}`);
    expect(root.statusCode).toBe(422);
    expect(errorOf(root).message).toBe('org.root_group_locked');
    expect(await exists(ids.aNorth)).toBe(true);
    expect(await exists(ids.aSouth)).toBe(true);
  });

  it('404 for foreign groups, 403 with view only; the group stays', async () => {
    const empty = await addGroup(ids.a, ids.aNorth, 'Empty');
    expect((await call('agg-b', 'DELETE', `/location-groups/${empty}`)).statusCode).toBe(404);
    expect((await call('stranger', 'DELETE', `/location-groups/${empty}`)).statusCode).toBe(404);
    expect((await call('admin-sunpower', 'DELETE', `/location-groups/${empty}`)).statusCode).toBe(
      404,
    );
    expect((await call('viewer-a', 'DELETE', `/location-groups/${empty}`)).statusCode).toBe(403);
    expect(await exists(empty)).toBe(true);
  });

  it('deletes an empty group (204); a company default pointing at it is cleared', async () => {
    const empty = await addGroup(ids.a, ids.aNorth, 'Temporary');
    await call('agg-a', 'PUT', `/companies/${ids.a}`, {
      settings: { defaultLocationGroupId: empty },
    });
    const res = await call('manager-a', 'DELETE', `/location-groups/${empty}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await exists(empty)).toBe(false);
    const [company] = await t.db.db.select().from(companies).where(eq(companies.id, ids.a));
    expect(company?.defaultLocationGroupId).toBeNull();
    expect((await call('agg-a', 'DELETE', `/location-groups/${empty}`)).statusCode).toBe(404);
  });
});
