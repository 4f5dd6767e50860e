import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import {
  PgBoss,
  fromPglite,
  type Db as BossDb,
  type JobResult,
  type JobWithMetadata,
} from 'pg-boss';
import type { Database } from '@ec/db';
import type { Log } from '../logger.ts';

/** The PostgreSQL schema that holds pg-boss's tables (created by migration 0005_pgboss, never by pg-boss itself). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * How a queue's jobs run. Retries: a failed job waits `retryDelaySeconds`, doubled on each further failure with
 * `retryBackoff` (pg-boss adds jitter), capped by `retryDelayMaxSeconds`; after `retryLimit` retries it is failed for
 * good and shows in the dead-letter list ({@link JobQueue.failed}).
 */
export interface QueueDefinition<T extends object> {
  /** Queue name: lower case, dots allowed (`mail.send`). */
  name: string;
  /**
   * pg-boss queue policy, applied per singleton key (jobs without a key share one). `standard`: no limit.
   * `singleton`: at most one active. `stately`: at most one queued and one active. `exclusive`: at most one queued
   * or active, so a second send is refused (null). Enforced by unique indexes in the database, so it holds with
   * several server instances.
   */
  policy?: 'standard' | 'singleton' | 'stately' | 'exclusive';
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  /** How long a job may run before it counts as failed (seconds, default 15 min). */
  expireInSeconds?: number;
  /** How long a finished job stays: completed ones, and failed ones in the dead-letter list (days, default 14). */
  keepDays?: number;
  /** Jobs fetched per poll (default 10); each is handled on its own, so one failure does not fail the batch. */
  batchSize?: number;
  /** Seconds between polls when the queue was empty (default 2). */
  pollingIntervalSeconds?: number;
  /** Does the work; a throw fails this job (retried while retries remain). */
  handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>;
}

/** A cron schedule: pg-boss creates one job per matching minute, once across all instances (timekeeper lock). */
export interface ScheduleDefinition {
  queue: string;
  /** Five-field cron expression, e.g. `0 14 * * *`. */
  cron: string;
  /** IANA time zone the cron expression is read in, e.g. `Europe/Ljubljana` (daylight saving included). */
  tz: string;
  data?: object;
  /** Tells several schedules of one queue apart (default ''). */
  key?: string;
}

/** A job that failed after its retries (the dead-letter list). Its payload is never shown: it may hold tokens. */
export interface FailedJob {
  id: string;
  queue: string;
  /** Attempts made (the first run plus its retries). */
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
  /** The last error's message (at most 500 characters). */
  error: string;
}

/** Options for {@link createJobQueue}. */
export interface JobQueueOptions {
  db: Database;
  log: Log;
  /**
   * Run workers, cron schedules and pg-boss's maintenance on this instance (JOBS_WORKERS). Without them the instance
   * only enqueues; another instance does the work.
   */
  workers: boolean;
}

/** Send options: `singletonKey` makes a second job with the same key (not yet finished) a no-op. */
export interface SendOptions {
  singletonKey?: string;
  /** Seconds to wait before the job may run. */
  startAfterSeconds?: number;
}

const DAY = 86_400;

