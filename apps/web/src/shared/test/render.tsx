import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** Renders `ui` at `path` with Mantine, TanStack Query, i18next (the given instance) and a data router. */
export function renderWithProviders(
  ui: ReactElement,
  options: {
    i18n: I18n;
    path?: string;
    /** Extra routes next to the one rendering `ui` (link targets). */
    routes?: RouteObject[];
    queryClient?: QueryClient;
    wrapper?: (children: ReactNode) => ReactNode;
  },
) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '*', element: options.wrapper ? options.wrapper(ui) : ui }, ...(options.routes ?? [])],
    { initialEntries: [options.path ?? '/'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={options.i18n}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
