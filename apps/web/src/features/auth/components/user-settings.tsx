import { useId, useState } from 'react';
import { NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser, ThemePreference } from '@ec/contract';
import { isLocale, type Locale } from '@ec/domain';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { updateUser } from '../api/account-api.ts';
import { currentUserKey } from '../api/auth-api.ts';

const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'auto'];

export interface UserSettingsProps {
  user: AuthUser;
  languages: readonly { value: Locale; label: string }[];
  /** Whether the site's theme lets users pick light, dark or auto (shared/theme `allowsSchemeChoice`). */
  allowsSchemeChoice: boolean;
  /** Switches the interface to the saved language (catalog fetch, no reload). */
  applyLocale: (locale: Locale) => Promise<void>;
}

/**
 * /user/settings: the language and, where the site's theme allows a choice, light / dark / auto. Each change
 * applies at once and is saved with POST /api/auth/user; a failed save puts the theme back and says so.
 */
export function UserSettings({
  user,
  languages,
  allowsSchemeChoice,
  applyLocale,
}: UserSettingsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const themeLabelId = useId();

  const language = useMutation({
    mutationFn: async (locale: Locale) => {
      await Promise.all([updateUser(queryClient, { locale }), applyLocale(locale)]);
    },
    onMutate: () => setSaved(false),
    onSuccess: () => setSaved(true),
  });

  const theme = useMutation({
    mutationFn: (themePreference: ThemePreference) => updateUser(queryClient, { themePreference }),
    onMutate: (themePreference) => {
      setSaved(false);
      // Applied before the answer: the theme provider follows the cached user.
      const previous = queryClient.getQueryData<AuthUser | null>(currentUserKey);
      if (previous) queryClient.setQueryData(currentUserKey, { ...previous, themePreference });
      return { previous };
    },
    onSuccess: () => setSaved(true),
    onError: (error, _value, context) => {
      if (context?.previous) queryClient.setQueryData(currentUserKey, context.previous);
      showToast({ color: 'red', message: submitErrorText(error, t, 'user_settings.save_error') });
    },
  });

  return (
    <Stack gap="xl" maw={480}>
      {language.isError && (
        <FormAlert kind="error">
          {submitErrorText(language.error, t, 'user_settings.save_error')}
        </FormAlert>
      )}
      {saved && <FormAlert kind="success">{t('user_settings.saved')}</FormAlert>}
      <NativeSelect
        label={t('common.language')}
        description={t('user_settings.language_description')}
        value={user.locale}
        disabled={language.isPending}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLocale(value)) language.mutate(value);
        }}
        data={languages.map((l) => ({ value: l.value, label: l.label }))}
      />
      {allowsSchemeChoice && (
        <div role="group" aria-labelledby={themeLabelId}>
          <Text id={themeLabelId} size="sm" fw={500}>
            {t('user_settings.theme')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('user_settings.theme_description')}
          </Text>
          <SegmentedControl
            fullWidth
            value={user.themePreference}
            onChange={(value) => theme.mutate(value as ThemePreference)}
            data={THEME_PREFERENCES.map((value) => ({
              value,
              label: t(`user_settings.theme_${value}`),
            }))}
          />
        </div>
      )}
    </Stack>
  );
}
