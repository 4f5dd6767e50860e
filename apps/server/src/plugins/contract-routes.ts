import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, errorBodySchema, type Access, type RouteDescriptor } from '@ec/contract';
import { hasAnyRole } from '@ec/domain';
import { forbidden, RequestValidationError, unauthenticated } from '../errors.ts';
import type { Actor } from '../modules/auth/auth.service.ts';
import { zodValidatorCompiler } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request for routes that need a session; null otherwise. */
    actor: Actor | null;
  }
}

/** Returned by a handler to answer 304 Not Modified (after it checked `If-None-Match`). */
export const NOT_MODIFIED: unique symbol = Symbol('not modified');

/**
 * Returned by a handler that took the reply over (`reply.hijack()`) and writes the answer itself, e.g. a
 * Server-Sent Events stream: the registrar sends nothing more.
 */
export const STREAMED: unique symbol = Symbol('streamed');

const PRE_SERIALISED: unique symbol = Symbol('pre-serialised');

/**
 * A success answer that is already serialised: the whole `{ "data": … }` envelope as JSON text or bytes (gzip
 * bytes when the handler also set `Content-Encoding`). The registrar sends it as is, skipping the response schema,
 * so a large cached body (the menu of a company with thousands of locations) is not parsed and re-serialised on
 * every request. Only for bodies that were produced from a value that passed the route's `data` schema once.
 */
export interface PreSerialised {
  readonly [PRE_SERIALISED]: true;
  readonly body: string | Buffer;
}

/** Wraps an already-serialised success envelope (see {@link PreSerialised}). */
export function preSerialised(body: string | Buffer): PreSerialised {
  return { [PRE_SERIALISED]: true, body };
}

function isPreSerialised(value: unknown): value is PreSerialised {
  return typeof value === 'object' && value !== null && PRE_SERIALISED in value;
}

/**
 * The actor a handler of a route with this access receives: a session route's onRequest hook refuses the request
 * (401) before the handler runs when there is no session, so its handler gets an `Actor` by type; a public route's
 * handler gets `Actor | null` (the registrar resolves no session for it, so today always null).
 */
export type ActorFor<A extends Access> = A extends { kind: 'session' } ? Actor : Actor | null;

/** What a handler receives: validated input, the actor (set for session routes) and the raw request/reply. */
export interface HandlerContext<P, Q, B, A extends Access = Access> {
  params: P;
  query: Q;
  body: B;
  actor: ActorFor<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The handler of one contract route: returns the `data` of the success envelope. */
export type RouteHandler<R> =
  R extends RouteDescriptor<infer P, infer Q, infer B, infer D, infer A>
    ? (
        ctx: HandlerContext<z.output<P>, z.output<Q>, z.output<B>, A>,
      ) => Promise<z.output<D> | typeof NOT_MODIFIED | typeof STREAMED | PreSerialised>
    : never;

/** Handlers for one group of routes. */
export type GroupHandlers<G> = { [N in keyof G]: RouteHandler<G[N]> };

/** Handlers for every group: the compiler insists that each contract route has one. */
export type Handlers<T> = { [M in keyof T]: GroupHandlers<T[M]> };

/** Resolves the session of a request (null when there is none or it expired). */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<Actor | null>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers every route of the contract under `/api`: zod validation of params, query and body (strict schemas, so
 * unknown fields are rejected), the declared access enforced before anything else, and the answer serialised
 * through `{ data: route.data }` so no field outside the contract can leak.
 */
export function registerContractRoutes<T extends Record<string, Record<string, RouteDescriptor>>>(
  app: FastifyInstance,
  groups: T,
  handlers: Handlers<T>,
  options: { authenticate: Authenticate },
): void {
  app.decorateRequest('actor', null);
  for (const [group, routes] of Object.entries(groups)) {
    for (const [name, route] of Object.entries(routes)) {
      const handler = (handlers as Record<string, Record<string, unknown>>)[group]?.[name];
      if (typeof handler !== 'function') throw new Error(`no handler for route ${group}.${name}`);
      registerRoute(
        app,
        `${group}.${name}`,
        route,
        handler as (ctx: HandlerContext<unknown, unknown, unknown>) => Promise<unknown>,
        options.authenticate,
      );
    }
  }
}

function registerRoute(
  app: FastifyInstance,
  operationId: string,
  route: RouteDescriptor,
  handler: (ctx: HandlerContext<unknown, unknown, unknown>) => Promise<unknown>,
  authenticate: Authenticate,
): void {
  const successStatus = route.successStatus ?? 200;
  const dataSchema = envelope(route.data);
  const response: Record<string, z.ZodType> = { '4xx': errorBodySchema, '5xx': errorBodySchema };
  response[String(successStatus)] = dataSchema;
  for (const status of route.dataStatuses ?? []) response[String(status)] = dataSchema;
  const { access } = route;
  const accessText =
    access.kind === 'public'
      ? 'Access: public.'
      : `Access: signed-in users${access.roles?.length ? ` with at least one of ${access.roles.join(', ')}` : ''}.`;

  app.route({
    method: route.method,
    url: `/api${route.path}`,
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    // Both compilers receive the zod schema of one request part or status; Fastify's types assume JSON Schema.
    validatorCompiler: zodValidatorCompiler as RouteOptions['validatorCompiler'],
    serializerCompiler: serializerCompiler as RouteOptions['serializerCompiler'],
    schema: {
      operationId,
      summary: route.summary,
      description: accessText,
      tags: [...route.tags],
      ...(access.kind === 'session' ? { security: [{ session: [] }] } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response,
    },
    async onRequest(request, reply) {
      if (access.kind === 'public') return;
      const actor = await authenticate(request, reply);
      if (!actor) throw unauthenticated();
      if (access.roles && !hasAnyRole(actor.user.role, access.roles)) throw forbidden();
      request.actor = actor;
    },
    // A route declares everything it accepts: a query or body it has no schema for is an unknown field.
    async preValidation(request) {
      const fields: Record<string, string> = {};
      if (!route.query) {
        for (const key of Object.keys(request.query as object))
          fields[`query.${key}`] = 'validation.unknown_field';
      }
      if (
        !route.body &&
        BODY_METHODS.has(route.method) &&
        request.body !== undefined &&
        request.body !== null
      ) {
        fields['body'] = 'validation.unknown_field';
      }
      if (Object.keys(fields).length > 0) throw new RequestValidationError(fields);
    },
    async handler(request, reply) {
      reply.code(successStatus);
      const data = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        actor: request.actor,
        request,
        reply,
      });
      if (data === STREAMED) return reply;
      if (data === NOT_MODIFIED) return reply.code(304).send();
      if (isPreSerialised(data)) {
        return reply.type('application/json; charset=utf-8').send(data.body);
      }
      if (reply.statusCode === 204) return reply.send();
      return { data };
    },
  });
}
