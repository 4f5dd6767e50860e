import type { Db } from '@ec/db';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Log } from '../../logger.ts';
import { dropExpiredPartitions, ensurePartitions } from './partitions.ts';
import { rebuildRollups, runRollups } from './rollups.ts';
import {
  createTelemetryStore,
  writeIntervals,
  type IncomingBatch,
  type IntervalRow,
  type TelemetryStore,
} from './telemetry.repository.ts';

export type {
  BatchOutcome,
  IncomingBatch,
  IntervalRow,
  SkipReason,
  TelemetryStore,
} from './telemetry.repository.ts';

/** Recomputes dirty intervals and roll-ups (docs/telemetry.md). */
export const ROLLUP_QUEUE = 'telemetry.rollup';
/** Creates partitions ahead and drops expired raw ones. */
export const PARTITIONS_QUEUE = 'telemetry.partitions';
/** Dirty quarter hours per roll-up transaction. */
export const ROLLUP_BATCH = 1000;
/** A roll-up job stops taking new batches after this long and enqueues a successor (ms). */
const ROLLUP_JOB_BUDGET_MS = 30_000;

/** What {@link createTelemetryService} needs. */
export interface TelemetryServiceOptions {
  db: Db;
  jobs: JobQueue;
  log: Log;
  /** TELEMETRY_RAW_RETENTION_DAYS. */
  rawRetentionDays: number;
  /** At most one roll-up job is requested per this many ms by this instance (default 1000). */
  rollupThrottleMs?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * Telemetry storage and its background work: the store the ingest writes through, the `telemetry.rollup` queue
 * (stately: at most one job running and one waiting, so requests after commits coalesce; plus a cron every minute
 * in case a request was lost) and `telemetry.partitions` (daily cron; the server also runs it once at start,
 * before the broker accepts telemetry).
 */
export function createTelemetryService(options: TelemetryServiceOptions) {
  const { db, jobs, log, rawRetentionDays } = options;
  const now = options.now ?? (() => new Date());
  const throttleMs = options.rollupThrottleMs ?? 1000;
  const store: TelemetryStore = createTelemetryStore(db, {
    rawRetentionDays,
    now,
    onSeqGapSkipped: (controllerId, skipped) =>
      log.warn(
        { controllerId, skipped },
        "ingest: a gap in a controller's seqs outlived the limit; acknowledging past it",
      ),
  });
  const pending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let lastRequest = 0;
  let closed = false;

  function sendRollup(): void {
    lastRequest = Date.now();
    const work = jobs.send(ROLLUP_QUEUE, {}).then(
      () => undefined,
      (error: unknown) => log.warn({ err: error }, 'telemetry roll-up could not be requested'),
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  /** Recomputes until no dirty quarter hour is left or the budget is spent; returns how many it processed. */
  async function rollupAll(budgetMs = Number.POSITIVE_INFINITY): Promise<number> {
    const started = Date.now();
    let total = 0;
    for (;;) {
      const { processed } = await runRollups(db, { limit: ROLLUP_BATCH });
      total += processed;
      if (processed < ROLLUP_BATCH) return total;
      if (Date.now() - started > budgetMs) {
        requestRollup();
        return total;
      }
    }
  }

  async function maintainPartitions(): Promise<{ created: string[]; dropped: string[] }> {
    const at = now();
    const { created } = await ensurePartitions(db, { now: at, rawRetentionDays });
    const { dropped } = await dropExpiredPartitions(db, { now: at, rawRetentionDays });
    if (created.length > 0 || dropped.length > 0) {
      log.info({ created, dropped }, 'telemetry partitions maintained');
    }
    return { created, dropped };
  }

  /**
   * Asks for a roll-up run soon (after a commit): at most one request per throttle window, the last of a burst
   * deferred to the window's end, so data committed during a run is picked up by the next one.
   */
  function requestRollup(): void {
    if (closed || timer) return;
    const wait = Math.max(0, lastRequest + throttleMs - Date.now());
    if (wait === 0) {
      sendRollup();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) sendRollup();
    }, wait);
    timer.unref();
  }

  jobs.define<Record<string, never>>({
    name: ROLLUP_QUEUE,
    policy: 'stately',
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    retryDelayMaxSeconds: 300,
    expireInSeconds: 300,
    keepDays: 1,
    batchSize: 1,
    pollingIntervalSeconds: 1,
    handler: async () => {
      await rollupAll(ROLLUP_JOB_BUDGET_MS);
    },
  });
  jobs.schedule({ queue: ROLLUP_QUEUE, cron: '* * * * *', tz: 'UTC' });
  jobs.define<Record<string, never>>({
    name: PARTITIONS_QUEUE,
    policy: 'stately',
    retryLimit: 10,
    retryDelaySeconds: 60,
    retryBackoff: true,
    retryDelayMaxSeconds: 3600,
    keepDays: 7,
    handler: async () => {
      await maintainPartitions();
    },
  });
  jobs.schedule({ queue: PARTITIONS_QUEUE, cron: '7 0 * * *', tz: 'UTC' });

  return {
    /** TelemetryStore.writeBatches: one transaction, idempotent; rejects when the database fails. */
    writeBatches: (batches: IncomingBatch[]) => store.writeBatches(batches),
    /** The store itself, for the ingest. */
    store,
    requestRollup,
    /** Runs the roll-ups here until nothing is dirty (tests, the demo seed); returns the marks processed. */
    rollupNow: () => rollupAll(),
    /** Creates partitions ahead and drops expired raw ones (the daily job; the server also calls it at start). */
    maintainPartitions,
    /** Bulk 15-minute history (the demo year); then {@link rebuildRollups}. */
    writeIntervals: (rows: IntervalRow[], options?: { fresh?: boolean }) =>
      writeIntervals(db, rows, options),
    /** Recomputes the roll-ups of these devices and their locations for [from, to) from the intervals. */
    rebuildRollups: (range: { deviceIds: number[]; from: Date; to: Date }) =>
      rebuildRollups(db, range),
    /** Stops requesting roll-ups and waits for requests under way (before the job queue stops). */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** The telemetry service's interface. */
export type TelemetryService = ReturnType<typeof createTelemetryService>;
