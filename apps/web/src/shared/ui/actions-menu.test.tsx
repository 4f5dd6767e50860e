import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ActionsMenu, type MenuAction } from './actions-menu.tsx';
import { IconSettings, IconTrash } from './icons.ts';

const i18n = createTestI18n('en', { en: {} });

function renderMenu(actions: MenuAction[], pending = false) {
  return renderWithProviders(
    <ActionsMenu
      label="Actions"
      accessibleLabel="Actions for Ana Novak"
      actions={actions}
      pending={pending}
    />,
    { i18n },
  );
}

describe('ActionsMenu', () => {
  it('lists the allowed actions only and runs the one picked', async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    renderMenu([
      { label: 'Edit', icon: IconSettings, onClick: edit, allowed: true },
      { label: 'Verify', icon: IconSettings, onClick: vi.fn(), allowed: false },
      { label: 'Delete', icon: IconTrash, onClick: remove, allowed: true, danger: true },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Ana Novak' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledOnce();
    expect(edit).not.toHaveBeenCalled();
  });

  it('is not there when nothing is allowed', () => {
    renderMenu([{ label: 'Edit', icon: IconSettings, onClick: vi.fn(), allowed: false }]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('spins while an action runs', () => {
    renderMenu([{ label: 'Edit', icon: IconSettings, onClick: vi.fn(), allowed: true }], true);
    expect(screen.getByRole('button', { name: 'Actions for Ana Novak' })).toHaveAttribute(
      'data-loading',
      'true',
    );
  });
});
