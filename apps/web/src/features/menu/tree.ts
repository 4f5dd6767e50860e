import type { MenuItem } from '@ec/contract';

// Pure sidebar-tree logic (spec 000 §4, §5): which rows are visible, expanded and matched, in display order.
// The component virtualises the flat row list, so everything here is a single pass over the loaded items.

/** The children of an item as far as they are known: its own, lazily loaded ones, or null (not loaded). */
export type ChildrenOf = (item: MenuItem) => readonly MenuItem[] | null;

/** A visible row of the tree. */
export interface TreeRow {
  item: MenuItem;
  /** 1-based nesting level (aria-level). */
  level: number;
  /** The parent row's item id (null at the top). */
  parentId: string | null;
  /** 1-based position among the visible siblings and their count (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
  /** Whether the item can be opened: it has children, or may have some not loaded yet. */
  expandable: boolean;
  expanded: boolean;
  /** Expanded but its children are not loaded yet. */
  loading: boolean;
  /** The item's title matches the filter. */
  matched: boolean;
}

/** Children of `item` from the menu answer itself (lazy children come through {@link ChildrenOf}). */
export const ownChildren: ChildrenOf = (item) => item.children;

/** Whether an item may have children: known children, or the server's hint while they are not loaded. */
export function mayHaveChildren(item: MenuItem, children: readonly MenuItem[] | null): boolean {
  if (children !== null) return children.length > 0;
  if (item.data.hasChildren !== undefined) return item.data.hasChildren;
  // Not loaded and no hint: companies (super admin) and locations load on demand.
  return item.type === 'company' || item.type === 'location';
}

/** The filter text as compared: trimmed and lower-cased; '' means no filter. */
export function normaliseFilter(filter: string): string {
  return filter.trim().toLocaleLowerCase();
}

// Lower-cased titles, computed once per item (a new menu answer brings new item objects).
const lowerTitles = new WeakMap<MenuItem, string>();
function lowerTitle(item: MenuItem): string {
  let lower = lowerTitles.get(item);
  if (lower === undefined) {
    lower = item.title.toLocaleLowerCase();
    lowerTitles.set(item, lower);
  }
  return lower;
}

/** Whether an item's title matches a normalised filter (case-insensitive substring, spec 000 §5). */
export function titleMatches(item: MenuItem, normalisedFilter: string): boolean {
  return normalisedFilter !== '' && lowerTitle(item).includes(normalisedFilter);
}

/** The result of running a filter over the loaded tree. */
export interface FilterResult {
  /** Items whose title matches. */
  matched: ReadonlySet<string>;
  /** Items with a match somewhere below them (auto-expanded, spec 000 §4). */
  containsMatch: ReadonlySet<string>;
}

/** Matches a normalised filter against every loaded item (one post-order pass). */
export function runFilter(
  roots: readonly MenuItem[],
  childrenOf: ChildrenOf,
  normalisedFilter: string,
): FilterResult {
  const matched = new Set<string>();
  const containsMatch = new Set<string>();
  const visit = (item: MenuItem): boolean => {
    let below = false;
    for (const child of childrenOf(item) ?? []) {
      if (visit(child)) below = true;
    }
    if (below) containsMatch.add(item.id);
    const self = titleMatches(item, normalisedFilter);
    if (self) matched.add(item.id);
    return self || below;
  };
  if (normalisedFilter !== '') for (const root of roots) visit(root);
  return { matched, containsMatch };
}

/**
 * The filter result of a server search answer (GET /api/menu/search): its matches, and every answer item with a
 * match below it (the way to each match, opened automatically).
 */
export function answerFilter(
  structure: readonly MenuItem[],
  matches: readonly string[],
): FilterResult {
  const matched = new Set(matches);
  const containsMatch = new Set<string>();
  const visit = (item: MenuItem): boolean => {
    let below = false;
    for (const child of item.children ?? []) {
      if (visit(child)) below = true;
    }
    if (below) containsMatch.add(item.id);
    return below || matched.has(item.id);
  };
  for (const root of structure) visit(root);
  return { matched, containsMatch };
}

