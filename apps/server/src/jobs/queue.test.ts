import { afterEach, describe, expect, inject, it } from 'vitest';
import { createDb, type Database } from '@ec/db';
import { createTestDb, type TestDatabase } from '@ec/db/testing';
import { jobsIn, releaseRetries, type JobRow } from '../test/jobs.ts';
import { createJobQueue, type JobQueue } from './queue.ts';

const silent = { info() {}, warn() {}, error() {} };

async function jobRow(queue: JobQueue, name: string, id: string): Promise<JobRow> {
  const row = (await jobsIn(queue, name)).find((job) => job.id === id);
  if (!row) throw new Error(`no job ${id} in ${name}`);
  return row;
}

describe('job queue', () => {
  let db: TestDatabase;
  const queues: JobQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await db.close();
  });

  function queueOn(database: Database, workers = false): JobQueue {
    const queue = createJobQueue({ db: database, log: silent, workers });
    queues.push(queue);
    return queue;
  }

  it('starts on the migrated schema without creating it, then runs an enqueued job to completion', async () => {
    db = await createTestDb();
    const queue = queueOn(db);
    const seen: string[] = [];
    queue.define<{ word: string }>({
      name: 'test.echo',
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      handler: async (data) => {
        seen.push(data.word);
      },
    });
    const begun = performance.now();
    await queue.start();
    // pg-boss with migrate: false only checks the schema version: the schema came from migration 0005_pgboss.
    expect(await queue.boss.schemaVersion()).toBeGreaterThan(0);
    console.info(`job queue start on ${db.kind}: ${Math.round(performance.now() - begun)} ms`);
    const id = await queue.send('test.echo', { word: 'hello' });
    expect(id).toEqual(expect.any(String));
    await queue.drain('test.echo');
    expect(seen).toEqual(['hello']);
    expect((await jobRow(queue, 'test.echo', id as string)).state).toBe('completed');
  });

  it('runs jobs with its workers when they are on', async () => {
    db = await createTestDb();
    const queue = queueOn(db, true);
    const done = Promise.withResolvers<string>();
    queue.define<{ word: string }>({
      name: 'test.worker',
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      pollingIntervalSeconds: 0.5,
      handler: async (data) => done.resolve(data.word),
    });
    await queue.start();
    await queue.send('test.worker', { word: 'worked' });
    expect(await done.promise).toBe('worked');
  });

  it('retries a failing job with exponential back-off, then lists it as a dead letter', async () => {
    db = await createTestDb();
    const queue = queueOn(db);
    let calls = 0;
    queue.define<{ n: number }>({
      name: 'test.flaky',
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: true,
      handler: async () => {
        calls++;
        throw new Error(`refused ${calls}`);
      },
    });
    await queue.start();
    const id = (await queue.send('test.flaky', { n: 1 })) as string;

    await queue.drain('test.flaky');
    const first = await jobRow(queue, 'test.flaky', id);
    expect(first.state).toBe('retry');
    // Back-off: retry n waits retryDelay × 2^(n-1) × (1 + jitter in [0, 1)), so the first 60–120 s…
    expect(first.waitSeconds).toBeGreaterThan(59);
    expect(first.waitSeconds).toBeLessThan(121);

    await releaseRetries(queue, 'test.flaky');
    await queue.drain('test.flaky');
    const second = await jobRow(queue, 'test.flaky', id);
    expect(second.state).toBe('retry');
    // …and the second 120–240 s.
    expect(second.waitSeconds).toBeGreaterThan(119);
    expect(second.waitSeconds).toBeLessThan(241);

    await releaseRetries(queue, 'test.flaky');
    await queue.drain('test.flaky');
    expect(calls).toBe(3);
    expect((await jobRow(queue, 'test.flaky', id)).state).toBe('failed');

    const dead = await queue.failed(1, 10, { siteId: 1 });
    expect(dead.total).toBe(1);
    // A job without a site is the platform's: every site's super admins see it.
    expect((await queue.failed(1, 10, { siteId: 2 })).total).toBe(1);
    expect(dead.jobs[0]).toMatchObject({
      id,
      queue: 'test.flaky',
      attempts: 3,
      error: 'refused 3',
    });
    expect(dead.jobs[0]?.failedAt).toBeInstanceOf(Date);
  });

  it("lists a failed job that names a site only for that site's super admins", async () => {
    db = await createTestDb();
    const queue = queueOn(db);
    queue.define<{ siteId: number }>({
      name: 'test.site-bound',
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      handler: async () => {
        throw new Error('no');
      },
    });
    await queue.start();
    await queue.send('test.site-bound', { siteId: 2 });
    await queue.drain('test.site-bound');
    expect((await queue.failed(1, 10, { siteId: 2 })).total).toBe(1);
    expect(await queue.failed(1, 10, { siteId: 1 })).toEqual({ jobs: [], total: 0 });
  });

  it('stores a cron schedule with its time zone', async () => {
    db = await createTestDb();
    const queue = queueOn(db);
    queue.define({
      name: 'test.daily',
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      handler: async () => undefined,
    });
    queue.schedule({ queue: 'test.daily', cron: '30 13 * * *', tz: 'Europe/Ljubljana' });
    await queue.start();
    const schedule = await queue.boss.getSchedule('test.daily');
    expect(schedule).toMatchObject({ cron: '30 13 * * *', timezone: 'Europe/Ljubljana' });
  });

  it('keeps one job per singleton key and runs it once with two instances on one PostgreSQL database', async (context) => {
    if (!inject('testDatabaseUrl')) {
      context.skip(
        'needs TEST_DATABASE_URL: PGlite is one in-process connection, two instances cannot share it',
      );
    }
    db = await createTestDb();
    const url = new URL(inject('testDatabaseUrl'));
    url.pathname = `/${db.databaseName ?? ''}`;
    const second = await createDb({ databaseUrl: url.href, maxConnections: 4 });
    try {
      let runs = 0;
      const [a, b] = [queueOn(db, true), queueOn(second, true)];
      for (const queue of [a, b]) {
        queue.define<{ day: string }>({
          name: 'test.rollup',
          policy: 'exclusive',
          retryLimit: 0,
          retryDelaySeconds: 1,
          retryBackoff: false,
          pollingIntervalSeconds: 0.5,
          handler: async () => {
            runs++;
            await new Promise((resolve) => setTimeout(resolve, 300));
          },
        });
      }
      await Promise.all([a.start(), b.start()]);
      const ids = await Promise.all([
        a.send('test.rollup', { day: '2026-11-25' }, { singletonKey: '2026-11-25' }),
        b.send('test.rollup', { day: '2026-11-25' }, { singletonKey: '2026-11-25' }),
      ]);
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await Promise.all([a.drain('test.rollup'), b.drain('test.rollup')]);
      expect(runs).toBe(1);
    } finally {
      for (const queue of queues.splice(0)) await queue.stop();
      await second.close();
    }
  });
});
