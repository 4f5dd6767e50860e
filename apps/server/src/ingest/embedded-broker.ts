/**
 * The embedded MQTT broker (aedes 1.2.0, MQTT 3.1.1): `npm start` needs no broker installed. It listens on TCP
 * (MQTT_PORT, default 1884) and on a WebSocket port (MQTT_WS_PORT, default 1885, subprotocol `mqtt`; path `/mqtt` or
 * any other — the port is the broker's alone), and enforces the controller protocol's rules:
 * - CONNECT: user name = unit ID, password = the controller's secret (controller-auth.ts); anything else gets the
 *   CONNACK "bad username or password" (return code 4) and the connection is closed.
 * - PUBLISH only to the controller's own up topics (`mayPublish`); a refused publish closes the connection (MQTT
 *   3.1.1 has no negative PUBACK). SUBSCRIBE only to its own `cmd/#` and `ack` (`maySubscribe`); a refused filter
 *   is granted 0x80 (failure) and the connection stays. Every refusal is counted and logged (rate-limited).
 * - Hardening: packets over {@link MAX_PACKET_BYTES} close the connection before they are buffered; at most 10 topic
 *   levels; CONNECT within 10 s; a client that does not drain its socket within 30 s is dropped.
 * The server itself subscribes in process (`aedes.subscribe`, no loopback client) to `filters.serverUp()`.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { indexRetained, type RetainedPersistence } from './retained-index.ts';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { filters, mayPublish, maySubscribe } from '@ec/protocol';
import type { Log } from '../logger.ts';
import type { ControllerAuth } from './controller-auth.ts';
import { guardPacketSize, MAX_PACKET_BYTES } from './frame-guard.ts';
import type { RefusalCounter } from './refusals.ts';
import type { MessageHandler, MqttTransport, PublishOptions } from './transport.ts';

/** MQTT 3.1.1 CONNACK return code 4. */
const BAD_USERNAME_OR_PASSWORD = 4;

export interface EmbeddedBrokerOptions {
  host: string;
  /** TCP port (0: any free port, e.g. in tests). */
  port: number;
  /** WebSocket port (0: any free port; null: no WebSocket listener). */
  wsPort: number | null;
  auth: ControllerAuth;
  refusals: RefusalCounter;
  log: Log;
  /** A controller's first session opened (true) or its last one closed (false). */
  onPresence?: (unitId: string, connected: boolean, at: Date) => void;
  maxPacketBytes?: number;
  connectTimeoutMs?: number;
  drainTimeoutMs?: number;
}

export interface EmbeddedBroker extends MqttTransport {
  /** The ports it listens on (the real ones when 0 was asked). */
  readonly ports: { tcp: number; ws: number | null };
  /** Closes every session of the controller (after a secret rotation); returns how many there were. */
  disconnect(unitId: string): number;
  /** Unit IDs with at least one open session. */
  connectedUnits(): string[];
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Starts the broker and its listeners; the returned transport carries the server's subscription. */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { auth, refusals, log } = options;
  const maxPacketBytes = options.maxPacketBytes ?? MAX_PACKET_BYTES;
  const unitOf = new WeakMap<Client, string>();
  const sessions = new Map<string, Set<Client>>();
  const handlers: MessageHandler[] = [];

