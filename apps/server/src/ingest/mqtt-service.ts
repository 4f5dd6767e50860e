/**
 * The server's MQTT side as one service (built by createServices, started by server.ts): the embedded broker, or a
 * client of the external broker when MQTT_URL is set; the ingest pipeline on top; commands to controllers; the
 * credential cache that a secret rotation invalidates.
 */
import type { Db } from '@ec/db';
import type { MqttConfig } from '../config.ts';
import type { Log } from '../logger.ts';
import { createControllerAuth, secretHashFromDb } from './controller-auth.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.ts';
import { pushControllerSecret } from './dynsec.ts';
import { connectExternalBroker, type ExternalBroker } from './external-broker.ts';
import { createIngest, type Ingest } from './ingest.ts';
import type { IngestOptions, P1Parser } from './pipeline.ts';
import { createPresenceStore } from './presence.ts';
import { createRefusalCounter } from './refusals.ts';
import type { TelemetryStore } from './telemetry-store.ts';

export interface MqttServiceDeps {
  config: MqttConfig;
  db: Db;
  log: Log;
  /** Where telemetry goes (modules/telemetry); null: telemetry is refused and counted (`telemetry:no-store`). */
  store: TelemetryStore | null;
  /** The P1 telegram parser (protocol package); absent: P1 messages are refused (`p1:no-parser`). */
  p1?: P1Parser;
  /** Pipeline tuning (tests). */
  ingestOptions?: Partial<IngestOptions>;
}

/** Where the MQTT side runs once started. */
export type MqttStatus =
  | { kind: 'stopped' }
  | { kind: 'embedded'; host: string; tcpPort: number; wsPort: number | null }
  | { kind: 'external'; url: string };

export function createMqttService(deps: MqttServiceDeps) {
  const { config, db, log } = deps;
  const refusals = createRefusalCounter(log);
  const presence = createPresenceStore(db);
  const auth = createControllerAuth(secretHashFromDb(db));
  const committedListeners: ((locationIds: number[]) => void)[] = [];
  let broker: EmbeddedBroker | null = null;
  let external: ExternalBroker | null = null;
  let ingest: Ingest | null = null;
  let status: MqttStatus = { kind: 'stopped' };

  function notify(locationIds: number[]): void {
    for (const listener of committedListeners) {
      try {
        listener(locationIds);
      } catch (error) {
        log.error({ err: error }, 'mqtt: a commit listener failed');
      }
    }
  }

  return {
    /**
     * Starts the embedded broker (or connects to MQTT_URL) and the ingest. `listen` overrides the configured ports
     * and host (tests pass port 0). Rejects when a port is taken.
     */
    async start(
      listen: Partial<Pick<MqttConfig, 'host' | 'port' | 'wsPort'>> = {},
    ): Promise<MqttStatus> {
      if (ingest) return status;
      if (config.url) {
        const transport = (external = connectExternalBroker({
          url: config.url,
          username: config.username,
          password: config.password,
          shareGroup: config.shareGroup,
          log,
        }));
        status = { kind: 'external', url: config.url.replace(/\/\/[^@/]*@/, '//***@') };
        ingest = createIngest({
          transport,
          store: deps.store,
          presence,
          refusals,
          log,
          onCommitted: notify,
          p1: deps.p1,
          options: deps.ingestOptions,
        });
        return status;
      }
      const host = listen.host ?? config.host;
      broker = await startEmbeddedBroker({
        host,
        port: listen.port ?? config.port,
        wsPort: listen.wsPort === undefined ? config.wsPort : listen.wsPort,
        auth,
        refusals,
        log,
        onPresence: (unitId, connected, at) => {
          presence.setConnected(unitId, connected, at).then(
            (result) => {
              if (result?.locationId != null) notify([result.locationId]);
            },
            (error: unknown) => log.warn({ err: error, unitId }, 'mqtt: presence not written'),
          );
        },
      });
      status = { kind: 'embedded', host, tcpPort: broker.ports.tcp, wsPort: broker.ports.ws };
      ingest = createIngest({
        transport: broker,
        store: deps.store,
        presence,
        refusals,
        log,
        onCommitted: notify,
        p1: deps.p1,
        options: deps.ingestOptions,
      });
      return status;
    },

    status: (): MqttStatus => status,

    /** Adds a listener called after each commit with the locations whose data changed (the live bus). */
    onCommitted(listener: (locationIds: number[]) => void): void {
      committedListeners.push(listener);
    },

    /**
     * Publishes `cmd/{name}` `{...body, id}` to a controller; resolves with the command id. Rejects while MQTT is not
     * started.
     */
    async sendCommand(
      unitId: string,
      name: string,
      body: Record<string, unknown> = {},
    ): Promise<string> {
      if (!ingest) throw new Error('MQTT is not started');
      return ingest.sendCommand(unitId, name, body);
    },

    /**
     * `cmd/live` `{id, interval_s: 2, ttl_s: 60}` to every controller of the location; resolves with how many were
     * asked (0 while MQTT is not started). Call it when someone starts watching the location and every 30 s after.
     */
    async sendLive(locationId: number): Promise<number> {
      if (!ingest) return 0;
      return ingest.sendLive(locationId);
    },

    /**
     * After a secret rotation: forgets the cached hash and closes the controller's open sessions on the embedded
     * broker; with an external Mosquitto and MQTT_DYNSEC, replaces the controller's client there (which closes its
     * sessions). Returns the sessions closed on the embedded broker.
     */
    secretRotated(unitId: string, secret: string): number {
      auth.invalidate(unitId);
      if (external && config.dynsec) {
        pushControllerSecret(external, unitId, secret).catch((error: unknown) =>
          log.error({ err: error, unitId }, 'mqtt: could not push the new secret to the broker'),
        );
      }
      return broker?.disconnect(unitId) ?? 0;
    },

    /** Counters: committed batches and readings, write failures, acks sent, queue, refusals by reason. */
    stats() {
      return ingest ? ingest.stats() : { refusals: refusals.counts() };
    },

    /** Flushes the queue once more and closes the broker or the connection. */
    async close(): Promise<void> {
      const current = ingest;
      ingest = null;
      broker = null;
      external = null;
      status = { kind: 'stopped' };
      if (current) await current.close();
    },
  };
}

export type MqttService = ReturnType<typeof createMqttService>;
