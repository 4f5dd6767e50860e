import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@ec/contract';
import {
  companyMenuQueryOptions,
  locationChildrenQueryOptions,
  menuQueryOptions,
  menuSearchQueryOptions,
  refreshMenu,
} from '../../entities/menu/index.ts';
import {
  answerFilter,
  findPathMatch,
  flattenVisible,
  indexItems,
  normaliseFilter,
  ownChildren,
  pathIsUnder,
  runFilter,
  type ChildrenOf,
  type FilterResult,
  type TreeRow,
} from './tree.ts';

/** The sidebar filter's debounce (spec 000 §9). */
export const MENU_FILTER_DEBOUNCE_MS = 500;

/** Inputs of {@link useMenuTree}. */
export interface MenuTreeOptions {
  /** The current path (auto-expansion, lazy children's prefix). */
  pathname: string;
  /** Refetch the menu on every route change (basic users, spec 000 §4). */
  refetchOnNavigation: boolean;
  /** A company whose tree to load and open although its item has no children yet (super admin). */
  openCompanyId?: number | null;
}

/** The tree's state for the component. */
export interface MenuTree {
  status: 'pending' | 'error' | 'success';
  retry: () => void;
  /** Every loaded item is in here (ancestors for breadcrumbs, names for frames). */
  roots: readonly MenuItem[];
  childrenOf: ChildrenOf;
  rows: TreeRow[];
  /** The item the current page belongs to. */
  activeId: string | null;
  /** Rows whose children failed to load. */
  failed: ReadonlySet<string>;
  toggle: (row: TreeRow, open?: boolean) => void;
  filter: string;
  setFilter: (value: string) => void;
  /** The filter the rows show (normalised): the text of the search answer on screen, '' without one. */
  appliedFilter: string;
  /** The server is searching for the filter (the rows still show the previous answer, or the tree). */
  searching: boolean;
  /** The search failed: the rows show the loaded part of the tree filtered here instead. */
  searchFailed: boolean;
  /** More matches than the answer holds: how many are shown and how many there are. */
  truncated: { shown: number; total: number } | null;
}

const noItems: ReadonlyMap<string, MenuItem> = new Map();

/** The prefix a location's children get: the path the user is under (an alias), else the location's href. */
function prefixFor(item: MenuItem, pathname: string): string {
  return item.aliases.find((alias) => pathIsUnder(pathname, alias)) ?? item.href;
}

/** Where loaded children are kept: a location's depend on the prefix (the path the user is under). */
function loadKey(item: MenuItem, pathname: string): string {
  return item.type === 'location' ? `${item.id}|${prefixFor(item, pathname)}` : item.id;
}

/**
 * The sidebar tree: the menu from the server, super admins' companies and locations' children loaded when
 * opened (cancelled when closed again or left), auto-expansion along the current path, the user's own open and
 * closed choices, and the debounced filter. The filter asks the server (GET /api/menu/search), which searches
 * everything the user may see — companies never opened, device groups and devices — and answers the matches
 * with the way to them; those ways are shown merged with what the tree has loaded, and below a match its real
 * children (loaded when needed) can be browsed. Open rows keep observing their children's queries, so a change
 * anywhere (the menu queries are invalidated, entities/menu) shows at once.
 */
