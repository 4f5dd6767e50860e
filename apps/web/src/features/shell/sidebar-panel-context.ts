import { createContext, useContext } from 'react';

/**
 * Where a page's sidebar panel goes: the element the sidebar reserves for it (null while the sidebar shows no
 * content, e.g. collapsed to icons) and a registration that swaps the menu tree out while a panel is mounted.
 */
export interface SidebarPanelHost {
  element: HTMLElement | null;
  /** Called by a mounted panel; the returned function unregisters it. */
  register: () => () => void;
}

export const SidebarPanelContext = createContext<SidebarPanelHost | null>(null);

/** The sidebar panel host of the surrounding shell, or null outside a shell (tests, public pages). */
export function useSidebarPanelHost(): SidebarPanelHost | null {
  return useContext(SidebarPanelContext);
}
