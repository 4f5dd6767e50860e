// Phone fields (issue 10): the same rules as the server, from `@ec/contract/phone` (libphonenumber-js metadata,
// ~20 KB gzip). Forms load that module on demand (loadPhoneNumbers), so no page gets it before it shows a phone;
// the sign-in page never does.
import type { FieldError } from './form-errors.ts';

/** The phone-number functions of the contract. */
export type PhoneNumbers = typeof import('@ec/contract/phone');

let loading: Promise<PhoneNumbers> | undefined;

/** Loads the phone-number module once (again after a failed attempt). */
export function loadPhoneNumbers(): Promise<PhoneNumbers> {
  loading ??= import('@ec/contract/phone').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * A typed phone as the API takes it: its E.164 form read in `countryCode` (the form's country) when it has no
 * `+` or `00`, null when empty, or the field error the server would give.
 */
export function phoneForApi(
  phone: PhoneNumbers,
  text: string,
  countryCode: string | undefined,
): { ok: true; value: string | null } | { ok: false; error: FieldError } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const e164 = phone.normalisePhone(trimmed, countryCode);
  return e164 === null
    ? { ok: false, error: { key: 'validation.phone_invalid' } }
    : { ok: true, value: e164 };
}

/** A typed phone in international format when it is a valid number (e.g. when the field is left), else as typed. */
export function formattedPhone(
  phone: PhoneNumbers,
  text: string,
  countryCode: string | undefined,
): string {
  const e164 = text.trim() === '' ? null : phone.normalisePhone(text, countryCode);
  return e164 === null ? text : phone.formatPhone(e164);
}
