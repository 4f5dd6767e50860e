import { LOCALES } from '@ec/domain';
import type { Locale } from '@ec/domain';

import type { Catalog } from './index.ts';
import { pluralCategories, pluralKey, splitPluralKey } from './plural.ts';
import type { PluralCategory } from './plural.ts';

/** A catalog flattened to dotted keys (`common.item_count_one`), the form i18next resolves with `t()`. */
export type FlatCatalog = Record<string, string>;

/** What checkCatalogs can find wrong with a catalog. */
export type CatalogProblemKind =
  | 'missing_catalog'
  | 'invalid_value'
  | 'missing_key'
  | 'extra_key'
  | 'missing_plural_form'
  | 'extra_plural_form'
  | 'placeholder_mismatch'
  | 'empty_value';

/** One problem in one locale's catalog; `key` is dotted (for a wholly missing plural key, its base). */
export interface CatalogProblem {
  locale: Locale;
  kind: CatalogProblemKind;
  key: string;
  message: string;
}

// JSON.parse makes `__proto__` an own key; copying it with `obj[key] = …` would replace the result's prototype.
const UNSAFE_KEY = '__proto__';

function isBranch(value: unknown): value is Catalog {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Visits every leaf; `onInvalid` gets leaves that are neither strings nor objects (numbers, arrays, null). */
function walk(
  catalog: Catalog,
  prefix: string,
  onString: (key: string, value: string) => void,
  onInvalid: (key: string, value: unknown) => void,
): void {
  for (const [name, value] of Object.entries(catalog) as [string, unknown][]) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') onString(key, value);
    else if (isBranch(value)) walk(value, key, onString, onInvalid);
    else onInvalid(key, value);
  }
}

/**
 * Flattens a nested catalog into dotted keys, in document order. Throws a TypeError naming the key when a leaf is
 * not a string (such a catalog would render `[object Object]` or nothing in i18next).
 */
export function flattenCatalog(catalog: Catalog): FlatCatalog {
  const flat: FlatCatalog = {};
  walk(
    catalog,
    '',
    (key, value) => {
      flat[key] = value;
    },
    (key) => {
      throw new TypeError(`Catalog value at "${key}" is not a string`);
    },
  );
  return flat;
}

/** Rebuilds a nested catalog from dotted keys (the inverse of flattenCatalog). */
export function unflattenCatalog(flat: FlatCatalog): Catalog {
  const root: Catalog = {};
  for (const [key, value] of Object.entries(flat)) {
    const path = key.split('.');
    if (path.includes(UNSAFE_KEY)) continue;
    const leaf = path.pop() ?? '';
    let node = root;
    for (const name of path) {
      const next = node[name];
      if (isBranch(next)) node = next;
      else {
        const branch: Catalog = {};
        node[name] = branch;
        node = branch;
      }
    }
    node[leaf] = value;
  }
  return root;
}

/**
 * Deep-merges `overrides` into a copy of `base` (used for a site's own wording over the shipped catalog). Overrides
 * win, including when they replace a string with a group or the reverse; neither argument is modified.
 */
export function mergeCatalogs(base: Catalog, overrides: Catalog): Catalog {
  const merged: Catalog = {};
  for (const [name, value] of Object.entries(base)) {
    if (name === UNSAFE_KEY) continue;
    merged[name] = isBranch(value) ? mergeCatalogs(value, {}) : value;
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (name === UNSAFE_KEY) continue;
    const current = merged[name];
    merged[name] = isBranch(value) ? mergeCatalogs(isBranch(current) ? current : {}, value) : value;
  }
  return merged;
}

const PLACEHOLDER = /\{\{([^}]*)\}\}/g;

/** The distinct `{{…}}` interpolations in a text, whitespace removed and sorted (`{{count, number}}` → `count,number`). */
export function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) found.add((match[1] ?? '').replace(/\s+/g, ''));
  return [...found].sort();
}

function describe(list: readonly string[]): string {
  return list.length ? list.map((name) => `{{${name}}}`).join(', ') : 'none';
}

/** The keys of the reference (English) catalog: plain keys, and plural keys grouped by base. */
interface Reference {
  plain: Map<string, string>;
  plural: Map<string, Map<PluralCategory, string>>;
}

