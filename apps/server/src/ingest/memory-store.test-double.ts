/**
 * TEST DOUBLE — not the product's store. An in-memory {@link TelemetryStore} for the ingest tests: idempotent per
 * (unitId, device ref, time, field) like the real one, with a switch that makes writes fail (a database outage) and a
 * gate that holds writes until the test releases them. The real store is apps/server/src/modules/telemetry/.
 */
import type { BatchOutcome, IncomingBatch, TelemetryStore } from './telemetry-store.ts';

export interface MemoryStoreDouble extends TelemetryStore {
  /** Stored readings by `unitId|ref|time|field`. */
  readonly readings: Map<string, number>;
  /** Every call's batches, in order (failed calls included). */
  readonly calls: IncomingBatch[][];
  /** While set, writeBatches rejects (database down). */
  failing: boolean;
  /** While set, writeBatches waits for this promise before committing. */
  gate: Promise<void> | null;
  /** Known controllers: unit ID → location ID (others answer `unknown-controller`). */
  readonly controllers: Map<string, number | null>;
}

export function createMemoryStoreDouble(
  controllers: Record<string, number | null>,
): MemoryStoreDouble {
  const store: MemoryStoreDouble = {
    readings: new Map(),
    calls: [],
    failing: false,
    gate: null,
    controllers: new Map(Object.entries(controllers)),
    async writeBatches(batches) {
      store.calls.push(batches);
      if (store.gate) await store.gate;
      if (store.failing) throw new Error('connection refused (test double: database down)');
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
        });
      }
      return outcomes;
    },
  };
  return store;
}
