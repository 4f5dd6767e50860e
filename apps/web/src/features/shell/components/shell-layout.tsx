import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { breadcrumbsFromMatches, type Breadcrumb } from '../../../shared/routing/route-handle.ts';
import { IconMenu2 } from '../../../shared/ui/icons.ts';
import { usePageBanners } from '../../../shared/ui/page-banner-slot.tsx';
import { SidebarPanelContext, type SidebarPanelHost } from '../sidebar-panel-context.ts';
import { useSidebar } from '../use-sidebar.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { MAIN_CONTENT_ID, SIDEBAR_ID, Sidebar } from './sidebar.tsx';
import classes from './shell.module.css';

export interface ShellLayoutProps {
  brand: ReactNode;
  menu: ReactNode;
  /** Footer content; `collapsed` means only icons fit (50 px desktop sidebar). */
  footer: (context: { collapsed: boolean }) => ReactNode;
  /** Banners above the header (the impersonation slot). */
  banners?: ReactNode;
  /** Completes the route handles' crumbs (names and ancestors from the menu, the navigation context). */
  refineBreadcrumbs?: (crumbs: Breadcrumb[]) => Breadcrumb[];
  /** The floating footer navigation (a location or group is open). */
  floating?: ReactNode;
  children: ReactNode;
}

/** The signed-in frame: sidebar, header with breadcrumbs from the route handles, and the main content. */
export function ShellLayout({
  brand,
  menu,
  footer,
  banners,
  refineBreadcrumbs,
  floating,
  children,
}: ShellLayoutProps) {
  const { t } = useTranslation();
  const sidebar = useSidebar();
  // The page-wide banners (maintenance, cookies) go into the content column: above the shell they would push the
  // full-height sidebar's bottom (its footer) off the screen.
  const pageBanners = usePageBanners();
  const matches = useMatches();
  const openerRef = useRef<HTMLButtonElement>(null);
  const routeCrumbs = breadcrumbsFromMatches(matches, t);
  const crumbs = refineBreadcrumbs ? refineBreadcrumbs(routeCrumbs) : routeCrumbs;
  // Pages put content into the sidebar with <SidebarPanel>; while one is mounted it replaces the menu.
  const [panelCount, setPanelCount] = useState(0);
  const [panelElement, setPanelElement] = useState<HTMLElement | null>(null);
  const register = useCallback(() => {
    setPanelCount((n) => n + 1);
    return () => setPanelCount((n) => n - 1);
  }, []);
  const panelHost = useMemo<SidebarPanelHost>(
    () => ({ element: panelElement, register }),
    [panelElement, register],
  );

  return (
    <SidebarPanelContext.Provider value={panelHost}>
      <div
        className={classes.shell}
        data-sidebar={sidebar.isMobile ? 'mobile' : sidebar.desktopOpen ? 'open' : 'collapsed'}
      >
        <Sidebar
          state={sidebar}
          openerRef={openerRef}
          brand={brand}
          menu={menu}
          panelRef={panelCount > 0 ? setPanelElement : null}
          footer={footer({ collapsed: !sidebar.expanded })}
        />
        <div className={classes.body}>
          {pageBanners}
          {banners}
          <header className={classes.header}>
            {sidebar.isMobile && (
              <ActionIcon
                ref={openerRef}
                variant="subtle"
                color="gray"
                size="lg"
                onClick={sidebar.toggle}
                aria-expanded={sidebar.mobileOpen}
                aria-controls={SIDEBAR_ID}
                aria-label={t('layout.open_sidebar')}
              >
                <IconMenu2 size={22} aria-hidden />
              </ActionIcon>
            )}
            <Breadcrumbs items={crumbs} isMobile={sidebar.isMobile} />
          </header>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
            {children}
          </main>
          {floating}
        </div>
      </div>
    </SidebarPanelContext.Provider>
  );
}
