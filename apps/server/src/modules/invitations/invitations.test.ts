// The confirmation flow (spec 001 §2): POST /api/security/validate-confirmation for LOCATION_INVITE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, invitations, users } from '@ec/db';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
});
afterAll(() => t.close());

const validate = (token: string, data: unknown, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/security/validate-confirmation', { token, data, headers });
const invite = async (values: Partial<typeof invitations.$inferInsert> = {}) => {
  const [row] = await t.db.db
    .insert(invitations)
    .values({
      email: DEMO.user.email,
      locationName: 'Vikend Bohinj',
      locationId: 42,
      expiresAt: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning();
  return row?.id ?? 0;
};
const statusOf = async (id: number) =>
  (await t.db.db.select().from(invitations).where(eq(invitations.id, id)))[0]?.status;
const inviteError = (code: string) => ({ error: { code, message: 'location_invite.error' } });

describe('POST /api/security/validate-confirmation', () => {
  it('accepts the seeded invitation 1 of the basic user and names the location', async () => {
    const token = await signIn(t.app, DEMO.basic);
    const res = await validate(token, { id: 1, action: 'LOCATION_INVITE' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { location: { id: null, name: 'Hiša Bled' } } });
    const [row] = await t.db.db.select().from(invitations).where(eq(invitations.id, 1));
    const [basic] = await t.db.db.select().from(users).where(eq(users.email, DEMO.basic.email));
    expect(row).toMatchObject({ status: 'confirmed', confirmedBy: basic?.id });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
  });

  it('answers the location again when the same user opens the link twice', async () => {
    const id = await invite();
    const token = await signIn(t.app, DEMO.user);
    expect((await validate(token, { id, action: 'LOCATION_INVITE' })).statusCode).toBe(200);
    const again = await validate(token, { id, action: 'LOCATION_INVITE' });
    expect(json(again)).toEqual({ data: { location: { id: 42, name: 'Vikend Bohinj' } } });
  });

  it('404 for an invitation addressed to someone else, which stays pending', async () => {
    const id = await invite({ email: DEMO.basic.email });
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(token, { id, action: 'LOCATION_INVITE' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual(inviteError('NOT_FOUND'));
    expect(await statusOf(id)).toBe('pending');
  });

  it('404 for an unknown id', async () => {
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(token, { id: 777_777, action: 'LOCATION_INVITE' });
    expect(json(res)).toEqual(inviteError('NOT_FOUND'));
  });

  it('422 for an expired invitation, which is marked expired', async () => {
    const id = await invite({ expiresAt: new Date(Date.now() - 1000) });
    const token = await signIn(t.app, DEMO.user);
    const res = await validate(token, { id, action: 'LOCATION_INVITE' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual(inviteError('RULE_BROKEN'));
    expect(await statusOf(id)).toBe('expired');
  });

  it.each(['revoked', 'expired'] as const)('422 for a %s invitation', async (status) => {
    const id = await invite({ status });
    const token = await signIn(t.app, DEMO.user);
    expect(json(await validate(token, { id, action: 'LOCATION_INVITE' }))).toEqual(
      inviteError('RULE_BROKEN'),
    );
  });

  it('422 for an invitation another user already confirmed (same address re-used)', async () => {
    const [admin] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
    const id = await invite({ status: 'confirmed', confirmedBy: admin?.id ?? null });
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
