import type { ErrorCode } from '@ec/contract';
import { ERROR_CODES } from 'virtual:ec-contract-routes';

/** Interpolation values the server sends with an error message key (e.g. `{ seconds: 30 }`). */
export type ErrorParams = Record<string, string | number>;

/**
 * An error answer from the API (`{ error: { code, message, fields?, params? } }`). `message` and the values of
 * `fields` are translation keys; `params` fills their placeholders.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  readonly params: ErrorParams;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    params?: ErrorParams | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.params = init.params ?? {};
  }
}

/** The request never got an HTTP answer (offline, DNS, connection reset) or the answer was not our API's. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** Translation key of the message to show. */
  readonly messageKey = 'errors.network';
}

/** Whether an error is an API answer with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * Turns a non-2xx response body into an ApiError. A body that is not our error envelope (a proxy's HTML page, an
 * empty 502) still becomes an ApiError with a code derived from the status, so callers handle one type.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = errorOf(body);
  if (error) return new ApiError({ status, ...error });
  const code = codeForStatus(status);
  return new ApiError({ status, code, message: `errors.${code}` });
}

/** The `error` of an error envelope (errorBodySchema in @ec/contract), checked by hand to keep zod out. */
function errorOf(body: unknown): {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  params?: ErrorParams;
} | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields, params } = error as Record<string, unknown>;
  if (!(ERROR_CODES as readonly unknown[]).includes(code) || typeof message !== 'string')
    return null;
  return {
    code: code as ErrorCode,
    message,
    fields: isRecordOf<string>(fields, (v) => typeof v === 'string') ? fields : undefined,
    params: isRecordOf<string | number>(
      params,
      (v) => typeof v === 'string' || typeof v === 'number',
    )
      ? params
      : undefined,
  };
}

function isRecordOf<V>(value: unknown, check: (v: unknown) => boolean): value is Record<string, V> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(check)
  );
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'RULE_BROKEN';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL';
  }
}
