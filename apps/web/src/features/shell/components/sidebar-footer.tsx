import { useId, type ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronDown, IconChevronUp } from '../../../shared/ui/icons.ts';
import { useSidebarFooter } from '../use-sidebar.ts';
import { TOOLTIP_EVENTS } from './sidebar-button.tsx';
import classes from './shell.module.css';

/**
 * The sidebar footer (spec 000 §2 Layout): one compact row of icon buttons with tooltips (a column in the 50 px
 * sidebar), so the tree keeps the sidebar's height; with its open/closed toggle, remembered between visits and
 * closed by default in mobile landscape (spec 000 §4). Every entry is a tab stop with an accessible name.
 */
export function SidebarFooter({
  children,
  collapsed = false,
}: {
  children: ReactNode;
  /** The 50 px desktop sidebar: entries stack in a column. */
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const { open, toggle } = useSidebarFooter();
  const contentId = useId();
  const label = open ? t('layout.close_sidebar_footer') : t('layout.open_sidebar_footer');
  return (
    <div className={classes.footer} data-open={open || undefined}>
      <div
        id={contentId}
        role="group"
        aria-label={t('layout.sidebar_footer')}
        hidden={!open}
        className={classes.footerContent}
      >
        {children}
      </div>
      <Tooltip
        label={label}
        position={collapsed ? 'right' : 'top'}
        withArrow
        openDelay={100}
        events={TOOLTIP_EVENTS}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          className={classes.footerToggle}
          onClick={toggle}
          aria-expanded={open}
          aria-controls={contentId}
          aria-label={label}
        >
          {open ? (
            <IconChevronDown size={18} aria-hidden />
          ) : (
            <IconChevronUp size={18} aria-hidden />
          )}
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
