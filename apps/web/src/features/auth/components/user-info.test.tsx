import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authUser } from '../../../shared/test/fixtures.ts';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { UserInfo } from './user-info.tsx';

const i18n = createTestI18n();
const countries = [
  { value: 'AT', label: 'Austria' },
  { value: 'SI', label: 'Slovenia' },
];

describe('UserInfo', () => {
  it("lists the account's fields, the super admin as <product> OEM", () => {
    fakeFetch();
    renderWithProviders(
      <UserInfo
        user={authUser({ role: 'ROLE_SUPER_ADMIN', verified: true, marketingConsent: null })}
        productName="Energija"
        languageName="English"
        countries={countries}
      />,
      { i18n },
    );
    const value = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(value('E-mail')).toBe('ana@example.com');
    expect(value('Role')).toBe('Energija OEM');
    expect(value('Language')).toBe('English');
    expect(value('E-mail address')).toBe('Confirmed');
    expect(value('Account')).toBe('Registered with e-mail and password');
    expect(value('News and offers by e-mail')).toBe('Not answered yet');
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ana');
    expect(screen.getByLabelText(/Country/)).toHaveValue('SI');
  });

  it('saves a changed name and country', async () => {
    const calls = fakeFetch(
      answer('POST', '/api/auth/user', 200, { data: { user: authUser({ firstName: 'Anja' }) } }),
    );
    renderWithProviders(
      <UserInfo user={authUser()} productName="P" languageName="English" countries={countries} />,
      { i18n },
    );
    await userEvent.clear(screen.getByLabelText(/First name/));
    await userEvent.type(screen.getByLabelText(/First name/), 'Anja ');
    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'AT');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      data: { firstName: 'Anja', lastName: 'Novak', countryCode: 'AT' },
    });
  });

  it('requires a name and keeps the values when the server refuses', async () => {
    const calls = fakeFetch(
      answer(
        'POST',
        '/api/auth/user',
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: { 'data.lastName': 'validation.too_long' },
        }),
      ),
    );
    renderWithProviders(
      <UserInfo user={authUser()} productName="P" languageName="English" countries={countries} />,
      { i18n },
    );
    await userEvent.clear(screen.getByLabelText(/First name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.type(screen.getByLabelText(/First name/), 'Ana');
    await userEvent.type(screen.getByLabelText(/Last name/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid.');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Novakx');
  });
});
