import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { RegisterForm } from './register-form.tsx';

const i18n = createTestI18n();

function renderForm(termsHref: string | null = 'https://example.com/terms') {
  const onRegistered = vi.fn();
  renderWithProviders(
    <RegisterForm
      identifier="acme"
      privacyHref="https://example.com/privacy"
      termsHref={termsHref}
      countries={[
        { value: 'SI', label: 'Slovenia' },
        { value: 'AT', label: 'Austria' },
      ]}
      languages={[
        { value: 'en', label: 'English' },
        { value: 'sl', label: 'Slovenščina' },
      ]}
      initialLocale="en"
      onRegistered={onRegistered}
    />,
    { i18n },
  );
  return { onRegistered };
}

/** Sets a field's value with one change event (typing each character is slow in jsdom). */
function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillValid(password = 'Sunny-day-2024') {
  const user = userEvent.setup();
  fill(/First name/, 'Ana');
  fill(/Last name/, 'Novak');
  fill(/^E-mail/, 'ana@example.com');
  fill(/^Password/, password);
  fill(/Repeat password/, password);
  await user.selectOptions(screen.getByLabelText(/Country/), 'SI');
  await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  return user;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('RegisterForm', () => {
  it('links the privacy policy and terms in a new tab and leaves marketing unticked', () => {
    fakeFetch();
    renderForm();
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(screen.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByRole('checkbox', { name: /news and offers/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).not.toBeChecked();
  });

  it('keeps the terms checkbox without a link when the site has no terms', () => {
    fakeFetch();
    renderForm(null);
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /terms/ })).not.toBeInTheDocument();
  });

  it('says what is missing without calling the server', async () => {
    const calls = fakeFetch();
    renderForm();
    await submit();
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByText('Repeat password is required.')).toBeInTheDocument();
    expect(screen.getByText('Country is required.')).toBeInTheDocument();
    expect(screen.getAllByText('Please accept to continue.')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).toHaveAccessibleDescription(
      'Please accept to continue.',
    );
    expect(calls).toEqual([]);

    // Correcting a field clears its message; the others stay until the next submit.
    fill(/First name/, 'Ana');
    expect(screen.queryByText('First name is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
  });

  it('applies the password rules and the repeat check before sending', async () => {
    const calls = fakeFetch();
    renderForm();
    await fillValid('short1');
    fill(/Repeat password/, 'short2');
    await submit();
    expect(
      await screen.findByText('The password must be at least 10 characters long.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('refuses control characters, text-direction overrides and invisible-only names before sending', async () => {
    const calls = fakeFetch();
    renderForm();
    await fillValid();
    // Pasted text can carry what no keyboard types: a NUL, a right-to-left override, only zero-width spaces.
    fill(/First name/, 'A\u0000na');
    fill(/Last name/, 'Nov\u202eak');
    await submit();
    expect(
      await screen.findByText(
        'First name must not contain control characters (such as tabs, line breaks or invisible codes).',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Last name must not contain characters that change the text direction.'),
    ).toBeInTheDocument();

    fill(/First name/, '\u200b\u200b');
    fill(/Last name/, 'Novak');
    await submit();
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the form for the site, marketing consent false unless ticked', async () => {
    const calls = fakeFetch(
      answer('POST', '/api/auth/register', 201, { data: { email: 'ana@example.com' } }),
    );
    const { onRegistered } = renderForm();
    await fillValid();
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ana@example.com'));
    expect(calls[0]?.call).toBe('POST /api/auth/register?identifier=acme');
    expect(calls[0]?.body).toEqual({
      data: {
        firstName: 'Ana',
        lastName: 'Novak',
        email: 'ana@example.com',
        password: 'Sunny-day-2024',
        passwordRepeat: 'Sunny-day-2024',
        countryCode: 'SI',
        locale: 'en',
        acceptPrivacy: true,
        acceptTerms: true,
        marketingConsent: false,
      },
    });
  });

  it("shows the server's field errors and keeps every value", async () => {
    fakeFetch(
      answer(
        'POST',
        '/api/auth/register',
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: { 'data.email': 'validation.invalid_email' },
        }),
      ),
    );
    renderForm();
    await fillValid();
    await userEvent.click(screen.getByRole('checkbox', { name: /news and offers/ }));
    await submit();
    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid.');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ana');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Sunny-day-2024');
    expect(screen.getByLabelText(/Country/)).toHaveValue('SI');
    expect(screen.getByRole('checkbox', { name: /news and offers/ })).toBeChecked();
  });

  it('shows the translated 429 with the seconds to wait', async () => {
    fakeFetch(
      answer(
        'POST',
        '/api/auth/register',
        429,
        apiError('RATE_LIMITED', 'errors.RATE_LIMITED', { params: { seconds: 120 } }),
      ),
    );
    renderForm();
    await fillValid();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 120 s.',
    );
  });
});
