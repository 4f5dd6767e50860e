import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authUser, json } from '../../../shared/test/fixtures.ts';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { currentUserKey } from '../api/auth-api.ts';
import { LoginForm } from './login-form.tsx';

function renderLogin() {
  const onSignedIn = vi.fn();
  const view = renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, {
    i18n: createTestI18n(),
  });
  return { ...view, onSignedIn };
}

function stubFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillAndSubmit(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText(/E-mail/), email);
  if (password) await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it("shows the server's translated message and keeps what was typed", async () => {
    stubFetch(() =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'login.invalid_credentials' } }),
    );
    const { onSignedIn } = renderLogin();
    await fillAndSubmit('ana@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials provided.');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ana@example.com');
    expect(screen.getByLabelText(/Password/)).toHaveValue('wrong password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('posts { data: { email, password } } and hands over the signed-in user', async () => {
    const user = authUser();
    const fetchMock = stubFetch(() => json(200, { data: { user } }));
    const { onSignedIn, queryClient } = renderLogin();
    await fillAndSubmit(' ana@example.com ', 'secret');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      data: { email: 'ana@example.com', password: 'secret' },
    });
    expect(queryClient.getQueryData(currentUserKey)).toEqual(user);
  });

  it("checks the fields with the contract's schema before sending", async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    renderLogin();
    await fillAndSubmit('not-an-email', '');

    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('not-an-email');
  });

  it("shows the server's field errors next to the fields", async () => {
    stubFetch(() =>
      json(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
          fields: { 'data.email': 'validation.invalid_email' },
        },
      }),
    );
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret');
    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid.');
  });

  it('says the server could not be reached when the request fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
  });
});

describe('LoginForm: unverified accounts and rate limits', () => {
  it('offers a new verification link for the typed address when the account is not verified', async () => {
    const calls = fakeFetch(
      answer(
        'POST',
        '/api/auth/login',
        403,
        apiError('EMAIL_NOT_VERIFIED', 'login.email_not_verified'),
      ),
      answer('POST', '/api/auth/resend-verification', 202, { data: {} }),
    );
    renderLogin();
    await fillAndSubmit('ana@example.com', 'Right-password-1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send a new confirmation link' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If ana@example.com belongs to an account that is not confirmed yet, a new link is on its way.',
    );
    expect(calls.map((c) => c.call)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/resend-verification',
    ]);
    expect(calls[1]?.body).toEqual({ data: { email: 'ana@example.com' } });
  });

  it('does not offer a new link for a wrong password', async () => {
    fakeFetch(
      answer(
        'POST',
        '/api/auth/login',
        401,
        apiError('UNAUTHENTICATED', 'login.invalid_credentials'),
      ),
    );
    renderLogin();
    await fillAndSubmit('ana@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials provided.');
    expect(screen.queryByRole('button', { name: /confirmation link/ })).not.toBeInTheDocument();
  });

  it('shows the translated 429 with the seconds to wait', async () => {
    fakeFetch(
      answer(
        'POST',
        '/api/auth/login',
        429,
        apiError('RATE_LIMITED', 'errors.RATE_LIMITED', { params: { seconds: 57 } }),
      ),
    );
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 57 s.',
    );
  });
});
