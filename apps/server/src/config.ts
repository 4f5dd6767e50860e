import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import {
  checkTileUrl,
  LOCAL_TILE_ATTRIBUTION,
  LOCAL_TILE_URL,
  OPENSTREETMAP_ATTRIBUTION,
  OPENSTREETMAP_TILE_URL,
} from './integrations/map-tiles/tile-url.ts';

/** The repository root, so default paths work whatever the working directory. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const bool = (name: string) =>
  z.enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: `${name} must be true or false`,
  });

const int = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${name} must be at least ${min}`)
        .max(max, `${name} must be at most ${max}`),
    );

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

/** A DNS name of one or more labels (letters, digits, hyphens, underscores for service labels). */
const DOMAIN_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A comma-separated list, trimmed, without empty entries. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** An address node's DNS resolver takes: `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`. */
function isResolverAddress(value: string): boolean {
  if (isIP(value) !== 0) return true;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  if (!match) return false;
  const host = match[1] ?? match[2] ?? '';
  const port = Number(match[3]);
  const family = isIP(host);
  return port >= 1 && port <= 65535 && (match[1] ? family === 6 : family === 4);
}

const envSchema = z.object({
  PORT: int('PORT', 0, 65535).default(3000),
  HOST: z.string().optional(),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    })
    .optional(),
  DATA_DIR: z.string().optional(),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'NODE_ENV must be development, production or test',
    })
    .default('development'),
  SESSION_IDLE_MINUTES: int('SESSION_IDLE_MINUTES', 1, 525_600).default(60),
  SESSION_MAX_DAYS: int('SESSION_MAX_DAYS', 1, 366).default(7),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  SEED_DEMO: bool('SEED_DEMO').optional(),
  DEMO_SIMULATOR: bool('DEMO_SIMULATOR').optional(),
  DEMO_MOJ_ELEKTRO: bool('DEMO_MOJ_ELEKTRO').optional(),
  DEMO_HISTORY_DAYS: int('DEMO_HISTORY_DAYS', 0, 3660).default(365),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().max(320).default('Cloud <no-reply@localhost>'),
  DEV_MAILBOX: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'open'], {
      error: 'DEV_MAILBOX must be true, false or open',
    })
    .optional(),
  MAIL_SPF_INCLUDE: z
    .string()
    .max(253)
    .regex(DOMAIN_NAME, 'MAIL_SPF_INCLUDE must be a domain name (e.g. _spf.mail.example.com)')
    .optional(),
  DNS_SERVERS: z
    .string()
    .max(1000)
    .refine((value) => splitList(value).every(isResolverAddress), {
      error: 'DNS_SERVERS must be a comma-separated list of IP addresses, optionally with :port',
    })
    .optional(),
  DNS_TIMEOUT_MS: int('DNS_TIMEOUT_MS', 50, 60_000).default(3000),
  OIDC_PROVIDERS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, 'MICROSOFT_TENANT must be a tenant id, domain or "common"')
    .default('common'),
  RATE_LIMITS: bool('RATE_LIMITS').optional(),
  JOBS_WORKERS: bool('JOBS_WORKERS').optional(),
  TELEMETRY_RAW_RETENTION_DAYS: int('TELEMETRY_RAW_RETENTION_DAYS', 2, 3650).default(35),
  MAP_TILE_URL: z
    .string()
    .max(500)
    .superRefine((value, ctx) => {
      const check = value === 'local' ? null : checkTileUrl(value);
      if (check && !check.ok) {
        ctx.addIssue({
          code: 'custom',
          message: `MAP_TILE_URL must be "local" or a tile URL template with {z}, {x} and {y}: ${check.problem}`,
        });
      }
    })
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  ENTSOE_API_URL: z
    .union([z.literal('local'), httpUrl('ENTSOE_API_URL')], {
      error: 'ENTSOE_API_URL must be "local" or an http(s) URL',
    })
    .optional(),
  ENTSOE_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,100}$/, 'ENTSOE_TOKEN must be the security token (letters, digits, -)')
    .optional(),
  OCTOPUS_API_URL: z
    .union([z.literal('local'), httpUrl('OCTOPUS_API_URL')], {
      error: 'OCTOPUS_API_URL must be "local" or an http(s) URL',
    })
    .optional(),
  OCTOPUS_PRODUCT: z
    .string()
    .regex(
      /^[A-Z0-9][A-Z0-9-]{0,63}$/,
      'OCTOPUS_PRODUCT must be a product code like AGILE-24-10-01',
    )
    .default('AGILE-24-10-01'),
  MOJ_ELEKTRO_API_URL: z
    .union([z.literal('local'), httpUrl('MOJ_ELEKTRO_API_URL')], {
      error: 'MOJ_ELEKTRO_API_URL must be "local" or an http(s) URL',
    })
    .optional(),
  OPEN_METEO_ARCHIVE_URL: z
    .union([z.literal('local'), httpUrl('OPEN_METEO_ARCHIVE_URL')], {
      error: 'OPEN_METEO_ARCHIVE_URL must be "local" or an http(s) URL',
    })
    .optional(),
  EXTERNAL_CREDENTIALS_KEY: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const key = parseCredentialsKey(value);
      if (key === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'EXTERNAL_CREDENTIALS_KEY must be 32 bytes: 64 hexadecimal characters or their base64',
        });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
  MQTT_ENABLED: bool('MQTT_ENABLED').optional(),
  MQTT_HOST: z.string().max(253).optional(),
  MQTT_PORT: int('MQTT_PORT', 0, 65535).default(1884),
  MQTT_WS_PORT: z
    .union([z.literal('off'), int('MQTT_WS_PORT', 0, 65535)], {
      error: 'MQTT_WS_PORT must be a port number or off',
    })
    .default(1885),
  MQTT_URL: z
    .url({
      protocol: /^(mqtts?|wss?)$/,
      error: 'MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL',
    })
    .optional(),
  MQTT_USERNAME: z.string().max(200).optional(),
  MQTT_PASSWORD: z.string().max(500).optional(),
  MQTT_DYNSEC: bool('MQTT_DYNSEC').optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
      'MQTT_SHARE_GROUP must be 1-64 of A-Z, a-z, 0-9, ., _ and -',
    )
    .default('ec-ingest'),
});

