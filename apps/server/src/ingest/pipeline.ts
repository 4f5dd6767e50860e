/**
 * The ingest pipeline: every message a controller publishes passes here, whichever broker carried it.
 *
 * topic → parseTopic → per kind:
 * - `telemetry`: decodeJson(telemetryMessageSchema) → queue → flush every ≤ {@link IngestOptions.flushMs} or at
 *   ≥ {@link IngestOptions.batchReadings} readings → `TelemetryStore.writeBatches` (one transaction; up to
 *   {@link IngestOptions.maxInFlight} at once, so the database works on one while the next is prepared) → after the
 *   commit `{seq}` on each controller's `…/ack` (the store's acknowledged seq: every seq up to it committed, gaps
 *   held back, see ack-sequence.ts) → `onCommitted(locationIds)`. A message that is valid JSON with a `seq` but
 *   otherwise malformed is refused and goes through as an empty batch, so the acknowledgement covers it (the
 *   controller drops it: re-sending cannot help).
 *   When the store rejects (database down), the batches stay queued (bounded by
 *   {@link IngestOptions.maxPendingReadings}; beyond it new messages are refused, and since they are not acknowledged
 *   the controller sends them again) and the flush is retried with back-off. Nothing is acknowledged before its commit.
 * - `p1`: the raw DSMR telegram goes to the {@link P1Parser} hook (wired by the lead to the protocol's parser); its
 *   samples follow the telemetry path without a seq (never acknowledged: a telegram is a snapshot of the meter's
 *   cumulative registers, so a lost one loses no energy).
 * - `state`: decodeJson(stateMessageSchema) → {@link PresenceWriter.applyState} → `onCommitted([locationId])`.
 * - `reply`: decodeJson(replyMessageSchema) → `onReply` (logged by default; later issues use it).
 * Anything malformed is refused with a counted reason (refusals.ts), never thrown into the stream.
 */
import {
  decodeJson,
  decodeText,
  MAX_P1_BYTES,
  MAX_SMALL_MESSAGE_BYTES,
  MAX_TELEMETRY_BYTES,
  parseTopic,
  replyMessageSchema,
  stateMessageSchema,
  telemetryMessageSchema,
  topics,
  type ReplyMessage,
  type StateMessage,
  type TelemetrySample,
} from '@ec/protocol';
import type { Log } from '../logger.ts';
import type { RefusalCounter } from './refusals.ts';
import type { BatchOutcome, IncomingBatch, TelemetryStore } from './telemetry-store.ts';
import type { PublishOptions, TransportMessage } from './transport.ts';

/**
 * The hook for P1 telegrams: turns a telegram's text into samples for the location's grid device (CRC checked), or
 * refuses it with a reason (`p1:<reason>` is counted). The lead wires it to the protocol package's DSMR parser.
 */
export type P1Parser = (telegram: {
  unitId: string;
  text: string;
  receivedAt: Date;
}) => { ok: true; samples: TelemetrySample[] } | { ok: false; reason: string };

/** Writes what a `state` message says about a controller (presence, versions, addresses). */
export interface PresenceWriter {
  /** Returns the controller's location (null: none), or null for an unknown unit ID. */
  applyState(
    unitId: string,
    state: StateMessage,
    at: Date,
  ): Promise<{ locationId: number | null } | null>;
}

/**
 * A reading is one device's sample at one instant (a row of `reading`, with all the values the device sent for that
 * instant).
 */
export interface IngestOptions {
  /** Longest a reading waits in the queue before a flush (ms, default 50). */
  flushMs: number;
  /**
   * A flush starts at once when this many readings are queued, and takes about this many (default 10,000: larger
   * transactions are what raised the rate on PostgreSQL; see docs/telemetry.md "End to end").
   */
  batchReadings: number;
  /** Flushes (transactions) under way at once (default 2). */
  maxInFlight: number;
  /** Bound of the queue while the store fails (readings, default 100,000); beyond it messages are refused. */
  maxPendingReadings: number;
  /** First and longest retry delay after a failed write (ms, defaults 100 and 5000). */
  retryMinMs: number;
  retryMaxMs: number;
}

export const DEFAULT_INGEST_OPTIONS: IngestOptions = {
  flushMs: 50,
  batchReadings: 10_000,
  maxInFlight: 2,
  maxPendingReadings: 100_000,
  retryMinMs: 100,
  retryMaxMs: 5000,
};

