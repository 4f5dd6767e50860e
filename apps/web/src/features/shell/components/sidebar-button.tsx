import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import type { Icon } from '../../../shared/ui/icons.ts';
import classes from './shell.module.css';

export interface SidebarButtonProps {
  icon: Icon;
  label: string;
  /** An in-app path (a link), or… */
  to?: string;
  /** …an action. */
  onClick?: () => void;
  /** Icon only with a tooltip (collapsed desktop sidebar). */
  collapsed: boolean;
  loading?: boolean;
}

/** A sidebar footer entry: a full-width button with label, or an icon with tooltip when collapsed. */
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
  const common = { variant: 'subtle', loading } as const;

  if (collapsed) {
    const button =
      to !== undefined ? (
        <ActionIcon
          {...common}
          component={Link}
          to={to}
          aria-current={active ? 'page' : undefined}
          size="lg"
          aria-label={label}
          className={classes.iconButton}
        >
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon
          {...common}
          onClick={onClick}
          size="lg"
          aria-label={label}
          className={classes.iconButton}
        >
          {icon}
        </ActionIcon>
      );
    return (
      <Tooltip label={label} position="right" withArrow openDelay={100}>
        {button}
      </Tooltip>
    );
  }
  const wide = { ...common, justify: 'flex-start', fullWidth: true, leftSection: icon } as const;
  return to !== undefined ? (
    <Button
      {...wide}
      component={Link}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={classes.navButton}
    >
      {label}
    </Button>
  ) : (
    <Button {...wide} onClick={onClick} className={classes.navButton}>
      {label}
    </Button>
  );
}
