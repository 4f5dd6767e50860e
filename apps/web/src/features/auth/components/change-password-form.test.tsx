import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const i18n = createTestI18n();

async function fill(current: string, next: string, repeat: string) {
  await userEvent.type(screen.getByLabelText(/Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password \*/), next);
  await userEvent.type(screen.getByLabelText(/New password repeat/), repeat);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('says "New password repeat is not valid." for a different repeat, without calling', async () => {
    const calls = fakeFetch();
    renderWithProviders(<ChangePasswordForm email="ana@example.com" />, { i18n });
    await fill('Old-pass-2023', 'Brand-new-pass-7', 'Brand-new-pass-8');
    expect(await screen.findByText('New password repeat is not valid.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's repeat error on its field and keeps the values", async () => {
    fakeFetch(
      answer(
        'POST',
        '/api/auth/change-password',
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: { 'data.newPasswordRepeat': 'validation.new_password_repeat' },
        }),
      ),
    );
    renderWithProviders(<ChangePasswordForm email="ana@example.com" />, { i18n });
    await fill('Old-pass-2023', 'Brand-new-pass-7', 'Brand-new-pass-7');
    expect(await screen.findByText('New password repeat is not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveValue('Old-pass-2023');
    expect(screen.getByLabelText(/^New password \*/)).toHaveValue('Brand-new-pass-7');
  });

  it('clears the form after a change and says the other sessions ended', async () => {
    const calls = fakeFetch(answer('POST', '/api/auth/change-password', 200, { data: {} }));
    renderWithProviders(<ChangePasswordForm email="ana@example.com" />, { i18n });
    await fill('Old-pass-2023', 'Brand-new-pass-7', 'Brand-new-pass-7');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password was changed. Your other sessions were signed out.',
    );
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    expect(calls[0]?.body).toEqual({
      data: {
        currentPassword: 'Old-pass-2023',
        newPassword: 'Brand-new-pass-7',
        newPasswordRepeat: 'Brand-new-pass-7',
      },
    });
  });

  it('shows hints for the new password against the e-mail', async () => {
    fakeFetch();
    renderWithProviders(<ChangePasswordForm email="anamarija@example.com" />, { i18n });
    await userEvent.type(screen.getByLabelText(/^New password \*/), 'anamarija-2024');
    expect(screen.getByText(/Not your e-mail address/).closest('li')).not.toHaveAttribute(
      'data-met',
    );
  });
});
