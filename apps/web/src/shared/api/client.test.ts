import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from 'virtual:ec-contract-routes';
import { json } from '../test/fixtures.ts';
import { api, buildUrl } from './client.ts';
import { ApiError, NetworkError } from './errors.ts';

function mockFetch(response: Response | Error | DOMException) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Response ? Promise.resolve(response) : Promise.reject(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('prefixes /api, fills and encodes path params', () => {
    expect(buildUrl({ path: '/site/translations/:locale' }, { locale: 's l' })).toBe(
      '/api/site/translations/s%20l',
    );
  });

  it('adds the query, leaving out null and undefined and repeating arrays', () => {
    expect(
      buildUrl({ path: '/search/users' }, undefined, {
        q: 'ana & co',
        page: 2,
        skip: undefined,
        none: null,
        role: ['a', 'b'],
      }),
    ).toBe('/api/search/users?q=ana+%26+co&page=2&role=a&role=b');
  });

  it('throws for a missing path parameter', () => {
    expect(() => buildUrl({ path: '/site/translations/:locale' }, {})).toThrow(/locale/);
  });
});

describe('api', () => {
  it('GETs the route URL with credentials and returns the data of the envelope', async () => {
    const fetchMock = mockFetch(json(200, { data: { locale: 'sl', translations: { a: 'b' } } }));
    const data = await api(routes.site.translations, {
      params: { locale: 'sl' },
      query: { identifier: 'acme' },
    });
    expect(data).toEqual({ locale: 'sl', translations: { a: 'b' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/site/translations/sl?identifier=acme');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(init?.body).toBeUndefined();
  });

  it('sends the body as JSON exactly as given ({ data: … })', async () => {
    const fetchMock = mockFetch(json(200, { data: { user: { id: 1 } } }));
    await api(routes.auth.login, { body: { data: { email: 'a@b.co', password: 'pw' } } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ data: { email: 'a@b.co', password: 'pw' } });
  });

  it('throws ApiError with code, message key, fields and params from the error envelope', async () => {
    mockFetch(
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
          fields: { 'data.email': 'validation.invalid_email' },
          params: { max: 3 },
        },
      }),
    );
    const error = await api(routes.auth.login, {
      body: { data: { email: 'x', password: 'y' } },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'errors.VALIDATION_FAILED',
      fields: { 'data.email': 'validation.invalid_email' },
      params: { max: 3 },
    });
  });

  it('turns a non-envelope error answer into an ApiError by status', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api(routes.site.info).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE' });
    expect((error as ApiError).message).toBe('errors.SERVICE_UNAVAILABLE');
  });

  it('throws NetworkError when the request fails', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await api(routes.site.info).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).messageKey).toBe('errors.network');
  });

  it('throws NetworkError for a success without the { data } envelope', async () => {
    mockFetch(new Response('<!doctype html>', { status: 200 }));
    await expect(api(routes.site.info)).rejects.toBeInstanceOf(NetworkError);
  });

  it('lets an abort through as the abort, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    mockFetch(new DOMException('aborted', 'AbortError'));
    const error = await api(routes.site.info, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DOMException);
  });
});
