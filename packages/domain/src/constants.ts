/** Languages the product ships (spec 001 §9). Slovenian is the default. */
export const LOCALES = [
  'bs',
  'cs',
  'de',
  'en',
  'hr',
  'it',
  'mk',
  'nl',
  'pl',
  'pt',
  'sk',
  'sl',
  'sr',
  'sv',
] as const;
/** One of the supported language codes. */
export type Locale = (typeof LOCALES)[number];
/** The locale used when nothing else applies (spec 000 §9). */
export const DEFAULT_LOCALE: Locale = 'sl';

/** Whether a string is a supported locale code. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Site themes (spec 001 §9). */
export const THEMES = [
  'default',
  'dark-blue',
  'white',
  'yellow',
  'red-gray',
  'energy-blue',
  'dark-orange',
  'dark-green',
  'green-gray',
  'white-gray',
  'yellow-blue',
  'dark-yellow-blue',
  'blue-green',
  'energy-cyan',
  'dark-cyan',
] as const;
/** One of the site theme names. */
export type ThemeName = (typeof THEMES)[number];

/** User roles with their priorities (spec 001 §6). */
export const ROLE_PRIORITY = {
  ROLE_USER: 0,
  ROLE_USER_BASIC: 1,
  ROLE_USER_ADVANCED: 2,
  ROLE_AGGREGATOR: 5,
  ROLE_SUPER_ADMIN: 10,
} as const;
/** A user role. */
export type Role = keyof typeof ROLE_PRIORITY;
/** Every role, lowest priority first. */
export const ROLES = Object.keys(ROLE_PRIORITY) as Role[];

/** Default toast duration in milliseconds (spec 001 §9). */
export const TOAST_DEFAULT_MS = 2000;
/** Mobile layout threshold in CSS pixels (spec 000 §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** Sidebar widths in CSS pixels (spec 000 §9). */
export const SIDEBAR_WIDTH_OPEN_PX = 360;
export const SIDEBAR_WIDTH_COLLAPSED_PX = 50;
/** A lazy route chunk that has not loaded after this long is reported as failed (spec 001 §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Cookie-consent cookie name and lifetime (spec 001 §9). */
export const COOKIE_CONSENT_NAME = 'cookie_consent';
export const COOKIE_CONSENT_MAX_AGE_DAYS = 365;

/**
 * Each language's name in that language, for language pickers. A fixed table, because browsers' Intl data does not
 * name every language in itself (Chromium has no Macedonian display names and falls back to another language).
 */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  bs: 'Bosanski',
  cs: 'Čeština',
  de: 'Deutsch',
  en: 'English',
  hr: 'Hrvatski',
  it: 'Italiano',
  mk: 'Македонски',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  sr: 'Srpski',
  sv: 'Svenska',
};
