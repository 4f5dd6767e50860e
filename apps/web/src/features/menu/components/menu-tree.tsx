import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Button, CloseButton, Loader, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TreeRow } from '../tree.ts';
import type { MenuTree as MenuTreeState } from '../use-menu-tree.ts';
import { IconAlertTriangle, IconChevronRight, IconSearch, menuItemIcon } from './menu-icons.ts';
import classes from './menu-tree.module.css';

/** Row height in px; rows are fixed-height so the virtualiser needs no measuring. */
export const MENU_ROW_HEIGHT = 36;
const INDENT_PX = 16;

/** The title with the filter's match marked. */
function Highlighted({ title, filter }: { title: string; filter: string }): ReactNode {
  if (filter === '') return title;
  const at = title.toLocaleLowerCase().indexOf(filter);
  if (at < 0) return title;
  return (
    <>
      {title.slice(0, at)}
      <mark className={classes.mark}>{title.slice(at, at + filter.length)}</mark>
      {title.slice(at + filter.length)}
    </>
  );
}

/**
 * The sidebar tree (spec 000 §2, §4): a filter box (500 ms debounce; the server searches the whole tree the user
 * may see, a spinner shows while it does) and the visible rows, virtualised so
 * thousands of locations stay smooth. Keyboard: a single tab stop; ↑/↓ move, → opens or goes to the first child,
 * ← closes or goes to the parent, Home/End, Enter opens the page. Rows are `treeitem`s with level, position and
 * expanded state.
 */