/**
 * A 32-byte key given as 64 hexadecimal characters or as base64 (with or without padding, also base64url) → the
 * 64 lower-case hex characters, or null.
 */
export function parseCredentialsKey(value: string): string | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}

/** An OpenID Connect provider for social sign-in. */
export interface OidcProviderConfig {
  /** Short id used in URLs (`/api/auth/oidc/<id>/start`). */
  id: string;
  /** Button label (a brand name, not translated). */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

const oidcProviderSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'id must be 1-32 of a-z, 0-9 and -'),
  name: z.string().min(1).max(60),
  issuer: httpUrl('issuer'),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
});

/** `TRUST_PROXY` as Fastify takes it: off, on, a hop count, or a list of addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** The server's configuration, parsed from the environment. */
export interface Config {
  port: number;
  /** Listening address: HOST, else 127.0.0.1 (this machine only) outside production and 0.0.0.0 in production. */
  host: string;
  /** PostgreSQL URL; when unset the embedded PGlite stores its files under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Origin the public reaches the server at (no trailing slash), or undefined to trust the Host header. */
  publicUrl: string | undefined;
  /** Set in the environment, or undefined: the server then generates one and stores it in app_settings. */
  sessionSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  nodeEnv: 'development' | 'production' | 'test';
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  /** The built SPA (index.html and assets/). */
  webDistDir: string;
  trustProxy: TrustProxy;
  /** Whether an empty database gets the demo sites and logins (default: everywhere but production). */
  seedDemo: boolean;
  /**
   * DEMO_SIMULATOR: whether `npm start` runs simulated controllers for the demo's controllers on the embedded broker
   * (default: when the demo is seeded) and writes a year of demo history on first start.
   */
  demoSimulator: boolean;
  /**
   * DEMO_MOJ_ELEKTRO: whether the advanced demo user gets the Moj Elektro demo token and its three metering points,
   * imported in the background (default: like DEMO_SIMULATOR; only with the local emulator).
   */
  demoMojElektro: boolean;
  /** DEMO_HISTORY_DAYS: how many days of 15-minute history the demo gets on its first start (default 365). */
  demoHistoryDays: number;
  /** SMTP server for outgoing mail; undefined = mail goes to the `mail_outbox` table (and the log). */
  smtpUrl: string | undefined;
  /** Sender of every message, e.g. `Cloud <no-reply@example.com>`. */
  mailFrom: string;
  /**
   * Whether the development mailbox (GET /api/dev/mailbox) keeps and shows mail (default: without SMTP_URL; never in
   * production). It answers only requests from the loopback interface, and only a signed-in super admin unless
   * {@link Config.devMailboxOpen}.
   */
  devMailbox: boolean;
  /** DEV_MAILBOX=open: the mailbox answers every loopback request without a session (browser tests; never production). */
  devMailboxOpen: boolean;
  /**
   * The domain whose SPF record lists the servers this platform sends from; companies include it in their own SPF
   * record (MAIL_SPF_INCLUDE, default the domain of MAIL_FROM).
   */
  mailSpfInclude: string;
  /** Resolvers for the company e-mail DNS check (DNS_SERVERS; empty = the system's). */
  dnsServers: string[];
  /** How long one DNS query may take before it counts as failed (DNS_TIMEOUT_MS, default 3000). */
  dnsTimeoutMs: number;
  /** Social sign-in providers (OIDC_PROVIDERS, then Google and Microsoft when their client ids are set). */
  oidcProviders: OidcProviderConfig[];
  /**
   * Whether this instance runs the background job workers, cron schedules and queue maintenance (JOBS_WORKERS,
   * default on). Off: it only enqueues jobs and another instance on the same database does the work.
   */
  jobsWorkers: boolean;
  /** Whether sign-in, registration and mail requests are rate-limited (RATE_LIMITS, default on). */
  rateLimits: boolean;
  /** Map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; OpenStreetMap by default). */
  mapTiles: MapTilesConfig;
  /**
   * How many days raw telemetry readings are kept (TELEMETRY_RAW_RETENTION_DAYS, 2–3650, default 35); 15-minute
   * intervals and roll-ups are kept for good (docs/telemetry.md).
   */
  telemetryRawRetentionDays: number;
  /** Controllers over MQTT (docs/mqtt-broker.md). */
  mqtt: MqttConfig;
  /** Where day-ahead prices come from (modules/spot-prices). */
  spotPrices: SpotPricesConfig;
  /**
   * MOJ_ELEKTRO_API_URL: the Moj Elektro API base URL (default {@link MOJ_ELEKTRO_DEFAULT_URL} in production, else
   * `local`: the emulator of `@ec/emulators/moj-elektro`, started in this process on first use).
   */
  mojElektroUrl: string;
  /** OPEN_METEO_ARCHIVE_URL: the Open-Meteo archive API (default {@link OPEN_METEO_ARCHIVE_DEFAULT_URL} in production, else `local`). */
  openMeteoArchiveUrl: string;
  /**
   * EXTERNAL_CREDENTIALS_KEY as 64 lower-case hex characters (32 bytes, given as hex or base64): encrypts users'
   * external tokens at rest. Required in production; undefined elsewhere when unset (the Moj Elektro module then
   * generates one and keeps it in the settings table).
   */
  externalCredentialsKey: string | undefined;
}