  const broker = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    drainTimeout: options.drainTimeoutMs ?? 30_000,
    // ec/v1/c/{unitId}/reply/{id} has 6 levels; nothing of ours needs more.
    maxTopicLevels: 10,
    maxClientsIdLength: 64,
    authenticate(client, username, password, done) {
      const unitId = username ?? '';
      auth.verify(unitId, password).then(
        (ok) => {
          if (ok) {
            unitOf.set(client, unitId);
            done(null, true);
            return;
          }
          refusals.refuse('connect:bad-credentials', { unitId: unitId.slice(0, 64) });
          const error = new Error('bad username or password') as AuthenticateError;
          error.returnCode = BAD_USERNAME_OR_PASSWORD;
          done(error, false);
        },
        (error: unknown) => {
          log.error({ err: error, unitId: unitId.slice(0, 64) }, 'mqtt: credential lookup failed');
          const refused = new Error('server unavailable') as AuthenticateError;
          refused.returnCode = 3;
          done(refused, false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      // The server publishes with broker.publish(), which skips this check: a null client here is a will restored
      // without its client, which nothing vouches for.
      const unitId = client ? unitOf.get(client) : undefined;
      if (unitId !== undefined && mayPublish(unitId, packet.topic)) return callback(null);
      refusals.refuse('acl:publish', { unitId: unitId ?? null, topic: packet.topic.slice(0, 200) });
      callback(new Error('not authorised to publish here'));
    },
    authorizeSubscribe(client, subscription, callback) {
      const unitId = unitOf.get(client);
      if (unitId !== undefined && maySubscribe(unitId, subscription.topic)) {
        return callback(null, subscription);
      }
      refusals.refuse('acl:subscribe', {
        unitId: unitId ?? null,
        topic: subscription.topic.slice(0, 200),
      });
      callback(null, null);
    },
  });
  // Retained messages by controller: a SUBSCRIBE no longer scans every controller's retained state.
  indexRetained((broker as unknown as { persistence: RetainedPersistence }).persistence);

  // 'client' (registered, before the CONNACK is written), not 'clientReady' (after the offline queue was sent, which
  // can be later than the controller's first publish): a rotation right after CONNECT must find the session.
  broker.on('client', (client) => {
    const unitId = unitOf.get(client);
    if (unitId === undefined) return;
    let set = sessions.get(unitId);
    if (!set) sessions.set(unitId, (set = new Set()));
    set.add(client);
    if (set.size === 1) options.onPresence?.(unitId, true, new Date());
  });
  broker.on('clientDisconnect', (client) => {
    const unitId = unitOf.get(client);
    if (unitId === undefined) return;
    const set = sessions.get(unitId);
    if (!set?.delete(client)) return;
    if (set.size === 0) {
      sessions.delete(unitId);
      options.onPresence?.(unitId, false, new Date());
    }
  });
  // Counted and logged rate-limited like refusals: a fleet reconnecting after a network cut must not flood the log.
  broker.on('clientError', (client, error) => {
    refusals.refuse('connection:error', {
      unitId: unitOf.get(client) ?? null,
      detail: error.message,
    });
  });

  // The server's own subscription, in process.
  await Promise.all(
    filters.serverUp().map(
      (filter) =>
        new Promise<void>((resolve) => {
          broker.subscribe(
            filter,
            (packet, done) => {
              const payload = Buffer.isBuffer(packet.payload)
                ? packet.payload
                : Buffer.from(packet.payload);
              for (const handler of handlers) handler({ topic: packet.topic, payload });
              done();
            },
            resolve,
          );
        }),
    ),
  );

  const tooLarge = (announced: number) =>
    refusals.refuse('connect:packet-too-large', { detail: `${announced} bytes announced` });

  // Every open socket, so close() can end those aedes does not know yet (a CONNECT still being authenticated):
  // tcp.close() waits for all of them.
  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    guardPacketSize(socket, maxPacketBytes, tooLarge);
    broker.handle(socket);
  });
  let tcpPort: number;
  try {
    tcpPort = await listen(tcp, options.port, options.host);
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }

  let wss: WebSocketServer | null = null;
  let wsPort: number | null = null;
  if (options.wsPort !== null) {
    const server = new WebSocketServer({
      port: options.wsPort,
      host: options.host,
      maxPayload: maxPacketBytes + 8,
      // MQTT over WebSocket: the client offers `mqtt` (3.1.1) or `mqttv3.1`; the server must answer one of them.
      handleProtocols: (protocols) =>
        protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('listening', resolve);
        server.once('error', reject);
      });
    } catch (error) {
      tcp.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      throw error;
    }
    server.on('connection', (ws, request: IncomingMessage) => {
      if (ws.protocol === '') {
        refusals.refuse('connect:no-mqtt-subprotocol', {});
        ws.close(1002, 'MQTT subprotocol required');
        return;
      }
      const stream = createWebSocketStream(ws);
      stream.on('error', () => ws.terminate());
      guardPacketSize(stream, maxPacketBytes, tooLarge);
      broker.handle(stream, request);
    });
    wss = server;
    wsPort = (server.address() as AddressInfo).port;
  }
  log.info(
    { tcpPort, wsPort, host: options.host },
    `mqtt: embedded broker on ${options.host}:${tcpPort} (TCP)${wsPort === null ? '' : ` and :${wsPort} (WebSocket)`}`,
  );

  return {
    ports: { tcp: tcpPort, ws: wsPort },
    onMessage(handler) {
      handlers.push(handler);
    },
    publish(topic: string, payload: string | Buffer, { qos, retain }: PublishOptions) {
      return new Promise<void>((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
            qos,
            retain,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    },
    disconnect(unitId) {
      const set = sessions.get(unitId);
      if (!set) return 0;
      const clients = [...set];
      for (const client of clients) client.close();
      return clients.length;
    },
    connectedUnits() {
      return [...sessions.keys()];
    },
    async close() {
      handlers.length = 0;
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await Promise.all([
        new Promise<void>((resolve) => {
          tcp.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        }),
        wss
          ? new Promise<void>((resolve) => {
              for (const client of wss.clients) client.terminate();
              wss.close(() => resolve());
            })
          : Promise.resolve(),
      ]);
    },
  };
}
