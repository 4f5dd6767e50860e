import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/errors.ts';

/**
 * The app's QueryClient. Client errors (4xx) are answers, not glitches: they are not retried; network and
 * server failures are, twice. Every query and mutation error also goes to `onError` (session expiry).
 */
export function createQueryClient(onError: (error: unknown) => void = () => {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
