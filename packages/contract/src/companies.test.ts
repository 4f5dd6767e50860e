import { describe, expect, it } from 'vitest';
import {
  companySettingsFormSchema,
  createCompanyFormSchema,
  createLocationGroupFormSchema,
  updateCompanyFormSchema,
} from './companies.ts';

/** Paths of a failed parse with their messages (custom refinements name their translation key). */
function problems(result: { success: boolean; error?: { issues: readonly unknown[] } }) {
  const out: Record<string, string> = {};
  for (const issue of (result.error?.issues ?? []) as {
    path: PropertyKey[];
    code: string;
    message: string;
  }[]) {
    out[issue.path.join('.')] ??= issue.code === 'custom' ? issue.message : issue.code;
  }
  return out;
}

describe('createCompanyFormSchema', () => {
  it('needs a name and a country; trims the name', () => {
    expect(createCompanyFormSchema.parse({ name: ' Alpha ', countryId: 3 })).toEqual({
      name: 'Alpha',
      countryId: 3,
    });
    expect(problems(createCompanyFormSchema.safeParse({}))).toEqual({
      name: 'invalid_type',
      countryId: 'invalid_type',
    });
    expect(problems(createCompanyFormSchema.safeParse({ name: '  ', countryId: 3 }))).toEqual({
      name: 'too_small',
    });
  });

  it('contact e-mail must be an address (empty allowed); phone must look like one, up to 40', () => {
    const ok = createCompanyFormSchema.safeParse({
      name: 'A',
      countryId: 1,
      contactEmail: '',
      contactPhone: '+386 (1) 234-56-78',
    });
    expect(ok.success).toBe(true);
    expect(
      problems(
        createCompanyFormSchema.safeParse({
          name: 'A',
          countryId: 1,
          contactEmail: 'nope',
          contactPhone: '1'.repeat(41),
        }),
      ),
    ).toEqual({ contactEmail: 'validation.invalid_email', contactPhone: 'too_big' });
    expect(
      problems(
        createCompanyFormSchema.safeParse({ name: 'A', countryId: 1, contactPhone: '-12345 abc' }),
      ),
    ).toEqual({ contactPhone: 'validation.phone_invalid' });
  });

  it('refuses unknown fields', () => {
    expect(
      problems(createCompanyFormSchema.safeParse({ name: 'A', countryId: 1, siteId: 2 })),
    ).toEqual({ '': 'unrecognized_keys' });
  });
});

describe('companySettingsFormSchema', () => {
  it('accepts web addresses, a host name and clearing values', () => {
    expect(
      companySettingsFormSchema.safeParse({
        privacyPolicyUrl: 'https://alpha.example/privacy',
        termsUrl: 'http://alpha.example/terms?lang=sl',
        registrationUrl: '',
        domain: 'cloud.alpha.example',
        supportEmail: null,
        defaultLocationGroupId: null,
      }).success,
    ).toBe(true);
  });

  it.each([
    ['privacyPolicyUrl', 'javascript:alert(1)', 'validation.invalid_url'],
    ['termsUrl', 'alpha.example/terms', 'validation.invalid_url'],
    ['registrationUrl', 'ftp://alpha.example', 'validation.invalid_url'],
    ['domain', 'https://alpha.example', 'validation.invalid'],
    ['domain', 'localhost', 'validation.invalid'],
    ['supportEmail', 'support', 'validation.invalid_email'],
  ])('%s %j → %s', (field, value, key) => {
    expect(problems(companySettingsFormSchema.safeParse({ [field]: value }))).toEqual({
      [field]: key,
    });
  });

  it('nests under settings in the update form', () => {
    expect(problems(updateCompanyFormSchema.safeParse({ settings: { termsUrl: 'nope' } }))).toEqual(
      { 'settings.termsUrl': 'validation.invalid_url' },
    );
  });
});

describe('createLocationGroupFormSchema', () => {
  it('needs a parent id and a name of at most 100 characters', () => {
    expect(createLocationGroupFormSchema.parse({ parentId: 5, name: ' North ' })).toEqual({
      parentId: 5,
      name: 'North',
    });
    expect(
      problems(createLocationGroupFormSchema.safeParse({ parentId: 0, name: 'x'.repeat(101) })),
    ).toEqual({ parentId: 'too_small', name: 'too_big' });
  });
});
