/**
 * TEST DOUBLE — not the product's store. An in-memory {@link TelemetryStore} for the ingest tests: idempotent per
 * (unitId, device ref, time, field) like the real one, with a switch that makes writes fail (a database outage) and a
 * gate that holds writes until the test releases them. The real store is apps/server/src/modules/telemetry/.
 */
import { advanceAck, type AckState } from './ack-sequence.ts';
import type { BatchOutcome, IncomingBatch, TelemetryStore } from './telemetry-store.ts';

export interface MemoryStoreDouble extends TelemetryStore {
  /** Stored readings by `unitId|ref|time|field`. */
  readonly readings: Map<string, number>;
  /** Every call's batches, in order (failed calls included). */
  readonly calls: IncomingBatch[][];
  /** While set, writeBatches rejects (database down). */
  failing: boolean;
  /** When set, a call whose batches it accepts rejects (one transaction failing while another commits). */
  failIf: ((batches: IncomingBatch[]) => boolean) | null;
  /** While set, writeBatches waits for this promise before committing. */
  gate: Promise<void> | null;
  /** Known controllers: unit ID → location ID (others answer `unknown-controller`). */
  readonly controllers: Map<string, number | null>;
  /** Acknowledgement state per unit ID, as the real store keeps it in `controller_ingest`. */
  readonly acks: Map<string, AckState>;
}

export function createMemoryStoreDouble(
  controllers: Record<string, number | null>,
): MemoryStoreDouble {
  const store: MemoryStoreDouble = {
    readings: new Map(),
    calls: [],
    failing: false,
    failIf: null,
    gate: null,
    controllers: new Map(Object.entries(controllers)),
    acks: new Map(),
    async writeBatches(batches) {
      store.calls.push(batches);
      if (store.gate) await store.gate;
      if (store.failing) throw new Error('connection refused (test double: database down)');
      if (store.failIf?.(batches))
        throw new Error('deadlock detected (test double: this transaction fails)');
      const outcomes: BatchOutcome[] = [];
      for (const batch of batches) {
        if (!store.controllers.has(batch.unitId)) {
          outcomes.push({
            unitId: batch.unitId,
            seq: batch.seq,
            status: 'unknown-controller',
            stored: 0,
            skipped: [],
            discovered: 0,
            controllerId: null,
            locationId: null,
            ack: null,
          });
          continue;
        }
        let stored = 0;
        for (const sample of batch.samples) {
          const time = new Date(sample.time).toISOString();
          for (const [ref, values] of Object.entries(sample.values)) {
            for (const [field, value] of Object.entries(values)) {
              const key = `${batch.unitId}|${ref}|${time}|${field}`;
              if (store.readings.has(key) || value === undefined) continue;
              store.readings.set(key, value);
              stored += 1;
            }
          }
        }
        outcomes.push({
          unitId: batch.unitId,
          seq: batch.seq,
          status: 'stored',
          stored,
          skipped: [],
          discovered: 0,
          controllerId: 1,
          locationId: store.controllers.get(batch.unitId) ?? null,
          ack: null,
        });
      }
      const committed = new Map<string, number[]>();
      for (const batch of batches) {
        if (batch.seq === null || !store.controllers.has(batch.unitId)) continue;
        committed.set(batch.unitId, [...(committed.get(batch.unitId) ?? []), batch.seq]);
      }
      for (const [unitId, seqs] of committed) {
        const state = store.acks.get(unitId) ?? { acked: null, pending: [], gapSince: null };
        const { skipped: _, ...next } = advanceAck(state, seqs, Date.now());
        store.acks.set(unitId, next);
      }
      for (const outcome of outcomes) outcome.ack = store.acks.get(outcome.unitId)?.acked ?? null;
      return outcomes;
    },
  };
  return store;
}