/** Informatika's Moj Elektro production API. */
export const MOJ_ELEKTRO_DEFAULT_URL = 'https://api.informatika.si/mojelektro/v1';
/** Open-Meteo's historical weather API. */
export const OPEN_METEO_ARCHIVE_DEFAULT_URL = 'https://archive-api.open-meteo.com/v1';

/**
 * The spot-price sources. `'local'` = the emulator of `@ec/emulators`, started in this process on first use (the
 * default outside production while no ENTSOE_TOKEN is set, so `npm start` and the tests work offline).
 */
export interface SpotPricesConfig {
  /**
   * ENTSOE_API_URL (default https://web-api.tp.entsoe.eu/api with ENTSOE_TOKEN, else `local`); null in production
   * without a token: ENTSO-E prices are not fetched.
   */
  entsoeUrl: string | null;
  /** ENTSOE_TOKEN: the Transparency Platform security token (unset with the emulator). */
  entsoeToken: string | undefined;
  /** OCTOPUS_API_URL (default https://api.octopus.energy with ENTSOE_TOKEN or in production, else `local`). */
  octopusUrl: string;
  /** OCTOPUS_PRODUCT: the Agile product whose unit rates are fetched (default AGILE-24-10-01). */
  octopusProduct: string;
}

/** ENTSO-E's RESTful API. */
export const ENTSOE_DEFAULT_URL = 'https://web-api.tp.entsoe.eu/api';
/** Octopus Energy's public API. */
export const OCTOPUS_DEFAULT_URL = 'https://api.octopus.energy';

