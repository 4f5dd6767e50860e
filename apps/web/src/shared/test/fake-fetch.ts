import { vi } from 'vitest';
import { json } from './fixtures.ts';

/** One recorded request: `METHOD /path?query` and the parsed JSON body, if any. */
export interface FakeCall {
  call: string;
  body: unknown;
}

/** Answers a request (`METHOD /path`, without the query) or returns undefined to fall through. */
export type FakeRoute = (request: {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}) => Response | Promise<Response> | undefined;

/**
 * Replaces fetch for a component test: each route answers or falls through; anything unanswered is a 404
 * envelope. Returns the recorded calls.
 */
export function fakeFetch(...routes: FakeRoute[]): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ call: `${method} ${url.pathname}${url.search}`, body });
      for (const route of routes) {
        const response = await route({ method, path: url.pathname, url, body });
        if (response) return response;
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
    }),
  );
  return calls;
}

/** A route answering `METHOD path` with `status` and `body`. */
export function answer(method: string, path: string, status: number, body: unknown): FakeRoute {
  return (request) =>
    request.method === method && request.path === path ? json(status, body) : undefined;
}

/** An API error envelope. */
export function apiError(
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; params?: Record<string, string | number> } = {},
) {
  return { error: { code, message, ...extra } };
}
