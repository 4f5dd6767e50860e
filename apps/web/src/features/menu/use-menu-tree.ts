import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@ec/contract';
import {
  companyMenuQueryOptions,
  locationChildrenQueryOptions,
  menuKey,
  menuQueryOptions,
} from './api/menu-api.ts';
import {
  findPathMatch,
  flattenVisible,
  normaliseFilter,
  pathIsUnder,
  runFilter,
  type ChildrenOf,
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
  /** The filter applied to the rows (after the debounce). */
  appliedFilter: string;
}

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
 * closed choices, and the debounced filter.
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
  const appliedFilter = normaliseFilter(debounced);
  // Loaded children by item id (companies and locations), kept across renders so rows do not flicker while a
  // query's key changes.
  const [loaded, setLoaded] = useState<ReadonlyMap<string, MenuItem[]>>(new Map());

  // The basic user's menu follows route changes (new locations after setup, revoked access).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (refetchOnNavigation) void queryClient.invalidateQueries({ queryKey: menuKey });
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

  const filterResult = useMemo(
    () => (appliedFilter === '' ? null : runFilter(roots, childrenOf, appliedFilter)),
    [roots, childrenOf, appliedFilter],
  );

  const rows = useMemo(
    () => flattenVisible({ roots, childrenOf, choices, pathExpanded, filter: filterResult }),
    [roots, childrenOf, choices, pathExpanded, filterResult],
  );

  // Load what open rows are waiting for; a row that closes drops its query, which cancels the request.
  const waiting = rows.filter(
    (row) => row.loading && (row.item.type === 'company' || row.item.type === 'location'),
  );
  const results = useQueries({
    queries: waiting.map((row) =>
      row.item.type === 'company'
        ? companyMenuQueryOptions(row.item.data.entityId)
        : locationChildrenQueryOptions(
            row.item.data.entityId,
            row.item.level + 1,
            prefixFor(row.item, pathname),
          ),
    ),
  });
  const failed = new Set<string>();
  results.forEach((result, index) => {
    const id = waiting[index]?.item.id;
    if (id && result.isError) failed.add(id);
  });
  const arrived = results
    .map((result, index) => {
      const row = waiting[index];
      return [row && loadKey(row.item, pathname), result.data] as const;
    })
    .filter((entry): entry is readonly [string, MenuItem[]] => !!entry[0] && !!entry[1]);
  const arrivedKey = arrived.map(([id]) => id).join(',');
  // `arrived` is rebuilt every render; its ids say when something new came.
  const storeArrived = useEffectEvent(() => {
    if (arrived.length === 0) return;
    setLoaded((current) => {
      const next = new Map(current);
      for (const [id, children] of arrived) next.set(id, children);
      return next;
    });
  });
  useEffect(() => {
    storeArrived();
  }, [arrivedKey]);

  // A new menu answer (refetch) replaces everything loaded below it.
  useEffect(() => {
    setLoaded(new Map());
  }, [menu.data]);

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
    appliedFilter,
  };
}
