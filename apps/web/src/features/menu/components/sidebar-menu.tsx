import type { ReactNode } from 'react';
import { useMenuTreeContext } from '../menu-context.tsx';
import { MenuTree } from './menu-tree.tsx';

/** The sidebar's menu area: the tree of the surrounding MenuTreeProvider. */
export function SidebarMenu({ emptyState }: { emptyState: ReactNode }) {
  const tree = useMenuTreeContext();
  return <MenuTree tree={tree} emptyState={emptyState} />;
}
