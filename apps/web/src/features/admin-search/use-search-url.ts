import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  useUrlStateChanges,
  type UrlStateChange,
} from '../../shared/routing/use-url-state-changes.ts';
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
 * the history entry, so Back leaves the search instead of stepping through every filter typed. A change is a
 * function of the filters the change before it left, so quick changes do not undo each other.
 */
export function useSearchUrl() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => readFilters(params), [params]);
  const segment = pathname.replace(/\/$/, '').split('/').pop();
  const kind: SearchKind = isSearchKind(segment) ? segment : 'users';
  const shown = useMemo(() => ({ kind, filters }), [kind, filters]);
  const change = useUrlStateChanges(
    shown,
    (next) => void navigate(searchHref(next.kind, next.filters), { replace: true }),
    (state) => searchHref(state.kind, state.filters),
  );

  /** New filters; when the shown kind is turned off, the first kind still on is shown. */
  const update = useCallback(
    (changeFilters: UrlStateChange<SearchFilters>) =>
      change((current) => {
        const next = changeFilters(current.filters);
        const kept = next.types.includes(current.kind) ? current.kind : (next.types[0] ?? 'users');
        return { kind: kept, filters: next };
      }),
    [change],
  );

  const setPage = useCallback(
    (page: number) => update((current) => ({ ...current, page })),
    [update],
  );

  return { kind, filters, update, setPage };
}
