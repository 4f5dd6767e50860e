import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@ec/contract';
import { AppError } from '../errors.ts';
import { userRecord } from '../test/fixtures.ts';
import type { Actor } from '../modules/auth/auth.service.ts';
import { NOT_MODIFIED, registerContractRoutes, type RouteHandler } from './contract-routes.ts';
import { registerErrorHandling } from './errors.ts';

// A contract of its own, to test the registrar apart from the real routes.
const testRoutes = {
  demo: {
    echo: defineRoute({
      method: 'POST',
      path: '/echo/:id',
      summary: 'echo',
      tags: ['test'],
      access: { kind: 'public' },
      params: z.strictObject({ id: z.coerce.number().int() }),
      query: z.strictObject({ q: z.string().optional() }),
      body: z.strictObject({ data: z.strictObject({ text: z.string().max(10) }) }),
      data: z.object({ id: z.number(), text: z.string(), q: z.string().nullable() }),
      successStatus: 201,
    }),
    leaky: defineRoute({
      method: 'GET',
      path: '/leaky',
      summary: 'returns more than its schema',
      tags: ['test'],
      access: { kind: 'public' },
      data: z.object({ name: z.string() }),
    }),
    signedIn: defineRoute({
      method: 'GET',
      path: '/signed-in',
      summary: 'any session',
      tags: ['test'],
      access: { kind: 'session' },
      data: z.object({ email: z.string() }),
    }),
    aggregators: defineRoute({
      method: 'GET',
      path: '/aggregators',
      summary: 'aggregators and above',
      tags: ['test'],
      access: { kind: 'session', roles: ['ROLE_AGGREGATOR'] },
      data: z.object({ ok: z.boolean() }),
    }),
    cached: defineRoute({
      method: 'GET',
      path: '/cached',
      summary: 'not modified',
      tags: ['test'],
      access: { kind: 'public' },
      data: z.object({ ok: z.boolean() }),
    }),
    broken: defineRoute({
      method: 'GET',
      path: '/broken',
      summary: 'throws',
      tags: ['test'],
      access: { kind: 'public' },
      data: z.object({ ok: z.boolean() }),
    }),
    teapot: defineRoute({
      method: 'DELETE',
      path: '/teapot',
      summary: 'throws an AppError',
      tags: ['test'],
      access: { kind: 'public' },
      data: z.object({}),
    }),
  },
};

const actorFor = (role: Actor['user']['role']): Actor => ({
  sessionId: 's',
  user: userRecord({ email: `${role}@x.test`, role }),
  impersonator: null,
});

let app: FastifyInstance;
const logged: unknown[] = [];
beforeAll(async () => {
  app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  registerErrorHandling(app);
  registerContractRoutes(
    app,
    testRoutes,
    {
      demo: {
        echo: async ({ params, query, body }) => ({
          id: params.id,
          text: body.data.text,
          q: query.q ?? null,
        }),
        leaky: async () => ({ name: 'n', passwordHash: 'secret' }) as { name: string },
        // A session route's actor is non-null by type: no check, no assertion.
        signedIn: async ({ actor }) => ({ email: actor.user.email }),
        aggregators: async () => ({ ok: true }),
        cached: async () => NOT_MODIFIED,
        broken: async () => {
          throw new Error('database exploded at 10.0.0.1');
        },
        teapot: async () => {
          throw new AppError(409, 'CONFLICT', { message: 'demo.conflict', params: { n: 1 } });
        },
      },
    },
    {
      authenticate: async (request) => {
        const role = request.headers['x-role'];
        return typeof role === 'string' ? actorFor(role as Actor['user']['role']) : null;
      },
    },
  );
  await app.ready();
});
afterAll(() => app.close());

/** The actor a route's handler receives, by type. */
type ActorOf<R> = Parameters<RouteHandler<R>>[0]['actor'];

describe('handler actor type (checked by tsc)', () => {
  it('is Actor for session routes and Actor | null for public ones', () => {
    expectTypeOf<ActorOf<typeof testRoutes.demo.signedIn>>().toEqualTypeOf<Actor>();
    expectTypeOf<ActorOf<typeof testRoutes.demo.aggregators>>().toEqualTypeOf<Actor>();
    expectTypeOf<ActorOf<typeof testRoutes.demo.echo>>().toEqualTypeOf<Actor | null>();
  });
});

describe('registerContractRoutes', () => {
  it('validates and coerces input, passes it to the handler and wraps the answer in data', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo/7?q=hi',
      payload: { data: { text: 'hello' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: 7, text: 'hello', q: 'hi' } });
  });

  it('serialises through the schema, so unlisted fields never leave the server', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/leaky' });
    expect(res.json()).toEqual({ data: { name: 'n' } });
  });

  it('rejects unknown body fields, unknown query keys and bad params', async () => {
    const body = await app.inject({
      method: 'POST',
      url: '/api/echo/1',
      payload: { data: { text: 'a', more: 1 } },
    });
    expect(body.json().error.fields).toEqual({ 'data.more': 'validation.unknown_field' });
    const query = await app.inject({
      method: 'POST',
      url: '/api/echo/1?zz=1',
      payload: { data: { text: 'a' } },
    });
    expect(query.json().error.fields).toEqual({ 'query.zz': 'validation.unknown_field' });
    const params = await app.inject({
      method: 'POST',
      url: '/api/echo/abc',
      payload: { data: { text: 'a' } },
    });
    expect(params.json().error.fields).toEqual({ 'params.id': 'validation.invalid_type' });
  });

  it('rejects a query on a route that declares none, and a body on a route that takes none', async () => {
    const query = await app.inject({ method: 'GET', url: '/api/leaky?x=1' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toEqual({ 'query.x': 'validation.unknown_field' });
    const body = await app.inject({ method: 'DELETE', url: '/api/teapot', payload: { a: 1 } });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.fields).toEqual({ body: 'validation.unknown_field' });
  });

  it('enforces session access: 401 without a session, 200 with one', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/signed-in' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'errors.UNAUTHENTICATED' },
    });
    const user = await app.inject({
      method: 'GET',
      url: '/api/signed-in',
      headers: { 'x-role': 'ROLE_USER' },
    });
    expect(user.json()).toEqual({ data: { email: 'ROLE_USER@x.test' } });
  });

  it.each([
    ['ROLE_USER', 403],
    ['ROLE_USER_BASIC', 403],
    ['ROLE_USER_ADVANCED', 403],
    ['ROLE_AGGREGATOR', 200],
    ['ROLE_SUPER_ADMIN', 200],
  ])('role access: %s gets %i on an aggregator route', async (role, status) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/aggregators',
      headers: { 'x-role': role },
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('checks access before validating input', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/aggregators?junk=1' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 304 when the handler says not modified', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/cached' });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('turns an unexpected error into a logged 500 INTERNAL that reveals nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'errors.INTERNAL' } });
    expect(res.body).not.toContain('exploded');
    expect(JSON.stringify(logged)).toContain('database exploded');
  });

  it('answers an AppError with its status, code, message key and params', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/teapot' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'CONFLICT', message: 'demo.conflict', params: { n: 1 } },
    });
  });

  it('refuses to start when a contract route has no handler', () => {
    const bare = Fastify();
    expect(() =>
      registerContractRoutes(bare, testRoutes, { demo: {} } as never, {
        authenticate: async () => null,
      }),
    ).toThrow(/no handler for route demo\.echo/);
  });
});