function reference(flat: FlatCatalog): Reference {
  const ref: Reference = { plain: new Map(), plural: new Map() };
  for (const [key, value] of Object.entries(flat)) {
    const split = splitPluralKey(key);
    if (!split) {
      ref.plain.set(key, value);
      continue;
    }
    let forms = ref.plural.get(split.base);
    if (!forms) {
      forms = new Map();
      ref.plural.set(split.base, forms);
    }
    forms.set(split.category, value);
  }
  return ref;
}

/** Placeholders every form of an English plural key must share: its `other` form's, else those of any form. */
function pluralPlaceholders(forms: ReadonlyMap<PluralCategory, string>): string[] {
  const other = forms.get('other');
  if (other !== undefined) return placeholders(other);
  return [...new Set([...forms.values()].flatMap(placeholders))].sort();
}

function checkOne(locale: Locale, catalog: Catalog, ref: Reference): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  const report = (kind: CatalogProblemKind, key: string, message: string): void => {
    problems.push({ locale, kind, key, message });
  };
  const flat: FlatCatalog = {};
  walk(
    catalog,
    '',
    (key, value) => {
      flat[key] = value;
    },
    (key, value) => {
      report('invalid_value', key, `expected a string, found ${JSON.stringify(value)}`);
    },
  );
  const categories = pluralCategories(locale);
  const checkText = (key: string, value: string, expected: readonly string[]): void => {
    if (value.trim() === '') report('empty_value', key, 'the text is empty');
    const actual = placeholders(value);
    if (actual.join('\n') !== expected.join('\n')) {
      report(
        'placeholder_mismatch',
        key,
        `placeholders ${describe(actual)} differ from English ${describe(expected)}`,
      );
    }
  };

  // Keys the locale has that English does not, or plural forms its language does not use.
  for (const key of Object.keys(flat)) {
    const split = splitPluralKey(key);
    if (split && ref.plural.has(split.base)) {
      if (!categories.includes(split.category)) {
        report(
          'extra_plural_form',
          key,
          `"${split.category}" is not a plural form of ${locale} (forms: ${categories.join(', ')})`,
        );
      }
    } else if (!ref.plain.has(key)) {
      report('extra_key', key, 'not in the English catalog');
    }
  }

  // Every English key, with the plural forms this language needs.
  for (const [key, english] of ref.plain) {
    const value = flat[key];
    if (value === undefined) report('missing_key', key, `missing (English: "${english}")`);
    else checkText(key, value, placeholders(english));
  }
  for (const [base, forms] of ref.plural) {
    const present = Object.keys(flat).some((key) => splitPluralKey(key)?.base === base);
    if (!present) {
      report(
        'missing_key',
        base,
        `missing plural key (needs forms ${categories.map((c) => `_${c}`).join(', ')})`,
      );
      continue;
    }
    const expected = pluralPlaceholders(forms);
    for (const category of categories) {
      const key = pluralKey(base, category);
      const value = flat[key];
      if (value === undefined)
        report('missing_plural_form', key, `${locale} needs the "${category}" form`);
      else checkText(key, value, expected);
    }
  }
  return problems;
}

/**
 * Checks every locale's catalog against the English one and against its language's plural rules: missing and extra
 * keys, missing plural forms and forms the language does not have (per Intl.PluralRules; a key ending in
 * `_zero`, `_one`, `_two`, `_few`, `_many` or `_other` is always a plural form), `{{placeholder}}` sets that differ
 * from English, empty texts and non-string values. English is checked too (plural forms, empty texts). Locales
 * absent from `catalogs` are reported as missing catalogs. Returns no problems when all is well.
 */
export function checkCatalogs(catalogs: Partial<Record<Locale, Catalog>>): CatalogProblem[] {
  const english = catalogs.en;
  const missing = (locale: Locale): CatalogProblem => ({
    locale,
    kind: 'missing_catalog',
    key: '',
    message: `no catalog for ${locale}`,
  });
  if (!english) return [missing('en')];
  const englishFlat: FlatCatalog = {};
  walk(
    english,
    '',
    (key, value) => {
      englishFlat[key] = value;
    },
    () => {},
  );
  const ref = reference(englishFlat);
  return LOCALES.flatMap((locale) => {
    const catalog = catalogs[locale];
    return catalog ? checkOne(locale, catalog, ref) : [missing(locale)];
  });
}
