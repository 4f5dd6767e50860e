import { ActionIcon, Tooltip } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import type { Icon } from '../../../shared/ui/icons.ts';
import classes from './shell.module.css';

/** Tooltips of the footer's icons open on hover and on keyboard focus (their names, for sighted keyboard users). */
export const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false } as const;

/** The footer icons' class (sidebar colours, hover, current page), for other icons placed in the footer. */
export const sidebarIconClass = classes.iconButton;

export interface SidebarButtonProps {
  icon: Icon;
  label: string;
  /** An in-app path (a link), or… */
  to?: string;
  /** …an action. */
  onClick?: () => void;
  /** The 50 px desktop sidebar: the tooltip opens to the right instead of above. */
  collapsed: boolean;
  loading?: boolean;
}

/**
 * A sidebar footer entry: an icon button named by `label` (aria-label, and a tooltip on hover and focus); a link
 * marks the current page with aria-current.
 */
export function SidebarButton({
  icon: IconComponent,
  label,
  to,
  onClick,
  collapsed,
  loading,
}: SidebarButtonProps) {
  const match = useMatch({ path: to ?? '', end: true });
  const active = to !== undefined && match !== null;
  const icon = <IconComponent size={20} aria-hidden />;
  const common = {
    variant: 'subtle',
    loading,
    size: 'lg',
    'aria-label': label,
    className: classes.iconButton,
  } as const;
  const button =
    to !== undefined ? (
      <ActionIcon {...common} component={Link} to={to} aria-current={active ? 'page' : undefined}>
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon {...common} onClick={onClick}>
        {icon}
      </ActionIcon>
    );
  return (
    <Tooltip
      label={label}
      position={collapsed ? 'right' : 'top'}
      withArrow
      openDelay={100}
      events={TOOLTIP_EVENTS}
    >
      {button}
    </Tooltip>
  );
}
