import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import type { FormSchema } from '../../shared/forms/form-errors.ts';
import { englishCatalog } from '../../shared/test/fixtures.ts';
import { createTestI18n } from '../../shared/test/i18n.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { SubmitForm } from '../../shared/ui/submit-form.tsx';
import { useAccountForm } from './use-account-form.ts';

const i18n = createTestI18n('en', {
  en: { ...englishCatalog, test: { failed: 'Sending failed.' } },
});

interface Sent {
  name: string;
  extra: number;
}

/** A required name, as a contract schema would check it. */
const loadSchema = (): Promise<FormSchema<Sent>> =>
  Promise.resolve({
    safeParse: (value: unknown) => {
      const sent = value as Sent;
      return sent.name
        ? { success: true as const, data: sent }
        : {
            success: false as const,
            error: {
              issues: [{ code: 'too_small', path: ['name'], origin: 'string', minimum: 1 }],
            },
          };
    },
  });

function NameForm({ send, onSend }: { send: (form: Sent) => Promise<void>; onSend: () => void }) {
  const form = useAccountForm({
    initial: { name: '' },
    labels: { name: 'Name' },
    loadSchema,
    prepare: (values) => ({ name: values.name.trim(), extra: 1 }),
    send,
    errorKey: 'test.failed',
    onSend,
  });
  return (
    <SubmitForm {...form.submitProps} submitLabel="Send">
      <TextInput {...form.field('name')} />
    </SubmitForm>
  );
}

describe('useAccountForm', () => {
  it('checks the prepared values first; a field error names its label and goes when the field changes', async () => {
    const calls: string[] = [];
    const send = vi.fn((form: Sent) => {
      calls.push(`send ${JSON.stringify(form)}`);
      return Promise.resolve();
    });
    renderWithProviders(<NameForm send={send} onSend={() => calls.push('onSend')} />, { i18n });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(name, 'Ana ');
    expect(screen.queryByText('Name is required.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());
    expect(calls).toEqual(['onSend', 'send {"name":"Ana","extra":1}']);
  });

  it("puts the server's errors on the form's fields and says why the send failed", async () => {
    const send = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'errors.not_in_the_catalog',
          fields: { 'data.name': 'validation.invalid' },
        }),
      ),
    );
    renderWithProviders(<NameForm send={send} onSend={() => {}} />, { i18n });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sending failed.');
    expect(screen.getByText('Name is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });
});
