// The confirmation flow (spec 001 §2): POST /api/security/validate-confirmation for LOCATION_INVITE. Accepting
// grants `view` on the invited location in the same transaction and answers the location as it is now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  and,
  companies,
  eq,
  invitations,
  locationGroups,
  locationPermissions,
  locations,
  sites,
  sql,
  users,
} from '@ec/db';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../../test/helpers.ts';
import { createOrgFixture, must, type OrgFixture } from '../locations/locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  f = await createOrgFixture(t);
});
afterAll(() => t.close());

const validate = (token: string, data: unknown, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/security/validate-confirmation', { token, data, headers });
const userId = async (email: string) =>
  must((await t.db.db.select().from(users).where(eq(users.email, email)))[0]).id;
const invite = async (values: Partial<typeof invitations.$inferInsert> = {}) => {
  const [row] = await t.db.db
    .insert(invitations)
    .values({
      email: DEMO.user.email,
      locationName: 'Cabin (old name)',
      locationId: f.locations.cabin,
      expiresAt: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning();
  return must(row).id;
};
const statusOf = async (id: number) =>
  (await t.db.db.select().from(invitations).where(eq(invitations.id, id)))[0]?.status;
const grantOf = async (user: number, locationId: number) =>
  (
    await t.db.db
      .select()
      .from(locationPermissions)
      .where(
        and(eq(locationPermissions.userId, user), eq(locationPermissions.locationId, locationId)),
      )
  )[0];
const inviteError = (code: string) => ({ error: { code, message: 'location_invite.error' } });

describe('POST /api/security/validate-confirmation', () => {
  it('accepts the seeded invitation 1 of the basic user, names its location and grants view', async () => {
    const [seeded] = await t.db.db.select().from(invitations).where(eq(invitations.id, 1));
    const seededLocation = must(seeded).locationId ?? 0;
    const location = must(
      (await t.db.db.select().from(locations).where(eq(locations.id, seededLocation)))[0],
    );
    const token = await signIn(t.app, DEMO.basic);
    const res = await validate(token, { id: 1, action: 'LOCATION_INVITE' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { location: { id: location.id, name: location.name } } });
    const basic = await userId(DEMO.basic.email);
    const [row] = await t.db.db.select().from(invitations).where(eq(invitations.id, 1));
    expect(row).toMatchObject({ status: 'confirmed', confirmedBy: basic });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(await grantOf(basic, location.id)).toMatchObject({ canView: true });
  });

  it('grants view: the location opens for the invitee afterwards (and not before)', async () => {
    const id = await invite();
    const token = await signIn(t.app, DEMO.user);
    const before = await send(t.app, 'GET', `/api/locations/${f.locations.cabin}`, { token });
    expect(before.statusCode).toBe(404);
    const res = await validate(token, { id, action: 'LOCATION_INVITE' });
    // The location's current name, not the one stored with the invitation.
    expect(json(res)).toEqual({ data: { location: { id: f.locations.cabin, name: 'Cabin' } } });
    const after = await send(t.app, 'GET', `/api/locations/${f.locations.cabin}`, { token });
    expect(after.statusCode).toBe(200);
    expect(
      json<{ data: { location: { permissions: object } } }>(after).data.location,
    ).toMatchObject({ permissions: { view: true, edit: false, manage: false } });
  });

  it('answers the location again when the same user opens the link twice', async () => {
    const id = await invite({ locationId: f.locations.home, locationName: 'Home' });
    const token = await signIn(t.app, DEMO.user);
    expect((await validate(token, { id, action: 'LOCATION_INVITE' })).statusCode).toBe(200);
    const again = await validate(token, { id, action: 'LOCATION_INVITE' });
    expect(json(again)).toEqual({ data: { location: { id: f.locations.home, name: 'Home' } } });
  });

  it('keeps the flags the invitee already had on the location', async () => {
    const invitee = await userId(DEMO.advanced.email);
    await t.db.db
      .insert(locationPermissions)
      .values({ userId: invitee, locationId: f.locations.home, canView: false, canEdit: true });
    const id = await invite({ email: DEMO.advanced.email, locationId: f.locations.home });
    const token = await signIn(t.app, DEMO.advanced);
    expect((await validate(token, { id, action: 'LOCATION_INVITE' })).statusCode).toBe(200);
    expect(await grantOf(invitee, f.locations.home)).toMatchObject({
      canView: true,
      canEdit: true,
      canManage: false,
    });
  });

  it('confirms nothing when the grant cannot be written (one transaction)', async () => {
    const { db } = t.db;
    await db.execute(sql`create function refuse_grant() returns trigger language plpgsql as $$
      begin raise exception 'grant refused'; end $$`);
    await db.execute(sql`create trigger refuse_grant before insert on location_permissions
      for each row execute function refuse_grant()`);
    try {
      const id = await invite({ email: DEMO.aggregator.email });
      const token = await signIn(t.app, DEMO.aggregator);
      const res = await validate(token, { id, action: 'LOCATION_INVITE' });
      expect(res.statusCode).toBe(500);
      expect(await statusOf(id)).toBe('pending');
    } finally {
      await db.execute(sql`drop trigger refuse_grant on location_permissions`);
      await db.execute(sql`drop function refuse_grant()`);
    }
  });

  it('404 for an invitation addressed to someone else, which stays pending, and no grant', async () => {
    const id = await invite({ email: DEMO.basic.email });
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(token, { id, action: 'LOCATION_INVITE' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual(inviteError('NOT_FOUND'));
    expect(await statusOf(id)).toBe('pending');
    expect(await grantOf(await userId(DEMO.basic.email), f.locations.cabin)).toBeUndefined();
  });

  it('404 for a location of another site, which stays pending', async () => {
    const { db } = t.db;
    const [site] = await db
      .insert(sites)
      .values({ identifier: 'elsewhere', productName: 'Elsewhere', supportEmail: 'e@x.test' })
      .returning();
    const [company] = await db
      .insert(companies)
      .values({ siteId: must(site).id, name: 'Elsewhere', countryId: f.countryId })
      .returning();
    const [root] = await db
      .insert(locationGroups)
      .values({ companyId: must(company).id, name: 'Elsewhere' })
      .returning();
    const [far] = await db
      .insert(locations)
      .values({ companyId: must(company).id, groupId: must(root).id, name: 'Far away' })
      .returning();
    const id = await invite({ locationId: must(far).id, locationName: 'Far away' });
    const token = await signIn(t.app, DEMO.user);
    expect(json(await validate(token, { id, action: 'LOCATION_INVITE' }))).toEqual(
      inviteError('NOT_FOUND'),
    );
    expect(await statusOf(id)).toBe('pending');
    expect(await grantOf(await userId(DEMO.user.email), must(far).id)).toBeUndefined();
  });

  it('404 for an unknown id', async () => {
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(token, { id: 777_777, action: 'LOCATION_INVITE' });
    expect(json(res)).toEqual(inviteError('NOT_FOUND'));
  });

  it('422 for an expired invitation, which is marked expired, and no grant', async () => {
    const id = await invite({
      email: DEMO.basic.email,
      locationId: f.locations.foreign,
      expiresAt: new Date(Date.now() - 1000),
    });
    const token = await signIn(t.app, DEMO.basic);
    const res = await validate(token, { id, action: 'LOCATION_INVITE' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual(inviteError('RULE_BROKEN'));
    expect(await statusOf(id)).toBe('expired');
    expect(await grantOf(await userId(DEMO.basic.email), f.locations.foreign)).toBeUndefined();
  });

  it.each(['revoked', 'expired'] as const)('422 for a %s invitation', async (status) => {
    const id = await invite({ status });
    const token = await signIn(t.app, DEMO.user);
    expect(json(await validate(token, { id, action: 'LOCATION_INVITE' }))).toEqual(
      inviteError('RULE_BROKEN'),
    );
  });

  it('422 for an invitation another user already confirmed (same address re-used)', async () => {
    const id = await invite({ status: 'confirmed', confirmedBy: await userId(DEMO.admin.email) });
    const token = await signIn(t.app, DEMO.user);
    expect(json(await validate(token, { id, action: 'LOCATION_INVITE' }))).toEqual(
      inviteError('RULE_BROKEN'),
    );
  });

  it.each([
    [{ id: 'abc', action: 'LOCATION_INVITE' }, 'data.id'],
    [{ id: '12', action: 'LOCATION_INVITE' }, 'data.id'],
    [{ id: 1.5, action: 'LOCATION_INVITE' }, 'data.id'],
    [{ id: -1, action: 'LOCATION_INVITE' }, 'data.id'],
    [{ id: 1, action: 'COMPANY_INVITE' }, 'data.action'],
    [{ id: 1 }, 'data.action'],
  ])('400 for %j', async (data, field) => {
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(token, data);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ error: { fields: object } }>(res).error.fields)).toEqual([field]);
  });

  it('401 without a session, 403 cross-site', async () => {
    expect((await validate('', { id: 1, action: 'LOCATION_INVITE' })).statusCode).toBe(401);
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(
      token,
      { id: 1, action: 'LOCATION_INVITE' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });
});
