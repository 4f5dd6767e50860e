import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@ec/contract';
import { createTestApp, json, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    headers: { 'content-type': contentType },
  });

function expectError(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = errorBodySchema.parse(JSON.parse(res.body));
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBe(`errors.${code}`);
}

describe('error envelopes', () => {
  it('malformed JSON → 400 MALFORMED_REQUEST', async () => {
    expectError(await post('{"data": {'), 400, 'MALFORMED_REQUEST');
  });

  it('an empty JSON body → 400 MALFORMED_REQUEST', async () => {
    expectError(await post(''), 400, 'MALFORMED_REQUEST');
  });

  it('prototype poisoning → 400 MALFORMED_REQUEST', async () => {
    expectError(await post('{"__proto__": {"admin": true}, "data": {}}'), 400, 'MALFORMED_REQUEST');
  });

  it('a body over 1 MiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const huge = JSON.stringify({ data: { email: 'a@b.test', password: 'x'.repeat(1_100_000) } });
    expectError(await post(huge), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a content type we do not read → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    expectError(
      await post('email=a', 'application/x-www-form-urlencoded'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await post('<data/>', 'text/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/api/site/info'],
    ['DELETE', '/api/auth/session'],
    ['GET', '/api/site/translations/en/extra'],
  ])('unknown route %s %s → JSON 404 NOT_FOUND', async (method, url) => {
    expectError(await t.app.inject({ method: method as 'GET', url }), 404, 'NOT_FOUND');
  });

  it('a path parameter longer than the router allows → 414 MALFORMED_REQUEST, not 500', async () => {
    const url = `/api/site/translations/${'x'.repeat(5000)}`;
    expectError(await t.app.inject({ method: 'GET', url }), 414, 'MALFORMED_REQUEST');
  });

  it('a malformed percent-encoding in the path → 400 MALFORMED_REQUEST', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/site/translations/%E0%A4%A' }),
      400,
      'MALFORMED_REQUEST',
    );
  });

  it('validation failures carry the field keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { data: { email: 'a@b.test' }, x: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fields: { 'data.password': 'validation.required', x: 'validation.unknown_field' },
      },
    });
  });
});

describe('HTTP parse errors on a real socket', () => {
  it('answers oversized headers with a 431 error envelope', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(errorBodySchema.parse(JSON.parse(body)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