/**
 * The MQTT side (docs/mqtt-broker.md): the embedded broker (default), or an external one when `url` is set.
 */
export interface MqttConfig {
  /** MQTT_ENABLED: whether the server starts MQTT at all (default on, off under NODE_ENV=test). */
  enabled: boolean;
  /** MQTT_HOST: where the embedded broker listens (default HOST's value). */
  host: string;
  /** MQTT_PORT: the embedded broker's TCP port (default 1884; Mosquitto keeps 1883). */
  port: number;
  /** MQTT_WS_PORT: the embedded broker's WebSocket port (default 1885); null with `off`. */
  wsPort: number | null;
  /** MQTT_URL: an external broker (mqtt://, mqtts://, ws://, wss://); set = no embedded broker. */
  url: string | undefined;
  /** MQTT_USERNAME / MQTT_PASSWORD: the server's credentials on the external broker. */
  username: string | undefined;
  password: string | undefined;
  /** MQTT_SHARE_GROUP: the shared subscription group on the external broker (default `ec-ingest`). */
  shareGroup: string;
  /**
   * MQTT_DYNSEC: the external broker is a Mosquitto with the dynamic-security plugin and the server's user is its
   * admin: rotated secrets are pushed there (default off).
   */
  dynsec: boolean;
}

/** The map tiles the web's coordinates selector shows (site info `map`). */
export interface MapTilesConfig {
  /** Leaflet URL template (`{z}/{x}/{y}`, optionally `{s}`); the local emulator's path when `local`. */
  url: string;
  /** Plain text shown on the map (not HTML). */
  attribution: string;
  /** Whether the server serves the tiles itself (MAP_TILE_URL=local): GET /api/map-tiles/{z}/{x}/{y}.svg. */
  local: boolean;
  /** The CSP `img-src` source the tiles need; null when they come from this server. */
  imageSource: string | null;
}

