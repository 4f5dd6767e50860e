import { describe, expect, it, vi } from 'vitest';
import type { StateMessage } from '@ec/protocol';
import { createIngestPipeline, type PresenceWriter } from './pipeline.ts';
import { createRefusalCounter } from './refusals.ts';
import { createMemoryStoreDouble } from './memory-store.test-double.ts';

const silent = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function telemetry(seq: number, time: string, values: Record<string, Record<string, number>>) {
  return Buffer.from(JSON.stringify({ seq, samples: [{ time, values }] }));
}

function setup(options: Parameters<typeof createIngestPipeline>[0]['options'] = {}) {
  const store = createMemoryStoreDouble({ 'EC-1': 10, 'EC-2': 20 });
  const acks: { topic: string; payload: string }[] = [];
  const committed: number[][] = [];
  const states: { unitId: string; state: StateMessage }[] = [];
  const presence: PresenceWriter = {
    async applyState(unitId, state) {
      states.push({ unitId, state });
      return unitId === 'EC-1' ? { locationId: 10 } : null;
    },
  };
  const refusals = createRefusalCounter(silent);
  const pipeline = createIngestPipeline({
    store,
    presence,
    publish: async (topic, payload) => {
      acks.push({ topic, payload });
    },
    onCommitted: (ids) => committed.push(ids),
    refusals,
    log: silent,
    options: { flushMs: 5, retryMinMs: 10, retryMaxMs: 40, ...options },
  });
  return { store, acks, committed, states, pipeline };
}

const T0 = '2026-11-25T10:00:00+01:00';

