import { QueryClient } from '@tanstack/react-query';
import { menuKeys } from './menu-keys.ts';

/**
 * A query client holding every kind of sidebar menu query (root, a company, a location's children, a search),
 * fresh, and a check that all of them were invalidated — what each mutation whose change shows in the tree must
 * do (issue 10: the sidebar must reflect every change at once).
 */
export function menuCacheClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys = [
    menuKeys.root(),
    menuKeys.company(1),
    menuKeys.location(5, { level: 2, prefix: '/locations/5' }),
    menuKeys.search('roof', 100),
  ];
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return {
    queryClient,
    /** The menu queries not (yet) invalidated; empty after a proper refresh. */
    freshMenuQueries: () =>
      keys
        .filter((key) => queryClient.getQueryState(key)?.isInvalidated !== true)
        .map((key) => JSON.stringify(key)),
  };
}
