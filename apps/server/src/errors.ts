import type { ErrorCode } from '@ec/contract';

/** Interpolation values for an error message key. */
export type ErrorParams = Record<string, string | number>;

/**
 * An error the API answers on purpose: status, code and translation-key message (`errors.<CODE>` unless given).
 * Anything else thrown becomes a logged 500 INTERNAL.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly params: ErrorParams | undefined;
  /** Response headers to send with the error (e.g. Retry-After). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    options: {
      message?: string;
      fields?: Record<string, string>;
      params?: ErrorParams;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(options.message ?? `errors.${code}`);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = options.fields;
    this.params = options.params;
    this.headers = options.headers;
  }
}

/** Request input that failed its schema; `fields` maps a field path to a `validation.*` key. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>) {
    super('errors.VALIDATION_FAILED');
    this.fields = fields;
  }
}

/** 401: no valid session (or, with a message key, failed credentials). */
export const unauthenticated = (message?: string) =>
  new AppError(401, 'UNAUTHENTICATED', message ? { message } : {});
/** 403: signed in but not allowed. */
export const forbidden = (message?: string) =>
  new AppError(403, 'FORBIDDEN', message ? { message } : {});
/** 404: no such resource (also for another tenant's resource). */
export const notFound = () => new AppError(404, 'NOT_FOUND');
/** 422: a rule of the product forbids it; `message` is the rule's translation key. */
export const ruleBroken = (message?: string) =>
  new AppError(422, 'RULE_BROKEN', message ? { message } : {});
/** 400 with field errors (translation keys), for checks that need stored data (e.g. the current password). */
export const invalidFields = (fields: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', { fields });
/** 429 with the seconds until the window ends, as `params.seconds` and the Retry-After header. */
export const rateLimited = (seconds: number) =>
  new AppError(429, 'RATE_LIMITED', {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
  });