describe('ingest pipeline', () => {
  it('stores telemetry, then acks the highest committed seq per controller and reports the locations', async () => {
    const { store, acks, committed, pipeline } = setup();
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { grid: { power_w: 5 } }),
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(2, '2026-11-25T10:01:00+01:00', {
        grid: { power_w: 6, energy_import_wh: 100 },
      }),
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-2/telemetry',
      payload: telemetry(7, T0, { pv: { power_w: 1 } }),
    });
    await pipeline.flush();
    expect(store.readings.size).toBe(4);
    expect(acks).toEqual(
      expect.arrayContaining([
        { topic: 'ec/v1/c/EC-1/ack', payload: '{"seq":2}' },
        { topic: 'ec/v1/c/EC-2/ack', payload: '{"seq":7}' },
      ]),
    );
    expect(acks).toHaveLength(2);
    expect(committed).toEqual([[10, 20]]);
  });

  it('flushes on its own within the flush interval, and at once at the batch size', async () => {
    const { store, acks, pipeline } = setup({ flushMs: 300, batchReadings: 3 });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
    });
    expect(store.calls).toHaveLength(0);
    await vi.waitFor(() => expect(acks).toHaveLength(1), { timeout: 1000, interval: 5 });
    // Three readings (three devices) in one message reach the batch size: written without waiting for the timer.
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(2, T0, { b: { power_w: 1 }, c: { soc_pct: 2 }, d: { temperature_c: 3 } }),
    });
    // Well before the 300 ms timer.
    await vi.waitFor(() => expect(store.calls).toHaveLength(2), { timeout: 150, interval: 2 });
  });

  it('never acks before the store resolved', async () => {
    const { store, acks, pipeline } = setup();
    let release!: () => void;
    store.gate = new Promise((resolve) => (release = resolve));
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(3, T0, { a: { power_w: 1 } }),
    });
    const flushed = pipeline.flush();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(store.calls).toHaveLength(1);
    expect(acks).toHaveLength(0);
    release();
    await flushed;
    expect(acks).toEqual([{ topic: 'ec/v1/c/EC-1/ack', payload: '{"seq":3}' }]);
  });

  it('keeps batches while the store fails, retries with back-off, and acks only after the later commit', async () => {
    const { store, acks, pipeline } = setup();
    store.failing = true;
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(4, T0, { a: { power_w: 1 } }),
    });
    await vi.waitFor(() => expect(store.calls.length).toBeGreaterThanOrEqual(3), {
      timeout: 2000,
      interval: 5,
    });
    expect(acks).toHaveLength(0);
    expect(pipeline.stats().queuedBatches).toBe(1);
    expect(pipeline.stats().writeFailures).toBeGreaterThanOrEqual(3);
    store.failing = false;
    await vi.waitFor(() => expect(acks).toHaveLength(1), { timeout: 2000, interval: 5 });
    expect(acks[0]).toEqual({ topic: 'ec/v1/c/EC-1/ack', payload: '{"seq":4}' });
    expect(store.readings.size).toBe(1);
    expect(pipeline.stats().queuedBatches).toBe(0);
    await pipeline.close();
  });

  it('bounds the queue while the store fails: beyond it messages are refused (and not acked)', async () => {
    const { store, acks, pipeline } = setup({
      maxPendingReadings: 2,
      retryMinMs: 1000,
      retryMaxMs: 1000,
    });
    store.failing = true;
    for (let seq = 1; seq <= 4; seq += 1) {
      pipeline.handle({
        topic: 'ec/v1/c/EC-1/telemetry',
        payload: telemetry(seq, T0, { a: { power_w: seq } }),
      });
    }
    expect(pipeline.stats().queuedReadings).toBe(2);
    expect(pipeline.stats().refusals['telemetry:backlog-full']).toBe(2);
    store.failing = false;
    await pipeline.flush();
    expect(acks).toEqual([{ topic: 'ec/v1/c/EC-1/ack', payload: '{"seq":2}' }]);
    await pipeline.close();
  });

  it('never acks past a refused seq: a later message taken once room freed up acks only below it', async () => {
    const { store, acks, pipeline } = setup({
      maxPendingReadings: 2,
      retryMinMs: 1000,
      retryMaxMs: 1000,
    });
    const send = (seq: number) =>
      pipeline.handle({
        topic: 'ec/v1/c/EC-1/telemetry',
        payload: telemetry(seq, `2026-11-25T10:0${seq}:00+01:00`, { a: { power_w: seq } }),
      });
    store.failing = true;
    for (let seq = 1; seq <= 4; seq += 1) send(seq); // 3 and 4 refused
    store.failing = false;
    await pipeline.flush();
    expect(acks.map((a) => a.payload)).toEqual(['{"seq":2}']);
    // Room again: 5 is taken and committed, but 3 and 4 were never stored, so the ack stays at 2.
    send(5);
    await pipeline.flush();
    expect(acks.map((a) => a.payload)).toEqual(['{"seq":2}', '{"seq":2}']);
    // The controller sends 3 and 4 again (it keeps them, unacknowledged): now everything up to 5 is stored.
    send(3);
    send(4);
    await pipeline.flush();
    expect(acks.at(-1)?.payload).toBe('{"seq":5}');
    send(6);
    await pipeline.flush();
    expect(acks.at(-1)?.payload).toBe('{"seq":6}');
    expect(store.readings.size).toBe(6);
    await pipeline.close();
  });

  it('writes two transactions at once when more than a batch is queued', async () => {
    const { store, acks, pipeline } = setup({ batchReadings: 2, flushMs: 1000 });
    let release!: () => void;
    store.gate = new Promise((resolve) => (release = resolve));
    for (let seq = 1; seq <= 6; seq += 1) {
      pipeline.handle({
        topic: 'ec/v1/c/EC-1/telemetry',
        payload: telemetry(seq, `2026-11-25T10:0${seq}:00+01:00`, { a: { power_w: seq } }),
      });
    }
    await vi.waitFor(() => expect(store.calls).toHaveLength(2), { timeout: 500, interval: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.calls).toHaveLength(2); // not a third while two are under way
    expect(acks).toHaveLength(0);
    store.gate = null;
    release();
    await pipeline.flush();
    expect(store.readings.size).toBe(6);
    expect(acks.at(-1)?.payload).toBe('{"seq":6}');
    await pipeline.close();
  });

  it('does not ack past a seq whose transaction failed while a later one committed', async () => {
    const { store, acks, pipeline } = setup({ batchReadings: 1, flushMs: 1000, retryMinMs: 5000 });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
    });
    await pipeline.flush();
    expect(acks.at(-1)?.payload).toBe('{"seq":1}');
    // Seq 2 fails in its transaction; seq 3 commits in the other one.
    store.failIf = (batches) => batches.some((b) => b.seq === 2);
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(2, '2026-11-25T10:02:00+01:00', { a: { power_w: 2 } }),
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(3, '2026-11-25T10:03:00+01:00', { a: { power_w: 3 } }),
    });
    await vi.waitFor(() => expect(store.readings.size).toBe(2), { timeout: 500, interval: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(acks.map((a) => a.payload)).toEqual(['{"seq":1}', '{"seq":1}']);
    store.failIf = null;
    await pipeline.flush();
    expect(acks.at(-1)?.payload).toBe('{"seq":3}');
    await pipeline.close();
  });

  it('acknowledges a malformed message that carries a seq (refused, never stored: re-sending cannot help)', async () => {
    const { store, acks, pipeline } = setup();
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: Buffer.from(
        JSON.stringify({ seq: 2, samples: [{ time: 'yesterday', values: {} }] }),
      ),
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(3, '2026-11-25T10:03:00+01:00', { a: { power_w: 3 } }),
    });
    await pipeline.flush();
    expect(store.readings.size).toBe(2);
    expect(acks.at(-1)?.payload).toBe('{"seq":3}');
    expect(pipeline.stats().refusals['telemetry:invalid']).toBe(1);
    await pipeline.close();
  });

  it('does not let an ack that waits for the broker hold up the next write', async () => {
    const store = createMemoryStoreDouble({ 'EC-1': 10 });
    const pipeline = createIngestPipeline({
      store,
      presence: { applyState: async () => null },
      publish: () => new Promise<void>(() => {}), // a broker that never answers
      refusals: createRefusalCounter(silent),
      log: silent,
      options: { flushMs: 5 },
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
    });
    await pipeline.flush();
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(2, T0, { b: { power_w: 1 } }),
    });
    await pipeline.flush();
    expect(store.calls).toHaveLength(2);
    await pipeline.close();
  });

  it('acks a redelivered message again without storing anything twice', async () => {
    const { store, acks, pipeline } = setup();
    const message = {
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(5, T0, { a: { power_w: 1 } }),
    };
    pipeline.handle(message);
    await pipeline.flush();
    pipeline.handle(message);
    await pipeline.flush();
    expect(store.readings.size).toBe(1);
    expect(acks.map((a) => a.payload)).toEqual(['{"seq":5}', '{"seq":5}']);
  });

  it('refuses malformed messages with a counted reason and keeps going', async () => {
    const { store, acks, pipeline } = setup();
    const bad: [string, Buffer | string, string][] = [
      ['ec/v1/c/EC-1/telemetry', '{"seq":1', 'telemetry:not-json'],
      ['ec/v1/c/EC-1/telemetry', '{"seq":-1,"samples":[]}', 'telemetry:invalid'],
      ['ec/v1/c/EC-1/telemetry', Buffer.from([0xff, 0xfe]), 'telemetry:not-utf8'],
      ['ec/v1/c/EC-1/telemetry', Buffer.alloc(600 * 1024, 32), 'telemetry:too-large'],
      ['ec/v1/c/EC-1/state', '{"online":"yes"}', 'state:invalid'],
      ['ec/v1/c/EC-1/reply/abc', '{"status":"maybe"}', 'reply:invalid'],
      ['ec/v1/c/EC-1/cmd/live', '{}', 'topic:direction'],
      ['ec/v2/c/EC-1/telemetry', '{}', 'topic:prefix'],
      ['ec/v1/c/EC-1/telemetry/x', '{}', 'topic:levels'],
    ];
    for (const [topic, payload] of bad) {
      pipeline.handle({
        topic,
        payload: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
      });
    }
    // The broker authenticated EC-2, the topic names EC-1.
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
      publisher: 'EC-2',
    });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(9, T0, { a: { power_w: 1 } }),
    });
    await pipeline.flush();
    const refusals = pipeline.stats().refusals;
    for (const [, , reason] of bad) expect(refusals[reason], reason).toBe(1);
    expect(refusals['topic:other-controller']).toBe(1);
    expect(store.readings.size).toBe(1);
    expect(acks).toEqual([{ topic: 'ec/v1/c/EC-1/ack', payload: '{"seq":9}' }]);
  });

  it('counts telemetry of an unknown controller and does not ack it', async () => {
    const { acks, pipeline } = setup();
    pipeline.handle({
      topic: 'ec/v1/c/EC-9/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
    });
    await pipeline.flush();
    expect(acks).toHaveLength(0);
    expect(pipeline.stats().refusals['telemetry:unknown-controller']).toBe(1);
  });

  it('applies state messages and reports the location; unknown controllers are counted', async () => {
    const { states, committed, pipeline } = setup();
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/state',
      payload: Buffer.from(
        '{"online":true,"firmware":"1.2.3","connection":"wifi","addresses":{"ip":"10.0.0.2"}}',
      ),
    });
    pipeline.handle({ topic: 'ec/v1/c/EC-2/state', payload: Buffer.from('{"online":false}') });
    await vi.waitFor(() => expect(states).toHaveLength(2));
    expect(states[0]).toEqual({
      unitId: 'EC-1',
      state: { online: true, firmware: '1.2.3', connection: 'wifi', addresses: { ip: '10.0.0.2' } },
    });
    await vi.waitFor(() => expect(pipeline.stats().refusals['state:unknown-controller']).toBe(1));
    expect(committed).toEqual([[10]]);
  });

  it('sends P1 telegrams through the parser hook into the store without an ack', async () => {
    const { store, acks, pipeline: withoutParser } = setup();
    withoutParser.handle({
      topic: 'ec/v1/c/EC-1/p1',
      payload: Buffer.from('/ISK5\\2M550T\r\n!ABCD'),
    });
    expect(withoutParser.stats().refusals['p1:no-parser']).toBe(1);

    const refusals = createRefusalCounter(silent);
    const p1 = createIngestPipeline({
      store,
      presence: { applyState: async () => null },
      publish: async (topic, payload) => {
        acks.push({ topic, payload });
      },
      refusals,
      log: silent,
      p1: ({ text }) =>
        text.includes('BAD')
          ? { ok: false, reason: 'crc' }
          : { ok: true, samples: [{ time: T0, values: { grid: { energy_import_wh: 1234 } } }] },
    });
    p1.handle({ topic: 'ec/v1/c/EC-1/p1', payload: Buffer.from('telegram BAD') });
    p1.handle({ topic: 'ec/v1/c/EC-1/p1', payload: Buffer.from('telegram ok') });
    await p1.flush();
    expect(p1.stats().refusals['p1:crc']).toBe(1);
    expect([...store.readings.keys()]).toEqual([
      'EC-1|grid|2026-11-25T09:00:00.000Z|energy_import_wh',
    ]);
    expect(acks).toHaveLength(0);
  });

  it('hands replies to the hook', () => {
    const replies: unknown[] = [];
    const pipeline = createIngestPipeline({
      store: null,
      presence: { applyState: async () => null },
      publish: async () => {},
      refusals: createRefusalCounter(silent),
      log: silent,
      onReply: (reply) => replies.push(reply),
    });
    pipeline.handle({ topic: 'ec/v1/c/EC-1/reply/c-1', payload: Buffer.from('{"status":"done"}') });
    pipeline.handle({
      topic: 'ec/v1/c/EC-1/telemetry',
      payload: telemetry(1, T0, { a: { power_w: 1 } }),
    });
    expect(replies).toEqual([{ unitId: 'EC-1', commandId: 'c-1', message: { status: 'done' } }]);
    expect(pipeline.stats().refusals['telemetry:no-store']).toBe(1);
  });
});
