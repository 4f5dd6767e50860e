import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  oidcStartUrl,
  registerFormSchema,
  resetPasswordFormSchema,
  updateUserFormSchema,
} from './accounts.ts';

/** `{ path: message }` of a failed parse, or {} when it passes. */
function problems(result: { success: boolean; error?: { issues: readonly unknown[] } }) {
  const out: Record<string, string> = {};
  for (const issue of (result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[]) {
    out[issue.path.join('.')] ??= issue.message;
  }
  return out;
}

const valid = {
  firstName: 'Ana',
  lastName: 'Novak',
  email: 'ana.novak@example.com',
  password: 'sunny-day-2024',
  passwordRepeat: 'sunny-day-2024',
  countryCode: 'SI',
  locale: 'sl',
  acceptPrivacy: true,
  acceptTerms: true,
  marketingConsent: false,
};

describe('registerFormSchema', () => {
  it('accepts a complete form and trims names', () => {
    const parsed = registerFormSchema.parse({ ...valid, firstName: '  Ana ' });
    expect(parsed.firstName).toBe('Ana');
  });

  it.each([
    [{ acceptPrivacy: false }, { acceptPrivacy: 'validation.must_accept' }],
    [{ acceptTerms: false }, { acceptTerms: 'validation.must_accept' }],
    [
      { password: 'short1', passwordRepeat: 'short1' },
      { password: 'validation.password_min_length' },
    ],
    [
      { password: 'ana.novak-2024', passwordRepeat: 'ana.novak-2024' },
      { password: 'validation.password_not_email' },
    ],
    [
      { password: 'onlyletters', passwordRepeat: 'onlyletters' },
      { password: 'validation.password_letters_and_digits' },
    ],
    [{ passwordRepeat: 'other-2024-xx' }, { passwordRepeat: 'validation.password_repeat' }],
  ])('%j → %j', (change, expected) => {
    expect(problems(registerFormSchema.safeParse({ ...valid, ...change }))).toEqual(expected);
  });

  it('rejects unknown fields and a lower-case country code', () => {
    expect(Object.keys(problems(registerFormSchema.safeParse({ ...valid, role: 'x' })))).toEqual([
      '',
    ]);
    expect(
      Object.keys(problems(registerFormSchema.safeParse({ ...valid, countryCode: 'si' }))),
    ).toEqual(['countryCode']);
  });
});

describe('password forms', () => {
  it('reset: repeat mismatch and rules', () => {
    expect(
      problems(
        resetPasswordFormSchema.safeParse({ token: 't', password: 'abc', passwordRepeat: 'abd' }),
      ),
    ).toEqual({
      password: 'validation.password_min_length',
      passwordRepeat: 'validation.password_repeat',
    });
  });

  it('change: "New password repeat is not valid." on mismatch', () => {
    expect(
      problems(
        changePasswordFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'brand-new-2024',
          newPasswordRepeat: 'brand-new-2025',
        }),
      ),
    ).toEqual({ newPasswordRepeat: 'validation.new_password_repeat' });
  });

  it('change: the password rules apply to the new password, not the current one', () => {
    expect(
      problems(
        changePasswordFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'onlyletters',
          newPasswordRepeat: 'onlyletters',
        }),
      ),
    ).toEqual({ newPassword: 'validation.password_letters_and_digits' });
  });
});

describe('updateUserFormSchema', () => {
  it('accepts a partial update and a cleared spot region', () => {
    expect(updateUserFormSchema.parse({ spotRegion: null })).toEqual({ spotRegion: null });
    expect(
      updateUserFormSchema.parse({ spotRegion: { code: '10YSI-ELES-----O', type: 'EIC' } }),
    ).toBeTruthy();
  });

  it('rejects an unknown spot-region type', () => {
    expect(updateUserFormSchema.safeParse({ spotRegion: { code: 'A', type: 'X' } }).success).toBe(
      false,
    );
  });
});

describe('oidcStartUrl', () => {
  it('builds the start URL with an encoded redirect', () => {
    expect(oidcStartUrl('google')).toBe('/api/auth/oidc/google/start');
    expect(oidcStartUrl('micro soft', '/user/settings?x=1')).toBe(
      '/api/auth/oidc/micro%20soft/start?redirect=%2Fuser%2Fsettings%3Fx%3D1',
    );
  });
});
