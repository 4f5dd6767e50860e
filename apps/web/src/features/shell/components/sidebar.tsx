import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { ActionIcon, FocusTrap } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconX,
} from '../../../shared/ui/icons.ts';
import type { SidebarState } from '../use-sidebar.ts';
import classes from './shell.module.css';

export const SIDEBAR_ID = 'app-sidebar';
export const MAIN_CONTENT_ID = 'main-content';

export interface SidebarProps {
  state: SidebarState;
  /** The header button that opens the mobile overlay; focus returns to it when the overlay is dismissed. */
  openerRef: RefObject<HTMLButtonElement | null>;
  brand: ReactNode;
  /** The menu area (navigation tree or its empty state). */
  menu: ReactNode;
  /** Set while a page shows a sidebar panel: the panel's host element replaces the menu. */
  panelRef?: ((element: HTMLElement | null) => void) | null;
  footer: ReactNode;
}

/**
 * The sidebar (spec 000 §2 Layout, §4): 360 px open / 50 px collapsed on desktop; on mobile hidden, and when
 * opened an overlay over the page with a backdrop, focus kept inside, Escape or the backdrop closing it.
 */
export function Sidebar({ state, openerRef, brand, menu, panelRef, footer }: SidebarProps) {
  const { t } = useTranslation();
  const { isMobile, mobileOpen, desktopOpen, expanded } = state;
  const overlay = isMobile && mobileOpen;
  const asideRef = useRef<HTMLElement>(null);
  // Set when the user dismisses the overlay (Escape, backdrop, close button): focus goes back to the opener.
  // Otherwise the overlay closed because of navigation and focus moves to the new page's content.
  const dismissed = useRef(false);
  const wasOverlay = useRef(false);

  const dismiss = () => {
    dismissed.current = true;
    state.closeMobile();
  };

  useEffect(() => {
    if (!overlay) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        dismissed.current = true;
        state.closeMobile();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, state]);

  useEffect(() => {
    if (overlay) {
      wasOverlay.current = true;
      return;
    }
    if (!wasOverlay.current) return;
    wasOverlay.current = false;
    const focusInside = asideRef.current?.contains(document.activeElement) ?? false;
    if (dismissed.current) openerRef.current?.focus();
    else if (focusInside || document.activeElement === document.body) {
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    }
    dismissed.current = false;
  }, [overlay, openerRef]);

  const hidden = isMobile && !mobileOpen;
  return (
    <>
      {overlay && <div className={classes.backdrop} onClick={dismiss} aria-hidden="true" />}
      <FocusTrap active={overlay} innerRef={asideRef}>
        <aside
          id={SIDEBAR_ID}
          className={classes.sidebar}
          data-expanded={expanded || undefined}
          data-mobile={isMobile || undefined}
          data-overlay={overlay || undefined}
          inert={hidden}
          aria-hidden={hidden || undefined}
        >
          <div className={classes.sidebarTop}>
            {expanded && <div className={classes.brand}>{brand}</div>}
            {isMobile ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={dismiss}
                aria-label={t('layout.close_sidebar')}
                data-autofocus
              >
                <IconX size={20} aria-hidden />
              </ActionIcon>
            ) : (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={state.toggle}
                aria-expanded={desktopOpen}
                aria-controls={SIDEBAR_ID}
                aria-label={desktopOpen ? t('layout.collapse_sidebar') : t('layout.expand_sidebar')}
              >
                {desktopOpen ? (
                  <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                )}
              </ActionIcon>
            )}
          </div>
          {panelRef ? (
            <div ref={expanded ? panelRef : undefined} className={classes.menu} />
          ) : (
            <nav aria-label={t('layout.main_navigation')} className={classes.menu}>
              {expanded ? menu : null}
            </nav>
          )}
          {footer}
        </aside>
      </FocusTrap>
    </>
  );
}
