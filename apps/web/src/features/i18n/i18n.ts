import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@ec/domain';
import { fallbackMessages } from './fallback-messages.ts';

/**
 * The app's i18next instance. Catalogs are added at run time from the API (with the site's overrides); only
 * the start-up texts ship in the bundle, as an English fallback. Plurals use Intl.PluralRules (CLDR), so
 * Slovenian gets its one/two/few/other forms.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: 'en',
  resources: { en: { translation: fallbackMessages } },
  partialBundledLanguages: true,
  initAsync: false,
  // One namespace, so ':' in texts (site messages) is never read as a namespace separator.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

// <html lang> follows the active locale (screen readers, hyphenation, spell checking).
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
