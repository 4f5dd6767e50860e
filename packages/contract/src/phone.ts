import { isPhoneShaped, PHONE_INVALID, PHONE_MAX_LENGTH } from './phone-shape.ts';
import { singleLineText } from './text.ts';

// The phone field of the request schemas (companies.ts); the numbering-plan check is in phone-numbers.ts.
export { compactPhone, isPhoneShaped, PHONE_INVALID, PHONE_MAX_LENGTH } from './phone-shape.ts';

/** An optional phone field as typed: a phone-shaped text up to 40 characters; an empty text clears the value. */
export const optionalPhoneSchema = singleLineText()
  .max(PHONE_MAX_LENGTH)
  .refine((v) => v === '' || isPhoneShaped(v), { message: PHONE_INVALID })
  .nullable();
