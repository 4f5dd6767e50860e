import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ModalForm, SubmitForm } from './submit-form.tsx';
import { wrappingButtonClassNames } from './wrapping-button.ts';

const i18n = createTestI18n('en', { en: { common: { cancel: 'Cancel', close: 'Close' } } });
const wrapsLabel = wrappingButtonClassNames.root ?? '';

describe('SubmitForm', () => {
  it('submits with its button and has no Cancel of its own', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <SubmitForm onSubmit={onSubmit} submitLabel="Save" pending={false}>
        <input aria-label="Name" />
      </SubmitForm>,
      { i18n },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the last failure after the intro and before the fields; the form is described by it', async () => {
    const { container } = renderWithProviders(
      <SubmitForm
        onSubmit={() => {}}
        submitLabel="Save"
        pending={false}
        error="Saving failed."
        intro={<h2>Settings</h2>}
      >
        <input aria-label="Name" />
      </SubmitForm>,
      { i18n },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saving failed.');
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('aria-describedby', alert.id);
    expect(form).toHaveAttribute('novalidate');
    const heading = screen.getByRole('heading', { name: 'Settings' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(heading, alert)).toBe(true);
    expect(follows(alert, screen.getByLabelText('Name'))).toBe(true);
  });

  it('can keep its submit button disabled', async () => {
    renderWithProviders(
      <SubmitForm onSubmit={() => {}} submitLabel="Move" pending={false} submitDisabled>
        <p>Nothing to pick</p>
      </SubmitForm>,
      { i18n },
    );
    expect(await screen.findByRole('button', { name: 'Move' })).toBeDisabled();
  });

  it('shows a success note after the failure and before the fields', async () => {
    renderWithProviders(
      <SubmitForm
        onSubmit={() => {}}
        submitLabel="Save"
        pending={false}
        error="Saving failed."
        success="Saved."
      >
        <input aria-label="Name" />
      </SubmitForm>,
      { i18n },
    );
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Saved.');
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('alert'), note)).toBe(true);
    expect(follows(note, screen.getByLabelText('Name'))).toBe(true);
  });

  it('puts the submit button across the form, wrapping its label, with a footer under it', async () => {
    renderWithProviders(
      <SubmitForm
        onSubmit={() => {}}
        submitLabel="Send the link"
        pending={false}
        submitLayout="full"
        wrapSubmitLabel
        footer={<a href="/auth/login">Back</a>}
      >
        <input aria-label="E-mail" />
      </SubmitForm>,
      { i18n },
    );
    const button = await screen.findByRole('button', { name: 'Send the link' });
    expect(button).toHaveAttribute('data-block');
    expect(wrapsLabel).not.toBe('');
    expect(button).toHaveClass(wrapsLabel);
    expect(button.parentElement?.tagName).toBe('DIV');
    expect(button.parentElement).not.toHaveClass('mantine-Group-root');
    const link = screen.getByRole('link', { name: 'Back' });
    expect(button.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('can put the submit button alone at the start, at its own width', async () => {
    renderWithProviders(
      <SubmitForm onSubmit={() => {}} submitLabel="Save" pending={false} submitLayout="start">
        <input aria-label="Name" />
      </SubmitForm>,
      { i18n },
    );
    const button = await screen.findByRole('button', { name: 'Save' });
    expect(button).not.toHaveAttribute('data-block');
    expect(button).not.toHaveClass(wrapsLabel);
    const holder = button.parentElement;
    expect(holder?.tagName).toBe('DIV');
    expect(holder).not.toHaveClass('mantine-Group-root');
    expect(holder?.children).toHaveLength(1);
  });

  it('ends with Cancel and the submit button in a row by default', async () => {
    renderWithProviders(
      <SubmitForm onSubmit={() => {}} onCancel={() => {}} submitLabel="Save" pending={false}>
        <input aria-label="Name" />
      </SubmitForm>,
      { i18n },
    );
    const button = await screen.findByRole('button', { name: 'Save' });
    expect(button.parentElement).toHaveClass('mantine-Group-root');
    expect(button.previousElementSibling).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });
});

describe('ModalForm', () => {
  it('is a dialog with Cancel that closes it', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <ModalForm
        title="Rename"
        onClose={onClose}
        onSubmit={() => {}}
        submitLabel="Save"
        pending={false}
      >
        <input aria-label="Name" />
      </ModalForm>,
      { i18n },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('cannot be closed while it saves', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <ModalForm title="Rename" onClose={onClose} onSubmit={() => {}} submitLabel="Save" pending>
        <input aria-label="Name" />
      </ModalForm>,
      { i18n },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is not shown when not opened', async () => {
    renderWithProviders(
      <>
        <p>The page</p>
        <ModalForm
          title="Rename"
          opened={false}
          onClose={() => {}}
          onSubmit={() => {}}
          submitLabel="Save"
          pending={false}
        >
          <input aria-label="Name" />
        </ModalForm>
      </>,
      { i18n },
    );
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
