import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { addDays, localMidnightMs, randomOf, seedOf, wallClock } from '../prices/price-shape.ts';
import { listenOnLoopback } from '../listen.ts';

const HOUR_MS = 3_600_000;

/** What to start. */
export interface OpenMeteoEmulatorOptions {
  /** Listening port (default 0: a free one). */
  port?: number;
  /** The emulator's clock (default the real one): the archive has values up to 5 days before it, null after. */
  now?: () => Date;
}

/** A running Open-Meteo archive emulator. */
export interface OpenMeteoEmulator {
  /** The base URL to configure as OPEN_METEO_ARCHIVE_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  requests: number;
  close(): Promise<void>;
}

/** Days the archive lags behind the clock (later hours come as null). */
export const OPEN_METEO_ARCHIVE_DELAY_DAYS = 5;

/**
 * Clear-sky global horizontal irradiance (W/m²) at an instant and place: a simple model (extraterrestrial
 * irradiance × sin(elevation) × an air-mass attenuation), no equation of time.
 */
export function clearSkyGhi(instantMs: number, latitude: number, longitude: number): number {
  const start = Date.UTC(new Date(instantMs).getUTCFullYear(), 0, 1);
  const doy = Math.floor((instantMs - start) / 86_400_000) + 1;
  const declination = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  const solarHour = (instantMs % 86_400_000) / HOUR_MS + longitude / 15;
  const hourAngle = (15 * (solarHour - 12) * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  const sine =
    Math.sin(phi) * Math.sin(declination) +
    Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle);
  if (sine <= 0.01) return 0;
  const extraterrestrial = 1361 * (1 + 0.033 * Math.cos((2 * Math.PI * doy) / 365));
  return extraterrestrial * sine * 0.7 ** ((1 / sine) ** 0.678);
}

/** The day's cloud factor (0.15–1) at a place, seeded by the rounded coordinates and the date. */
function cloudFactor(latitude: number, longitude: number, date: string, hourMs: number): number {
  const day = randomOf(seedOf(`${latitude.toFixed(2)}|${longitude.toFixed(2)}|${date}`));
  const level = 0.15 + 0.85 * day() ** 0.5;
  const hour = randomOf(seedOf(`${latitude.toFixed(2)}|${longitude.toFixed(2)}|${hourMs}`));
  return Math.min(1, level * (0.85 + 0.3 * hour()));
}

/**
 * The archive's `shortwave_radiation` labelled with the END of the hour it averages (Open-Meteo's "preceding hour
 * mean"): the clear-sky irradiance at the hour's middle × the day's clouds, one decimal.
 */
export function archiveShortwave(
  latitude: number,
  longitude: number,
  hourEndMs: number,
  date: string,
): number {
  const middle = hourEndMs - HOUR_MS / 2;
  return (
    Math.round(
      clearSkyGhi(middle, latitude, longitude) *
        cloudFactor(latitude, longitude, date, hourEndMs) *
        10,
    ) / 10
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | null): value is string => {
  if (value === null || !DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts an emulated Open-Meteo historical weather API: `GET /v1/archive?latitude&longitude&start_date&end_date&
 * hourly=shortwave_radiation&timezone` answers `hourly.time` as local times without an offset (every hour of the
 * local days, so 23 on the spring DST day and 25 in autumn, the repeated hour twice in order) and
 * `hourly.shortwave_radiation` (W/m², null within {@link OPEN_METEO_ARCHIVE_DELAY_DAYS} days of the clock). Bad
 * parameters answer 400 `{"error":true,"reason":…}` like the real API.
 */
export async function startOpenMeteoEmulator(
  options: OpenMeteoEmulatorOptions = {},
): Promise<OpenMeteoEmulator> {
  const now = options.now ?? (() => new Date());

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }
  const fail = (res: ServerResponse, reason: string) => send(res, 400, { error: true, reason });

  function handle(req: IncomingMessage, res: ServerResponse) {
    emulator.requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/v1/archive') {
      send(res, 404, { error: true, reason: 'Not Found' });
      return;
    }
    const q = url.searchParams;
    const latitude = Number(q.get('latitude'));
    const longitude = Number(q.get('longitude'));
    if (!q.get('latitude') || !Number.isFinite(latitude) || Math.abs(latitude) > 90) {
      fail(res, 'Latitude must be in range of -90 to 90°.');
      return;
    }
    if (!q.get('longitude') || !Number.isFinite(longitude) || Math.abs(longitude) > 180) {
      fail(res, 'Longitude must be in range of -180 to 180°.');
      return;
    }
    const start = q.get('start_date');
    const end = q.get('end_date');
    if (!isDate(start) || !isDate(end) || end < start) {
      fail(
        res,
        'Parameter start_date and end_date must be dates YYYY-MM-DD, start_date before end_date.',
      );
      return;
    }
    const variables = (q.get('hourly') ?? '').split(',').filter(Boolean);
    if (variables.length === 0 || variables.some((v) => v !== 'shortwave_radiation')) {
      fail(
        res,
        `Cannot initialize WeatherVariable from invalid String value ${variables.find((v) => v !== 'shortwave_radiation') ?? ''}`,
      );
      return;
    }
    const zone = q.get('timezone') ?? 'GMT';
    const timeZone = zone === 'GMT' || zone === 'UTC' ? 'UTC' : zone;
    if (!validZone(timeZone)) {
      fail(res, `Invalid timezone`);
      return;
    }
    const availableUntil = now().getTime() - OPEN_METEO_ARCHIVE_DELAY_DAYS * 86_400_000;
    const time: string[] = [];
    const values: (number | null)[] = [];
    const from = localMidnightMs(start, timeZone);
    const to = localMidnightMs(addDays(end, 1), timeZone);
    if ((to - from) / HOUR_MS > 24 * 366 * 2) {
      fail(res, 'The requested time range is too long.');
      return;
    }
    for (let t = from; t < to; t += HOUR_MS) {
      const clock = wallClock(t, timeZone);
      time.push(`${clock.date}T${String(clock.hour).padStart(2, '0')}:00`);
      values.push(t > availableUntil ? null : archiveShortwave(latitude, longitude, t, clock.date));
    }
    const offsetSeconds = wallClock(from, timeZone).offsetMs / 1000;
    send(res, 200, {
      latitude: Math.round(latitude * 50) / 50,
      longitude: Math.round(longitude * 50) / 50,
      generationtime_ms: 0.5,
      utc_offset_seconds: offsetSeconds,
      timezone: timeZone === 'UTC' ? 'GMT' : timeZone,
      timezone_abbreviation:
        timeZone === 'UTC'
          ? 'GMT'
          : (new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
              .formatToParts(new Date(from))
              .find((p) => p.type === 'timeZoneName')?.value ?? ''),
      elevation: 295,
      hourly_units: { time: 'iso8601', shortwave_radiation: 'W/m²' },
      hourly: { time, shortwave_radiation: values },
    });
  }

  const server: Server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) send(res, 500, { error: true, reason: 'Internal error' });
    }
  });
  const { port, close } = await listenOnLoopback(server, options.port);
  const emulator: OpenMeteoEmulator = {
    url: `http://127.0.0.1:${port}/v1`,
    requests: 0,
    close,
  };
  return emulator;
}
