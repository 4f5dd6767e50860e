import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { requestPasswordReset } from '../api/account-api.ts';
import { ResendVerification } from './resend-verification.tsx';
import { EmailRequestForm } from './email-request-form.tsx';

const i18n = createTestI18n();

afterEach(() => {
  vi.useRealTimers();
});

describe('forgotten password (EmailRequestForm)', () => {
  it('answers neutrally after sending and does not offer to send again', async () => {
    const calls = fakeFetch(answer('POST', '/api/auth/forgotten-password', 202, { data: {} }));
    renderWithProviders(
      <EmailRequestForm
        submitLabel="Send reset link"
        send={requestPasswordReset}
        sentText={(email) => i18n.t('forgotten_password.sent', { email })}
      />,
      { i18n },
    );
    await userEvent.type(screen.getByLabelText(/E-mail/), ' ana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for ana@example.com, we have sent it a link to set a new password.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ data: { email: 'ana@example.com' } });
  });

  it('checks the address before sending', async () => {
    const calls = fakeFetch();
    renderWithProviders(
      <EmailRequestForm submitLabel="Send" send={requestPasswordReset} sentText={() => 'sent'} />,
      { i18n },
    );
    await userEvent.type(screen.getByLabelText(/E-mail/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('ResendVerification', () => {
  it('waits 60 s after a send before offering to send again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeFetch(answer('POST', '/api/auth/resend-verification', 202, { data: {} }));
    renderWithProviders(<ResendVerification initialEmail="ana@example.com" />, { i18n });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If ana@example.com belongs to an account that is not confirmed yet, a new link is on its way.',
    );
    const button = screen.getByRole('button', { name: /Send again in 60 s/ });
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('button', { name: 'Send a new confirmation link' })).toBeEnabled();
  });

  it('shows the translated 429 and holds the button for the seconds the server names', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeFetch(
      answer(
        'POST',
        '/api/auth/resend-verification',
        429,
        apiError('RATE_LIMITED', 'errors.RATE_LIMITED', { params: { seconds: 30 } }),
      ),
    );
    renderWithProviders(<ResendVerification initialEmail="ana@example.com" />, { i18n });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 30 s.',
    );
    expect(screen.getByRole('button', { name: /Send again in 30 s/ })).toBeDisabled();
  });
});