/** pg-boss's database access through our own handle: the PGlite instance, or our node-postgres pool. */
export function bossDatabase(database: Database): BossDb {
  if (database.kind === 'pglite') return fromPglite(database.client as PGlite);
  const pool = database.client as pg.Pool;
  return {
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      // A multi-statement script (no parameters) answers one result per statement; pg-boss wants their rows.
      if (Array.isArray(result)) {
        return { rows: (result as pg.QueryResult[]).flatMap((r) => r.rows ?? []) };
      }
      return { rows: result.rows };
    },
  };
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/**
 * The job queue: pg-boss over the application's own database handle (PGlite or PostgreSQL), with the schema
 * installed by our migrations (`migrate: false`, so start-up never creates or alters tables). Define queues and
 * schedules, then `start()`; `stop()` lets running jobs finish (up to 5 s). docs/decisions/0015.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { db, log, workers } = options;
  const boss = new PgBoss({
    db: bossDatabase(db),
    backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: JOBS_SCHEMA,
    migrate: false,
    supervise: workers,
    schedule: workers,
    registerInstance: workers,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  // Definitions are typed per queue where they are made; stored here with their payload type erased.
  const queues = new Map<string, QueueDefinition<object>>();
  const schedules: ScheduleDefinition[] = [];
  /** This instance's worker of each queue, woken when this instance enqueues (no wait for the next poll). */
  const workerIds = new Map<string, string>();
  let started: Promise<void> | undefined;
  let stopped = false;

  /** Runs each job of a batch on its own; a failure becomes that job's failed result (retried by pg-boss). */
  async function runBatch(
    definition: QueueDefinition<object>,
    jobs: JobWithMetadata<object>[],
  ): Promise<JobResult[]> {
    const results: JobResult[] = [];
    // A claimed batch comes back in no particular order; run it oldest first (mail goes out in the order sent).
    const ordered = [...jobs].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
    for (const job of ordered) {
      try {
        await definition.handler(job.data, { id: job.id, retryCount: job.retryCount });
        results.push({ id: job.id, status: 'completed' });
      } catch (error) {
        log.warn(
          { err: error, queue: definition.name, jobId: job.id, retryCount: job.retryCount },
          'job failed',
        );
        results.push({ id: job.id, status: 'failed', output: { message: errorMessage(error) } });
      }
    }
    return results;
  }

  async function settle(name: string, results: JobResult[]): Promise<void> {
    for (const result of results) {
      if (result.status === 'completed') await boss.complete(name, result.id);
      else await boss.fail(name, result.id, result.output as object);
    }
  }

  async function rows<T>(text: string, values: unknown[]): Promise<T[]> {
    const result = await boss.getDb().executeSql(text, values);
    return result.rows as T[];
  }

  async function doStart(): Promise<void> {
    const begun = performance.now();
    await boss.start();
    for (const definition of queues.values()) {
      const queueOptions = {
        policy: definition.policy ?? 'standard',
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        ...(definition.retryDelayMaxSeconds === undefined
          ? {}
          : { retryDelayMax: definition.retryDelayMaxSeconds }),
        expireInSeconds: definition.expireInSeconds ?? 900,
        deleteAfterSeconds: (definition.keepDays ?? 14) * DAY,
      };
      // createQueue leaves an existing queue alone; updateQueue applies changed retry settings (not the policy,
      // which pg-boss fixes at creation).
      if (await boss.getQueue(definition.name)) {
        const { policy: _policy, ...rest } = queueOptions;
        await boss.updateQueue(definition.name, rest);
      } else {
        await boss.createQueue(definition.name, queueOptions);
      }
    }
    for (const schedule of schedules) {
      await boss.schedule(schedule.queue, schedule.cron, schedule.data ?? null, {
        tz: schedule.tz,
        ...(schedule.key ? { key: schedule.key } : {}),
      });
    }
    if (workers) {
      for (const definition of queues.values()) {
        const workerId = await boss.work(
          definition.name,
          {
            batchSize: definition.batchSize ?? 10,
            pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2,
            // A full batch fetches again at once instead of waiting for the next poll.
            burstWhenBatchFull: true,
            perJobResults: true,
            includeMetadata: true,
          },
          (jobs: JobWithMetadata<object>[]) => runBatch(definition, jobs),
        );
        workerIds.set(definition.name, workerId);
      }
    }
    log.info(
      { queues: [...queues.keys()], workers, ms: Math.round(performance.now() - begun) },
      workers ? 'job queue started with workers' : 'job queue started (workers off)',
    );
  }

  return {
    /** Registers a queue and its handler; call before `start()`. */
    define<T extends object>(definition: QueueDefinition<T>): void {
      if (started) throw new Error(`queue ${definition.name} defined after start`);
      queues.set(definition.name, definition as unknown as QueueDefinition<object>);
    },

    /** Registers a cron schedule (stored in the database at start); call before `start()`. */
    schedule(definition: ScheduleDefinition): void {
      if (started) throw new Error(`schedule for ${definition.queue} defined after start`);
      schedules.push(definition);
    },

    /** Starts pg-boss, creates or updates the defined queues and schedules, and starts workers when enabled. */
    start(): Promise<void> {
      started ??= doStart();
      return started;
    },

    /**
     * Stores a job; resolves with its id, or null when a job with the same singleton key (or the queue's policy)
     * already holds the place.
     */
    async send<T extends object>(
      name: string,
      data: T,
      sendOptions: SendOptions = {},
    ): Promise<string | null> {
      await this.start();
      const id = await boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
      const workerId = workerIds.get(name);
      if (id && workerId && !sendOptions.startAfterSeconds) boss.notifyWorker(workerId);
      return id;
    },

    /**
     * Runs every job of a queue that is due now, here, and waits for jobs other workers are running, until none is
     * left. Jobs waiting for a retry stay waiting. For tests and `mail.idle()`.
     */
    async drain(name: string): Promise<void> {
      await this.start();
      const definition = queues.get(name);
      if (!definition) throw new Error(`unknown queue ${name}`);
      for (;;) {
        const jobs = await boss.fetch<object>(name, { batchSize: 20, includeMetadata: true });
        if (jobs.length > 0) {
          await settle(name, await runBatch(definition, jobs));
          continue;
        }
        const [active] = await rows<{ n: number }>(
          `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = $1 and state = 'active'`,
          [name],
        );
        if (!active || active.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    /**
     * The dead-letter list: jobs that failed after their retries, most recent first. A job whose payload names a
     * site (`siteId`, or `site.id` as mail does) is listed only for that site; other jobs are the platform's and are
     * listed for every site.
     */
    async failed(
      page: number,
      pageSize: number,
      scope: { siteId: number },
    ): Promise<{ jobs: FailedJob[]; total: number }> {
      await this.start();
      const inScope = `state = 'failed' and coalesce(data->>'siteId', data->'site'->>'id', $1) = $1`;
      const site = String(scope.siteId);
      const [count] = await rows<{ n: number }>(
        `select count(*)::int as n from ${JOBS_SCHEMA}.job where ${inScope}`,
        [site],
      );
      const found = await rows<{
        id: string;
        name: string;
        retry_count: number;
        created_on: Date | string;
        completed_on: Date | string | null;
        output: unknown;
      }>(
        `select id, name, retry_count, created_on, completed_on, output from ${JOBS_SCHEMA}.job
          where ${inScope} order by completed_on desc nulls last, id limit $2 offset $3`,
        [site, pageSize, (page - 1) * pageSize],
      );
      return {
        total: count?.n ?? 0,
        jobs: found.map((row) => ({
          id: row.id,
          queue: row.name,
          attempts: row.retry_count + 1,
          createdAt: new Date(row.created_on),
          failedAt: row.completed_on === null ? null : new Date(row.completed_on),
          error: outputMessage(row.output),
        })),
      };
    },

    /** Stops workers (running jobs get up to 5 s to finish, within the server's 10 s shutdown limit) and timers; the caller closes the database. */
    async stop(): Promise<void> {
      if (stopped || !started) return;
      stopped = true;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 5_000, close: false });
    },

    /** pg-boss itself, for tests that look underneath. */
    boss,
  };
}

/** The message of a failed job's output: ours (`{ message }`) or pg-boss's serialised error. */
function outputMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    const { message } = output as { message: unknown };
    if (typeof message === 'string') return message.slice(0, 500);
  }
  return output === null || output === undefined ? '' : JSON.stringify(output).slice(0, 500);
}

/** The job queue's interface. */
export type JobQueue = ReturnType<typeof createJobQueue>;
