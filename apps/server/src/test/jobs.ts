import { JOBS_SCHEMA, type JobQueue } from '../jobs/queue.ts';

/** A job as the tests look at it. */
export interface JobRow {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  /** Seconds until the job may run again (negative when due). */
  waitSeconds: number;
}

/** The jobs of a queue, oldest first. */
export async function jobsIn(jobs: JobQueue, queue: string): Promise<JobRow[]> {
  const { rows } = await jobs.boss.getDb().executeSql(
    `select id, state, retry_count as "retryCount",
            extract(epoch from (start_after - now()))::float as "waitSeconds"
       from ${JOBS_SCHEMA}.job where name = $1 order by created_on, id`,
    [queue],
  );
  return rows as JobRow[];
}

/**
 * Makes a queue's waiting retries due now, so a test need not sleep through the back-off it has just checked
 * (`jobsIn(…).waitSeconds`). The next `drain()` / `mail.idle()` runs them.
 */
export async function releaseRetries(jobs: JobQueue, queue: string): Promise<void> {
  await jobs.boss
    .getDb()
    .executeSql(
      `update ${JOBS_SCHEMA}.job set start_after = now() where name = $1 and state = 'retry'`,
      [queue],
    );
}