export function useMenuTree({
  pathname,
  refetchOnNavigation,
  openCompanyId = null,
}: MenuTreeOptions): MenuTree {
  const queryClient = useQueryClient();
  const menu = useQuery(menuQueryOptions());
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter, MENU_FILTER_DEBOUNCE_MS);
  const typedFilter = normaliseFilter(debounced);
  // Loaded children by item (companies and locations; a location's depend on the prefix), kept across renders so
  // rows do not flicker while a query's key changes, and so a row opened again shows them at once.
  const [loaded, setLoaded] = useState<ReadonlyMap<string, MenuItem[]>>(new Map());

  // The basic user's menu follows route changes (new locations after setup, revoked access).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (refetchOnNavigation) void refreshMenu(queryClient);
  }, [pathname, refetchOnNavigation, queryClient]);

  const roots = useMemo(() => menu.data?.structure ?? [], [menu.data]);
  const childrenOf = useCallback<ChildrenOf>(
    (item) => item.children ?? loaded.get(loadKey(item, pathname)) ?? null,
    [loaded, pathname],
  );

  const match = useMemo(
    () => findPathMatch(roots, childrenOf, pathname),
    [roots, childrenOf, pathname],
  );
  const pathExpanded = useMemo(() => {
    const ids = new Set(match?.chain.map((item) => item.id));
    if (openCompanyId !== null) ids.add(`company:${openCompanyId}`);
    return ids;
  }, [match, openCompanyId]);

  // Moving to a page opens the items above it again, even those the user had closed.
  const lastMatchKey = useRef('');
  useEffect(() => {
    const key = [...pathExpanded].join(',');
    if (key === lastMatchKey.current) return;
    lastMatchKey.current = key;
    setChoices((current) => {
      if (![...pathExpanded].some((id) => current.get(id) === false)) return current;
      const next = new Map(current);
      for (const id of pathExpanded) if (next.get(id) === false) next.delete(id);
      return next;
    });
  }, [pathExpanded]);

  // The server's search, after the pause. While the answer for new text loads, the previous answer stays (marked
  // with its own text); when the search fails, the loaded tree is filtered here.
  const search = useQuery({
    ...menuSearchQueryOptions(typedFilter),
    enabled: typedFilter !== '',
    placeholderData: keepPreviousData,
  });
  const answer = typedFilter !== '' ? search.data : undefined;
  const searchFailed = typedFilter !== '' && search.isError;
  const mode: 'none' | 'server' | 'local' = answer ? 'server' : searchFailed ? 'local' : 'none';

  const answerIndex = useMemo(
    () => (answer ? indexItems(answer.structure, ownChildren) : noItems),
    [answer],
  );
  // The loaded tree by id: the real children of an item the answer names (the answer only has the way to
  // matches).
  const realIndex = useMemo(
    () => (mode === 'server' ? indexItems(roots, childrenOf) : noItems),
    [mode, roots, childrenOf],
  );
  const filterResult = useMemo<FilterResult | null>(() => {
    if (answer) return answerFilter(answer.structure, answer.matches);
    if (searchFailed) return runFilter(roots, childrenOf, typedFilter);
    return null;
  }, [answer, searchFailed, roots, childrenOf, typedFilter]);

  /** The children the tree knows for real for an item with this id (loaded ones included), or null. */
  const knownChildren = useCallback(
    (item: MenuItem): readonly MenuItem[] | null => {
      const real = realIndex.get(item.id);
      if (real) return childrenOf(real);
      return loaded.get(loadKey(item, pathname)) ?? null;
    },
    [realIndex, childrenOf, loaded, pathname],
  );

  const shownRoots = answer ? answer.structure : roots;
  const shownChildrenOf = useCallback<ChildrenOf>(
    (item) => {
      if (!answer || !filterResult) return childrenOf(item);
      const answered = answerIndex.get(item.id);
      // On the way to a match: the children that lead to matches (the filter shows nothing else there).
      if (answered?.children && !filterResult.matched.has(item.id)) return answered.children;
      // A match, or an item below one: its real children, else what the answer brought.
      return knownChildren(item) ?? (answered ?? item).children;
    },
    [answer, filterResult, answerIndex, childrenOf, knownChildren],
  );

  const rows = useMemo(
    () =>
      flattenVisible({
        roots: shownRoots,
        childrenOf: shownChildrenOf,
        choices,
        pathExpanded,
        filter: filterResult,
      }),
    [shownRoots, shownChildrenOf, choices, pathExpanded, filterResult],
  );

  // The children queries open rows depend on. Open companies (a super admin's) and locations keep observing
  // theirs, so an invalidated menu refetches them at once; closing a row drops its query, which cancels a
  // request still on its way. While filtering, a match or a row the user opens loads its real children; a group
  // inside a company whose tree is not loaded (a super admin's) loads that company.
  const wanted: {
    key: string;
    rowIds: string[];
    options:
      ReturnType<typeof companyMenuQueryOptions> | ReturnType<typeof locationChildrenQueryOptions>;
  }[] = [];
  const want = (key: string, rowId: string, options: (typeof wanted)[number]['options']) => {
    const found = wanted.find((entry) => entry.key === key);
    if (found) found.rowIds.push(rowId);
    else wanted.push({ key, rowIds: [rowId], options });
  };
  for (const row of rows) {
    const { item } = row;
    if (!row.expanded) continue;
    if (item.type === 'company' || item.type === 'location') {
      const real = mode === 'server' ? (realIndex.get(item.id) ?? null) : item;
      const lazy =
        item.type === 'location'
          ? real === null || real.children === null
          : real?.children === null;
      if (!lazy) continue;
      if (mode === 'server' && !row.loading && !row.matched && knownChildren(item) === null)
        continue;
      want(
        loadKey(item, pathname),
        item.id,
        item.type === 'company'
          ? companyMenuQueryOptions(item.data.entityId)
          : locationChildrenQueryOptions(
              item.data.entityId,
              item.level + 1,
              prefixFor(item, pathname),
            ),
      );
    } else if (mode === 'server' && row.loading && item.data.companyId !== undefined) {
      want(`company:${item.data.companyId}`, item.id, companyMenuQueryOptions(item.data.companyId));
    }
  }
  const results = useQueries({ queries: wanted.map((entry) => entry.options) });
  const failed = new Set<string>();
  results.forEach((result, index) => {
    if (result.isError) for (const id of wanted[index]?.rowIds ?? []) failed.add(id);
  });
  const arrived = results
    .map((result, index) => [wanted[index]?.key, result.data] as const)
    .filter((entry): entry is readonly [string, MenuItem[]] => !!entry[0] && !!entry[1]);
  // `arrived` is rebuilt every render; the keys with their answers' times say when something new came (a first
  // load, or a refetch after a change).
  const arrivedKey = results
    .map((result, index) => (result.data ? `${wanted[index]?.key}@${result.dataUpdatedAt}` : ''))
    .join(',');
  const storeArrived = useEffectEvent(() => {
    if (arrived.length === 0) return;
    setLoaded((current) => {
      if (arrived.every(([key, children]) => current.get(key) === children)) return current;
      const next = new Map(current);
      for (const [key, children] of arrived) next.set(key, children);
      return next;
    });
  });
  useEffect(() => {
    storeArrived();
  }, [arrivedKey]);

  const toggle = useCallback((row: TreeRow, open?: boolean) => {
    // Closing a row whose children are still loading drops their query, which cancels the request; opening a
    // failed row again retries it.
    setChoices((current) => {
      const next = new Map(current);
      next.set(row.item.id, open ?? !row.expanded);
      return next;
    });
  }, []);

  return {
    status: menu.status,
    retry: () => void menu.refetch(),
    roots,
    childrenOf,
    rows,
    activeId: match?.chain.at(-1)?.id ?? null,
    failed,
    toggle,
    filter,
    setFilter,
    appliedFilter: answer ? answer.q : searchFailed ? typedFilter : '',
    searching: typedFilter !== '' && search.isFetching && answer?.q !== typedFilter,
    searchFailed,
    truncated:
      answer && answer.total > answer.matches.length
        ? { shown: answer.matches.length, total: answer.total }
        : null,
  };
}
