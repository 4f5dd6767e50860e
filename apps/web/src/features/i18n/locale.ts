import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@ec/domain';
import { readStored, STORAGE_KEYS, writeStored } from '../../shared/storage/storage.ts';
import { translationsQueryOptions } from './api/translations-query.ts';
import { i18n } from './i18n.ts';

/** The locale the user picked with the language switcher earlier, if any. */
export function storedLocale(): string | null {
  return readStored('local', STORAGE_KEYS.locale);
}

/**
 * Fetches the catalog of `locale` (with the site's overrides), adds it to i18next and switches to it. Without a
 * reload: every `useTranslation` consumer re-renders and <html lang> follows.
 */
export async function loadLocale(
  locale: Locale,
  deps: { queryClient: QueryClient; identifier: string | undefined },
): Promise<void> {
  const { translations } = await deps.queryClient.fetchQuery(
    translationsQueryOptions(locale, deps.identifier),
  );
  i18n.addResourceBundle(locale, 'translation', translations, true, true);
  await i18n.changeLanguage(locale);
}

/** Switches the locale at the user's request and remembers the choice for later visits. */
export async function switchLocale(
  locale: Locale,
  deps: { queryClient: QueryClient; identifier: string | undefined },
): Promise<void> {
  await loadLocale(locale, deps);
  writeStored('local', STORAGE_KEYS.locale, locale);
}
