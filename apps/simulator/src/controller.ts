/**
 * A virtual controller: a real MQTT client that speaks the controller protocol v1 (docs/controller-protocol.md)
 * for one simulated site.
 *
 * - Connects with user name = unit ID and password = secret; last will `{"online":false}` retained on `state`;
 *   after every connect publishes the retained state `{online:true, firmware, connection, addresses}` and
 *   subscribes to its commands and acknowledgements.
 * - Samples the site model at start and then once a minute (its resolution), and publishes a telemetry batch `{seq, samples}` every
 *   `intervalS` (60 s); while a `cmd/live` holds (until `ttl_s` after its receipt, renewed by the next one) it
 *   samples and publishes every `interval_s` (2 s).
 * - Keeps every batch in an outbox (in memory, bounded: the oldest go first when full) until the cloud's `ack`
 *   names a `seq` at or above it; re-sends the whole outbox after a reconnect, and a batch unacknowledged for
 *   `resendAfterS` (30 s) on the next tick, doubling the wait after each attempt up to 10 minutes, at most 20
 *   batches per tick (so a fleet does not storm a struggling server).
 * - Answers commands on `reply/{id}`: `live` → accepted; anything else → failed.
 * - A P1 meter (`p1: true`) publishes DSMR telegrams on `p1` instead (a P1 dongle does not buffer).
 *
 * `seq` starts at the clock's seconds since 1970 (unless `initialSeq` is given), so it keeps growing across
 * restarts as long as a controller sends at most one batch per second (the live interval is ≥ 1 s): the cloud's
 * acknowledgement of an older run never covers a new batch.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  MAX_SAMPLES_PER_MESSAGE,
  MAX_TELEMETRY_BYTES,
  MAX_SMALL_MESSAGE_BYTES,
  ackMessageSchema,
  commandEnvelopeSchema,
  decodeJson,
  filters,
  liveCommandSchema,
  parseTopic,
  topics,
  type ConnectionType,
  type ReplyMessage,
  type StateMessage,
  type TelemetrySample,
} from '@ec/protocol';
import { systemClock, type Clock } from './clock.ts';
import { hashString } from './model/random.ts';
import { SiteModel, type SiteConfig } from './model/site.ts';
import { isoWithOffset } from './model/time.ts';
import { P1Meter, type TelegramBuilder } from './p1.ts';

/** Everything a virtual controller needs. */
export interface VirtualControllerOptions {
  /** Broker URL, e.g. `mqtt://127.0.0.1:1884` or `ws://…`. */
  url: string;
  unitId: string;
  secret: string;
  /** The simulated site (kit, coordinates, time zone, seed). */
  site: SiteConfig;
  /** Publish DSMR telegrams on `p1` instead of telemetry (a P1 WiFi meter). Needs `telegramBuilder`. */
  p1?: boolean;
  telegramBuilder?: TelegramBuilder;
  clock?: Clock;
  /** Telemetry interval when nobody watches, s (default 60). */
  intervalS?: number;
  /** Model resolution: one sample per `sampleS` (default 60). */
  sampleS?: number;
  /** Simulate this long before the start so the battery has a history (default 6 h; 0 for load tests). */
  warmupS?: number;
  /** Re-send a batch not acknowledged after this long, s (default 30). */
  resendAfterS?: number;
  /** At most this many unacknowledged batches (default 1440 = a day of minutes). */
  outboxLimit?: number;
  /**
   * Offset of the sampling grid from whole minutes, ms (default 0). A fleet spreads its controllers over the
   * minute so the broker does not get every batch at :00.
   */
  phaseMs?: number;
  /** First `seq` (default: the clock's seconds since 1970). */
  initialSeq?: number;
  /** Behave as if a live command always held, sampling and publishing every this many seconds (load tests). */
  alwaysLiveS?: number;
  firmware?: string;
  connection?: ConnectionType;
  addresses?: Record<string, string>;
  /** Extra mqtt.js options (reconnectPeriod, keepalive, connectTimeout, …). */
  mqttOptions?: Partial<IClientOptions>;
  /** Called on every protocol event (for fleet statistics and logs). */
  onEvent?: (event: ControllerEvent) => void;
}

/** What happened in a controller. */
export type ControllerEvent =
  | { type: 'connect' }
  | { type: 'close' }
  | { type: 'error'; error: Error }
  | { type: 'published'; kind: 'telemetry' | 'p1'; seq?: number; samples: number; resend: boolean }
  | { type: 'ack'; seq: number; dropped: number }
  | { type: 'command'; name: string; id?: string; status: ReplyMessage['status'] };

