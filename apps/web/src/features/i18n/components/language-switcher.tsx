import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { showToast } from '../../../shared/ui/toast.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@ec/domain';
import { IconLanguage } from '../../../shared/ui/icons.ts';
import { languageName, SUPPORTED_LOCALES } from '../locale-choice.ts';
import { switchLocale } from '../locale.ts';

/** Switches the locale, reporting a failed catalog fetch as a toast. */
export function useLocaleSwitch(identifier: string | undefined) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const current: Locale | undefined = isLocale(i18n.language) ? i18n.language : undefined;

  async function choose(locale: Locale) {
    if (locale === current) return;
    setPending(true);
    try {
      await switchLocale(locale, { queryClient, identifier });
    } catch {
      showToast({ color: 'red', message: t('errors.network') });
    } finally {
      setPending(false);
    }
  }
  return { current, pending, choose };
}

export interface LanguageSwitcherProps {
  /** The site whose translation overrides apply. */
  identifier: string | undefined;
  /** Stretch to the container's width (sidebar footer). */
  fullWidth?: boolean;
}

/**
 * Picks the interface language; the catalog is fetched and applied without a reload. A native select: it is
 * keyboard- and touch-friendly everywhere and needs no popover code on the sign-in page.
 */
export function LanguageSwitcher({ identifier, fullWidth = false }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const { current, pending, choose } = useLocaleSwitch(identifier);
  return (
    <NativeSelect
      aria-label={t('common.language')}
      value={current ?? ''}
      disabled={pending}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value)) void choose(value);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      w={fullWidth ? '100%' : undefined}
      data={SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: languageName(locale) }))}
    />
  );
}
