/**
 * The countries the product is offered in (GET /countries?visible=true; the country pickers list only these):
 * Slovenia and its neighbours, the Central European and Western Balkan markets the controllers are sold in, the
 * Benelux, Sweden, Portugal and Great Britain. They match the 14 supported languages (spec 001 §9: bs, cs, de, en,
 * hr, it, mk, nl, pl, pt, sk, sl, sr, sv) and the markets with spot prices (ENTSO-E bidding zones, Octopus Agile).
 */
export const VISIBLE_COUNTRY_CODES = [
  'SI',
  'HR',
  'AT',
  'DE',
  'IT',
  'HU',
  'CZ',
  'SK',
  'PL',
  'NL',
  'BE',
  'SE',
  'BA',
  'RS',
  'ME',
  'MK',
  'PT',
  'GB',
] as const;
/** One of {@link VISIBLE_COUNTRY_CODES}. */
export type VisibleCountryCode = (typeof VISIBLE_COUNTRY_CODES)[number];

const VISIBLE: ReadonlySet<string> = new Set(VISIBLE_COUNTRY_CODES);

/** Whether the product is offered in the country (ISO 3166-1 alpha-2, any case). */
export function isVisibleCountry(code: string): boolean {
  return VISIBLE.has(code.toUpperCase());
}
