import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readStored, STORAGE_KEYS, writeStored } from '../../shared/storage/storage.ts';
import { MOBILE_LANDSCAPE_QUERY, useIsMobile, useMatches } from './media.ts';

/** The sidebar's state (spec 000 §4). */
export interface SidebarState {
  isMobile: boolean;
  /** Desktop: open (360 px) or collapsed (50 px). Remembered between visits. */
  desktopOpen: boolean;
  /** Mobile: the overlay is shown. Always starts closed and closes after every navigation. */
  mobileOpen: boolean;
  /** Whether the full sidebar (labels) shows: desktop open, or the mobile overlay. */
  expanded: boolean;
  toggle: () => void;
  closeMobile: () => void;
}

function storedDesktopOpen(): boolean {
  return readStored('local', STORAGE_KEYS.sidebarOpen) !== 'false';
}

/** Sidebar open/collapsed on desktop (persisted) and the overlay on mobile (closed after navigation). */
export function useSidebar(): SidebarState {
  const isMobile = useIsMobile();
  const [desktopOpen, setDesktopOpen] = useState(storedDesktopOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const navigationType = useNavigationType();

  // Navigation closes the mobile overlay (spec 000 §4), including navigation from its own links. A page rewriting
  // its own query in place (the admin search's filters, which sit in this overlay) is not navigation.
  const last = useRef({ key: location.key, pathname: location.pathname });
  useEffect(() => {
    const previous = last.current;
    if (previous.key === location.key) return;
    last.current = { key: location.key, pathname: location.pathname };
    if (navigationType === 'REPLACE' && previous.pathname === location.pathname) return;
    setMobileOpen(false);
  }, [location.key, location.pathname, navigationType]);

  // Leaving the mobile layout drops the overlay so it is not open when coming back.
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setDesktopOpen((open) => {
      writeStored('local', STORAGE_KEYS.sidebarOpen, String(!open));
      return !open;
    });
  }, [isMobile]);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  return {
    isMobile,
    desktopOpen,
    mobileOpen,
    expanded: isMobile ? mobileOpen : desktopOpen,
    toggle,
    closeMobile,
  };
}

function storedFooterChoice(): boolean | null {
  const stored = readStored('local', STORAGE_KEYS.sidebarFooterOpen);
  return stored === 'true' ? true : stored === 'false' ? false : null;
}

/**
 * The sidebar footer's open state (spec 000 §4): the user's last choice, remembered between visits; without one,
 * closed in mobile landscape (little height to spare) and open otherwise.
 */
export function useSidebarFooter(): { open: boolean; toggle: () => void } {
  const landscape = useMatches(MOBILE_LANDSCAPE_QUERY);
  const [choice, setChoice] = useState<boolean | null>(storedFooterChoice);
  const open = choice ?? !landscape;
  const toggle = useCallback(() => {
    writeStored('local', STORAGE_KEYS.sidebarFooterOpen, String(!open));
    setChoice(!open);
  }, [open]);
  return { open, toggle };
}
