import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, registerFormSchema } from '@ec/contract';
import {
  fieldErrorsFromApi,
  fieldErrorsFromSchema,
  validateForm,
  withoutError,
} from './form-errors.ts';

describe('fieldErrorsFromSchema', () => {
  it("uses the contract refinement's catalog key for custom issues", () => {
    const values = { currentPassword: 'x', newPassword: 'abcdefgh12', newPasswordRepeat: 'other' };
    const parsed = changePasswordFormSchema.safeParse(values);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorsFromSchema(parsed.error, values)).toEqual({
      newPasswordRepeat: { key: 'validation.new_password_repeat' },
    });
  });

  it('reads empty values as required and unticked boxes as must-accept', () => {
    const values = {
      firstName: '',
      lastName: 'Novak',
      email: 'ana@example.com',
      password: 'Sunny-day-2024',
      passwordRepeat: 'Sunny-day-2024',
      countryCode: 'SI',
      locale: 'en',
      acceptPrivacy: false,
      acceptTerms: true,
      marketingConsent: false,
    };
    const parsed = registerFormSchema.safeParse(values);
    if (parsed.success) throw new Error('expected a failure');
    expect(fieldErrorsFromSchema(parsed.error, values)).toEqual({
      firstName: { key: 'validation.required' },
      acceptPrivacy: { key: 'validation.must_accept' },
    });
  });
});

describe('fieldErrorsFromSchema with the contract text rules', () => {
  const values = {
    firstName: '\u200b \u200b',
    lastName: 'No\u0000vak',
    email: 'ana@example.com',
    password: 'Sunny-day-2024',
    passwordRepeat: 'Sunny-day-2024',
    countryCode: 'SI',
    locale: 'en',
    acceptPrivacy: true,
    acceptTerms: true,
    marketingConsent: false,
  };

  it('reads a name of only invisible characters as required, and names a control character', () => {
    const parsed = registerFormSchema.safeParse(values);
    if (parsed.success) throw new Error('expected a failure');
    expect(fieldErrorsFromSchema(parsed.error, values)).toEqual({
      firstName: { key: 'validation.required' },
      lastName: { key: 'validation.control_characters' },
    });
  });

  it('names a text-direction override in a name', () => {
    const changed = { ...values, firstName: 'Ana', lastName: '\u202eNovak' };
    const parsed = registerFormSchema.safeParse(changed);
    if (parsed.success) throw new Error('expected a failure');
    expect(fieldErrorsFromSchema(parsed.error, changed)).toEqual({
      lastName: { key: 'validation.bidi_characters' },
    });
  });
});

describe('fieldErrorsFromApi', () => {
  it("maps the server's body paths to the form's fields, ignoring others", () => {
    expect(
      fieldErrorsFromApi(
        { 'data.email': 'validation.invalid_email', 'data.other': 'validation.invalid' },
        ['email', 'password'],
      ),
    ).toEqual({ email: { key: 'validation.invalid_email' } });
  });
});

describe('validateForm', () => {
  it('passes the values on when the schema cannot load (the server validates again)', async () => {
    const result = await validateForm(() => Promise.reject(new Error('offline')), { email: 'x' });
    expect(result).toEqual({ ok: true, data: { email: 'x' } });
  });

  it("returns the schema's output when valid", async () => {
    const schema = { safeParse: (v: unknown) => ({ success: true as const, data: v }) };
    expect(await validateForm(() => Promise.resolve(schema), { a: 1 })).toEqual({
      ok: true,
      data: { a: 1 },
    });
  });
});

describe('withoutError', () => {
  it("drops one field's error and keeps the object when there is none", () => {
    const errors = { email: { key: 'a' }, password: { key: 'b' } };
    expect(withoutError(errors, 'email')).toEqual({ password: { key: 'b' } });
    expect(withoutError(errors, 'other' as 'email')).toBe(errors);
  });
});
