import { ApiError, NetworkError } from '../api/errors.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text for a failed submit: the server's message key translated with its params (a 429 says how many seconds
 * to wait), the network message when the server was not reached, else `fallbackKey`.
 */
export function submitErrorText(error: unknown, t: Translate, fallbackKey: string): string {
  if (error instanceof ApiError) {
    return t(error.message, { ...error.params, defaultValue: t(fallbackKey) });
  }
  if (error instanceof NetworkError) return t(error.messageKey);
  return t(fallbackKey);
}

/** Seconds to wait from a 429 answer (`params.seconds`), if the server said. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = Number(error.params.seconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