export interface IngestPipelineDeps {
  /** Null: telemetry is refused (`telemetry:no-store`) and never acknowledged. */
  store: TelemetryStore | null;
  presence: PresenceWriter;
  /** How acks go out (the transport's publish). */
  publish: (topic: string, payload: string, options: PublishOptions) => Promise<void>;
  /** Called after every commit with the locations whose data changed (the live bus). */
  onCommitted?: (locationIds: number[]) => void;
  p1?: P1Parser;
  onReply?: (reply: { unitId: string; commandId: string; message: ReplyMessage }) => void;
  refusals: RefusalCounter;
  log: Log;
  options?: Partial<IngestOptions>;
}

interface Queued {
  batch: IncomingBatch;
  readings: number;
}

/** The readings of a batch: one per device and sample instant. */
export function countReadings(samples: TelemetrySample[]): number {
  let n = 0;
  for (const sample of samples) n += Object.keys(sample.values).length;
  return n;
}

/** The `seq` of a payload that is JSON with a valid seq but failed the schema otherwise; null if there is none. */
function seqOfMalformed(payload: Buffer): number | null {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    if (typeof value !== 'object' || value === null || !('seq' in value)) return null;
    const { seq } = value;
    return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 ? seq : null;
  } catch {
    return null;
  }
}

