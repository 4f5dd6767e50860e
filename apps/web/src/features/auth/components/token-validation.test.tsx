import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../shared/test/fixtures.ts';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { TokenValidation } from './token-validation.tsx';

const i18n = createTestI18n();

function renderWith(token: string | null) {
  return renderWithProviders(<TokenValidation token={token} supportEmail="support@example.com" />, {
    i18n,
    routes: [{ path: '/auth/login', element: <p>sign-in page</p> }],
  });
}

const verified = (status: string) =>
  answer('POST', '/api/auth/verify-email', 200, { data: { status } });

describe('TokenValidation', () => {
  it('confirms the address with the token once and leads to sign-in', async () => {
    const calls = fakeFetch(verified('VERIFIED'));
    renderWith('tok-1');
    expect(
      await screen.findByRole('heading', { name: 'E-mail address confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign-in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(calls).toEqual([
      { call: 'POST /api/auth/verify-email', body: { data: { token: 'tok-1' } } },
    ]);
  });

  it('says an already used link has confirmed the address', async () => {
    fakeFetch(verified('ALREADY_USED'));
    renderWith('tok-2');
    expect(await screen.findByRole('heading', { name: 'Already confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to sign-in' })).toBeInTheDocument();
  });

  it('offers a new link for an expired one, asking for the e-mail', async () => {
    fakeFetch(verified('EXPIRED'));
    renderWith('tok-3');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('');
    expect(
      screen.getByRole('button', { name: 'Send a new confirmation link' }),
    ).toBeInTheDocument();
  });

  it('shows "Invalid action requested" for an unknown token', async () => {
    fakeFetch(verified('MISSING'));
    renderWith('nope');
    expect(
      await screen.findByRole('heading', { name: 'Invalid action requested' }),
    ).toBeInTheDocument();
  });

  it('shows "Invalid action requested" without calling the server when the link has no token', async () => {
    const calls = fakeFetch();
    renderWith(null);
    expect(
      await screen.findByRole('heading', { name: 'Invalid action requested' }),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it.each([
    ['the ERROR outcome', verified('ERROR')],
    [
      'a server failure',
      () => json(500, { error: { code: 'INTERNAL', message: 'errors.INTERNAL' } }),
    ],
  ])("points to the site's support address for %s", async (_name, route) => {
    fakeFetch(route);
    renderWith('tok-4');
    expect(
      await screen.findByRole('heading', { name: 'E-mail verification failed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });
});
