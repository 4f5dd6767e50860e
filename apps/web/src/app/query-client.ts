import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/errors.ts';

/**
 * The app's QueryClient. Client errors (4xx) are answers, not glitches: they are not retried; network and
 * server failures are, twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
