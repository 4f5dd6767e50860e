import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

const i18n = createTestI18n();

async function submitNewPassword(
  password = 'Brand-new-pass-7',
  repeat = password,
  submit = 'Save new password',
) {
  await userEvent.type(screen.getByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/Repeat new password/), repeat);
  await userEvent.click(screen.getByRole('button', { name: submit }));
}

describe('ResetPasswordForm', () => {
  it('sets the new password with the token and leads to sign-in', async () => {
    const calls = fakeFetch(answer('POST', '/api/auth/reset-password', 200, { data: {} }));
    renderWithProviders(<ResetPasswordForm token="tok" />, { i18n });
    expect(screen.getByTestId('password-hints')).toBeInTheDocument();
    await submitNewPassword();
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign-in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(calls[0]?.body).toEqual({
      data: { token: 'tok', password: 'Brand-new-pass-7', passwordRepeat: 'Brand-new-pass-7' },
    });
  });

  it.each([
    ['TOKEN_EXPIRED', 'This link has expired'],
    ['TOKEN_INVALID', 'This link is not valid'],
  ])('shows its own screen for %s with a way to ask for a new link', async (code, heading) => {
    fakeFetch(answer('POST', '/api/auth/reset-password', 422, apiError(code, `errors.${code}`)));
    renderWithProviders(<ResetPasswordForm token="old" />, { i18n });
    await submitNewPassword();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/forgotten-password',
    );
  });

  it('treats a link without a token as not valid', () => {
    fakeFetch();
    renderWithProviders(<ResetPasswordForm token={null} />, { i18n });
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('keeps the typed values when the server refuses them', async () => {
    fakeFetch(
      answer('POST', '/api/auth/reset-password', 500, apiError('INTERNAL', 'errors.INTERNAL')),
    );
    renderWithProviders(<ResetPasswordForm token="tok" />, { i18n });
    await submitNewPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Brand-new-pass-7');
    expect(screen.getByLabelText(/Repeat new password/)).toHaveValue('Brand-new-pass-7');
  });

  describe('the welcome link (welcome=1): choosing a first password', () => {
    it('says "set your password" and, once set, that the address is confirmed', async () => {
      const calls = fakeFetch(answer('POST', '/api/auth/reset-password', 200, { data: {} }));
      renderWithProviders(<ResetPasswordForm token="tok" welcome />, { i18n });
      expect(screen.getByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
      await submitNewPassword(undefined, undefined, 'Save password');
      expect(await screen.findByRole('heading', { name: 'Password set' })).toBeInTheDocument();
      expect(
        screen.getByText(
          'Your password is set and your e-mail address is confirmed. You can sign in now.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Continue to sign-in' })).toHaveAttribute(
        'href',
        '/auth/login',
      );
      expect(calls[0]?.body).toEqual({
        data: { token: 'tok', password: 'Brand-new-pass-7', passwordRepeat: 'Brand-new-pass-7' },
      });
    });

    it.each([
      [
        'TOKEN_EXPIRED',
        'This link has expired',
        'Links to set your password are valid for 7 days. Ask for a new one.',
      ],
      [
        'TOKEN_INVALID',
        'This link is not valid',
        'This link has already been used or is incomplete. If you have set your password, sign in; otherwise ask for a new link.',
      ],
    ])('explains %s in terms of the welcome link', async (code, heading, text) => {
      fakeFetch(answer('POST', '/api/auth/reset-password', 422, apiError(code, `errors.${code}`)));
      renderWithProviders(<ResetPasswordForm token="old" welcome />, { i18n });
      await submitNewPassword(undefined, undefined, 'Save password');
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    });
  });
});
