import type { Locale } from '@ec/domain';

/**
 * BCP-47 tags handed to Intl for our locale codes. Most codes are valid tags as they are. Serbian needs an explicit
 * script because ICU's default for `sr` is Cyrillic while the product writes Serbian in Latin script. Portuguese is
 * written for Portugal (the catalog uses pt-PT wording), and ICU's bare `pt` formats the Brazilian way (`€ 1.234,50`
 * instead of `1234,50 €`).
 */
export const INTL_LOCALES = {
  bs: 'bs',
  cs: 'cs',
  de: 'de',
  en: 'en',
  hr: 'hr',
  it: 'it',
  mk: 'mk',
  nl: 'nl',
  pl: 'pl',
  pt: 'pt-PT',
  sk: 'sk',
  sl: 'sl',
  sr: 'sr-Latn',
  sv: 'sv',
} as const satisfies Record<Locale, string>;

/** The BCP-47 tag to give Intl constructors for one of our locale codes. */
export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}
