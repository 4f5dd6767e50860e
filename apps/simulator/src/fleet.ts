/**
 * A fleet of virtual controllers: the demo's (one per seeded controller, offline ones left out) or a load test's.
 * Connections are staggered (`connectRatePerS`) and sampling is spread over the minute by unit ID, so thousands of
 * controllers neither storm the broker's CONNECT handling nor publish all at :00.
 */
import type { IClientOptions } from 'mqtt';
import type { ConnectionType } from '@ec/protocol';
import { systemClock, type Clock } from './clock.ts';
import { VirtualController, type ControllerEvent } from './controller.ts';
import type { KitName } from './model/kits.ts';
import { hashString } from './model/random.ts';
import { dsmrTelegramBuilder, type TelegramBuilder } from './p1.ts';

/** One controller of a fleet. */
export interface FleetController {
  unitId: string;
  secret: string;
  kit: KitName;
  latitude: number;
  longitude: number;
  timezone: string;
  /** false: the controller stays offline (never connects); default true. */
  online?: boolean;
  /** The seed's setup type; `P1_WIFI` makes a P1 meter (telegrams on `p1`) when a telegram builder is given. */
  setupType?: string;
  connection?: ConnectionType;
  firmware?: string;
}

/** Options of `startFleet`. */
export interface FleetOptions {
  /** Broker URL. */
  url: string;
  controllers: readonly FleetController[];
  /** The run's seed (each site derives its own from it and its coordinates). */
  seed: number | string;
  clock?: Clock;
  /** Telemetry interval when nobody watches, s (default 60). */
  intervalS?: number;
  /** Sample and publish every this many seconds all the time, as if always watched (load tests). */
  alwaysLiveS?: number;
  /** Model warm-up before the start, s (default 6 h; load tests use 0). */
  warmupS?: number;
  /** Builds DSMR telegrams for P1 meters; without it P1 meters send ordinary telemetry. */
  telegramBuilder?: TelegramBuilder;
  /** Connections started per second (default 200). */
  connectRatePerS?: number;
  /** Spread sampling over the minute by unit ID (default true). */
  spread?: boolean;
  mqttOptions?: Partial<IClientOptions>;
  /** Every controller event, with its unit ID. */
  onEvent?: (unitId: string, event: ControllerEvent) => void;
}

/** Totals over a fleet. */
export interface FleetStats {
  controllers: number;
  connected: number;
  /** Messages published (telemetry batches and P1 telegrams), not counting re-sends. */
  published: number;
  resent: number;
  /** Acknowledgements received. */
  acks: number;
  /** Samples published (first sends). */
  samples: number;
  /** Batches waiting for acknowledgement. */
  outbox: number;
}

/** A running fleet. */
export interface Fleet {
  readonly controllers: readonly VirtualController[];
  stats(): FleetStats;
  /** Stops every controller (graceful: each publishes `{"online":false}`). */
  stop(): Promise<void>;
}

/** Starts a controller for every online entry of `options.controllers`. */
export function startFleet(options: FleetOptions): Fleet {
  const clock = options.clock ?? systemClock;
  const defaultBuilder = dsmrTelegramBuilder();
  const rate = options.connectRatePerS ?? 200;
  let samples = 0;
  const controllers = options.controllers
    .filter((entry) => entry.online !== false)
    .map((entry) => {
      // P1 gateways send real DSMR telegrams (the protocol's builder unless the caller brings its own).
      const p1 = entry.setupType === 'P1_WIFI';
      return new VirtualController({
        url: options.url,
        unitId: entry.unitId,
        secret: entry.secret,
        site: {
          kit: entry.kit,
          latitude: entry.latitude,
          longitude: entry.longitude,
          timezone: entry.timezone,
          seed: options.seed,
        },
        p1,
        telegramBuilder: p1 ? (options.telegramBuilder ?? defaultBuilder) : undefined,
        clock,
        intervalS: options.intervalS,
        alwaysLiveS: options.alwaysLiveS,
        warmupS: options.warmupS,
        phaseMs: options.spread === false ? 0 : hashString(entry.unitId) % 60_000,
        connection: entry.connection,
        firmware: entry.firmware,
        mqttOptions: options.mqttOptions,
        onEvent: (event) => {
          if (event.type === 'published' && !event.resend) samples += event.samples;
          options.onEvent?.(entry.unitId, event);
        },
      });
    });
  const pending = new Set<unknown>();
  controllers.forEach((controller, i) => {
    const delay = Math.floor((i * 1000) / rate);
    if (delay === 0) {
      controller.start();
      return;
    }
    const handle = clock.setTimeout(() => {
      pending.delete(handle);
      controller.start();
    }, delay);
    pending.add(handle);
  });
  return {
    controllers,
    stats: () => {
      const totals: FleetStats = {
        controllers: controllers.length,
        connected: 0,
        published: 0,
        resent: 0,
        acks: 0,
        samples,
        outbox: 0,
      };
      for (const controller of controllers) {
        if (controller.connected) totals.connected++;
        totals.published += controller.stats.published;
        totals.resent += controller.stats.resent;
        totals.acks += controller.stats.acks;
        totals.outbox += controller.stats.outbox;
      }
      return totals;
    },
    stop: async () => {
      for (const handle of pending) clock.clearTimeout(handle);
      pending.clear();
      await Promise.all(controllers.map((controller) => controller.stop()));
    },
  };
}
