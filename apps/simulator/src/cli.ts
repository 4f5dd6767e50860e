/**
 * Load generator: `npm run simulate -- --controllers N --url mqtt://host:port [options]`.
 *
 * Runs N virtual controllers against any broker that speaks the controller protocol v1 and prints, every 10 s,
 * connected controllers, telemetry messages/s, samples/s, acknowledgements/s, re-sends and the outbox. Without
 * `--credentials` the unit IDs are generated (`SIM-000001` …) with the secret `--secret` (for a broker that takes
 * any password, e.g. Mosquitto with anonymous access); with it, the controllers are the file's `[{unitId, secret}]`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFleet, type FleetController, type FleetStats } from './fleet.ts';
import { isKitName, KIT_NAMES, type KitName } from './model/kits.ts';
import { mulberry32, toSeed } from './model/random.ts';

const USAGE = `Usage: npm run simulate -- [options]

  --controllers N     number of controllers (default 10; with --credentials: all of the file's, or the first N)
  --url URL           broker (default mqtt://127.0.0.1:1884)
  --credentials FILE  JSON array of {"unitId","secret"}
  --secret S          secret of generated controllers (default "sim")
  --prefix P          unit ID prefix of generated controllers (default "SIM")
  --kit KIT           ${KIT_NAMES.join(' | ')} | mix (default full)
  --interval-s S      telemetry interval when not live (default 60)
  --live              publish every 2 s all the time, as if everybody watched
  --live-interval-s S interval with --live (default 2)
  --seed SEED         model seed (default "load")
  --connect-rate R    connections started per second (default 200)
  --warmup-s S        model warm-up before the start (default 0)
  --duration-s S      stop after this long (default: run until Ctrl-C)
  --report-s S        print the rates every S seconds (default 10)
  --help`;

interface Credential {
  unitId: string;
  secret: string;
}

function readCredentials(file: string): Credential[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of {unitId, secret}`);
  return parsed.map((entry: unknown, i) => {
    const { unitId, secret } = (entry ?? {}) as Partial<Credential>;
    if (typeof unitId !== 'string' || typeof secret !== 'string') {
      throw new Error(`${file}[${i}]: expected {unitId, secret} strings`);
    }
    return { unitId, secret };
  });
}

function main(): void {
  const { values } = parseArgs({
    options: {
      controllers: { type: 'string' },
      url: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
      credentials: { type: 'string' },
      secret: { type: 'string', default: 'sim' },
      prefix: { type: 'string', default: 'SIM' },
      kit: { type: 'string', default: 'full' },
      'interval-s': { type: 'string', default: '60' },
      live: { type: 'boolean', default: false },
      'live-interval-s': { type: 'string', default: '2' },
      seed: { type: 'string', default: 'load' },
      'connect-rate': { type: 'string', default: '200' },
      'warmup-s': { type: 'string', default: '0' },
      'duration-s': { type: 'string' },
      'report-s': { type: 'string', default: '10' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const number = (name: string, value: string | undefined, min: number): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name}: expected a number ≥ ${min}`);
    return n;
  };
  const kit = values.kit;
  if (kit !== 'mix' && !isKitName(kit))
    throw new Error(`--kit: one of ${KIT_NAMES.join(', ')}, mix`);
  let credentials: Credential[];
  if (values.credentials) {
    credentials = readCredentials(values.credentials);
    if (values.controllers !== undefined) {
      credentials = credentials.slice(0, number('controllers', values.controllers, 1));
    }
  } else {
    const n = number('controllers', values.controllers ?? '10', 1);
    credentials = Array.from({ length: n }, (_, i) => ({
      unitId: `${values.prefix}-${String(i + 1).padStart(6, '0')}`,
      secret: values.secret,
    }));
  }
  // Places scattered over Slovenia and its neighbours, repeatably.
  const random = mulberry32(toSeed(values.seed));
  const controllers: FleetController[] = credentials.map((credential, i) => ({
    ...credential,
    kit: kit === 'mix' ? (KIT_NAMES[i % KIT_NAMES.length] as KitName) : kit,
    latitude: 45.4 + random() * 1.6,
    longitude: 13.6 + random() * 2.8,
    timezone: 'Europe/Ljubljana',
  }));

  const errors = new Map<string, number>();
  const fleet = startFleet({
    url: values.url,
    controllers,
    seed: values.seed,
    intervalS: number('interval-s', values['interval-s'], 1),
    alwaysLiveS: values.live ? number('live-interval-s', values['live-interval-s'], 1) : undefined,
    warmupS: number('warmup-s', values['warmup-s'], 0),
    connectRatePerS: number('connect-rate', values['connect-rate'], 1),
    onEvent: (_unitId, event) => {
      if (event.type === 'error')
        errors.set(event.error.message, (errors.get(event.error.message) ?? 0) + 1);
    },
  });
  console.log(
    `simulate: ${controllers.length} controllers (${kit}) → ${values.url}, interval ${values['interval-s']} s${values.live ? `, live every ${values['live-interval-s']} s` : ''}`,
  );

  const started = Date.now();
  let previous: FleetStats = fleet.stats();
  let previousAt = started;
  const report = setInterval(
    () => {
      const now = Date.now();
      const stats = fleet.stats();
      const seconds = (now - previousAt) / 1000;
      const rate = (key: 'published' | 'acks' | 'samples' | 'resent') =>
        ((stats[key] - previous[key]) / seconds).toFixed(1);
      console.log(
        `t=${Math.round((now - started) / 1000)}s connected=${stats.connected}/${stats.controllers}` +
          ` messages/s=${rate('published')} samples/s=${rate('samples')} acks/s=${rate('acks')}` +
          ` resent/s=${rate('resent')} outbox=${stats.outbox}`,
      );
      for (const [message, count] of errors) console.log(`  error ×${count}: ${message}`);
      errors.clear();
      previous = stats;
      previousAt = now;
    },
    number('report-s', values['report-s'], 1) * 1000,
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(report);
    const stats = fleet.stats();
    await fleet.stop();
    console.log(
      `stopped: published ${stats.published} messages (${stats.samples} samples), ${stats.acks} acks, ` +
        `${stats.resent} re-sent, ${stats.outbox} unacknowledged`,
    );
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (values['duration-s'] !== undefined) {
    setTimeout(() => void stop(), number('duration-s', values['duration-s'], 1) * 1000);
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}
