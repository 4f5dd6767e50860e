/**
 * Countries offered in registration and the profile until the organisation issue adds GET /api/countries: the
 * member states of the EU and EFTA, the United Kingdom and the Western Balkans (the markets of the 14 locales), as
 * ISO 3166-1 alpha-2 codes (the contract's `countryCode`).
 */
export const COUNTRY_CODES = [
  'AL',
  'AT',
  'BA',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'ME',
  'MK',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SK',
  'XK',
] as const;

/** A country's name in `locale` (Intl.DisplayNames); the code itself when Intl cannot name it. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Select options for the countries, named and sorted in `locale`. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}
