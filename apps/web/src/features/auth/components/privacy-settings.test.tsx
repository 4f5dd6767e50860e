import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authUser, json } from '../../../shared/test/fixtures.ts';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import {
  DataExportButton,
  DeleteAccountSection,
  exportFileName,
  MarketingConsentSwitch,
} from './privacy-settings.tsx';

const i18n = createTestI18n();
const impersonation = { active: true as const, by: { id: 1, fullName: 'Ana Admin' } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DeleteAccountSection', () => {
  it('tells a super admin why they cannot delete their own account, with no button', () => {
    fakeFetch();
    renderWithProviders(
      <DeleteAccountSection user={authUser({ role: 'ROLE_SUPER_ADMIN' })} onDeleted={vi.fn()} />,
      { i18n },
    );
    expect(screen.getByTestId('delete-not-allowed')).toHaveTextContent(
      'A super admin cannot delete their own account.',
    );
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('asks for the password in a confirmation modal, then deletes', async () => {
    const calls = fakeFetch(answer('DELETE', '/api/auth/user', 200, { data: {} }));
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteAccountSection user={authUser()} onDeleted={onDeleted} />, {
      i18n,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(within(dialog).getByText('Password is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Password/), 'My-password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls).toEqual([
      { call: 'DELETE /api/auth/user', body: { data: { password: 'My-password-1' } } },
    ]);
  });

  it('shows a wrong password on the field and keeps the modal open', async () => {
    fakeFetch(
      answer(
        'DELETE',
        '/api/auth/user',
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: { 'data.password': 'validation.current_password_wrong' },
        }),
      ),
    );
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteAccountSection user={authUser()} onDeleted={onDeleted} />, {
      i18n,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Password/)).toHaveValue('wrong');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

describe('MarketingConsentSwitch', () => {
  it('saves the switched value', async () => {
    const calls = fakeFetch(
      answer('POST', '/api/auth/user', 200, {
        data: { user: authUser({ marketingConsent: true }) },
      }),
    );
    renderWithProviders(<MarketingConsentSwitch user={authUser({ marketingConsent: null })} />, {
      i18n,
    });
    const toggle = screen.getByRole('switch', { name: /News and offers by e-mail/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ data: { marketingConsent: true } });
  });

  it('is the account holder’s choice only: disabled while impersonating', () => {
    fakeFetch();
    renderWithProviders(<MarketingConsentSwitch user={authUser({ impersonation })} />, { i18n });
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.getByText('Only the account holder can change this.')).toBeInTheDocument();
  });
});

describe('DataExportButton', () => {
  it('downloads GET /api/auth/user/export as a JSON file', async () => {
    const data = { exportedAt: '2026-01-01T00:00:00Z', account: { email: 'ana@example.com' } };
    fakeFetch(() => json(200, { data }));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<DataExportButton platformName="Energy Cloud" />, { i18n });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^energy-cloud-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(JSON.parse(await (blob as Blob).text())).toEqual(data);
  });

  it('names the file after the platform and the date', () => {
    expect(exportFileName('SunPower Cloud!', new Date('2026-03-04T10:00:00Z'))).toBe(
      'sunpower-cloud-my-data-2026-03-04.json',
    );
  });
});
