import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { stateMessageSchema, telemetryMessageSchema, topics } from '@ec/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { VirtualController, type VirtualControllerOptions } from './controller.ts';
import type { P1Reading } from './p1.ts';

const SECRETS: Record<string, string> = {
  'SIM-1': 'secret-1',
  'SIM-2': 'secret-2',
  'SIM-P1': 'secret-p1',
  observer: 'obs',
};

let broker: Aedes;
let server: Server;
let url: string;
let observer: MqttClient;
const received: { topic: string; payload: string; retain: boolean }[] = [];
const controllers: VirtualController[] = [];

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      const ok = username !== undefined && SECRETS[username] === password?.toString();
      if (ok) done(null, true);
      else done(Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), false);
    },
  });
  server = createServer((socket) => broker.handle(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  observer = await mqtt.connectAsync(url, {
    username: 'observer',
    password: 'obs',
    clientId: 'observer',
  });
  await observer.subscribeAsync('ec/v1/c/#', { qos: 1 });
  observer.on('message', (topic, payload, packet) =>
    received.push({ topic, payload: payload.toString(), retain: packet.retain }),
  );
});

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((c) => c.stop()));
  received.length = 0;
});

afterAll(async () => {
  await observer.endAsync();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.close();
});

const START = Date.UTC(2026, 5, 21, 10, 0, 0);

function controller(
  overrides: Partial<VirtualControllerOptions> = {},
  clock = new ManualClock(START),
) {
  const c = new VirtualController({
    url,
    unitId: 'SIM-1',
    secret: 'secret-1',
    site: { kit: 'full', latitude: 46.36, longitude: 14.16, timezone: 'Europe/Ljubljana', seed: 1 },
    clock,
    warmupS: 3600,
    mqttOptions: { reconnectPeriod: 50 },
    ...overrides,
  });
  controllers.push(c);
  c.start();
  return { c, clock };
}

async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Telemetry messages received (with re-sends unless `unique`). */
const telemetry = (unitId = 'SIM-1', unique = false) => {
  const all = received
    .filter((m) => m.topic === topics.telemetry(unitId))
    .map((m) => telemetryMessageSchema.parse(JSON.parse(m.payload)));
  return unique ? all.filter((b, i) => all.findIndex((o) => o.seq === b.seq) === i) : all;
};

