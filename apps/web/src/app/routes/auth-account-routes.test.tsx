import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../shared/test/i18n.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { ResetPasswordRoute } from './auth-account-routes.tsx';

// /auth/reset-password: `welcome=1` (the link of the welcome mail) turns the page into "set your password".

const i18n = createTestI18n();

describe('ResetPasswordRoute', () => {
  it('with welcome=1 asks to set the password', () => {
    fakeFetch();
    renderWithProviders(<ResetPasswordRoute />, {
      i18n,
      path: '/auth/reset-password?token=tok&welcome=1',
    });
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeInTheDocument();
  });

  it('without it keeps the reset wording', () => {
    fakeFetch();
    renderWithProviders(<ResetPasswordRoute />, { i18n, path: '/auth/reset-password?token=tok' });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeInTheDocument();
  });
});
