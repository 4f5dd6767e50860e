import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnection } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import {
  createControllerAuth,
  generateControllerSecret,
  hashControllerSecret,
} from './controller-auth.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.ts';
import { createIngest, type Ingest } from './ingest.ts';
import { createMemoryStoreDouble, type MemoryStoreDouble } from './memory-store.test-double.ts';
import { createRefusalCounter, type RefusalCounter } from './refusals.ts';

const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

let broker: EmbeddedBroker;
let ingest: Ingest;
let store: MemoryStoreDouble;
let refusals: RefusalCounter;
let hashes: Map<string, string | null>;
let presence: [string, boolean][];
const clients: MqttClient[] = [];
const secrets = { 'EC-A': generateControllerSecret(), 'EC-B': generateControllerSecret() };

beforeEach(async () => {
  hashes = new Map(
    Object.entries(secrets).map(([unit, secret]) => [unit, hashControllerSecret(secret)]),
  );
  hashes.set('EC-NOSECRET', null);
  const auth = createControllerAuth(async (unitId) => hashes.get(unitId), { cacheMs: 60_000 });
  refusals = createRefusalCounter(silent);
  presence = [];
  broker = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    wsPort: 0,
    auth,
    refusals,
    log: silent,
    onPresence: (unitId, connected) => presence.push([unitId, connected]),
    maxPacketBytes: 64 * 1024,
  });
  store = createMemoryStoreDouble({ 'EC-A': 1, 'EC-B': 2 });
  ingest = createIngest({
    transport: broker,
    store,
    presence: {
      applyState: async () => null,
      unitIdsOfLocation: async (id) => (id === 1 ? ['EC-A'] : []),
    },
    refusals,
    log: silent,
    options: { flushMs: 5, retryMinMs: 20, retryMaxMs: 50 },
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  await ingest.close();
});

