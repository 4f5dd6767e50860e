/**
 * The ingest wired to a transport: messages → pipeline, plus the cloud → controller commands.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_INTERVAL_S, LIVE_TTL_S, topics } from '@ec/protocol';
import type { Log } from '../logger.ts';
import {
  createIngestPipeline,
  type IngestOptions,
  type P1Parser,
  type IngestPipelineDeps,
} from './pipeline.ts';
import type { PresenceStore } from './presence.ts';
import type { RefusalCounter } from './refusals.ts';
import type { TelemetryStore } from './telemetry-store.ts';
import type { MqttTransport } from './transport.ts';

export interface IngestDeps {
  transport: MqttTransport;
  store: TelemetryStore | null;
  presence: Pick<PresenceStore, 'applyState' | 'unitIdsOfLocation'>;
  refusals: RefusalCounter;
  log: Log;
  onCommitted?: (locationIds: number[]) => void;
  p1?: P1Parser;
  onReply?: IngestPipelineDeps['onReply'];
  options?: Partial<IngestOptions>;
}

export function createIngest(deps: IngestDeps) {
  const { transport } = deps;
  const pipeline = createIngestPipeline({
    store: deps.store,
    presence: deps.presence,
    publish: (topic, payload, options) => transport.publish(topic, payload, options),
    onCommitted: deps.onCommitted,
    p1: deps.p1,
    onReply: deps.onReply,
    refusals: deps.refusals,
    log: deps.log,
    options: deps.options,
  });
  transport.onMessage((message) => pipeline.handle(message));

  async function sendCommand(
    unitId: string,
    name: string,
    body: Record<string, unknown> = {},
  ): Promise<string> {
    const id = randomUUID();
    await transport.publish(topics.cmd(unitId, name), JSON.stringify({ ...body, id }), {
      qos: 1,
      retain: false,
    });
    return id;
  }

  return {
    pipeline,
    /**
     * Publishes `cmd/{name}` with `{...body, id}` (a fresh id, the reply comes on `reply/{id}`) to the controller;
     * resolves with the id once the broker took it.
     */
    sendCommand,
    /**
     * Asks every controller of the location to publish every 2 s for the next 60 s (`cmd/live`
     * `{id, interval_s: 2, ttl_s: 60}`); resolves with how many controllers were asked.
     */
    async sendLive(locationId: number): Promise<number> {
      const unitIds = await deps.presence.unitIdsOfLocation(locationId);
      const results = await Promise.allSettled(
        unitIds.map((unitId) =>
          sendCommand(unitId, 'live', { interval_s: LIVE_INTERVAL_S, ttl_s: LIVE_TTL_S }),
        ),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          deps.log.warn({ err: result.reason, locationId }, 'mqtt: live command not sent');
        }
      }
      return results.filter((result) => result.status === 'fulfilled').length;
    },
    stats: () => pipeline.stats(),
    /** Flushes what is queued, then closes the transport. */
    async close(): Promise<void> {
      await pipeline.close();
      await transport.close();
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
