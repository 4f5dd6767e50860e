import { useRef, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { breadcrumbsFromMatches } from '../../../shared/routing/route-handle.ts';
import { IconMenu2 } from '../../../shared/ui/icons.ts';
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
  children: ReactNode;
}

/** The signed-in frame: sidebar, header with breadcrumbs from the route handles, and the main content. */
export function ShellLayout({ brand, menu, footer, banners, children }: ShellLayoutProps) {
  const { t } = useTranslation();
  const sidebar = useSidebar();
  const matches = useMatches();
  const openerRef = useRef<HTMLButtonElement>(null);
  const crumbs = breadcrumbsFromMatches(matches, t);

  return (
    <div
      className={classes.shell}
      data-sidebar={sidebar.isMobile ? 'mobile' : sidebar.desktopOpen ? 'open' : 'collapsed'}
    >
      <Sidebar
        state={sidebar}
        openerRef={openerRef}
        brand={brand}
        menu={menu}
        footer={footer({ collapsed: !sidebar.expanded })}
      />
      <div className={classes.body}>
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
      </div>
    </div>
  );
}