describe('VirtualController', () => {
  it('connects with its unit ID and secret and publishes a retained online state', async () => {
    const { c } = controller();
    await c.waitConnected();
    const late = await mqtt.connectAsync(url, {
      username: 'observer',
      password: 'obs',
      clientId: 'late',
    });
    const retained = new Promise<string>((resolve) =>
      late.on('message', (_topic, payload) => resolve(payload.toString())),
    );
    await late.subscribeAsync(topics.state('SIM-1'));
    const state = stateMessageSchema.parse(JSON.parse(await retained));
    expect(state).toMatchObject({ online: true, connection: 'ethernet' });
    expect(state.firmware).toBeTruthy();
    await late.endAsync();
  });

  it('is refused with a wrong secret', async () => {
    const errors: Error[] = [];
    const { c } = controller({
      secret: 'wrong',
      onEvent: (e) => e.type === 'error' && errors.push(e.error),
    });
    await waitFor(() => errors.length > 0);
    expect(c.connected).toBe(false);
    expect(errors[0]?.message).toMatch(/Bad username or password|Not authorized/i);
  });

  it('publishes a batch with a growing seq each minute, valid by the protocol schema', async () => {
    const { c, clock } = controller();
    await c.waitConnected();
    const first = c.seq;
    clock.advance(3 * 60_000);
    const batches = await waitFor(
      () => telemetry('SIM-1', true).length >= 4 && telemetry('SIM-1', true),
    );
    // The boot sample, then one a minute.
    expect(batches.map((b) => b.seq)).toEqual([first, first + 1, first + 2, first + 3]);
    for (const batch of batches) {
      expect(batch.samples).toHaveLength(1);
      const values = batch.samples[0]?.values;
      expect(Object.keys(values ?? {})).toEqual([
        'grid',
        'pv',
        'inverter',
        'battery',
        'ev',
        'hp',
        'pool',
      ]);
      expect(values?.battery?.soc_pct).toBeTypeOf('number');
    }
    // Local time with the offset, at whole minutes.
    expect(batches.map((b) => b.samples[0]?.time)).toEqual([
      '2026-06-21T12:00:00+02:00',
      '2026-06-21T12:01:00+02:00',
      '2026-06-21T12:02:00+02:00',
      '2026-06-21T12:03:00+02:00',
    ]);
    // Counters start at 0 at boot (after the warm-up) and grow.
    const pv = batches.map((b) => b.samples[0]?.values.pv?.energy_import_wh ?? -1);
    expect(pv[0]).toBe(0);
    expect(pv[3]).toBeGreaterThan(pv[1] ?? 0);
  });

  it('batches several minutes per message with a longer interval', async () => {
    const { c, clock } = controller({ intervalS: 300, resendAfterS: 3600 });
    await c.waitConnected();
    clock.advance(10 * 60_000);
    const batches = await waitFor(() => telemetry().length >= 3 && telemetry());
    expect(batches.map((b) => b.samples.length)).toEqual([1, 5, 5]);
  });

  it('keeps batches until acknowledged, re-sends them after a timeout and after a reconnect', async () => {
    const { c, clock } = controller();
    await c.waitConnected();
    const first = c.seq;
    clock.advance(3 * 60_000);
    await waitFor(() => telemetry().length >= 4); // boot + 3 minutes
    await observer.publishAsync(topics.ack('SIM-1'), JSON.stringify({ seq: first + 2 }), {
      qos: 1,
    });
    await waitFor(() => c.stats.outbox === 1);
    expect(c.stats.ackedSeq).toBe(first + 2);

    // Not acknowledged for 30 s: sent again on the next tick (with the new minute's batch).
    received.length = 0;
    clock.advance(60_000);
    const again = await waitFor(() => telemetry().length >= 2 && telemetry());
    expect(again.map((b) => b.seq).sort()).toEqual([first + 3, first + 4]);

    // The broker drops the connection: the controller comes back and re-sends what is unacknowledged.
    received.length = 0;
    const connects = c.stats.connects;
    const [brokerClient] = Object.values(
      (broker as unknown as { clients: Record<string, { close(): void }> }).clients,
    ).filter((client) => (client as unknown as { id: string }).id === 'SIM-1');
    brokerClient?.close();
    await waitFor(() => c.stats.connects > connects && c.connected);
    const resent = await waitFor(() => telemetry().length >= 2 && telemetry());
    expect(resent.map((b) => b.seq)).toEqual([first + 3, first + 4]);
    // The last will announced the cut, and the reconnect the return.
    const states = received
      .filter((m) => m.topic === topics.state('SIM-1'))
      .map((m) => JSON.parse(m.payload));
    expect(states).toContainEqual({ online: false });
    expect(states.at(-1)).toMatchObject({ online: true });

    await observer.publishAsync(topics.ack('SIM-1'), JSON.stringify({ seq: first + 4 }), {
      qos: 1,
    });
    await waitFor(() => c.stats.outbox === 0);
  });

  it('buffers while the broker is unreachable and sends the buffer oldest first on return', async () => {
    // A port with nobody listening yet.
    const later = createServer((socket) => broker.handle(socket));
    later.listen(0, '127.0.0.1');
    await once(later, 'listening');
    const port = (later.address() as AddressInfo).port;
    await new Promise<void>((resolve) => later.close(() => resolve()));
    const { c, clock } = controller({ url: `mqtt://127.0.0.1:${port}` });
    const first = c.seq;
    clock.advance(5 * 60_000);
    expect(c.stats.outbox).toBe(6); // boot + 5 minutes
    expect(c.stats.published).toBe(0);
    later.listen(port, '127.0.0.1');
    await once(later, 'listening');
    try {
      await c.waitConnected();
      const batches = await waitFor(() => telemetry().length >= 6 && telemetry());
      expect(batches.map((b) => b.seq)).toEqual([0, 1, 2, 3, 4, 5].map((k) => first + k));
    } finally {
      await c.stop();
      later.close();
    }
  });

  it('keeps at most outboxLimit batches, dropping the oldest, and splits long buffers under the size limit', async () => {
    const { c, clock } = controller({ url: 'mqtt://127.0.0.1:1', outboxLimit: 3 });
    const first = c.seq;
    clock.advance(10 * 60_000);
    expect(c.stats.outbox).toBe(3);
    expect(c.seq).toBe(first + 11);

    // Daily batches (aligned to UTC midnight): 14 h then a full day of minutes in one interval → the 1,440
    // samples go as several messages, each under 1,000 samples and 512 KiB.
    const big = controller({
      unitId: 'SIM-2',
      secret: 'secret-2',
      intervalS: 86_400,
      resendAfterS: 86_400,
    });
    await big.c.waitConnected();
    big.clock.advance(38 * 3_600_000);
    const batches = await waitFor(() => {
      const list = telemetry('SIM-2', true);
      return list.reduce((n, b) => n + b.samples.length, 0) >= 1 + 14 * 60 + 1440 && list;
    });
    for (const batch of batches) expect(batch.samples.length).toBeLessThanOrEqual(1000);
    const sizes = received
      .filter((m) => m.topic === topics.telemetry('SIM-2'))
      .map((m) => Buffer.byteLength(m.payload));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(512 * 1024);
    // 1,000 samples of a full kit exceed 512 KiB: 500, then the remaining 940 as 470 + 470.
    expect(batches.map((b) => b.samples.length)).toEqual([1, 840, 500, 470, 470]);
  });

  it('switches to 2-second batches on a live command, answers it, and falls back after its ttl', async () => {
    const { c, clock } = controller({ resendAfterS: 3600 });
    await c.waitConnected();
    clock.advance(60_000);
    await waitFor(() => telemetry().length >= 2);
    received.length = 0;
    await observer.publishAsync(
      topics.cmd('SIM-1', 'live'),
      JSON.stringify({ id: 'w1', interval_s: 2, ttl_s: 20 }),
      { qos: 1 },
    );
    const reply = await waitFor(() =>
      received.find((m) => m.topic === topics.reply('SIM-1', 'w1')),
    );
    expect(JSON.parse(reply.payload)).toEqual({ status: 'accepted' });
    expect(c.live).toBe(true);
    clock.advance(0); // the immediate sample
    for (let i = 0; i < 5; i++) clock.advance(2000);
    const liveBatches = await waitFor(() => telemetry().length >= 6 && telemetry());
    const times = liveBatches.map((b) => Date.parse(b.samples[0]?.time ?? ''));
    expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual([
      2000, 2000, 2000, 2000, 2000,
    ]);
    expect(liveBatches.every((b) => b.samples.length === 1)).toBe(true);

    // After the ttl (20 s from receipt): back to one batch a minute, at the next whole minute.
    clock.advance(10_000);
    expect(c.live).toBe(false);
    await waitFor(() => telemetry().length >= 10);
    received.length = 0;
    clock.advance(40_000 + 60_000);
    const after = await waitFor(() => telemetry().length >= 2 && telemetry());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(telemetry().map((b) => b.samples.at(-1)?.time)).toEqual([
      '2026-06-21T12:02:00+02:00',
      '2026-06-21T12:03:00+02:00',
    ]);
    expect(after[0]?.samples.length).toBe(2); // the sample at the ttl's end and the minute's
  });

  it('holds live as long as the command is renewed', async () => {
    const { c, clock } = controller();
    await c.waitConnected();
    const live = async (id: string) => {
      await observer.publishAsync(
        topics.cmd('SIM-1', 'live'),
        JSON.stringify({ id, interval_s: 2, ttl_s: 10 }),
        { qos: 1 },
      );
      await waitFor(() => received.find((m) => m.topic === topics.reply('SIM-1', id)));
    };
    await live('a1');
    clock.advance(8000);
    await live('a2'); // renewed at +8 s: holds until +18 s
    clock.advance(7000);
    expect(c.live).toBe(true);
    clock.advance(4000);
    expect(c.live).toBe(false);
  });

  it('answers an unknown command with failed', async () => {
    const { c } = controller();
    await c.waitConnected();
    await observer.publishAsync(topics.cmd('SIM-1', 'reboot'), JSON.stringify({ id: 'r1' }), {
      qos: 1,
    });
    const reply = await waitFor(() =>
      received.find((m) => m.topic === topics.reply('SIM-1', 'r1')),
    );
    expect(JSON.parse(reply.payload)).toMatchObject({ status: 'failed' });
  });

  it('leaves its last will when the connection drops abruptly', async () => {
    const { c } = controller({ unitId: 'SIM-2', secret: 'secret-2' });
    await c.waitConnected();
    await waitFor(() => received.find((m) => m.topic === topics.state('SIM-2')));
    received.length = 0;
    await c.stop({ abrupt: true });
    const will = await waitFor(() => received.find((m) => m.topic === topics.state('SIM-2')));
    expect(JSON.parse(will.payload)).toEqual({ online: false });
  });

  it('a P1 meter publishes telegrams from its builder instead of telemetry', async () => {
    const readings: P1Reading[] = [];
    const { c, clock } = controller({
      unitId: 'SIM-P1',
      secret: 'secret-p1',
      site: {
        kit: 'meter',
        latitude: 46.24,
        longitude: 14.36,
        timezone: 'Europe/Ljubljana',
        seed: 1,
      },
      p1: true,
      telegramBuilder: (reading) => {
        readings.push(reading);
        return `/SIM5\\2TELEGRAM\r\n\r\n1-0:1.7.0(${(reading.powerImportW / 1000).toFixed(3)}*kW)\r\n!0000\r\n`;
      },
    });
    await c.waitConnected();
    clock.advance(3 * 60_000);
    const telegrams = await waitFor(() => {
      const list = received.filter((m) => m.topic === topics.p1('SIM-P1'));
      return list.length >= 3 && list;
    });
    expect(telegrams[0]?.payload).toMatch(/^\/SIM5/);
    expect(telemetry('SIM-P1')).toHaveLength(0);
    expect(readings[2]?.phases).toHaveLength(3);
    const total = (r: P1Reading) => r.importT1Wh + r.importT2Wh;
    expect(total(readings[2] as P1Reading)).toBeGreaterThan(total(readings[0] as P1Reading));
  });
});
