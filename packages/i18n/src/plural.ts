import type { Locale } from '@ec/domain';

import { intlLocale } from './intl-locale.ts';

/** CLDR plural categories in their canonical order; i18next appends them to a key as `_<category>`. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** One CLDR plural category. */
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const cache = new Map<Locale, readonly PluralCategory[]>();

/** Whether a string is a CLDR plural category. */
export function isPluralCategory(value: string): value is PluralCategory {
  return (PLURAL_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The cardinal plural categories a locale's language uses, in CLDR order (e.g. sl → one, two, few, other). Taken from
 * the runtime's Intl.PluralRules, the same source i18next uses to pick a form, so the catalogs and the picker agree.
 */
export function pluralCategories(locale: Locale): readonly PluralCategory[] {
  let categories = cache.get(locale);
  if (!categories) {
    const found = new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories;
    categories = PLURAL_CATEGORIES.filter((category) => found.includes(category));
    cache.set(locale, categories);
  }
  return categories;
}

/**
 * Splits a key with a plural suffix into its base and category (`item_count_few` → `item_count`, `few`); null when the
 * key does not end in `_<category>`. Whether the key is really plural depends on its siblings (see catalog.ts).
 */
export function splitPluralKey(key: string): { base: string; category: PluralCategory } | null {
  const at = key.lastIndexOf('_');
  // The base's own last segment must not be empty (`nav._one` is not a plural form of `nav.`).
  if (at <= key.lastIndexOf('.') + 1) return null;
  const suffix = key.slice(at + 1);
  return isPluralCategory(suffix) ? { base: key.slice(0, at), category: suffix } : null;
}

/** The key i18next looks up for a base key and a plural category (`item_count`, `one` → `item_count_one`). */
export function pluralKey(base: string, category: PluralCategory): string {
  return `${base}_${category}`;
}
