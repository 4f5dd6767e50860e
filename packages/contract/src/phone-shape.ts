// Phone numbers as typed (issue 10: a contact phone of "-12345 abc" was accepted). This module is what a phone
// number may look like at all, without the numbering plan; it imports nothing, so phone-numbers.ts can use it
// without pulling zod along. Whether the digits make a number in the resource's country, and its E.164 form, come
// from `@ec/contract/phone` (phone-numbers.ts, with libphonenumber-js metadata), which the server applies with the
// company's country and the web loads only with the pages that have a phone — never with the sign-in page.

/** Longest phone number as typed (spaces and separators included). */
export const PHONE_MAX_LENGTH = 40;

/** Message key of a phone number that is not one. */
export const PHONE_INVALID = 'validation.phone_invalid';

/**
 * What people put between digits: spaces (also no-break and thin ones), hyphens and dashes, dots, slashes and
 * parentheses. Everything else (letters, `#`, `*`, `ext.`) makes the text no phone number.
 */
const SEPARATORS = /[\s\u00a0\u2007\u202f.\-\u2010-\u2015\u2212/()]/g;

/**
 * The text without separators, with the international call prefix `00` written as `+`, and the trunk `(0)` of
 * numbers such as `+43 (0) 463 123456` dropped (it is not dialled from abroad).
 */
export function compactPhone(text: string): string {
  const trimmed = text.trim();
  const international = /^(?:\+|00)/.test(trimmed);
  const withoutTrunk = international ? trimmed.replace(/\(\s*0\s*\)/, '') : trimmed;
  return withoutTrunk.replace(SEPARATORS, '').replace(/^00/, '+');
}

/**
 * Whether the text can be a phone number at all: an optional `+` (or `00`) and 3 to 17 digits once separators are
 * removed (E.164 allows 15 after the country code; national numbers add a trunk prefix). The numbering plan of the
 * country decides the rest (`normalisePhone` in `@ec/contract/phone`).
 */
export function isPhoneShaped(text: string): boolean {
  if (/^\s*[-\u2010-\u2015\u2212]/.test(text)) return false; // "-12345": a leading minus is no separator
  return /^\+?[0-9]{3,17}$/.test(compactPhone(text));
}
