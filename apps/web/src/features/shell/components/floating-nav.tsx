import type { ReactNode } from 'react';
import { ActionIcon, Popover, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Icon } from '../../../shared/ui/icons.ts';
import { IconBell } from '../shell-icons.ts';
import classes from './floating-nav.module.css';

/** A link of the floating footer navigation. */
export interface FloatingNavLink {
  label: string;
  to: string;
  icon: Icon;
  /** Active only on exactly this path (an index page). */
  end?: boolean;
}

/**
 * The floating footer navigation (spec 000 §2 Layout) shown while a location or a group is open: its main views
 * and a notifications bell. Alarms come with a later issue; until then the bell opens a "no notifications yet"
 * panel and shows no count.
 */
export function FloatingNav({
  label,
  links,
}: {
  label: string;
  links: readonly FloatingNavLink[];
}) {
  return (
    <nav aria-label={label} className={classes.bar}>
      {links.map(({ label: linkLabel, to, icon: LinkIcon, end }) => (
        <Tooltip key={to} label={linkLabel} openDelay={100}>
          <NavLink to={to} end={end ?? false} className={classes.link} aria-label={linkLabel}>
            <LinkIcon size={20} aria-hidden />
            <span className={classes.text}>{linkLabel}</span>
          </NavLink>
        </Tooltip>
      ))}
      <NotificationsBell />
    </nav>
  );
}

function NotificationsBell(): ReactNode {
  const { t } = useTranslation();
  return (
    <Popover position="top" withArrow shadow="md" width={260} trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="xl"
          radius="xl"
          className={classes.bell}
          aria-label={t('floating_nav.notifications')}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm">
          {t('floating_nav.notifications')}
        </Text>
        <Text size="sm" c="dimmed" mt={4} role="status">
          {t('floating_nav.no_notifications')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
