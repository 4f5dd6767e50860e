import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { MenuItem } from '@ec/contract';
import { findEntity } from './tree.ts';
import { useMenuTree, type MenuTree, type MenuTreeOptions } from './use-menu-tree.ts';

const MenuTreeContext = createContext<MenuTree | null>(null);

/** Runs the sidebar tree once for the signed-in frame: the sidebar, breadcrumbs and frames read it. */
export function MenuTreeProvider({
  children,
  ...options
}: MenuTreeOptions & { children: ReactNode }) {
  const tree = useMenuTree(options);
  return <MenuTreeContext.Provider value={tree}>{children}</MenuTreeContext.Provider>;
}

/** The tree of the surrounding {@link MenuTreeProvider}. */
export function useMenuTreeContext(): MenuTree {
  const tree = useContext(MenuTreeContext);
  if (!tree) throw new Error('useMenuTreeContext outside MenuTreeProvider');
  return tree;
}

/** Looks up loaded menu items by entity: the item and its ancestors, outermost first, or null. */
export type MenuLookup = (type: MenuItem['type'], entityId: number) => MenuItem[] | null;

/** A lookup over the loaded menu (empty outside a provider: public pages, tests of single components). */
export function useMenuLookup(): MenuLookup {
  const tree = useContext(MenuTreeContext);
  const roots = tree?.roots;
  const childrenOf = tree?.childrenOf;
  return useMemo<MenuLookup>(
    () => (type, entityId) =>
      roots && childrenOf ? findEntity(roots, childrenOf, type, entityId) : null,
    [roots, childrenOf],
  );
}