/** Counters of one controller. */
export interface ControllerStats {
  published: number;
  resent: number;
  acks: number;
  /** The highest acknowledged seq, or null. */
  ackedSeq: number | null;
  /** Batches waiting for an acknowledgement. */
  outbox: number;
  connects: number;
}

interface OutboxEntry {
  payload: string;
  samples: number;
  /** When it was last sent (clock ms), or null if never. */
  sentAt: number | null;
  /** How often it was sent. */
  attempts: number;
}

/** Longest wait between re-sends of one batch (the wait doubles from `resendAfterS`). */
const MAX_RESEND_WAIT_MS = 600_000;
/** At most this many overdue batches are re-sent per tick (a reconnect re-sends all). */
const MAX_RESENDS_PER_TICK = 20;

const DEFAULT_FIRMWARE = '1.0.0-sim';

/** Plausible, stable LAN addresses for a unit ID (documentation ranges and a locally administered MAC). */
function defaultAddresses(unitId: string): Record<string, string> {
  const h = hashString(unitId);
  const byte = (shift: number) => ((h >>> shift) & 0xff).toString(16).padStart(2, '0');
  return {
    ipv4: `192.168.${(h >>> 8) & 0xff}.${2 + (h % 250)}`,
    mac: `02:ec:${byte(24)}:${byte(16)}:${byte(8)}:${byte(0)}`,
  };
}

/** One simulated controller. */
export class VirtualController {
  readonly unitId: string;
  readonly model: SiteModel;
  readonly stats: ControllerStats = {
    published: 0,
    resent: 0,
    acks: 0,
    ackedSeq: null,
    outbox: 0,
    connects: 0,
  };

  private readonly options: VirtualControllerOptions;
  private readonly clock: Clock;
  private readonly intervalMs: number;
  private readonly sampleMs: number;
  private readonly resendAfterMs: number;
  private readonly phaseMs: number;
  private readonly outboxLimit: number;
  private readonly outbox = new Map<number, OutboxEntry>();
  private readonly p1Meter: P1Meter | null;
  private client: MqttClient | null = null;
  private timer: unknown = null;
  private pending: TelemetrySample[] = [];
  private nextSeq: number;
  private lastFlushMs: number;
  private liveUntilMs = 0;
  private liveIntervalMs = 0;
  private stopped = false;

  constructor(options: VirtualControllerOptions) {
    this.options = options;
    this.unitId = options.unitId;
    this.clock = options.clock ?? systemClock;
    this.intervalMs = (options.intervalS ?? 60) * 1000;
    this.sampleMs = (options.sampleS ?? 60) * 1000;
    this.resendAfterMs = (options.resendAfterS ?? 30) * 1000;
    this.phaseMs = options.phaseMs ?? 0;
    this.outboxLimit = options.outboxLimit ?? 1440;
    const now = this.clock.now();
    this.nextSeq = options.initialSeq ?? Math.floor(now / 1000);
    this.lastFlushMs = Number.NEGATIVE_INFINITY; // the boot sample goes out at once
    this.model = new SiteModel({
      ...options.site,
      startMs: now - (options.warmupS ?? 6 * 3600) * 1000,
      stepS: Math.min(60, options.sampleS ?? 60),
    });
    // The warm-up gives the battery a history; the counters start from 0 like a freshly booted controller's, so
    // a restart is a small counter reset for the cloud, never a jump by the warm-up's energy.
    this.model.advanceTo(now);
    this.model.resetCounters();
    if (options.alwaysLiveS !== undefined) this.liveIntervalMs = options.alwaysLiveS * 1000;
    this.p1Meter = options.p1 ? new P1Meter(`SIM${options.unitId}`, options.site.timezone) : null;
    if (options.p1 && !options.telegramBuilder) {
      throw new TypeError('a P1 controller needs a telegramBuilder');
    }
  }

  /** Whether a live command holds now. */
  get live(): boolean {
    return this.liveUntilMs > this.clock.now() || this.options.alwaysLiveS !== undefined;
  }

  /** Whether the MQTT connection is up. */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** The seq the next batch gets. */
  get seq(): number {
    return this.nextSeq;
  }

