import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@ec/domain';
import { withChunkTimeout } from '../../../shared/lazy/chunk-load.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function renderLazyRoute(load: () => Promise<{ Page: () => null }>) {
  const timed = withChunkTimeout(load);
  const router = createMemoryRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      lazy: async () => ({ Component: (await timed()).Page }),
    },
  ]);
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the chunk message with Reload when a route module fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLazyRoute(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByText(/did not load in time/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows the chunk message once a route module has not loaded for 120000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLazyRoute(() => new Promise(() => {}));
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  });

  it('shows a generic message for other errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLazyRoute(() =>
      Promise.resolve({
        Page: () => {
          throw new Error('boom');
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeInTheDocument();
  });
});
