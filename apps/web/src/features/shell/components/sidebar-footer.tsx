import { useId, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronDown, IconChevronUp } from '../../../shared/ui/icons.ts';
import { useSidebarFooter } from '../use-sidebar.ts';
import classes from './shell.module.css';

/**
 * The sidebar footer (spec 000 §2 Layout) with its open/closed toggle; closed by default in mobile landscape
 * where height is scarce (spec 000 §4).
 */
export function SidebarFooter({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { open, toggle } = useSidebarFooter();
  const contentId = useId();
  return (
    <div className={classes.footer} data-open={open || undefined}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="md"
        className={classes.footerToggle}
        onClick={toggle}
        aria-expanded={open}
        aria-controls={contentId}
        aria-label={open ? t('layout.close_sidebar_footer') : t('layout.open_sidebar_footer')}
      >
        {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronUp size={18} aria-hidden />}
      </ActionIcon>
      <div id={contentId} hidden={!open} className={classes.footerContent}>
        {children}
      </div>
    </div>
  );
}
