/**
 * The storage side of the ingest, as DESIGN-12 "Storage interface" defines it. The storage helper implements it in
 * apps/server/src/modules/telemetry/; the ingest only depends on this interface, so any implementation with the same
 * shape can be passed to {@link createIngestPipeline}.
 */
import type { TelemetrySample } from '@ec/protocol';

/** One telemetry message of one controller, validated, waiting to be stored. */
export interface IncomingBatch {
  unitId: string;
  /** The message's `seq`; null for messages without one (P1 telegrams), which are stored but never acknowledged. */
  seq: number | null;
  samples: TelemetrySample[];
  receivedAt: Date;
}

/** What the store did with one batch. */
export interface BatchOutcome {
  unitId: string;
  seq: number | null;
  status: 'stored' | 'unknown-controller';
  /** Readings written (duplicates count 0). */
  stored: number;
  skipped: { reason: 'time-out-of-range' | 'deleted-device'; count: number }[];
  /** Unknown refs kept in discovered_devices. */
  discovered: number;
  controllerId: number | null;
  locationId: number | null;
  /**
   * The controller's acknowledged seq after this commit (every seq up to it committed, see ack-sequence.ts); the
   * same on every outcome of that controller; null when nothing of the controller is acknowledged yet.
   */
  ack: number | null;
}

/** Writes batches in one transaction, idempotently; rejects when nothing was committed. */
export interface TelemetryStore {
  writeBatches(batches: IncomingBatch[]): Promise<BatchOutcome[]>;
}
