import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useSidebarPanelHost } from '../sidebar-panel-context.ts';
import classes from './shell.module.css';

/**
 * Shows `children` in the sidebar instead of the menu tree while the page rendering it is mounted (the admin
 * search filters, the global-settings company list; spec 000 §2). The content stays part of the page's React
 * tree (context, state, queries) and is portalled into the sidebar. When the sidebar shows no content (collapsed
 * to icons) the panel is not rendered; it comes back when the sidebar opens. Outside a shell it renders nothing.
 */
export function SidebarPanel({ children }: { children: ReactNode }) {
  const host = useSidebarPanelHost();
  const register = host?.register;
  useEffect(() => register?.(), [register]);
  if (!host?.element) return null;
  return createPortal(<div className={classes.sidebarPanel}>{children}</div>, host.element);
}
