// Mail goes through the database job queue (docs/decisions/0015): kept across a restart, retried with back-off
// when the SMTP server refuses it, delivered once it accepts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { prepareReferenceData } from '../reference/countries.ts';
import { seedDemo } from '../../seed/seed.ts';
import { createTestApp, DEMO, send, type TestApp } from '../../test/helpers.ts';
import { jobsIn, releaseRetries } from '../../test/jobs.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/mail.ts';
import { MAIL_QUEUE } from './mail.service.ts';

const forgotten = (t: { app: TestApp['app'] }, email: string) =>
  send(t.app, 'POST', '/api/auth/forgotten-password', { data: { email } });

describe('mail through the job queue, SMTP refusing for a while', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'false' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('retries a refused message with back-off and delivers it once the server accepts', async () => {
    smtp.refuse(true);
    expect((await forgotten(t, DEMO.basic.email)).statusCode).toBe(202);
    await t.app.mail.idle();
    expect(smtp.refused).toBe(1);
    expect(smtp.messages).toEqual([]);
    const [waiting] = await jobsIn(t.app.jobs, MAIL_QUEUE);
    expect(waiting?.state).toBe('retry');
    // The first retry waits 30–60 s (30 s doubled per failure, with jitter), so a flapping server is not hammered.
    expect(waiting?.waitSeconds).toBeGreaterThan(29);
    expect(waiting?.waitSeconds).toBeLessThan(61);

    // Still refusing: a second failure waits 60–120 s.
    await releaseRetries(t.app.jobs, MAIL_QUEUE);
    await t.app.mail.idle();
    expect(smtp.refused).toBe(2);
    const [again] = await jobsIn(t.app.jobs, MAIL_QUEUE);
    expect(again?.state).toBe('retry');
    expect(again?.waitSeconds).toBeGreaterThan(59);

    smtp.refuse(false);
    await releaseRetries(t.app.jobs, MAIL_QUEUE);
    await t.app.mail.idle();
    expect(smtp.messages.map((m) => m.to)).toEqual([[DEMO.basic.email]]);
    expect((await jobsIn(t.app.jobs, MAIL_QUEUE))[0]?.state).toBe('completed');
  });
});

describe('mail across a restart', () => {
  let db: TestDatabase;
  afterEach(async () => {
    await db.close();
  });

  it('a message queued before the server stopped is delivered by the next one', async () => {
    db = await createTestDb();
    await prepareReferenceData(db.db);
    await seedDemo(db.db);
    // No SMTP_URL: delivery writes the outbox table; no workers, so nothing is delivered before the stop.
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WEB_DIST_DIR: join(tmpdir(), 'ec-no-such-dist'),
      JOBS_WORKERS: 'false',
      RATE_LIMITS: 'false',
    });
    const logger = createLogger(config, { tty: false });
    const first = await buildApp({ config, db, logger });
    expect((await forgotten({ app: first }, DEMO.basic.email)).statusCode).toBe(202);
    // Closing waits until the message is stored, not until it is delivered.
    await first.close();
    expect(await db.db.select().from(mailOutbox)).toEqual([]);

    const second = await buildApp({ config, db, logger });
    try {
      await second.mail.idle();
      const rows = await db.db.select().from(mailOutbox);
      expect(rows.map((row) => [row.toAddress, row.kind])).toEqual([
        [DEMO.basic.email, 'reset_password'],
      ]);
    } finally {
      await second.close();
    }
  });
});
