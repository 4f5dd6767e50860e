// What the spot-price clients (entsoe/, octopus/) have in common: the quarter-hour prices they answer, their error
// and the bounded back-off on 429 / 5xx that both providers need.

/** One quarter hour of a day-ahead price, as the source published it (hourly and half-hourly prices expanded). */
export interface QuarterHourPrice {
  /** Start of the 15-minute interval (UTC ms). */
  startMs: number;
  /** Price per MWh in the source's currency, exact decimal (no exponent). */
  pricePerMwh: string;
  /** Including VAT where the source publishes it (Octopus), else null. */
  priceIncVatPerMwh: string | null;
}

/** The answer for a period: prices, or the source's "no data (yet)" (not an error). */
export type SpotPricesResult =
  | {
      kind: 'prices';
      currency: string;
      /** The source's own resolution in minutes (15, 30, 60) before expansion to quarter hours. */
      resolutionMinutes: number;
      prices: QuarterHourPrice[];
    }
  | { kind: 'no-data'; reason: string };

/** Why a fetch failed: a stable code and an English message for logs and the CLI. */
export type SpotSourceErrorCode = 'UNAUTHORIZED' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'BAD_RESPONSE';

/** A spot-price source failed (never carries the token). */
export class SpotSourceError extends Error {
  readonly code: SpotSourceErrorCode;

  constructor(code: SpotSourceErrorCode, message: string) {
    super(message);
    this.name = 'SpotSourceError';
    this.code = code;
  }
}

/** How a client retries: bounded attempts, Retry-After honoured up to a cap. */
export interface BackoffOptions {
  /** Retries after the first attempt on 429 and 5xx (default 3). */
  maxRetries?: number;
  /** First wait without Retry-After (ms, default 1000), doubled per retry. */
  baseDelayMs?: number;
  /** The longest wait accepted (ms, default 60 000); a longer Retry-After gives up at once with RATE_LIMITED. */
  maxDelayMs?: number;
  /** Per-request time-out (ms, default 30 000). */
  timeoutMs?: number;
  /** For tests: the fetch to use and how to wait. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or an HTTP date → ms, or undefined. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * GETs `url`; on 429 and 5xx waits (Retry-After, else base × 2^n) and tries again, at most `maxRetries` times.
 * Network errors and time-outs count like 5xx. Answers the last response otherwise (the caller reads its status).
 */
export async function getWithBackoff(
  url: string,
  label: string,
  options: BackoffOptions = {},
): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 3;
  const base = options.baseDelayMs ?? 1000;
  const cap = options.maxDelayMs ?? 60_000;
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await doFetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        headers: { accept: 'application/xml, application/json' },
      });
    } catch (error) {
      failure = error;
    }
    const retryable = response === undefined || response.status === 429 || response.status >= 500;
    if (!retryable) return response as Response;
    const wait = retryAfterMs(response?.headers.get('retry-after') ?? null) ?? base * 2 ** attempt;
    if (attempt >= maxRetries || wait > cap) {
      await response?.body?.cancel();
      if (response?.status === 429) {
        throw new SpotSourceError(
          'RATE_LIMITED',
          `${label}: rate limited (429) after ${attempt + 1} attempts`,
        );
      }
      const why =
        response === undefined
          ? failure instanceof Error
            ? failure.message
            : String(failure)
          : `HTTP ${response.status}`;
      throw new SpotSourceError(
        'UNAVAILABLE',
        `${label}: unavailable (${why}) after ${attempt + 1} attempts`,
      );
    }
    await response?.body?.cancel();
    await sleep(wait);
  }
}

/** A JS number from JSON as a plain decimal string (at most nine decimals, no exponent). */
export function numberToDecimal(value: number): string {
  return value
    .toFixed(9)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
    .replace(/^-0$/, '0');
}
