import { Button, Menu } from '@mantine/core';
import { IconChevronDown, type Icon } from './icons.ts';

/** An entry of an {@link ActionsMenu}. */
export interface MenuAction {
  label: string;
  icon: Icon;
  onClick: () => void;
  /** Destructive (red), e.g. delete. */
  danger?: boolean;
  /** Whether the actor may do it; entries not allowed are left out. */
  allowed: boolean;
}

/**
 * A row's actions behind one small button ("Actions ▾") that names its row for screen readers; nothing when no
 * action is allowed. `pending` spins the button while an action without a dialog (e.g. verify) runs.
 */
export function ActionsMenu({
  label,
  accessibleLabel,
  actions,
  pending = false,
}: {
  label: string;
  /** E.g. "Actions for Ana Novak". */
  accessibleLabel: string;
  actions: readonly MenuAction[];
  pending?: boolean;
}) {
  const shown = actions.filter((action) => action.allowed);
  if (shown.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={pending}
          aria-label={accessibleLabel}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {shown.map(({ label: text, icon: ActionIcon, onClick, danger }) => (
          <Menu.Item
            key={text}
            color={danger ? 'red' : undefined}
            leftSection={<ActionIcon size={16} aria-hidden />}
            onClick={onClick}
          >
            {text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
