/** A translation catalog: nested objects of strings (i18next JSON v4, plural keys `key_one`, `key_other`, …). */
export type Catalog = { [key: string]: string | Catalog };
