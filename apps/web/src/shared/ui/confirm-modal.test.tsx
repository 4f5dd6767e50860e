import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

const i18n = createTestI18n('en', { en: { common: { cancel: 'Cancel', close: 'Close' } } });

function renderModal(props: { loading?: boolean; error?: string | null } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ConfirmModal
      opened
      title="Delete the thing?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      It cannot be undone.
    </ConfirmModal>,
    { i18n },
  );
  return { onConfirm, onCancel };
}

describe('ConfirmModal', () => {
  it('asks with the text, focuses Cancel first and calls back for either answer', async () => {
    const { onConfirm, onCancel } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Delete the thing?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('data-autofocus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows the failure of the last try in the dialog', async () => {
    renderModal({ error: 'You cannot delete your own account.' });
    const dialog = await screen.findByRole('dialog', { name: 'Delete the thing?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You cannot delete your own account.',
    );
  });

  it('cannot be cancelled while the action runs', async () => {
    const { onCancel } = renderModal({ loading: true });
    const dialog = await screen.findByRole('dialog', { name: 'Delete the thing?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
