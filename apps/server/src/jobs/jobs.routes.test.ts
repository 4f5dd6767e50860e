// GET /api/admin/jobs/failed: the dead-letter list, for super admins only, without job payloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  createTestApp,
  DEMO,
  json,
  send,
  signIn,
  type TestApp,
} from '../test/helpers.ts';
import { jobsIn, releaseRetries } from '../test/jobs.ts';
import { MAIL_QUEUE, MAIL_RETRY } from '../modules/mail/mail.service.ts';

interface FailedList {
  data: {
    jobs: { id: string; queue: string; attempts: number; error: string; failedAt: string | null }[];
    page: number;
    pageSize: number;
    total: number;
  };
}

describe('GET /api/admin/jobs/failed', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: every delivery attempt fails.
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, RATE_LIMITS: 'false' },
    });
    await send(t.app, 'POST', '/api/auth/forgotten-password', {
      data: { email: DEMO.basic.email },
    });
    // The first try and every retry fail; after the last one the job is failed for good.
    for (let attempt = 0; attempt <= MAIL_RETRY.retryLimit; attempt++) {
      await releaseRetries(t.app.jobs, MAIL_QUEUE);
      await t.app.mail.idle();
    }
  });
  afterAll(() => t.close());

  it('lists a mail that failed after all its retries, to a super admin, without its content', async () => {
    expect((await jobsIn(t.app.jobs, MAIL_QUEUE)).map((job) => job.state)).toEqual(['failed']);
    const token = await signIn(t.app, DEMO.admin);
    const res = await send(t.app, 'GET', '/api/admin/jobs/failed?page=1&pageSize=10', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json<FailedList>(res);
    expect(body.data).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(body.data.jobs[0]).toMatchObject({
      queue: MAIL_QUEUE,
      attempts: MAIL_RETRY.retryLimit + 1,
      error: expect.stringContaining('ECONNREFUSED'),
    });
    expect(body.data.jobs[0]?.failedAt).toEqual(expect.any(String));
    // The payload (recipient, one-time reset link) never leaves the database.
    expect(res.body).not.toContain('reset-password');
    expect(res.body).not.toContain(DEMO.basic.email);
  });

  it('pages', async () => {
    const token = await signIn(t.app, DEMO.admin);
    const res = await send(t.app, 'GET', '/api/admin/jobs/failed?page=2&pageSize=10', { token });
    expect(json<FailedList>(res).data).toMatchObject({ jobs: [], page: 2, total: 1 });
  });

  it('answers 403 to an aggregator and a basic user, 401 without a session', async () => {
    for (const who of [DEMO.aggregator, DEMO.basic]) {
      const token = await signIn(t.app, who);
      const res = await send(t.app, 'GET', '/api/admin/jobs/failed', { token });
      expect(res.statusCode).toBe(403);
    }
    expect((await send(t.app, 'GET', '/api/admin/jobs/failed')).statusCode).toBe(401);
  });

  it('refuses a bad page size with a field error, not a 500', async () => {
    const token = await signIn(t.app, DEMO.admin);
    const res = await send(t.app, 'GET', '/api/admin/jobs/failed?pageSize=0', { token });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('pageSize');
  });
});
