// Against the Mosquitto of this machine (127.0.0.1:1883, anonymous, MQTT 5) and, for the 3.1.1 fallback, a bare
// aedes broker. Every test uses its own unit IDs and share group, so parallel runs and other users of the broker do
// not interfere.
import { createServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { Aedes } from 'aedes';
import { connectExternalBroker, type ExternalBroker } from './external-broker.ts';
import { createIngest } from './ingest.ts';
import { createMemoryStoreDouble } from './memory-store.test-double.ts';
import { createRefusalCounter } from './refusals.ts';

const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const closers: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const tag = () => randomBytes(4).toString('hex');

function server(group: string, url = MOSQUITTO): ExternalBroker {
  const transport = connectExternalBroker({
    url,
    shareGroup: group,
    log: silent,
    reconnectMs: 200,
  });
  closers.push(() => transport.close());
  return transport;
}

async function device(url = MOSQUITTO): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0 });
  closers.push(() => client.endAsync(true));
  return client;
}

const T0 = '2026-11-25T10:00:00Z';

describe('external broker (Mosquitto)', () => {
  it('connects with MQTT 5 and splits the stream between two instances of one share group', async () => {
    const group = `ec-test-${tag()}`;
    const one = server(group);
    const two = server(group);
    await Promise.all([one.ready, two.ready]);
    expect(one.protocolVersion()).toBe(5);
    const unit = `T${tag()}`;
    const seen: [string, string][] = [];
    one.onMessage((m) => m.topic.includes(unit) && seen.push(['one', m.payload.toString()]));
    two.onMessage((m) => m.topic.includes(unit) && seen.push(['two', m.payload.toString()]));
    const publisher = await device();
    for (let i = 0; i < 40; i += 1) {
      await publisher.publishAsync(`ec/v1/c/${unit}-${i % 4}/telemetry`, String(i), { qos: 1 });
    }
    await vi.waitFor(() => expect(seen).toHaveLength(40), { timeout: 5000 });
    // Each message reached exactly one instance, and both got some.
    expect(new Set(seen.map(([, payload]) => payload)).size).toBe(40);
    expect(seen.some(([who]) => who === 'one')).toBe(true);
    expect(seen.some(([who]) => who === 'two')).toBe(true);
  });

  it('ingests telemetry and acks on the controller’s ack topic after the store committed', async () => {
    const transport = server(`ec-test-${tag()}`);
    await transport.ready;
    const unit = `T${tag()}`;
    const store = createMemoryStoreDouble({ [unit]: 5 });
    store.failing = true;
    const committed: number[][] = [];
    const ingest = createIngest({
      transport,
      store,
      presence: { applyState: async () => null, unitIdsOfLocation: async () => [] },
      refusals: createRefusalCounter(silent),
      log: silent,
      onCommitted: (ids) => committed.push(ids),
      options: { flushMs: 5, retryMinMs: 50, retryMaxMs: 100 },
    });
    closers.push(() => ingest.pipeline.close());
    const controller = await device();
    await controller.subscribeAsync(`ec/v1/c/${unit}/ack`, { qos: 1 });
    const acks: string[] = [];
    controller.on('message', (_topic, payload) => acks.push(payload.toString()));
    await controller.publishAsync(
      `ec/v1/c/${unit}/telemetry`,
      JSON.stringify({ seq: 12, samples: [{ time: T0, values: { grid: { power_w: 1 } } }] }),
      { qos: 1 },
    );
    await vi.waitFor(() => expect(store.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(acks).toEqual([]);
    store.failing = false;
    await vi.waitFor(() => expect(acks).toEqual(['{"seq":12}']), { timeout: 5000 });
    expect(committed).toEqual([[5]]);
  });
});

describe('external broker without MQTT 5', () => {
  it('falls back to MQTT 3.1.1 when the broker refuses version 5', async () => {
    const aedes = await Aedes.createBroker();
    const tcp = createServer(aedes.handle);
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    closers.push(
      () => new Promise<void>((resolve) => aedes.close(() => tcp.close(() => resolve()))),
    );
    const url = `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
    const transport = server('ec-ingest', url);
    await transport.ready;
    expect(transport.protocolVersion()).toBe(4);
  });
});
