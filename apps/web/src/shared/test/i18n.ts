import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalog } from '@ec/contract';
import { englishCatalog } from './fixtures.ts';

/** A fresh i18next instance with the given catalogs (English by default) in `lng`. */
export function createTestI18n(lng = 'en', resources: Record<string, Catalog> = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      Object.entries({ en: englishCatalog, ...resources }).map(([l, c]) => [l, { translation: c }]),
    ),
    initAsync: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
