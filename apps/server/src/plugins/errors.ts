import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@ec/contract';
import { AppError, RequestValidationError } from '../errors.ts';

/** The `{ error: … }` body for a code (message `errors.<CODE>` unless given). */
export function errorBody(
  code: ErrorCode,
  extra: {
    message?: string;
    fields?: Record<string, string> | undefined;
    params?: Record<string, string | number> | undefined;
  } = {},
): ErrorBody {
  const error: ErrorBody['error'] = { code, message: extra.message ?? `errors.${code}` };
  if (extra.fields) error.fields = extra.fields;
  if (extra.params) error.params = extra.params;
  return { error };
}

/** Sends an error envelope. */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  extra?: Parameters<typeof errorBody>[1],
): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(code, extra));
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'RULE_BROKEN',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * Every error leaves as `{ error: { code, message, fields? } }`: our AppErrors as thrown, schema failures as 400
 * VALIDATION_FAILED with field keys, Fastify's own client errors (bad JSON, too large, wrong content type, …) by
 * their status, and anything else as a logged 500 INTERNAL that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.code, {
        message: error.message,
        fields: error.fields,
        params: error.params,
      });
    }
    if (error instanceof RequestValidationError) {
      return sendError(reply, 400, 'VALIDATION_FAILED', { fields: error.fields });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      if (status === 400) return sendError(reply, 400, 'MALFORMED_REQUEST');
      return sendError(reply, status, CODE_BY_STATUS[status] ?? 'MALFORMED_REQUEST');
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, 'INTERNAL');
  });
}

/**
 * Router-level failures that happen before a request reaches a route (a malformed percent-encoding in the path, a
 * path parameter over the length limit): same envelope, MALFORMED_REQUEST with Fastify's status (400 or 414).
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code, status }, error.message);
  void sendError(reply, status, 'MALFORMED_REQUEST');
}

/** Answers HTTP parse errors (before Fastify sees a request) with our envelope instead of Node's bare status. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let code: ErrorCode = 'MALFORMED_REQUEST';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    code = 'PAYLOAD_TOO_LARGE';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
  }
  const body = JSON.stringify(errorBody(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
