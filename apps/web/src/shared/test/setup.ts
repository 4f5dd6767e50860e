import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetMediaQueries } from './media-queries.ts';

// findBy…/waitFor give up after 1 s by default, which a busy machine (parallel CI jobs) exceeds; waiting longer
// only slows down a test that fails anyway.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine uses.
resetMediaQueries();

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
// Assigned, not vi.stubGlobal: the config's unstubGlobals would remove it before each test.
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  resetMediaQueries();
  document.head.querySelectorAll('script[data-ec-analytics]').forEach((script) => script.remove());
});
