import { z } from 'zod';
import type { Role } from '@ec/domain';

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone. `session`: any signed-in user, optionally limited to roles (a role
 * implies the roles below it, see the domain role functions). Resource-level checks happen in the service.
 */
export type Access = { kind: 'public' } | { kind: 'session'; roles?: readonly Role[] };

/** Error codes the API answers with (docs/architecture.md §3). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RULE_BROKEN',
  'RATE_LIMITED',
  /** Sign-in with the right password on an account whose e-mail is not verified yet (offer to resend). */
  'EMAIL_NOT_VERIFIED',
  /** A one-time token (password reset) that is unknown or already used. */
  'TOKEN_INVALID',
  /** A one-time token (password reset) past its lifetime. */
  'TOKEN_EXPIRED',
  'SERVICE_UNAVAILABLE',
  /** A mail the caller must know about (a location invitation) could not be handed to the mail server. */
  'MAIL_SEND_FAILED',
  'INTERNAL',
] as const;
/** An API error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The error body: `message` is a translation key, `fields` maps a field path to a translation key. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
/** The parsed error body. */
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a payload schema in the success envelope `{ data: … }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** A route as both the server and the client see it. `path` has no `/api` prefix and uses `:name` params. */
export interface RouteDescriptor<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TData extends z.ZodType = z.ZodType,
  TAccess extends Access = Access,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  /** Kept as its literal type by {@link defineRoute}, so the server can type a session route's actor as non-null. */
  access: TAccess;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** The schema of `data` inside the success envelope. */
  data: TData;
  /** Status of a successful answer; 200 unless set. */
  successStatus?: 200 | 201 | 202 | 204;
  /** Further statuses that also answer with the `data` envelope (e.g. 503 from /health when the database is down). */
  dataStatuses?: readonly number[];
  /** Largest request body in bytes when the route takes more than the app's default (an upload). */
  bodyLimit?: number;
}

/** Declares a route with full type inference. */
export function defineRoute<
  TParams extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TData extends z.ZodType = z.ZodType,
  const TAccess extends Access = Access,
>(route: RouteDescriptor<TParams, TQuery, TBody, TData, TAccess>) {
  return route;
}

/** The types a route's caller supplies and receives. */
export type RouteParams<R> =
  R extends RouteDescriptor<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type RouteQuery<R> =
  R extends RouteDescriptor<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type RouteBody<R> =
  R extends RouteDescriptor<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type RouteData<R> =
  R extends RouteDescriptor<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.output<D> : never;

/** Fills `:name` placeholders of a route path. Values are URI-encoded. */
export function buildPath(
  path: string,
  params: Record<string, string | number> | undefined,
): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