/** Every item reachable from `roots` (with their known children) by id. */
export function indexItems(
  roots: readonly MenuItem[],
  childrenOf: ChildrenOf,
): ReadonlyMap<string, MenuItem> {
  const index = new Map<string, MenuItem>();
  const visit = (item: MenuItem) => {
    index.set(item.id, item);
    for (const child of childrenOf(item) ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  return index;
}

/** Whether `pathname` is `href` or below it (segment-wise; a trailing slash is ignored). */
export function pathIsUnder(pathname: string, href: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const base = href.length > 1 ? href.replace(/\/+$/, '') : href;
  return path === base || path.startsWith(`${base}/`);
}

/** The item the current path belongs to, with its ancestors (outermost first) and the href that matched. */
export interface PathMatch {
  chain: MenuItem[];
  /** The item's href or the alias the path lies under (the location subtree repeats, spec 000 §2). */
  matchedHref: string;
}

/**
 * The deepest loaded item whose href or one of whose aliases the path lies under — the longest match wins, so
 * `/locations/4/device-groups/9` finds the device group, not the location — with its ancestor chain.
 */
export function findPathMatch(
  roots: readonly MenuItem[],
  childrenOf: ChildrenOf,
  pathname: string,
): PathMatch | null {
  let best: PathMatch | null = null;
  const chain: MenuItem[] = [];
  const visit = (item: MenuItem) => {
    chain.push(item);
    for (const href of [item.href, ...item.aliases]) {
      if (
        pathIsUnder(pathname, href) &&
        (best === null ||
          href.length > best.matchedHref.length ||
          (href.length === best.matchedHref.length && chain.length > best.chain.length))
      ) {
        best = { chain: [...chain], matchedHref: href };
      }
    }
    for (const child of childrenOf(item) ?? []) visit(child);
    chain.pop();
  };
  for (const root of roots) visit(root);
  return best;
}

/** Finds a loaded item by type and entity id (breadcrumbs, frames), with its ancestors. */
export function findEntity(
  roots: readonly MenuItem[],
  childrenOf: ChildrenOf,
  type: MenuItem['type'],
  entityId: number,
): MenuItem[] | null {
  const chain: MenuItem[] = [];
  const visit = (item: MenuItem): boolean => {
    chain.push(item);
    if (item.type === type && item.data.entityId === entityId) return true;
    for (const child of childrenOf(item) ?? []) if (visit(child)) return true;
    chain.pop();
    return false;
  };
  for (const root of roots) if (visit(root)) return chain;
  return null;
}

/** What decides which rows show. */
export interface FlattenInput {
  roots: readonly MenuItem[];
  childrenOf: ChildrenOf;
  /** The user's own open/closed choices; they win over automatic expansion. */
  choices: ReadonlyMap<string, boolean>;
  /** Items expanded because the current path lies under them. */
  pathExpanded: ReadonlySet<string>;
  /** The filter's result, or null without a filter. */
  filter: FilterResult | null;
}

/**
 * The visible rows in display order. Without a filter: every root, and the children of expanded items. With a
 * filter: items that match or contain a match (the latter expanded), and below a matching item its children as
 * usual (expanded by choice or path), so a matching group can still be browsed.
 */
export function flattenVisible(input: FlattenInput): TreeRow[] {
  const { childrenOf, choices, pathExpanded, filter } = input;
  const rows: TreeRow[] = [];

  const walk = (
    items: readonly MenuItem[],
    level: number,
    parentId: string | null,
    filtering: boolean,
  ) => {
    const shown = filtering
      ? items.filter((item) => filter?.matched.has(item.id) || filter?.containsMatch.has(item.id))
      : items;
    shown.forEach((item, index) => {
      const children = childrenOf(item);
      const expandable = mayHaveChildren(item, children);
      const matched = filter?.matched.has(item.id) ?? false;
      // The way to a match opens, also below a matching item (whose content is browsable, but whose own matches
      // below should still show).
      const auto = pathExpanded.has(item.id) || (filter?.containsMatch.has(item.id) ?? false);
      const expanded = expandable && (choices.get(item.id) ?? auto);
      rows.push({
        item,
        level,
        parentId,
        position: index + 1,
        siblings: shown.length,
        expandable,
        expanded,
        loading: expanded && children === null,
        matched,
      });
      if (expanded && children) {
        // Below a match, the filter no longer narrows: the matching item's content is browsable.
        walk(children, level + 1, item.id, filtering && !matched);
      }
    });
  };

  walk(input.roots, 1, null, filter !== null);
  return rows;
}
