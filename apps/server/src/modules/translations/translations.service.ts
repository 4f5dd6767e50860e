import { createHash } from 'node:crypto';
import type { Locale } from '@ec/domain';
import { mergeCatalogs, type Catalog } from '@ec/i18n';
import { loadCatalog } from '@ec/i18n/node';
import type { SiteRecord } from '../site/site.service.ts';

/** A merged catalog and its entity tag. */
export interface CatalogEntry {
  catalog: Catalog;
  etag: string;
}

/** Merged catalogs kept per site version and locale; far more than sites × locales ever in use. */
const CACHE_LIMIT = 500;

/**
 * The shipped catalog of a locale merged with the site's overrides for it. Results are cached by site id, site
 * `updated_at` and locale, so an edited site gets fresh translations on every instance without invalidation.
 */
export function createTranslationsService(load: (locale: Locale) => Catalog = loadCatalog) {
  const cache = new Map<string, CatalogEntry>();
  return {
    catalogFor(site: SiteRecord, locale: Locale): CatalogEntry {
      const key = `${site.id}:${site.updatedAt.getTime()}:${locale}`;
      let entry = cache.get(key);
      if (!entry) {
        const catalog = mergeCatalogs(load(locale), toCatalog(site.translationOverrides[locale]));
        const etag = `W/"${createHash('sha256').update(JSON.stringify(catalog)).digest('base64url').slice(0, 27)}"`;
        entry = { catalog, etag };
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(key, entry);
      }
      return entry;
    },
  };
}

/** The translations service's interface. */
export type TranslationsService = ReturnType<typeof createTranslationsService>;

/** Keeps only what a catalog may hold (strings and nested groups), so a bad override can never break the answer. */
export function toCatalog(value: unknown): Catalog {
  const catalog: Catalog = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return catalog;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'string') catalog[key] = child;
    else if (child !== null && typeof child === 'object' && !Array.isArray(child))
      catalog[key] = toCatalog(child);
  }
  return catalog;
}
