import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { compactPhone, isPhoneShaped } from './phone-shape.ts';

// Phone numbers against the numbering plans (libphonenumber-js with its `min` metadata, ~20 KB gzip: it checks the
// lengths and leading digits of each country's numbers; `max` would add number types we do not use). Imported as
// `@ec/contract/phone`, not through the package's main entry, so the web loads it only with the pages that show or
// edit a phone number (the sign-in page loads the main entry's schemas).

/** The country as libphonenumber-js knows it, or undefined (unknown codes mean "no default country"). */
function countryOf(code: string | null | undefined): CountryCode | undefined {
  const upper = code?.toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : undefined;
}

/**
 * The E.164 form (`+38612345678`) of a phone number as typed, or null when it is not a valid number. A number
 * without `+` or `00` is read as dialled within `defaultCountry` (ISO 3166-1 alpha-2: the company's or location's
 * country); with none, only international numbers are accepted. Extensions are refused: E.164 has none.
 */
export function normalisePhone(text: string, defaultCountry?: string | null): string | null {
  if (!isPhoneShaped(text)) return null;
  const compact = compactPhone(text);
  const country = countryOf(defaultCountry);
  if (!compact.startsWith('+') && !country) return null;
  const number = parsePhoneNumberFromString(compact, country);
  if (!number?.isValid() || number.ext) return null;
  return number.number;
}

/**
 * A stored phone number for display, in international format (`+386 1 234 56 78`). Values that are not a valid
 * E.164 number (stored before numbers were checked) are shown as they are.
 */
export function formatPhone(stored: string): string {
  const number = stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined;
  return number?.isValid() ? number.formatInternational() : stored;
}

/** The `tel:` link of a stored number: its E.164 form, or the digits (and `+`) of an older value. */
export function phoneHref(stored: string): string {
  const number = stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined;
  return `tel:${number?.isValid() ? number.number : stored.replace(/[^\d+]/g, '')}`;
}