function connect(unitId: string, password: string | undefined, url?: string): Promise<MqttClient> {
  const client = mqtt.connect(url ?? `mqtt://127.0.0.1:${broker.ports.tcp}`, {
    username: unitId,
    password,
    clientId: `${unitId}-${Math.random().toString(36).slice(2)}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('closed')));
  });
}

function messages(client: MqttClient): { topic: string; payload: string }[] {
  const received: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, payload: payload.toString() }));
  return received;
}

const T0 = '2026-11-25T10:00:00Z';
const telemetry = (seq: number, power: number) =>
  JSON.stringify({ seq, samples: [{ time: T0, values: { grid: { power_w: power } } }] });

describe('embedded broker', () => {
  it('closes while a connection has not sent its CONNECT yet (a shutdown does not hang on it)', async () => {
    const own = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      wsPort: null,
      auth: createControllerAuth(async () => undefined),
      refusals,
      log: silent,
      onPresence: () => undefined,
    });
    const socket = createConnection({ host: '127.0.0.1', port: own.ports.tcp });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closed = await Promise.race([
      own.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000)),
    ]);
    socket.destroy();
    expect(closed).toBe('closed');
  });

  it('refuses wrong credentials at CONNECT with "bad username or password"', async () => {
    for (const [unit, password] of [
      ['EC-A', secrets['EC-B']],
      ['EC-A', undefined],
      ['EC-UNKNOWN', secrets['EC-A']],
      ['EC-NOSECRET', 'anything'],
    ] as const) {
      const error = await connect(unit, password).then(
        () => null,
        (e: unknown) => e as Error & { code?: number },
      );
      expect(error?.message, `${unit}`).toMatch(/bad username or password/i);
      expect(error?.code).toBe(4);
    }
    expect(refusals.counts()['connect:bad-credentials']).toBe(4);
    expect(broker.connectedUnits()).toEqual([]);
  });

  it('accepts the right secret, reports presence, and closes the sessions of a controller on demand', async () => {
    const client = await connect('EC-A', secrets['EC-A']);
    await vi.waitFor(() => expect(presence).toEqual([['EC-A', true]]));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect(broker.disconnect('EC-A')).toBe(1);
    await closed;
    await vi.waitFor(() =>
      expect(presence).toEqual([
        ['EC-A', true],
        ['EC-A', false],
      ]),
    );
    // It may connect again (and is refused again with a wrong secret).
    await expect(connect('EC-A', 'wrong')).rejects.toThrow(/bad username or password/i);
    await connect('EC-A', secrets['EC-A']);
  });

  it('lets a controller subscribe only to its own cmd/# and ack', async () => {
    const client = await connect('EC-A', secrets['EC-A']);
    // mqtt.js reports a refused filter as an error: read the SUBACK itself.
    const granted = await new Promise<number[]>((resolve) => {
      client.on('packetreceive', (packet) => {
        if (packet.cmd === 'suback') resolve(packet.granted as number[]);
      });
      client.subscribe(
        [
          'ec/v1/c/EC-A/cmd/#',
          'ec/v1/c/EC-A/ack',
          'ec/v1/c/EC-B/ack',
          'ec/v1/c/+/ack',
          '#',
          'ec/v1/c/EC-A/telemetry',
        ],
        () => {},
      );
    });
    expect(granted).toEqual([0, 0, 128, 128, 128, 128]);
    expect(refusals.counts()['acl:subscribe']).toBe(4);
  });

  it('closes the connection of a controller that publishes under another unit ID', async () => {
    const client = await connect('EC-A', secrets['EC-A']);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('ec/v1/c/EC-B/telemetry', telemetry(1, 1), { qos: 1 });
    await closed;
    expect(refusals.counts()['acl:publish']).toBe(1);
    await ingest.pipeline.flush();
    expect(store.readings.size).toBe(0);
  });

  it('publishes a controller’s last will only on its own topics', async () => {
    const connectWithWill = (topic: string) =>
      new Promise<MqttClient>((resolve, reject) => {
        const client = mqtt.connect(`mqtt://127.0.0.1:${broker.ports.tcp}`, {
          username: 'EC-A',
          password: secrets['EC-A'],
          protocolVersion: 4,
          reconnectPeriod: 0,
          will: { topic, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
        });
        client.once('connect', () => resolve(client));
        client.once('error', reject);
      });
    const spoofing = await connectWithWill('ec/v1/c/EC-B/state');
    spoofing.stream.destroy();
    await vi.waitFor(() => expect(refusals.counts()['acl:publish']).toBe(1));
    const own = await connectWithWill('ec/v1/c/EC-A/state');
    own.stream.destroy();
    // The pipeline got the will (its presence double knows no controller, so it counts that).
    await vi.waitFor(() => expect(refusals.counts()['state:unknown-controller']).toBe(1));
    expect(refusals.counts()['acl:publish']).toBe(1);
  });

  it('stores telemetry and acks on the controller’s own ack topic only after the store resolved', async () => {
    const a = await connect('EC-A', secrets['EC-A']);
    const b = await connect('EC-B', secrets['EC-B']);
    await a.subscribeAsync('ec/v1/c/EC-A/ack', { qos: 1 });
    await b.subscribeAsync('ec/v1/c/EC-B/ack', { qos: 1 });
    const toA = messages(a);
    const toB = messages(b);
    let release!: () => void;
    store.gate = new Promise((resolve) => (release = resolve));
    await a.publishAsync('ec/v1/c/EC-A/telemetry', telemetry(41, 1500), { qos: 1 });
    await vi.waitFor(() => expect(store.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toA).toEqual([]);
    release();
    await vi.waitFor(() =>
      expect(toA).toEqual([{ topic: 'ec/v1/c/EC-A/ack', payload: '{"seq":41}' }]),
    );
    expect([...store.readings]).toEqual([[`EC-A|grid|2026-11-25T10:00:00.000Z|power_w`, 1500]]);
    expect(toB).toEqual([]);
  });

  it('does not ack while the store rejects, and acks after a later retry succeeds', async () => {
    const a = await connect('EC-A', secrets['EC-A']);
    await a.subscribeAsync('ec/v1/c/EC-A/ack', { qos: 1 });
    const toA = messages(a);
    store.failing = true;
    await a.publishAsync('ec/v1/c/EC-A/telemetry', telemetry(7, 10), { qos: 1 });
    await vi.waitFor(() => expect(store.calls.length).toBeGreaterThanOrEqual(2));
    expect(toA).toEqual([]);
    store.failing = false;
    await vi.waitFor(() =>
      expect(toA).toEqual([{ topic: 'ec/v1/c/EC-A/ack', payload: '{"seq":7}' }]),
    );
  });

  it('sends live commands to the controllers of a location', async () => {
    const a = await connect('EC-A', secrets['EC-A']);
    await a.subscribeAsync('ec/v1/c/EC-A/cmd/#', { qos: 1 });
    const toA = messages(a);
    expect(await ingest.sendLive(1)).toBe(1);
    await vi.waitFor(() => expect(toA).toHaveLength(1));
    expect(toA[0]?.topic).toBe('ec/v1/c/EC-A/cmd/live');
    const body = JSON.parse(toA[0]?.payload ?? '') as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      interval_s: 2,
      ttl_s: 60,
    });
    const id = await ingest.sendCommand('EC-A', 'ping', { x: 1 });
    await vi.waitFor(() => expect(toA).toHaveLength(2));
    expect(JSON.parse(toA[1]?.payload ?? '')).toEqual({ x: 1, id });
  });

  it('speaks MQTT over WebSocket (subprotocol mqtt) with the same rules', async () => {
    await expect(
      connect('EC-A', 'wrong', `ws://127.0.0.1:${broker.ports.ws}/mqtt`),
    ).rejects.toThrow(/bad username or password/i);
    const a = await connect('EC-A', secrets['EC-A'], `ws://127.0.0.1:${broker.ports.ws}/mqtt`);
    await a.subscribeAsync('ec/v1/c/EC-A/ack', { qos: 1 });
    const toA = messages(a);
    await a.publishAsync('ec/v1/c/EC-A/telemetry', telemetry(3, 5), { qos: 1 });
    await vi.waitFor(() =>
      expect(toA).toEqual([{ topic: 'ec/v1/c/EC-A/ack', payload: '{"seq":3}' }]),
    );
  });

  it('drops a connection whose packet is larger than the limit', async () => {
    const a = await connect('EC-A', secrets['EC-A']);
    const closed = new Promise<void>((resolve) => a.once('close', () => resolve()));
    a.publish('ec/v1/c/EC-A/telemetry', Buffer.alloc(70 * 1024, 32), { qos: 0 });
    await closed;
    expect(refusals.counts()['connect:packet-too-large']).toBe(1);
  });
});
