import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { MenuItem } from '@ec/contract';
import { findEntity, type ChildrenOf } from './tree.ts';
import { useMenuTree, type MenuTree, type MenuTreeOptions } from './use-menu-tree.ts';

/** The loaded menu items: what breadcrumbs and frames read. It changes only when items load, not while typing. */
export interface MenuData {
  roots: readonly MenuItem[];
  childrenOf: ChildrenOf;
}

const MenuTreeContext = createContext<MenuTree | null>(null);
const MenuDataContext = createContext<MenuData | null>(null);

/**
 * Runs the sidebar tree once for the signed-in frame. Two contexts: the tree's whole state for the sidebar, and
 * the loaded items alone for breadcrumbs and frames, so typing in the filter or opening rows re-renders the
 * sidebar only.
 */
export function MenuTreeProvider({
  children,
  ...options
}: MenuTreeOptions & { children: ReactNode }) {
  const tree = useMenuTree(options);
  const { roots, childrenOf } = tree;
  const data = useMemo<MenuData>(() => ({ roots, childrenOf }), [roots, childrenOf]);
  return (
    <MenuDataContext.Provider value={data}>
      <MenuTreeContext.Provider value={tree}>{children}</MenuTreeContext.Provider>
    </MenuDataContext.Provider>
  );
}

/** The tree of the surrounding {@link MenuTreeProvider}. */
export function useMenuTreeContext(): MenuTree {
  const tree = useContext(MenuTreeContext);
  if (!tree) throw new Error('useMenuTreeContext outside MenuTreeProvider');
  return tree;
}

const noData: MenuData = { roots: [], childrenOf: (item) => item.children };

/** The loaded menu items (empty outside a provider: public pages, tests of single components). */
export function useMenuData(): MenuData {
  return useContext(MenuDataContext) ?? noData;
}

/** Looks up loaded menu items by entity: the item and its ancestors, outermost first, or null. */
export type MenuLookup = (type: MenuItem['type'], entityId: number) => MenuItem[] | null;

/** A lookup over the loaded menu. */
export function useMenuLookup(): MenuLookup {
  const { roots, childrenOf } = useMenuData();
  return useMemo<MenuLookup>(
    () => (type, entityId) => findEntity(roots, childrenOf, type, entityId),
    [roots, childrenOf],
  );
}
