// A welcome mail that cannot be sent: the app's SMTP server refuses connections. The account is made (the admin's
// work is not lost) and the answer says the mail did not go out, so the admin can tell the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, users } from '@ec/db';
import { closedPort, createTestApp, json, send, type TestApp } from '../../test/helpers.ts';
import { orgFixtures } from '../menu/org-fixtures.ts';

let t: TestApp;
let companyId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, RATE_LIMITS: 'false' },
  });
  const f = await orgFixtures(t);
  const company = await f.company('Alpha Energy');
  companyId = company.id;
  await f.user('mail-fail-agg@admin.test', 'ROLE_AGGREGATOR', { companyId });
  token = await f.login('mail-fail-agg@admin.test');
});
afterAll(() => t.close());

describe('the welcome mail cannot be sent', () => {
  it('creates the user and answers welcomeMailSent false', async () => {
    const res = await send(t.app, 'POST', '/api/users', {
      token,
      data: {
        companyId,
        email: 'no-mail@admin.test',
        firstName: 'No',
        lastName: 'Mail',
        role: 'ROLE_USER_BASIC',
        locale: 'sl',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = json<{ data: { user: { email: string }; welcomeMailSent: boolean } }>(res);
    expect(body.data.welcomeMailSent).toBe(false);
    expect(body.data.user.email).toBe('no-mail@admin.test');
    const stored = await t.db.db.select().from(users).where(eq(users.email, 'no-mail@admin.test'));
    expect(stored).toHaveLength(1);
  });
});
