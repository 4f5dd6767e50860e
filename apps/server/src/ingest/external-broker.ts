/**
 * The server as a client of an external broker (MQTT_URL, e.g. Mosquitto): MQTT 5, falling back to 3.1.1 when the
 * broker refuses version 5; subscribes with a shared subscription (`$share/{group}/ec/v1/c/+/…`) so several server
 * instances split the stream; reconnects for ever (every 2 s). Authentication and ACL of the controllers are the
 * external broker's job (docs/mqtt-broker.md).
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { filters } from '@ec/protocol';
import type { Log } from '../logger.ts';
import type { MessageHandler, MqttTransport } from './transport.ts';

export interface ExternalBrokerOptions {
  url: string;
  username?: string;
  password?: string;
  /** The shared subscription's group (default `ec-ingest`); every instance of one deployment uses the same. */
  shareGroup?: string;
  /** Client id (default `ec-server-` and random hex). */
  clientId?: string;
  /** Delay between reconnection attempts (ms, default 2000). */
  reconnectMs?: number;
  log: Log;
}

export interface ExternalBroker extends MqttTransport {
  /** Resolves once the first connection is up and subscribed. */
  readonly ready: Promise<void>;
  /** The protocol version in use (5, or 4 = 3.1.1 after a fallback). */
  protocolVersion(): 4 | 5;
}

/** CONNACK codes that mean "not this protocol version": 3.1.1's 1 and MQTT 5's 0x84. */
const UNSUPPORTED_VERSION = new Set([1, 0x84]);

export function connectExternalBroker(options: ExternalBrokerOptions): ExternalBroker {
  const { log } = options;
  const group = options.shareGroup ?? 'ec-ingest';
  const subscriptions = filters.sharedServerUp(group);
  const clientId = options.clientId ?? `ec-server-${randomBytes(6).toString('hex')}`;
  const handlers: MessageHandler[] = [];
  let version: 4 | 5 = 5;
  let everConnected = false;
  let closed = false;
  let client: MqttClient;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function open(): void {
    const current = mqtt.connect(options.url, {
      protocolVersion: version,
      username: options.username,
      password: options.password,
      clientId,
      clean: true,
      reconnectPeriod: options.reconnectMs ?? 2000,
      connectTimeout: 10_000,
      // Subscribed again on every connect below (clean sessions keep nothing).
      resubscribe: false,
    });
    client = current;
    current.on('connect', () => {
      everConnected = true;
      current.subscribe(subscriptions, { qos: 1 }, (error) => {
        if (error) {
          log.error({ err: error }, 'mqtt: subscribing on the external broker failed');
          return;
        }
        log.info(
          { url: redact(options.url), protocolVersion: version, group },
          'mqtt: connected to the external broker',
        );
        markReady();
      });
    });
    current.on('message', (topic, payload) => {
      for (const handler of handlers) handler({ topic, payload });
    });
    current.on('error', (error: Error & { code?: number | string }) => {
      if (
        version === 5 &&
        !everConnected &&
        typeof error.code === 'number' &&
        UNSUPPORTED_VERSION.has(error.code)
      ) {
        log.warn('mqtt: the external broker refuses MQTT 5; using 3.1.1');
        version = 4;
        current.end(true, () => {
          if (!closed) open();
        });
        return;
      }
      log.warn({ err: error.message, code: error.code }, 'mqtt: external broker error');
    });
    current.on('offline', () => log.warn('mqtt: external broker unreachable; reconnecting'));
  }
  open();

  return {
    ready,
    protocolVersion: () => version,
    onMessage(handler) {
      handlers.push(handler);
    },
    async publish(topic, payload, { qos, retain }) {
      await client.publishAsync(topic, payload, { qos, retain });
    },
    async close() {
      closed = true;
      handlers.length = 0;
      await client.endAsync();
    },
  };
}

/** The URL without its password, for the log. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}
