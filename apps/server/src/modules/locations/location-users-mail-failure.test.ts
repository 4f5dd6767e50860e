// Invitation mail that cannot be sent (spec 001 §8 "error sending e-mail"): the app's SMTP server refuses
// connections, so POST /api/locations/:id/invitations leaves no invitation behind and POST
// /api/invitations/:id/resend leaves the invitation as it was; both answer 502 MAIL_SEND_FAILED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, invitations } from '@ec/db';
import { closedPort, createTestApp, json, type TestApp } from '../../test/helpers.ts';
import { call, createOrgFixture, must, type OrgFixture } from './locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
beforeAll(async () => {
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, RATE_LIMITS: 'false' },
  });
  f = await createOrgFixture(t);
});
afterAll(() => t.close());

const FAILED = {
  error: { code: 'MAIL_SEND_FAILED', message: 'location_invite.email_error' },
};
const rowsFor = (email: string) =>
  t.db.db.select().from(invitations).where(eq(invitations.email, email));

describe('the invitation mail cannot be sent', () => {
  it('invite: 502 MAIL_SEND_FAILED and no invitation is left that nobody received', async () => {
    const res = await call(
      t,
      f.tokens.owner,
      'POST',
      `/api/locations/${f.locations.home}/invitations`,
      {
        email: 'unreachable@example.com',
      },
    );
    expect(res.statusCode, res.body).toBe(502);
    expect(json(res)).toEqual(FAILED);
    expect(await rowsFor('unreachable@example.com')).toEqual([]);
    const list = json<{ data: { invitations: { email: string }[] } }>(
      await call(t, f.tokens.owner, 'GET', `/api/locations/${f.locations.home}/users`),
    );
    expect(list.data.invitations.map((i) => i.email)).not.toContain('unreachable@example.com');
  });

  it('resend: 502 MAIL_SEND_FAILED; the invitation keeps its state, time and last-sent time', async () => {
    const sentAt = new Date(Date.now() - 8 * 24 * 3_600_000);
    const [inserted] = await t.db.db
      .insert(invitations)
      .values({
        email: 'resend-fails@example.com',
        locationId: f.locations.home,
        locationName: 'Home',
        invitedBy: f.users.owner.id,
        status: 'expired',
        createdAt: sentAt,
        expiresAt: new Date(sentAt.getTime() + 7 * 24 * 3_600_000),
        lastSentAt: sentAt,
      })
      .returning();
    const before = must(inserted);
    const res = await call(t, f.tokens.owner, 'POST', `/api/invitations/${before.id}/resend`);
    expect(res.statusCode, res.body).toBe(502);
    expect(json(res)).toEqual(FAILED);
    expect(await rowsFor('resend-fails@example.com')).toEqual([before]);
  });
});
