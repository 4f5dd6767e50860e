import { seededCacheClient } from '../../shared/test/seeded-cache.ts';
import { menuKeys } from './menu-keys.ts';

/**
 * A query client holding every kind of sidebar menu query (root, a company, a location's children, a search),
 * fresh, and a check that all of them were invalidated — what each mutation whose change shows in the tree must
 * do (issue 10: the sidebar must reflect every change at once).
 */
export function menuCacheClient() {
  const { queryClient, freshQueries } = seededCacheClient([
    menuKeys.root(),
    menuKeys.company(1),
    menuKeys.location(5, { level: 2, prefix: '/locations/5' }),
    menuKeys.search('roof', 100),
  ]);
  return {
    queryClient,
    /** The menu queries not (yet) invalidated; empty after a proper refresh. */
    freshMenuQueries: () => freshQueries(),
  };
}