  /** Connects (retrying in the background, like firmware does) and starts sampling. */
  start(): void {
    if (this.client) return;
    this.stopped = false;
    const { unitId, secret } = this.options;
    const client = mqtt.connect(this.options.url, {
      clientId: unitId,
      username: unitId,
      password: secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 2000,
      connectTimeout: 15_000,
      resubscribe: false,
      will: {
        topic: topics.state(unitId),
        payload: Buffer.from(JSON.stringify({ online: false } satisfies StateMessage)),
        qos: 1,
        retain: true,
      },
      ...this.options.mqttOptions,
    });
    this.client = client;
    client.on('connect', () => this.onConnect());
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('close', () => this.emit({ type: 'close' }));
    client.on('error', (error) => this.emit({ type: 'error', error }));
    // A booting controller reports at once (buffered until connected), then on the sampling grid.
    this.schedule(0);
  }

  /** Resolves once connected (at once if already). */
  waitConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.client?.once('connect', () => resolve()));
  }

  /**
   * Stops. Graceful (default): publishes `{"online":false}` and disconnects. `abrupt`: drops the connection without
   * a DISCONNECT, like a power cut, so the broker publishes the last will.
   */
  async stop(options: { abrupt?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (options.abrupt) {
      await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
      return;
    }
    if (client.connected) {
      await new Promise<void>((resolve) =>
        client.publish(
          topics.state(this.unitId),
          JSON.stringify({ online: false } satisfies StateMessage),
          { qos: 1, retain: true },
          () => resolve(),
        ),
      );
    }
    await new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
  }

  private emit(event: ControllerEvent): void {
    this.options.onEvent?.(event);
  }

  private onConnect(): void {
    const client = this.client;
    if (!client) return;
    this.stats.connects++;
    const state: StateMessage = {
      online: true,
      firmware: this.options.firmware ?? DEFAULT_FIRMWARE,
      connection: this.options.connection ?? 'ethernet',
      addresses: this.options.addresses ?? defaultAddresses(this.unitId),
    };
    client.publish(topics.state(this.unitId), JSON.stringify(state), { qos: 1, retain: true });
    client.subscribe(filters.controller(this.unitId), { qos: 1 });
    this.emit({ type: 'connect' });
    // Everything still unacknowledged goes again, oldest first.
    for (const seq of this.outbox.keys()) this.send(seq);
  }

  private onMessage(topic: string, payload: Buffer): void {
    const parsed = parseTopic(topic, { unitId: this.unitId, direction: 'down' });
    if (!parsed.ok) return;
    if (parsed.kind === 'ack') {
      const ack = decodeJson(payload, ackMessageSchema, MAX_SMALL_MESSAGE_BYTES);
      if (ack.ok) this.onAck(ack.value.seq);
      return;
    }
    if (parsed.kind === 'cmd' && parsed.argument) this.onCommand(parsed.argument, payload);
  }

  private onAck(seq: number): void {
    let dropped = 0;
    for (const key of this.outbox.keys()) {
      if (key > seq) break;
      this.outbox.delete(key);
      dropped++;
    }
    this.stats.acks++;
    this.stats.ackedSeq = Math.max(this.stats.ackedSeq ?? seq, seq);
    this.stats.outbox = this.outbox.size;
    this.emit({ type: 'ack', seq, dropped });
  }

  private onCommand(name: string, payload: Buffer): void {
    if (name === 'live') {
      const command = decodeJson(payload, liveCommandSchema, MAX_SMALL_MESSAGE_BYTES);
      if (command.ok) {
        const wasLive = this.live;
        this.liveUntilMs = this.clock.now() + command.value.ttl_s * 1000;
        if (this.options.alwaysLiveS === undefined)
          this.liveIntervalMs = command.value.interval_s * 1000;
        this.reply(name, command.value.id, { status: 'accepted' });
        // Start at once so the watcher sees fresh values without waiting for the minute.
        if (!wasLive) this.schedule(0);
        return;
      }
    }
    const envelope = decodeJson(payload, commandEnvelopeSchema, MAX_SMALL_MESSAGE_BYTES);
    if (!envelope.ok) return; // no id: nobody to answer
    this.reply(name, envelope.value.id, {
      status: 'failed',
      error: name === 'live' ? 'invalid command' : `unknown command: ${name}`,
    });
  }

  private reply(name: string, id: string, message: ReplyMessage): void {
    this.client?.publish(topics.reply(this.unitId, id), JSON.stringify(message), { qos: 1 });
    this.emit({ type: 'command', name, id, status: message.status });
  }

  /** Schedules the next tick: after `delayMs`, or at the next boundary of the current period. */
  private schedule(delayMs?: number): void {
    if (this.stopped) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    const now = this.clock.now();
    const period = this.live ? this.liveIntervalMs : this.sampleMs;
    const phase = this.phaseMs % period;
    const delay = delayMs ?? Math.floor((now - phase) / period) * period + period + phase - now;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.tick();
    }, delay);
  }

  private tick(): void {
    const now = this.clock.now();
    const live = this.live;
    this.model.advanceTo(now);
    if (this.p1Meter) {
      this.publishTelegram(now);
    } else {
      this.pending.push({
        time: isoWithOffset(now, this.model.local.offsetMin),
        values: this.model.valuesAt(now, live),
      });
      // Flush while live, and otherwise when the tick crosses into a new interval (aligned like the samples).
      const interval = (t: number) => Math.floor((t - this.phaseMs) / this.intervalMs);
      if (live || interval(now) > interval(this.lastFlushMs)) this.flush(now);
      this.resendOverdue(now);
    }
    this.schedule();
  }

  private flush(now: number): void {
    this.lastFlushMs = now;
    while (this.pending.length > 0) {
      // At most MAX_SAMPLES_PER_MESSAGE samples and MAX_TELEMETRY_BYTES per message: halve until it fits.
      let count = Math.min(this.pending.length, MAX_SAMPLES_PER_MESSAGE);
      const seq = this.nextSeq;
      let payload = JSON.stringify({ seq, samples: this.pending.slice(0, count) });
      while (count > 1 && Buffer.byteLength(payload) > MAX_TELEMETRY_BYTES) {
        count = Math.ceil(count / 2);
        payload = JSON.stringify({ seq, samples: this.pending.slice(0, count) });
      }
      this.pending.splice(0, count);
      this.nextSeq++;
      this.outbox.set(seq, {
        payload,
        samples: count,
        sentAt: null,
        attempts: 0,
      });
      while (this.outbox.size > this.outboxLimit) {
        const oldest = this.outbox.keys().next().value;
        if (oldest === undefined) break;
        this.outbox.delete(oldest);
      }
      this.send(seq);
    }
    this.stats.outbox = this.outbox.size;
  }

  /** Re-sends batches unacknowledged for `resendAfterS`, doubling the wait per attempt (up to 10 minutes). */
  private resendOverdue(now: number): void {
    let budget = MAX_RESENDS_PER_TICK;
    for (const [seq, entry] of this.outbox) {
      if (budget === 0) break;
      if (entry.sentAt === null) continue;
      const wait = Math.min(
        Math.max(MAX_RESEND_WAIT_MS, this.resendAfterMs),
        this.resendAfterMs * 2 ** Math.max(0, entry.attempts - 1),
      );
      if (now - entry.sentAt >= wait) {
        this.send(seq);
        budget--;
      }
    }
  }

  /** Publishes an outbox entry if connected; counted as a re-send only if it went out before. */
  private send(seq: number): void {
    const entry = this.outbox.get(seq);
    const client = this.client;
    if (!entry || !client?.connected) return; // stays in the outbox; sent on reconnect
    const resend = entry.attempts > 0;
    entry.sentAt = this.clock.now();
    entry.attempts++;
    client.publish(topics.telemetry(this.unitId), entry.payload, { qos: 1 });
    if (resend) this.stats.resent++;
    else this.stats.published++;
    this.emit({ type: 'published', kind: 'telemetry', seq, samples: entry.samples, resend });
  }

  private publishTelegram(now: number): void {
    const meter = this.p1Meter;
    const build = this.options.telegramBuilder;
    const client = this.client;
    if (!meter || !build) return;
    const grid = this.model.valuesAt(now, this.live).grid;
    const reading = meter.read(
      now,
      {
        powerW: grid?.power_w ?? 0,
        importWh: grid?.energy_import_wh ?? 0,
        exportWh: grid?.energy_export_wh ?? 0,
      },
      this.model.local,
    );
    if (!client?.connected) return; // a P1 dongle does not buffer
    client.publish(topics.p1(this.unitId), build(reading), { qos: 1 });
    this.stats.published++;
    this.emit({ type: 'published', kind: 'p1', samples: 1, resend: false });
  }
}
