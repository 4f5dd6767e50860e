import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@ec/contract';
import type { Locale } from '@ec/domain';
import { authUser, json } from '../../../shared/test/fixtures.ts';
import { fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { currentUserKey } from '../api/auth-api.ts';
import { useCurrentUser } from '../use-current-user.ts';
import { UserSettings } from './user-settings.tsx';

const i18n = createTestI18n();
const languages = [
  { value: 'en' as const, label: 'English' },
  { value: 'de' as const, label: 'Deutsch' },
];

function Live({
  allowsSchemeChoice,
  applyLocale,
}: {
  allowsSchemeChoice: boolean;
  applyLocale: (locale: Locale) => Promise<void>;
}) {
  const user = useCurrentUser();
  return (
    <UserSettings
      user={user}
      languages={languages}
      allowsSchemeChoice={allowsSchemeChoice}
      applyLocale={applyLocale}
    />
  );
}

function renderSettings(options: { allowsSchemeChoice: boolean; saveStatus?: number }) {
  let user: AuthUser = authUser({ themePreference: 'auto', locale: 'en' });
  const calls = fakeFetch((request) => {
    if (request.path !== '/api/auth/user') return undefined;
    if (request.method === 'POST') {
      if (options.saveStatus) {
        return json(options.saveStatus, {
          error: { code: 'INTERNAL', message: 'errors.INTERNAL' },
        });
      }
      const data = (request.body as { data: Partial<AuthUser> }).data;
      user = { ...user, ...data };
    }
    return json(200, { data: { user } });
  });
  const applyLocale = vi.fn(() => Promise.resolve());
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(currentUserKey, user);
  const view = renderWithProviders(
    <Live allowsSchemeChoice={options.allowsSchemeChoice} applyLocale={applyLocale} />,
    { i18n, queryClient },
  );
  return { ...view, calls, applyLocale };
}

describe('UserSettings', () => {
  it('offers light / dark / auto only when the site theme allows a scheme choice', async () => {
    renderSettings({ allowsSchemeChoice: false });
    expect(await screen.findByLabelText('Language')).toBeInTheDocument();
    expect(screen.queryByText('Appearance')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Dark' })).not.toBeInTheDocument();
  });

  it('applies a theme preference at once and saves it', async () => {
    const { calls, queryClient } = renderSettings({ allowsSchemeChoice: true });
    expect(await screen.findByRole('radio', { name: 'Auto' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    // The cached user (which the theme provider follows) changes before the answer arrives.
    expect(queryClient.getQueryData<AuthUser>(currentUserKey)?.themePreference).toBe('dark');
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ data: { themePreference: 'dark' } }]);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('puts the theme back when saving fails', async () => {
    const { queryClient } = renderSettings({ allowsSchemeChoice: true, saveStatus: 500 });
    await userEvent.click(await screen.findByRole('radio', { name: 'Light' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<AuthUser>(currentUserKey)?.themePreference).toBe('auto'),
    );
  });

  it('saves the language to the profile and switches the interface to it', async () => {
    const { calls, applyLocale } = renderSettings({ allowsSchemeChoice: true });
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'de');
    expect(await screen.findByText('Your changes were saved.')).toBeInTheDocument();
    expect(applyLocale).toHaveBeenCalledWith('de');
    expect(calls.map((c) => c.body)).toEqual([{ data: { locale: 'de' } }]);
    expect(screen.getByLabelText('Language')).toHaveValue('de');
  });
});
