/** A translation catalog: nested objects of strings (i18next JSON v4, plural keys `key_one`, `key_other`, …). */
export type Catalog = { [key: string]: string | Catalog };

export { INTL_LOCALES, intlLocale } from './intl-locale.ts';
export {
  PLURAL_CATEGORIES,
  isPluralCategory,
  pluralCategories,
  pluralKey,
  splitPluralKey,
} from './plural.ts';
export type { PluralCategory } from './plural.ts';
export {
  CURRENCY_DECIMALS,
  DEFAULT_CURRENCY_DECIMALS,
  currencyDecimals,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
} from './format.ts';
export type { AmountUnit, CurrencyFormatOptions, DateInput } from './format.ts';
export {
  checkCatalogs,
  flattenCatalog,
  mergeCatalogs,
  placeholders,
  unflattenCatalog,
} from './catalog.ts';
export type { CatalogProblem, CatalogProblemKind, FlatCatalog } from './catalog.ts';