/** A configuration problem; `message` lists every invalid variable, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses and validates the environment. Empty values count as unset. Relative paths given in the environment
 * resolve against the working directory; the defaults (./data and apps/web/dist) against the repository root, so
 * `npm start` and `npm run dev -w @ec/server` use the same directories.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = present[name];
      // A secret's value is never echoed.
      const shown =
        value === undefined || name === 'EXTERNAL_CREDENTIALS_KEY'
          ? ''
          : ` (got ${JSON.stringify(value.slice(0, 80))})`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const nodeEnv = e.NODE_ENV;
  const yes = (value: string | undefined) =>
    value !== undefined && ['true', '1', 'yes'].includes(value);
  // `open` is on (and open); unset follows SMTP_URL; production never, whatever the variable says.
  if (nodeEnv === 'production' && e.EXTERNAL_CREDENTIALS_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  EXTERNAL_CREDENTIALS_KEY: must be set in production (32 bytes as 64 hex characters or base64, e.g. `openssl rand -hex 32`)',
    );
  }
  const devMailbox =
    nodeEnv !== 'production' &&
    (e.DEV_MAILBOX === undefined
      ? e.SMTP_URL === undefined
      : e.DEV_MAILBOX === 'open' || yes(e.DEV_MAILBOX));
  return {
    port: e.PORT,
    // Outside production only this machine can connect unless HOST says otherwise: the demo logins and the
    // development mailbox are not for the network. In production the server usually runs behind a proxy or in a
    // container and must listen on every interface.
    host: e.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ? resolveFrom(process.cwd(), e.DATA_DIR) : resolve(repoRoot, 'data'),
    publicUrl: e.PUBLIC_URL === undefined ? undefined : new URL(e.PUBLIC_URL).origin,
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    nodeEnv,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    webDistDir: e.WEB_DIST_DIR
      ? resolveFrom(process.cwd(), e.WEB_DIST_DIR)
      : resolve(repoRoot, 'apps/web/dist'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    seedDemo:
      e.SEED_DEMO === undefined
        ? nodeEnv !== 'production'
        : ['true', '1', 'yes'].includes(e.SEED_DEMO),
    demoSimulator:
      e.DEMO_SIMULATOR === undefined
        ? e.SEED_DEMO === undefined
          ? nodeEnv !== 'production' && nodeEnv !== 'test'
          : ['true', '1', 'yes'].includes(e.SEED_DEMO)
        : ['true', '1', 'yes'].includes(e.DEMO_SIMULATOR),
    demoMojElektro:
      e.DEMO_MOJ_ELEKTRO === undefined
        ? e.SEED_DEMO === undefined
          ? nodeEnv !== 'production' && nodeEnv !== 'test'
          : ['true', '1', 'yes'].includes(e.SEED_DEMO)
        : ['true', '1', 'yes'].includes(e.DEMO_MOJ_ELEKTRO),
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMailbox,
    devMailboxOpen: devMailbox && e.DEV_MAILBOX === 'open',
    mailSpfInclude: e.MAIL_SPF_INCLUDE?.toLowerCase() ?? domainOfAddress(e.MAIL_FROM),
    dnsServers: e.DNS_SERVERS === undefined ? [] : splitList(e.DNS_SERVERS),
    dnsTimeoutMs: e.DNS_TIMEOUT_MS,
    oidcProviders: parseOidcProviders(e),
    rateLimits: e.RATE_LIMITS === undefined || yes(e.RATE_LIMITS),
    jobsWorkers: e.JOBS_WORKERS === undefined || yes(e.JOBS_WORKERS),
    mapTiles: parseMapTiles(e.MAP_TILE_URL, e.MAP_TILE_ATTRIBUTION),
    telemetryRawRetentionDays: e.TELEMETRY_RAW_RETENTION_DAYS,
    mqtt: {
      enabled: e.MQTT_ENABLED === undefined ? nodeEnv !== 'test' : yes(e.MQTT_ENABLED),
      host: e.MQTT_HOST ?? e.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
      port: e.MQTT_PORT,
      wsPort: e.MQTT_WS_PORT === 'off' ? null : e.MQTT_WS_PORT,
      url: e.MQTT_URL,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      shareGroup: e.MQTT_SHARE_GROUP,
      dynsec: e.MQTT_DYNSEC !== undefined && yes(e.MQTT_DYNSEC),
    },
    spotPrices: parseSpotPrices(e, nodeEnv),
    mojElektroUrl:
      e.MOJ_ELEKTRO_API_URL ?? (nodeEnv === 'production' ? MOJ_ELEKTRO_DEFAULT_URL : 'local'),
    openMeteoArchiveUrl:
      e.OPEN_METEO_ARCHIVE_URL ??
      (nodeEnv === 'production' ? OPEN_METEO_ARCHIVE_DEFAULT_URL : 'local'),
    externalCredentialsKey: e.EXTERNAL_CREDENTIALS_KEY,
  };
}

/** The spot-price sources: real with a token (or in production), the local emulators otherwise. */
function parseSpotPrices(
  e: z.infer<typeof envSchema>,
  nodeEnv: Config['nodeEnv'],
): SpotPricesConfig {
  const real = e.ENTSOE_TOKEN !== undefined || nodeEnv === 'production';
  if (e.ENTSOE_API_URL !== undefined && e.ENTSOE_API_URL !== 'local' && !e.ENTSOE_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  ENTSOE_TOKEN: must be set with ENTSOE_API_URL',
    );
  }
  return {
    entsoeUrl:
      e.ENTSOE_API_URL ??
      (e.ENTSOE_TOKEN !== undefined
        ? ENTSOE_DEFAULT_URL
        : nodeEnv === 'production'
          ? null
          : 'local'),
    entsoeToken: e.ENTSOE_API_URL === 'local' ? undefined : e.ENTSOE_TOKEN,
    octopusUrl: e.OCTOPUS_API_URL ?? (real ? OCTOPUS_DEFAULT_URL : 'local'),
    octopusProduct: e.OCTOPUS_PRODUCT,
  };
}