export function MenuTree({ tree, emptyState }: { tree: MenuTreeState; emptyState: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const { rows, activeId, failed } = tree;
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // The row to focus once it is rendered (after scrolling to it).
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => MENU_ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index]?.item.id ?? index,
  });

  const indexOf = (id: string | null) =>
    id === null ? -1 : rows.findIndex((r) => r.item.id === id);
  const activeIndex = indexOf(activeId);
  const focusedIndex = indexOf(focusedId);
  // The one tab stop: the row last focused, else the current page's row, else the first.
  const tabIndexRow = focusedIndex >= 0 ? focusedIndex : activeIndex >= 0 ? activeIndex : 0;

  // Bring the current page's row into view when it changes (navigation, tree loaded) — not when rows above it
  // open or close, which moves its index but should not move the list under the user.
  const scrollToActive = useEffectEvent(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  });
  const hasActive = activeIndex >= 0;
  useEffect(() => {
    scrollToActive();
  }, [activeId, hasActive]);

  const virtualItems = virtualizer.getVirtualItems();
  // Focus the requested row once the virtualiser has rendered it (it may have had to scroll first).
  useEffect(() => {
    if (!focusRequest) return;
    const element = treeRef.current?.querySelector<HTMLElement>(
      `[data-item-id="${CSS.escape(focusRequest.id)}"]`,
    );
    if (element) {
      element.focus({ preventScroll: true });
      setFocusRequest(null);
    }
  }, [focusRequest, virtualItems]);

  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setFocusedId(row.item.id);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    setFocusRequest({ id: row.item.id });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = focusedIndex >= 0 ? focusedIndex : tabIndexRow;
    const row = rows[index];
    if (!row) return;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(Math.min(rows.length - 1, index + 1));
        break;
      case 'ArrowUp':
        moveTo(Math.max(0, index - 1));
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.expandable && !row.expanded) tree.toggle(row, true);
        else if (row.expanded && rows[index + 1]?.parentId === row.item.id) moveTo(index + 1);
        break;
      case 'ArrowLeft':
        if (row.expanded) tree.toggle(row, false);
        else if (row.parentId !== null) moveTo(indexOf(row.parentId));
        break;
      case 'Enter':
        if (row.item.data.navigable === false) tree.toggle(row);
        else void navigate(row.item.href);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onToggleClick = (event: MouseEvent, row: TreeRow) => {
    // The chevron sits inside the row's link: open or close without navigating.
    event.preventDefault();
    event.stopPropagation();
    setFocusedId(row.item.id);
    tree.toggle(row);
  };

  const filterBox = (
    <TextInput
      value={tree.filter}
      onChange={(event) => tree.setFilter(event.currentTarget.value)}
      placeholder={t('menu.filter_placeholder')}
      aria-label={t('menu.filter_label')}
      leftSection={
        tree.searching ? (
          <Loader size={14} aria-label={t('menu.searching')} />
        ) : (
          <IconSearch size={16} aria-hidden />
        )
      }
      rightSection={
        tree.filter !== '' ? (
          <CloseButton
            size="sm"
            aria-label={t('menu.filter_clear')}
            onClick={() => tree.setFilter('')}
          />
        ) : null
      }
      size="sm"
    />
  );

  let body: ReactNode;
  if (tree.status === 'pending') {
    body = (
      <Stack gap={8} aria-busy="true" aria-label={t('menu.loading')} role="status">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={24} radius="sm" />
        ))}
      </Stack>
    );
  } else if (tree.status === 'error') {
    body = (
      <Stack gap="xs" align="center" className={classes.state} role="alert">
        <Text size="sm">{t('menu.load_failed')}</Text>
        <Button size="xs" variant="light" onClick={tree.retry}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (tree.roots.length === 0) {
    body = emptyState;
  } else if (rows.length === 0) {
    body = (
      <Text size="sm" className={classes.state} role="status">
        {t('menu.no_matches')}
      </Text>
    );
  } else {
    body = (
      <div ref={scrollRef} className={classes.scroller} data-menu-scroller="">
        <div
          ref={treeRef}
          role="tree"
          aria-label={t('menu.tree_label')}
          className={classes.tree}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
        >
          {virtualItems.map((virtual) => {
            const row = rows[virtual.index];
            if (!row) return null;
            const { item } = row;
            const ItemIcon = menuItemIcon(item.type, item.data.category);
            const current = item.id === activeId;
            const common = {
              role: 'treeitem',
              'aria-level': row.level,
              'aria-posinset': row.position,
              'aria-setsize': row.siblings,
              'aria-expanded': row.expandable ? row.expanded : undefined,
              'aria-busy': row.loading || undefined,
              'aria-current': current ? ('page' as const) : undefined,
              'data-item-id': item.id,
              'data-index': virtual.index,
              tabIndex: virtual.index === tabIndexRow ? 0 : -1,
              className: classes.row,
              onFocus: () => setFocusedId(item.id),
              style: {
                transform: `translateY(${virtual.start}px)`,
                paddingInlineStart: (row.level - 1) * INDENT_PX,
              },
            };
            const content = (
              <>
                {row.expandable ? (
                  <span
                    className={classes.toggle}
                    onClick={(event) => onToggleClick(event, row)}
                    aria-hidden
                    data-testid="menu-toggle"
                  >
                    {row.loading && !failed.has(item.id) ? (
                      <Loader size={12} />
                    ) : failed.has(item.id) ? (
                      <IconAlertTriangle size={14} />
                    ) : (
                      <IconChevronRight size={14} className={classes.chevron} />
                    )}
                  </span>
                ) : (
                  <span className={classes.toggle} aria-hidden />
                )}
                <ItemIcon size={18} className={classes.icon} aria-hidden />
                <span className={classes.title}>
                  <Highlighted title={item.title} filter={tree.appliedFilter} />
                </span>
                {failed.has(item.id) && (
                  <Text span size="xs" c="red" className={classes.title}>
                    {t('menu.children_failed')}
                  </Text>
                )}
              </>
            );
            return item.data.navigable === false ? (
              <div key={virtual.key} {...common} onClick={() => tree.toggle(row)}>
                {content}
              </div>
            ) : (
              <Link key={virtual.key} {...common} to={item.href} title={item.title}>
                {content}
              </Link>
            );
          })}
        </div>
      </div>
    );
  }

  // What the filter could not show: the search failed (only the loaded part is filtered), or found more than it
  // answers. Polite live region: said once, after the rows changed.
  const filterNote = tree.searchFailed
    ? t('menu.search_failed')
    : tree.truncated
      ? t('menu.search_truncated', { shown: tree.truncated.shown, total: tree.truncated.total })
      : null;

  return (
    <div className={classes.root}>
      {tree.status === 'success' && tree.roots.length > 0 && filterBox}
      {filterNote && (
        <Text size="xs" c="dimmed" role="status" data-testid="menu-filter-note">
          {filterNote}
        </Text>
      )}
      {body}
    </div>
  );
}
