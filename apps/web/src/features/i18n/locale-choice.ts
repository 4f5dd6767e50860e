import { DEFAULT_LOCALE, isLocale, LANGUAGE_NAMES, LOCALES, type Locale } from '@ec/domain';

/** The supported locale for a BCP 47 tag from the browser (`en-US` → `en`, `sr-Latn-RS` → `sr`), if any. */
export function matchBrowserLanguage(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

/** What decides the locale at start. */
export interface LocaleChoiceInput {
  /** The user's earlier choice from the language switcher (localStorage). */
  stored: string | null | undefined;
  /** The signed-in user's profile locale (spec 001 §4: a signed-in user's locale is applied). */
  userLocale?: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[];
  /** The site's default locale from site info. */
  siteDefault?: string | null | undefined;
}

/**
 * The locale to start with: a stored choice, else the signed-in user's locale, else the first supported browser
 * language, else the site's default, else Slovenian (spec 000 §9, spec 001 §4). Unsupported values are skipped
 * at every step.
 */
export function chooseLocale(input: LocaleChoiceInput): Locale {
  if (isLocale(input.stored)) return input.stored;
  if (isLocale(input.userLocale)) return input.userLocale;
  for (const tag of input.browserLanguages) {
    const match = matchBrowserLanguage(tag);
    if (match) return match;
  }
  if (isLocale(input.siteDefault)) return input.siteDefault;
  return DEFAULT_LOCALE;
}

/** The languages the switcher offers, in the catalog order of @ec/domain. */
export const SUPPORTED_LOCALES: readonly Locale[] = LOCALES;

/** A language's own name ("Deutsch", "Slovenščina", "Македонски"), for the switcher. */
export function languageName(locale: Locale): string {
  return LANGUAGE_NAMES[locale];
}