/** Builds the pipeline. `handle` never throws; `close` flushes once more and stops the timers. */
export function createIngestPipeline(deps: IngestPipelineDeps) {
  const options = { ...DEFAULT_INGEST_OPTIONS, ...deps.options };
  const { refusals, log } = deps;
  const queue: Queued[] = [];
  let queuedReadings = 0;
  /** Flushes under way (at most options.maxInFlight). */
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let retryDelay = 0;
  let closed = false;
  const stats = { committedBatches: 0, committedReadings: 0, writeFailures: 0, acksSent: 0 };
  /**
   * Seqs refused for a full backlog, per controller, until they are committed. An ack says "everything up to seq is
   * stored", so while a refused seq is missing no ack may reach it: a later message that was taken (room freed up)
   * and committed must not acknowledge the refused one, or the controller would drop a batch that was never stored.
   */
  const refusedSeqs = new Map<string, Set<number>>();

  function schedule(delay: number): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  }

  function enqueue(batch: IncomingBatch, kind: string): void {
    const readings = countReadings(batch.samples);
    if (queuedReadings + readings > options.maxPendingReadings) {
      refusals.refuse(`${kind}:backlog-full`, { unitId: batch.unitId });
      if (batch.seq !== null) {
        const refused = refusedSeqs.get(batch.unitId) ?? new Set<number>();
        refused.add(batch.seq);
        refusedSeqs.set(batch.unitId, refused);
      }
      return;
    }
    queue.push({ batch, readings });
    queuedReadings += readings;
    if (retryDelay > 0) return; // the retry timer is set
    if (queuedReadings >= options.batchReadings) {
      if (timer) clearTimeout(timer);
      timer = null;
      schedule(0);
    } else {
      schedule(options.flushMs);
    }
  }

  /**
   * Starts writing the head of the queue unless enough flushes are under way; on failure puts it back and retries
   * later. Resolves when the flush it started (or, when it could not start one, the oldest under way) has ended.
   */
  function flush(): Promise<void> {
    if (inFlight.size >= options.maxInFlight) return Promise.race(inFlight);
    if (queue.length === 0 || !deps.store) return Promise.resolve();
    const store = deps.store;
    let taken = 0;
    let readings = 0;
    while (taken < queue.length && (taken === 0 || readings < options.batchReadings)) {
      readings += queue[taken]?.readings ?? 0;
      taken += 1;
    }
    const items = queue.splice(0, taken);
    queuedReadings -= readings;
    const flushing: Promise<void> = (async () => {
      let outcomes: BatchOutcome[];
      try {
        outcomes = await store.writeBatches(items.map((item) => item.batch));
      } catch (error) {
        // Back at the head: the order does not matter for correctness (acks come from the store), only for
        // fairness. Stays unacknowledged until a commit.
        queue.unshift(...items);
        queuedReadings += readings;
        stats.writeFailures += 1;
        retryDelay = Math.min(
          options.retryMaxMs,
          retryDelay === 0 ? options.retryMinMs : retryDelay * 2,
        );
        log.error(
          { err: error, batches: items.length, readings, retryInMs: retryDelay },
          'ingest: storing telemetry failed; keeping it queued (not acknowledged) and retrying',
        );
        return;
      }
      retryDelay = 0;
      stats.committedBatches += items.length;
      stats.committedReadings += readings;
      afterCommit(outcomes);
    })().finally(() => {
      inFlight.delete(flushing);
      if (closed || queue.length === 0) return;
      // A timer set while the write was under way would retry sooner than the back-off.
      if (retryDelay > 0) {
        if (timer) clearTimeout(timer);
        timer = null;
        schedule(retryDelay);
      } else if (queuedReadings >= options.batchReadings) {
        if (timer) clearTimeout(timer);
        timer = null;
        schedule(0);
      } else {
        schedule(options.flushMs);
      }
    });
    inFlight.add(flushing);
    // More than a batch waiting and room for another transaction: start it now, while this one is written.
    if (
      retryDelay === 0 &&
      queuedReadings >= options.batchReadings &&
      inFlight.size < options.maxInFlight
    ) {
      void flush();
    }
    return flushing;
  }

  function afterCommit(outcomes: BatchOutcome[]): void {
    const highest = new Map<string, number>();
    const locations = new Set<number>();
    // The store's acknowledged seq per controller (every seq up to it committed); ack-sequence.ts.
    for (const outcome of outcomes) {
      if (outcome.status === 'unknown-controller') {
        refusals.refuse('telemetry:unknown-controller', { unitId: outcome.unitId });
        continue;
      }
      if (outcome.locationId !== null) locations.add(outcome.locationId);
      if (outcome.seq === null) continue;
      const refused = refusedSeqs.get(outcome.unitId);
      if (refused?.delete(outcome.seq) && refused.size === 0) refusedSeqs.delete(outcome.unitId);
      if (outcome.ack === null) continue;
      const previous = highest.get(outcome.unitId);
      if (previous === undefined || outcome.ack > previous)
        highest.set(outcome.unitId, outcome.ack);
    }
    // Acks are sent after the commit only; a lost ack is harmless (the controller re-sends, storage is idempotent).
    // Not awaited: with an external broker that is down, a publish waits for the reconnection, and the next flush
    // (or the shutdown) must not wait with it.
    // Never at or above a seq still refused (see refusedSeqs).
    const acks: [string, number][] = [];
    for (const [unitId, seq] of highest) {
      const refused = refusedSeqs.get(unitId);
      const cap = refused ? Math.min(...refused) - 1 : Infinity;
      if (Math.min(seq, cap) >= 0) acks.push([unitId, Math.min(seq, cap)]);
    }
    void Promise.all(
      acks.map(async ([unitId, seq]) => {
        try {
          await deps.publish(topics.ack(unitId), JSON.stringify({ seq }), {
            qos: 1,
            retain: false,
          });
          stats.acksSent += 1;
        } catch (error) {
          log.warn({ err: error, unitId, seq }, 'ingest: could not publish an ack');
        }
      }),
    );
    committed([...locations]);
  }

  function committed(locationIds: number[]): void {
    if (locationIds.length === 0 || !deps.onCommitted) return;
    try {
      deps.onCommitted(locationIds);
    } catch (error) {
      log.error({ err: error }, 'ingest: onCommitted failed');
    }
  }

  async function handleState(unitId: string, state: StateMessage, at: Date): Promise<void> {
    try {
      const result = await deps.presence.applyState(unitId, state, at);
      if (result === null) {
        refusals.refuse('state:unknown-controller', { unitId });
        return;
      }
      if (result.locationId !== null) committed([result.locationId]);
    } catch (error) {
      refusals.refuse('state:write-failed', { unitId, detail: String(error) });
    }
  }

  return {
    /** Takes one message from the transport. Never throws; every refusal is counted. */
    handle(message: TransportMessage): void {
      const receivedAt = new Date();
      const parsed = parseTopic(message.topic, { direction: 'up' });
      if (!parsed.ok) {
        refusals.refuse(`topic:${parsed.reason}`, {
          unitId: message.publisher ?? null,
          topic: message.topic.slice(0, 200),
        });
        return;
      }
      const { unitId, kind } = parsed;
      if (message.publisher !== undefined && message.publisher !== unitId) {
        refusals.refuse('topic:other-controller', {
          unitId: message.publisher,
          topic: message.topic,
        });
        return;
      }
      switch (kind) {
        case 'telemetry': {
          if (!deps.store) {
            refusals.refuse('telemetry:no-store', { unitId });
            return;
          }
          const decoded = decodeJson(message.payload, telemetryMessageSchema, MAX_TELEMETRY_BYTES);
          if (!decoded.ok) {
            refusals.refuse(`telemetry:${decoded.reason}`, { unitId, detail: decoded.detail });
            // Refused for good, but acknowledged once everything before it is: re-sending cannot help.
            const seq = decoded.reason === 'too-large' ? null : seqOfMalformed(message.payload);
            if (seq !== null) enqueue({ unitId, seq, samples: [], receivedAt }, 'telemetry');
            return;
          }
          enqueue(
            { unitId, seq: decoded.value.seq, samples: decoded.value.samples, receivedAt },
            'telemetry',
          );
          return;
        }
        case 'p1': {
          if (!deps.store || !deps.p1) {
            refusals.refuse(deps.store ? 'p1:no-parser' : 'p1:no-store', { unitId });
            return;
          }
          const text = decodeText(message.payload, MAX_P1_BYTES);
          if (!text.ok) {
            refusals.refuse(`p1:${text.reason}`, { unitId });
            return;
          }
          let result: ReturnType<P1Parser>;
          try {
            result = deps.p1({ unitId, text: text.value, receivedAt });
          } catch (error) {
            refusals.refuse('p1:parser-error', { unitId, detail: String(error) });
            return;
          }
          if (!result.ok) {
            refusals.refuse(`p1:${result.reason}`, { unitId });
            return;
          }
          if (result.samples.length > 0) {
            enqueue({ unitId, seq: null, samples: result.samples, receivedAt }, 'p1');
          }
          return;
        }
        case 'state': {
          const decoded = decodeJson(message.payload, stateMessageSchema, MAX_SMALL_MESSAGE_BYTES);
          if (!decoded.ok) {
            refusals.refuse(`state:${decoded.reason}`, { unitId, detail: decoded.detail });
            return;
          }
          void handleState(unitId, decoded.value, receivedAt);
          return;
        }
        case 'reply': {
          const decoded = decodeJson(message.payload, replyMessageSchema, MAX_SMALL_MESSAGE_BYTES);
          if (!decoded.ok) {
            refusals.refuse(`reply:${decoded.reason}`, { unitId, detail: decoded.detail });
            return;
          }
          const commandId = parsed.argument ?? '';
          if (deps.onReply) {
            try {
              deps.onReply({ unitId, commandId, message: decoded.value });
            } catch (error) {
              log.error({ err: error, unitId, commandId }, 'ingest: onReply failed');
            }
          } else {
            log.info({ unitId, commandId, status: decoded.value.status }, 'mqtt: command reply');
          }
          return;
        }
        default:
          // cmd and ack are the cloud's own (direction 'down'): parseTopic refused them above.
          refusals.refuse('topic:direction', { unitId, topic: message.topic });
      }
    },

    /** Writes what is queued now (tests, shutdown); resolves after the write (or its failure); acks are on their way. */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.all(inFlight);
      // One attempt even during a back-off; more while they succeed.
      do {
        await flush();
        await Promise.all(inFlight);
      } while (queue.length > 0 && retryDelay === 0);
    },

    /** Counters for logs, metrics and tests. */
    stats() {
      return {
        ...stats,
        queuedBatches: queue.length,
        queuedReadings,
        refusals: refusals.counts(),
      };
    },

    /**
     * Stops the timers after one last attempt to write what is queued. What still fails stays unacknowledged, so the
     * controllers send it again to the next instance.
     */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.all(inFlight);
      while (queue.length > 0 && retryDelay === 0) {
        await flush();
        await Promise.all(inFlight);
      }
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (queue.length > 0) {
        log.warn(
          { batches: queue.length, readings: queuedReadings },
          'ingest: closing with unstored telemetry (not acknowledged; controllers re-send it)',
        );
      }
    },
  };
}

export type IngestPipeline = ReturnType<typeof createIngestPipeline>;
