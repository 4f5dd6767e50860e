// Location users and invitations: GET /api/locations/:id/users, POST /api/locations/:id/invitations,
// POST /api/invitations/:id/resend|revoke, DELETE /api/locations/:id/users/:userId — the invite mail and its link,
// the conflicts, the rate limits, accepting the invitation, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, invitations, locationGroupPermissions, locationPermissions, users } from '@ec/db';
import {
  createTestApp,
  DEMO,
  json,
  lastMailTo,
  mailsTo,
  send,
  signIn,
  type TestApp,
} from '../../test/helpers.ts';
import {
  call,
  createOrgFixture,
  must,
  type FixtureUser,
  type OrgFixture,
} from './locations.fixtures.ts';
import { INVITATION_LIFETIME_MS } from './location-users.service.ts';

let t: TestApp;
let f: OrgFixture;
let advancedId = 0;
beforeAll(async () => {
  // Rate limits on: the invite mail is limited like the other e-mail flows.
  t = await createTestApp();
  f = await createOrgFixture(t);
  advancedId = must(
    (await t.db.db.select().from(users).where(eq(users.email, DEMO.advanced.email)))[0],
  ).id;
  // The demo advanced user sees everything of company `mine` through a view grant on its root group.
  await t.db.db
    .insert(locationGroupPermissions)
    .values({ userId: advancedId, groupId: f.groups.mineRoot, canView: true });
});
afterAll(() => t.close());

