import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Catalog } from '@ec/contract';
import { fallbackMessages } from '../../features/i18n/fallback-messages.ts';
import { i18n } from '../../features/i18n/i18n.ts';
import { json, siteInfo, testCatalog } from '../../shared/test/fixtures.ts';
import { App } from '../app.tsx';
import { createAppRoutes } from '../router.tsx';
import { createStartSequence } from '../start/start-sequence.ts';

/** Answers one API request; `undefined` falls through to the defaults. */
export type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

export interface FakeApi {
  /** `METHOD /path?query` of every request, in order. */
  calls: string[];
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
}

/**
 * Replaces fetch with a fake API: site info, translations (a small catalog per locale) and a signed-out user
 * unless `handlers` answer first.
 */
export function fakeApi(handlers: Handler[] = []): FakeApi {
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    for (const handler of handlers) {
      const response = await handler(url, init);
      if (response) return response;
    }
    if (url.pathname === '/api/site/info') return json(200, { data: siteInfo() });
    const translations = url.pathname.match(/^\/api\/site\/translations\/(\w+)$/);
    if (translations?.[1]) {
      const locale = translations[1];
      return json(200, { data: { locale, translations: testCatalog(locale) satisfies Catalog } });
    }
    if (url.pathname === '/api/auth/user') {
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'errors.UNAUTHENTICATED' } });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}

/** Puts the i18n singleton back to its state at page load (no catalog fetched, Slovenian). */
export function resetI18n(): void {
  for (const language of Object.keys(i18n.store.data)) {
    i18n.removeResourceBundle(language, 'translation');
  }
  i18n.addResourceBundle('en', 'translation', fallbackMessages);
  void i18n.changeLanguage('sl');
}

/** Renders the whole app (start sequence, router, layouts) at `path`, as a browser visit would. */
export function renderApp(path: string, options: { browserLanguages?: readonly string[] } = {}) {
  resetI18n();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const start = createStartSequence(queryClient, () => options.browserLanguages ?? ['en-US']);
  const { routes, patchRoutesOnNavigation } = createAppRoutes(queryClient, start);
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
