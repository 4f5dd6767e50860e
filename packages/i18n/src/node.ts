import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@ec/domain';

import type { Catalog } from './index.ts';

const cache = new Map<Locale, Catalog>();

/** The shipped catalog for a locale, read once from `locales/<locale>.json`. */
export function loadCatalog(locale: Locale): Catalog {
  let catalog = cache.get(locale);
  if (!catalog) {
    const file = fileURLToPath(new URL(`../locales/${locale}.json`, import.meta.url));
    catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
    cache.set(locale, catalog);
  }
  return catalog;
}
