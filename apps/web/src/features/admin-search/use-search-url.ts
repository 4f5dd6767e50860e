import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  isSearchKind,
  readFilters,
  writeFilters,
  type SearchFilters,
  type SearchKind,
} from './search-filters.ts';

/** Where the admin search lives (spec 000 §2). */
export const ADMIN_SEARCH_PATH = '/admin/search';

/** The URL of a kind's results with these filters. */
export function searchHref(kind: SearchKind, filters: SearchFilters): string {
  const search = writeFilters(filters).toString();
  return `${ADMIN_SEARCH_PATH}/${kind}${search ? `?${search}` : ''}`;
}

/**
 * The admin search's state in the URL: the kind shown (the sub-route) and the filters (the query). Changes replace
 * the history entry, so Back leaves the search instead of stepping through every filter typed.
 */
export function useSearchUrl() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => readFilters(params), [params]);
  const segment = pathname.replace(/\/$/, '').split('/').pop();
  const kind: SearchKind = isSearchKind(segment) ? segment : 'users';

  /** New filters; when the shown kind is turned off, the first kind still on is shown. */
  const update = useCallback(
    (next: SearchFilters) => {
      const shown = next.types.includes(kind) ? kind : (next.types[0] ?? 'users');
      void navigate(searchHref(shown, next), { replace: true });
    },
    [kind, navigate],
  );

  const setPage = useCallback(
    (page: number) => void navigate(searchHref(kind, { ...filters, page }), { replace: true }),
    [kind, filters, navigate],
  );

  return { kind, filters, update, setPage };
}
