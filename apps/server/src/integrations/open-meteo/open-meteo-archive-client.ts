// Open-Meteo's historical weather API (keyless; ../shared/docs/domain-si.md §5): hourly global horizontal irradiance
// for the solar what-if's "weather" profile.
import { zoneOffsetMs } from '@ec/domain';
import { z } from 'zod';
import { getWithBackoff, SpotSourceError, type BackoffOptions } from '../spot-source.ts';

const HOUR_MS = 3_600_000;

export type OpenMeteoErrorCode = 'BAD_REQUEST' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'BAD_RESPONSE';

/** A failed archive call: a stable code and an English message for logs (Open-Meteo's `reason` when it sent one). */
export class OpenMeteoError extends Error {
  readonly code: OpenMeteoErrorCode;

  constructor(code: OpenMeteoErrorCode, message: string) {
    super(message);
    this.name = 'OpenMeteoError';
    this.code = code;
  }
}

/** Hourly irradiance: parallel arrays, oldest first. */
export interface HourlyIrradiance {
  /** Start of each hour (UTC ms). */
  timesMs: number[];
  /** Global horizontal irradiance (`shortwave_radiation`), the hour's mean, W/m². */
  ghiWm2: number[];
}

export interface HourlyIrradianceQuery {
  latitude: number;
  longitude: number;
  /** First local day, YYYY-MM-DD. */
  startDate: string;
  /** Last local day, YYYY-MM-DD (inclusive, as Open-Meteo's end_date). */
  endDate: string;
  /** IANA zone the hours are asked and read in, e.g. Europe/Ljubljana. */
  timeZone: string;
}

export interface OpenMeteoArchiveClient {
  hourlyIrradiance(query: HourlyIrradianceQuery): Promise<HourlyIrradiance>;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const answerSchema = z.looseObject({
  hourly: z.looseObject({
    time: z.array(z.string().regex(LOCAL_TIME)),
    shortwave_radiation: z.array(z.number().finite().nullable()),
  }),
});
const errorSchema = z.looseObject({ error: z.literal(true), reason: z.string() });

/**
 * The instant of a local wall-clock time (`2025-10-26T02:00` as UTC ms of the same digits) in `timeZone`, the
 * earliest one after `afterMs`: the repeated hour of the autumn change is told apart by order (first the summer
 * offset, then the winter one). A time in the spring gap (which Open-Meteo does not send) takes the offset before.
 */
export function localTimeToInstant(localMs: number, timeZone: string, afterMs: number): number {
  const offsets = new Set([
    zoneOffsetMs(localMs - 86_400_000, timeZone),
    zoneOffsetMs(localMs, timeZone),
    zoneOffsetMs(localMs + 86_400_000, timeZone),
  ]);
  const candidates = [...offsets]
    .map((offset) => localMs - offset)
    .filter((t) => t + zoneOffsetMs(t, timeZone) === localMs)
    .sort((a, b) => a - b);
  return (
    candidates.find((t) => t > afterMs) ??
    candidates.at(-1) ??
    localMs - zoneOffsetMs(localMs - 86_400_000, timeZone)
  );
}

/** The client of Open-Meteo's archive (`GET {base}/archive`), retried on 429/5xx like the spot-price sources. */
export function createOpenMeteoArchiveClient(
  options: { baseUrl: string } & BackoffOptions,
): OpenMeteoArchiveClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    /**
     * Hourly `shortwave_radiation` for the local days [startDate, endDate] in `timeZone`. Open-Meteo labels each
     * value with the END of the hour it averages ("preceding hour mean" in its variable tables; "solar radiation
     * is averaged over the past hour", open-meteo.com/en/docs) in local time without an offset; the
     * labels are resolved in the zone (the repeated autumn hour by its order) and moved to the hour's START. Hours
     * without a value (null: not yet in the archive) are left out, so the arrays may have gaps.
     */
    async hourlyIrradiance(query) {
      const url = `${base}/archive?${new URLSearchParams({
        latitude: String(query.latitude),
        longitude: String(query.longitude),
        start_date: query.startDate,
        end_date: query.endDate,
        hourly: 'shortwave_radiation',
        timezone: query.timeZone,
      }).toString()}`;
      let response: Response;
      try {
        response = await getWithBackoff(url, 'Open-Meteo archive', options);
      } catch (error) {
        if (error instanceof SpotSourceError) {
          throw new OpenMeteoError(
            error.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'UNAVAILABLE',
            error.message,
          );
        }
        throw error;
      }
      let body: unknown;
      try {
        body = JSON.parse(await response.text());
      } catch {
        throw new OpenMeteoError(
          'BAD_RESPONSE',
          `Open-Meteo archive: HTTP ${response.status}, not JSON`,
        );
      }
      if (response.status !== 200) {
        const reason = errorSchema.safeParse(body);
        throw new OpenMeteoError(
          response.status === 400 ? 'BAD_REQUEST' : 'BAD_RESPONSE',
          `Open-Meteo archive: HTTP ${response.status}${reason.success ? `: ${reason.data.reason.slice(0, 300)}` : ''}`,
        );
      }
      const parsed = answerSchema.safeParse(body);
      const hourly = parsed.success ? parsed.data.hourly : undefined;
      if (!hourly || hourly.time.length !== hourly.shortwave_radiation.length) {
        throw new OpenMeteoError('BAD_RESPONSE', 'Open-Meteo archive: unexpected answer');
      }
      const timesMs: number[] = [];
      const ghiWm2: number[] = [];
      let previous = -Infinity;
      hourly.time.forEach((label, i) => {
        const [, y, mo, d, h, mi] = LOCAL_TIME.exec(label)?.map(Number) ?? [];
        const localMs = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
        const endMs = localTimeToInstant(localMs, query.timeZone, previous);
        previous = endMs;
        const value = hourly.shortwave_radiation[i];
        if (value === null || value === undefined) return;
        timesMs.push(endMs - HOUR_MS);
        ghiWm2.push(value);
      });
      return { timesMs, ghiWm2 };
    },
  };
}
