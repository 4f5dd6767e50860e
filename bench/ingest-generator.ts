// The load generator of bench/ingest.ts, run as its own process: one lean mqtt.js client per controller that follows
// protocol v1's delivery rules — every telemetry batch gets the next `seq` and stays in an outbox until the cloud's
// `ack` (the highest committed seq) covers it; unacknowledged batches are sent again after a reconnection and after
// `resendMs` without progress. It publishes as fast as the acks allow (`window` batches in flight per controller).
//
// Input: the JSON of {@link GeneratorConfig} in the environment variable BENCH_GENERATOR. Output (stdout, one JSON line
// each): `{"type":"ready"}` once every client is connected, `{"type":"progress",…}` every second, and at the end
// `{"type":"done","published":{unitId: samples},…}`. Stdin commands (one per line): `stop` (publish nothing new, wait
// for every ack, then report and exit).
import mqtt, { type MqttClient } from 'mqtt';
import { createInterface } from 'node:readline';

export interface GeneratorConfig {
  url: string;
  controllers: { unitId: string; secret: string | null; refs: string[] }[];
  /** Samples per telemetry message (each sample has a value set for every ref). */
  samplesPerMessage: number;
  /** Messages in flight per controller. */
  window: number;
  /** Sample instants: `baseMs + k * stepMs` for the controller's k-th sample. */
  baseMs: number;
  stepMs: number;
  /** Most samples per controller (stops publishing new ones there). */
  maxSamples: number;
  resendMs: number;
}

const config = JSON.parse(process.env.BENCH_GENERATOR ?? '{}') as GeneratorConfig;
process.stdout.on('error', () => process.exit(1));
process.stdin.on('end', () => process.exit(1));
const emit = (line: object) => process.stdout.write(JSON.stringify(line) + '\n');

interface Unit {
  unitId: string;
  refs: string[];
  client: MqttClient;
  nextSeq: number;
  nextSample: number;
  /** seq → payload, not yet acknowledged. */
  outbox: Map<number, string>;
  lastProgress: number;
  connected: boolean;
}

let stopping = false;
let resent = 0;
let acks = 0;
let published = 0;

function payloadOf(unit: Unit, seq: number): string {
  const samples = [];
  for (let i = 0; i < config.samplesPerMessage; i++) {
    const k = unit.nextSample++;
    const values: Record<string, object> = {};
    unit.refs.forEach((ref, r) => {
      values[ref] = {
        power_w: 1000 + ((k * 7 + r * 13) % 500),
        energy_import_wh: 1_000_000 + k * 2 + r,
        energy_export_wh: 500_000 + k + r,
      };
    });
    samples.push({ time: new Date(config.baseMs + k * config.stepMs).toISOString(), values });
  }
  return JSON.stringify({ seq, samples });
}

function send(unit: Unit, seq: number, payload: string): void {
  unit.client.publish(`ec/v1/c/${unit.unitId}/telemetry`, payload, { qos: 1 }, () => undefined);
}

function fill(unit: Unit): void {
  if (!unit.connected) return;
  while (
    !stopping &&
    unit.outbox.size < config.window &&
    unit.nextSample + config.samplesPerMessage <= config.maxSamples
  ) {
    const seq = unit.nextSeq++;
    const payload = payloadOf(unit, seq);
    unit.outbox.set(seq, payload);
    published += 1;
    send(unit, seq, payload);
  }
}

function resendAll(unit: Unit): void {
  for (const [seq, payload] of unit.outbox) {
    resent += 1;
    send(unit, seq, payload);
  }
  unit.lastProgress = Date.now();
}

const units: Unit[] = config.controllers.map((c) => {
  const client = mqtt.connect(config.url, {
    clientId: `bench-${c.unitId}`,
    username: c.unitId,
    password: c.secret ?? undefined,
    clean: true,
    reconnectPeriod: 500,
    connectTimeout: 10_000,
    keepalive: 30,
    resubscribe: false,
  });
  const unit: Unit = {
    unitId: c.unitId,
    refs: c.refs,
    client,
    nextSeq: 1,
    nextSample: 0,
    outbox: new Map(),
    lastProgress: Date.now(),
    connected: false,
  };
  client.on('connect', () => {
    client.subscribe(`ec/v1/c/${c.unitId}/ack`, { qos: 1 }, () => {
      unit.connected = true;
      resendAll(unit);
      fill(unit);
    });
  });
  client.on('close', () => {
    unit.connected = false;
  });
  client.on('error', () => undefined);
  client.on('message', (_topic, payload) => {
    let seq: number;
    try {
      seq = (JSON.parse(payload.toString()) as { seq: number }).seq;
    } catch {
      return;
    }
    acks += 1;
    let progressed = false;
    for (const pending of unit.outbox.keys()) {
      if (pending <= seq) {
        unit.outbox.delete(pending);
        progressed = true;
      }
    }
    if (progressed) unit.lastProgress = Date.now();
    fill(unit);
  });
  return unit;
});

const startedAt = Date.now();
let ready = false;
const ticker = setInterval(() => {
  const now = Date.now();
  let connected = 0;
  let pending = 0;
  for (const unit of units) {
    if (unit.connected) connected += 1;
    pending += unit.outbox.size;
    if (unit.connected && unit.outbox.size > 0 && now - unit.lastProgress > config.resendMs)
      resendAll(unit);
  }
  if (!ready && connected === units.length) {
    ready = true;
    emit({ type: 'ready', ms: now - startedAt });
  }
  emit({ type: 'progress', connected, pending, published, acks, resent });
  if (stopping && pending === 0) finish();
}, 1000);

function finish(): void {
  clearInterval(ticker);
  emit({
    type: 'done',
    published: Object.fromEntries(units.map((u) => [u.unitId, u.nextSample])),
    messages: published,
    resent,
    acks,
  });
  for (const unit of units) unit.client.end(true);
  setTimeout(() => process.exit(0), 200);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') stopping = true;
  if (line.trim() === 'drop') {
    // Cut every connection (as a broker going away does); the clients reconnect and re-send their outboxes.
    for (const unit of units) unit.client.stream?.destroy();
  }
});