type Invitation = {
  id: number;
  email: string;
  status: string;
  createdAt: string;
  expiresAt: string;
  lastSentAt: string | null;
};
type UsersBody = {
  data: {
    users: {
      id: number;
      fullName: string;
      email: string;
      actions: object;
      owner: boolean;
      viaGroup: boolean;
    }[];
    invitations: Invitation[];
  };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const invite = (user: FixtureUser, email: string, locationId = f.locations.home) =>
  call(t, f.tokens[user], 'POST', `/api/locations/${locationId}/invitations`, { email });
const invitationOf = (res: Parameters<typeof json>[0]) =>
  json<{ data: { invitation: Invitation } }>(res).data.invitation;
const row = async (id: number) =>
  must((await t.db.db.select().from(invitations).where(eq(invitations.id, id)))[0]);
const usersOf = async (user: FixtureUser, locationId = f.locations.home) =>
  call(t, f.tokens[user], 'GET', `/api/locations/${locationId}/users`);

/** The confirmation link of the newest mail to `email`. */
async function inviteLink(email: string): Promise<URL> {
  const mail = await lastMailTo(t, email);
  expect(mail?.kind).toBe('location_invite');
  const match = /https?:\/\/\S*confirmationAction=LOCATION_INVITE\S*/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation link in:\n${mail?.text}`);
  return new URL(match[0]);
}

describe('GET /api/locations/:id/users', () => {
  it('lists the owner, location grants and group grants with their flags', async () => {
    const res = await usersOf('editor');
    expect(res.statusCode).toBe(200);
    const list = json<UsersBody>(res).data.users;
    const byEmail = Object.fromEntries(list.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(
      [DEMO.advanced.email, f.users.editor.email, f.users.owner.email, f.users.viewer.email].sort(),
    );
    expect(byEmail[f.users.owner.email]).toEqual({
      id: f.users.owner.id,
      fullName: 'owner Fixture',
      email: f.users.owner.email,
      actions: { view: true, edit: true, manage: true },
      owner: true,
      viaGroup: false,
    });
    expect(byEmail[f.users.editor.email]).toMatchObject({
      actions: { view: true, edit: true, manage: false },
      owner: false,
      viaGroup: false,
    });
    expect(byEmail[DEMO.advanced.email]).toMatchObject({
      id: advancedId,
      actions: { view: true, edit: false, manage: false },
      viaGroup: true,
    });
    expect(json<UsersBody>(res).data.invitations).toEqual([]);
  });

  it.each([
    ['viewer', 'home', 403],
    ['stranger', 'home', 404],
    ['aggOther', 'home', 404],
    ['aggMine', 'foreign', 404],
  ] as const)('%s cannot list the users of %s (%i)', async (user, key, status) => {
    expect((await usersOf(user, f.locations[key])).statusCode).toBe(status);
  });

  it('a super admin lists any location’s users', async () => {
    expect((await usersOf('admin', f.locations.foreign)).statusCode).toBe(200);
  });
});

describe('POST /api/locations/:id/invitations', () => {
  it('creates a pending invitation valid 7 days and mails the confirmation link', async () => {
    const before = Date.now();
    const res = await invite('owner', 'Guest@Example.COM');
    expect(res.statusCode).toBe(201);
    const invitation = invitationOf(res);
    expect(invitation).toMatchObject({ email: 'guest@example.com', status: 'pending' });
    const expires = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(expires).toBe(INVITATION_LIFETIME_MS);
    expect(Date.parse(invitation.lastSentAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await row(invitation.id)).toMatchObject({
      locationId: f.locations.home,
      locationName: 'Home',
      invitedBy: f.users.owner.id,
    });

    const link = await inviteLink('guest@example.com');
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('confirmationAction')).toBe('LOCATION_INVITE');
    expect(link.searchParams.get('confirmationId')).toBe(String(invitation.id));
    const list = json<UsersBody>(await usersOf('owner')).data.invitations;
    expect(list.map((i) => [i.email, i.status])).toEqual([['guest@example.com', 'pending']]);
  });

  it('409 location_invite.already_pending for the same address again', async () => {
    const res = await invite('aggMine', 'guest@example.com');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      error: { code: 'CONFLICT', message: 'location_invite.already_pending' },
    });
  });

  it.each([
    ['a location grant', () => f.users.viewer.email],
    ['a group grant', () => DEMO.advanced.email],
    ['the company’s aggregator', () => 'aggmine@fixture.test'],
  ])('409 location_invite.already_has_access for a user with %s', async (_what, email) => {
    const res = await invite('owner', email());
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      error: { code: 'CONFLICT', message: 'location_invite.already_has_access' },
    });
  });

  it('a pending invitation past its time is marked expired and a new one is made', async () => {
    const first = invitationOf(await invite('owner', 'late@example.com'));
    await t.db.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, first.id));
    const shown = json<UsersBody>(await usersOf('owner')).data.invitations;
    expect(shown.find((i) => i.id === first.id)?.status).toBe('expired');
    const res = await invite('owner', 'late@example.com');
    expect(res.statusCode).toBe(201);
    expect(invitationOf(res).id).not.toBe(first.id);
    expect((await row(first.id)).status).toBe('expired');
  });

  it.each([
    ['editor', 'home', 403],
    ['viewer', 'home', 403],
    ['stranger', 'home', 404],
    ['aggOther', 'home', 404],
    ['aggMine', 'foreign', 404],
  ] as const)('%s cannot invite to %s (%i) and no mail leaves', async (user, key, status) => {
    const email = `intruder-${user}@example.com`;
    const res = await invite(user, email, f.locations[key]);
    expect(res.statusCode).toBe(status);
    expect(await t.db.db.select().from(invitations).where(eq(invitations.email, email))).toEqual(
      [],
    );
    expect(await mailsTo(t, email)).toEqual([]);
  });

  it('400 for a malformed address', async () => {
    const res = await invite('owner', 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res).error.fields).toEqual({ 'data.email': 'validation.invalid_email' });
  });

  it('429 after three invitations to one address within the hour', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await invite('owner', 'spam@example.com');
      expect(res.statusCode).toBe(201);
      const revoked = await call(
        t,
        f.tokens.owner,
        'POST',
        `/api/invitations/${invitationOf(res).id}/revoke`,
      );
      expect(revoked.statusCode).toBe(200);
    }
    const res = await invite('owner', 'spam@example.com');
    expect(res.statusCode).toBe(429);
    expect(json<ErrorBody>(res).error.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(t, 'spam@example.com')).toHaveLength(3);
  });
});

describe('resend and revoke', () => {
  it('resend extends a pending invitation by 7 days from now and sends the link again', async () => {
    const created = invitationOf(await invite('owner', 'again@example.com'));
    const past = new Date(Date.now() - 60_000);
    await t.db.db
      .update(invitations)
      .set({ expiresAt: past, lastSentAt: past })
      .where(eq(invitations.id, created.id));
    const res = await call(t, f.tokens.aggMine, 'POST', `/api/invitations/${created.id}/resend`);
    expect(res.statusCode).toBe(200);
    const resent = invitationOf(res);
    expect(resent.status).toBe('pending');
    expect(Date.parse(resent.expiresAt)).toBeGreaterThan(
      Date.now() + INVITATION_LIFETIME_MS - 60_000,
    );
    expect(Date.parse(resent.lastSentAt ?? '')).toBeGreaterThan(past.getTime());
    expect(await mailsTo(t, 'again@example.com')).toHaveLength(2);
    expect((await inviteLink('again@example.com')).searchParams.get('confirmationId')).toBe(
      String(created.id),
    );
  });

  it('429 on the fourth resend of one invitation within the hour', async () => {
    const created = invitationOf(await invite('owner', 'resend@example.com'));
    const resend = () => call(t, f.tokens.owner, 'POST', `/api/invitations/${created.id}/resend`);
    for (let i = 0; i < 3; i += 1) expect((await resend()).statusCode).toBe(200);
    const res = await resend();
    expect(res.statusCode).toBe(429);
    expect(await mailsTo(t, 'resend@example.com')).toHaveLength(4);
  });

  it('revoke ends a pending invitation; resend and revoke then answer 422 not_pending', async () => {
    const created = invitationOf(await invite('owner', 'revoke@example.com'));
    const res = await call(t, f.tokens.owner, 'POST', `/api/invitations/${created.id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(invitationOf(res).status).toBe('revoked');
    expect((await row(created.id)).revokedAt).toBeInstanceOf(Date);
    for (const action of ['resend', 'revoke']) {
      const again = await call(
        t,
        f.tokens.owner,
        'POST',
        `/api/invitations/${created.id}/${action}`,
      );
      expect(again.statusCode).toBe(422);
      expect(json(again)).toEqual({
        error: { code: 'RULE_BROKEN', message: 'location_invite.not_pending' },
      });
    }
  });

  it.each([
    ['viewer', 403],
    ['editor', 403],
    ['stranger', 404],
    ['aggOther', 404],
  ] as const)('%s cannot resend or revoke an invitation of Home (%i)', async (user, status) => {
    const email = `target-${user.toLowerCase()}@example.com`;
    const created = invitationOf(await invite('owner', email));
    for (const action of ['resend', 'revoke']) {
      const res = await call(t, f.tokens[user], 'POST', `/api/invitations/${created.id}/${action}`);
      expect(res.statusCode).toBe(status);
    }
    expect((await row(created.id)).status).toBe('pending');
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('404 for an unknown invitation, also for a super admin', async () => {
    const res = await call(t, f.tokens.admin, 'POST', '/api/invitations/999999/resend');
    expect(res.statusCode).toBe(404);
  });
});

describe('accepting an invitation', () => {
  it('the invitee follows the mailed link, gets view, and appears among the location’s users', async () => {
    expect((await invite('owner', DEMO.user.email)).statusCode).toBe(201);
    const link = await inviteLink(DEMO.user.email);
    const token = await signIn(t.app, DEMO.user);
    const res = await send(t.app, 'POST', '/api/security/validate-confirmation', {
      token,
      data: { id: Number(link.searchParams.get('confirmationId')), action: 'LOCATION_INVITE' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { location: { id: f.locations.home, name: 'Home' } } });
    const data = json<UsersBody>(await usersOf('owner')).data;
    expect(data.users.find((u) => u.email === DEMO.user.email)).toMatchObject({
      actions: { view: true, edit: false, manage: false },
      owner: false,
      viaGroup: false,
    });
    expect(data.invitations.find((i) => i.email === DEMO.user.email)?.status).toBe('confirmed');
    // Now the address has access: inviting it again is a conflict.
    expect((await invite('owner', DEMO.user.email)).statusCode).toBe(409);
  });
});

describe('DELETE /api/locations/:id/users/:userId', () => {
  const remove = (user: FixtureUser, userId: number, locationId = f.locations.home) =>
    call(t, f.tokens[user], 'DELETE', `/api/locations/${locationId}/users/${userId}`);
  const grant = async (userId: number) =>
    (
      await t.db.db
        .select()
        .from(locationPermissions)
        .where(
          and(
            eq(locationPermissions.userId, userId),
            eq(locationPermissions.locationId, f.locations.home),
          ),
        )
    )[0];

  it.each([
    ['viewer', 403],
    ['editor', 403],
    ['stranger', 404],
    ['aggOther', 404],
  ] as const)('%s cannot remove anyone (%i)', async (user, status) => {
    expect((await remove(user, f.users.viewer.id)).statusCode).toBe(status);
    expect(await grant(f.users.viewer.id)).toBeDefined();
  });

  it('removes a user’s location grant; the location is gone for them', async () => {
    const res = await remove('owner', f.users.viewer.id);
    expect(res.statusCode).toBe(204);
    expect(await grant(f.users.viewer.id)).toBeUndefined();
    const read = await call(t, f.tokens.viewer, 'GET', `/api/locations/${f.locations.home}`);
    expect(read.statusCode).toBe(404);
  });

  it('422 for the owner and for access that comes only from a group grant', async () => {
    const owner = await remove('aggMine', f.users.owner.id);
    expect(owner.statusCode).toBe(422);
    expect(json(owner)).toEqual({
      error: { code: 'RULE_BROKEN', message: 'location_users.cannot_remove_owner' },
    });
    const viaGroup = await remove('aggMine', advancedId);
    expect(viaGroup.statusCode).toBe(422);
    expect(json(viaGroup)).toEqual({
      error: { code: 'RULE_BROKEN', message: 'location_users.granted_by_group' },
    });
  });

  it('404 for a user without access to the location', async () => {
    expect((await remove('owner', f.users.stranger.id)).statusCode).toBe(404);
    expect((await remove('admin', f.users.editor.id, f.locations.foreign)).statusCode).toBe(404);
  });

  it('400 for a malformed user id', async () => {
    const res = await call(
      t,
      f.tokens.owner,
      'DELETE',
      `/api/locations/${f.locations.home}/users/x`,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<ErrorBody>(res).error.fields ?? {})).toEqual(['params.userId']);
  });
});
