import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A query client holding fresh data under each of `keys`, and the keys not (yet) invalidated: what a test of a
 * change's refresh checks (the change must mark every view of what it changed stale, by the key families).
 */
export function seededCacheClient(keys: readonly QueryKey[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return {
    queryClient,
    /** The seeded queries not invalidated, as JSON; empty after a complete refresh. */
    freshQueries: (subset: readonly QueryKey[] = keys) =>
      subset
        .filter((key) => queryClient.getQueryState(key)?.isInvalidated !== true)
        .map((key) => JSON.stringify(key)),
  };
}