/** MAP_TILE_URL (already checked by the schema) with its attribution and CSP source. */
function parseMapTiles(url: string | undefined, attribution: string | undefined): MapTilesConfig {
  if (url === 'local') {
    return {
      url: LOCAL_TILE_URL,
      attribution: attribution ?? LOCAL_TILE_ATTRIBUTION,
      local: true,
      imageSource: null,
    };
  }
  const template = url ?? OPENSTREETMAP_TILE_URL;
  const check = checkTileUrl(template);
  if (!check.ok) throw new ConfigError(`Invalid configuration:\n  MAP_TILE_URL: ${check.problem}`);
  return {
    url: template,
    // Other tile servers have their own terms: OpenStreetMap's attribution is the default for its tiles only.
    attribution:
      attribution ??
      (/\.openstreetmap\.org$/.test(new URL(template.replace('{s}', 'a'), 'http://x').hostname)
        ? OPENSTREETMAP_ATTRIBUTION
        : ''),
    local: false,
    imageSource: check.imageSource,
  };
}

/**
 * OIDC_PROVIDERS (a JSON list) first; then Google and Microsoft when their client ids are set and OIDC_PROVIDERS
 * does not already define the same id.
 */
function parseOidcProviders(e: z.infer<typeof envSchema>): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  if (e.OIDC_PROVIDERS !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.OIDC_PROVIDERS);
    } catch {
      throw new ConfigError('Invalid configuration:\n  OIDC_PROVIDERS: must be a JSON list');
    }
    const parsed = z.array(oidcProviderSchema).max(20).safeParse(raw);
    if (!parsed.success) {
      const lines = parsed.error.issues.map(
        (issue) => `  OIDC_PROVIDERS[${issue.path.join('.')}]: ${issue.message}`,
      );
      throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
    }
    const ids = new Set<string>();
    for (const provider of parsed.data) {
      if (ids.has(provider.id)) {
        throw new ConfigError(
          `Invalid configuration:\n  OIDC_PROVIDERS: duplicate id ${provider.id}`,
        );
      }
      ids.add(provider.id);
      providers.push({ ...provider, clientSecret: provider.clientSecret });
    }
  }
  const defaults: OidcProviderConfig[] = [];
  if (e.GOOGLE_CLIENT_ID) {
    defaults.push({
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    });
  }
  if (e.MICROSOFT_CLIENT_ID) {
    defaults.push({
      id: 'microsoft',
      name: 'Microsoft',
      issuer: `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
    });
  }
  for (const provider of defaults) {
    if (!providers.some((p) => p.id === provider.id)) providers.push(provider);
  }
  return providers;
}

/** The domain of the address in a sender such as `Cloud <no-reply@cloud.example.com>` (lower case). */
function domainOfAddress(sender: string): string {
  const address = /<([^<>]*)>\s*$/.exec(sender)?.[1] ?? sender;
  const at = address.lastIndexOf('@');
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (at < 0 || !DOMAIN_NAME.test(domain)) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_SPF_INCLUDE: must be set when MAIL_FROM has no domain name to include',
    );
  }
  return domain;
}

function resolveFrom(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Reads the process environment. The only place in the server that touches `process.env`. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
