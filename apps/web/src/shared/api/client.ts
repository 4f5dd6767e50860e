import type { RouteBody, RouteData, RouteDescriptor, RouteParams, RouteQuery } from '@ec/contract';
import { buildPath } from 'virtual:ec-contract-routes';
import { NetworkError, toApiError } from './errors.ts';

/** Every API path starts here (docs/architecture.md §3). */
export const API_BASE = '/api';

/** Query values the client can put in a URL; arrays repeat the key, null and undefined are left out. */
type QueryValue = string | number | boolean | null | undefined;

/** What a call to `route` takes: params and body exactly when the route declares them. */
export type ApiOptions<R extends RouteDescriptor> = {
  signal?: AbortSignal;
} & (RouteParams<R> extends undefined ? { params?: undefined } : { params: RouteParams<R> }) &
  (RouteQuery<R> extends undefined ? { query?: undefined } : { query?: RouteQuery<R> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

/** `/api` + the route path with its `:params` filled + the query string. */
export function buildUrl(
  route: Pick<RouteDescriptor, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, QueryValue | readonly QueryValue[]>,
): string {
  const path = `${API_BASE}${buildPath(route.path, params)}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as readonly QueryValue[]) {
      if (v !== undefined && v !== null) search.append(key, String(v));
    }
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls an API route described in @ec/contract and returns the `data` of its success envelope, typed from the
 * route's schema. Non-2xx answers throw ApiError (code, translation-key message, field errors); a failed
 * connection or a non-JSON success throws NetworkError. The body is sent as given: where the contract's body
 * schema is `{ data: { … } }`, pass exactly that.
 */
export async function api<R extends RouteDescriptor>(
  route: R,
  ...[options]: RouteParams<R> extends undefined
    ? RouteBody<R> extends undefined
      ? [options?: ApiOptions<R>]
      : [options: ApiOptions<R>]
    : [options: ApiOptions<R>]
): Promise<RouteData<R>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue | readonly QueryValue[]>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = buildUrl(route, params, query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: route.method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // An abort is the caller's decision, not a network failure: let TanStack Query see it as such.
    if (signal?.aborted) throw error;
    throw new NetworkError(`${route.method} ${url} failed`, { cause: error });
  }

  if (response.status === 204) return undefined as RouteData<R>;
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  if (!isEnvelope(payload)) {
    throw new NetworkError(`${route.method} ${url}: the answer is not an API envelope`);
  }
  return payload.data as RouteData<R>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isEnvelope(payload: unknown): payload is { data: unknown } {
  return typeof payload === 'object' && payload !== null && 'data' in payload;
}

/**
 * Query-key root of what belongs to the site rather than to a user (site info, translation catalogs, sign-in
 * providers): signing out keeps it. It lives beside the client every first-load query uses, not in an entity nor a
 * module of its own (which would be a chunk of its own on the sign-in page).
 */
export const siteKey = ['site'] as const;
