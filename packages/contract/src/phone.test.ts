import { describe, expect, it } from 'vitest';
import { createCompanyFormSchema, updateCompanyFormSchema } from './companies.ts';
import { isPhoneShaped, optionalPhoneSchema, PHONE_INVALID } from './phone.ts';
import { formatPhone, normalisePhone, phoneHref } from './phone-numbers.ts';

describe('normalisePhone', () => {
  it.each([
    // International, with the usual ways of writing them.
    ['+386 1 234 56 78', 'SI', '+38612345678'],
    ['+386 (1) 234-56-78', 'SI', '+38612345678'],
    ['00386 1 234 56 78', 'SI', '+38612345678'],
    ['+386\u00a040\u00a0123\u00a0456', 'SI', '+38640123456'],
    ['+43 463 123 456', 'AT', '+43463123456'],
    ['+43 (0) 463 123456', 'AT', '+43463123456'],
    ['+385 21 123 456', 'HR', '+38521123456'],
    ['+31 30 123 4567', 'NL', '+31301234567'],
    ['+31 6 12345678', 'NL', '+31612345678'],
    // A foreign number keeps its own country code whatever the default.
    ['+43 463 123 456', 'SI', '+43463123456'],
    ['0043 463 123456', 'NL', '+43463123456'],
    // National numbers take the default country.
    ['01 234 56 78', 'SI', '+38612345678'],
    ['040 123 456', 'SI', '+38640123456'],
    ['040-123-456', 'SI', '+38640123456'],
    ['0463 123456', 'AT', '+43463123456'],
    ['0664 1234567', 'AT', '+436641234567'],
    ['021 123 456', 'HR', '+38521123456'],
    ['091 123 4567', 'HR', '+385911234567'],
    ['030 123 4567', 'NL', '+31301234567'],
    ['06-12345678', 'NL', '+31612345678'],
    ['06 12 34 56 78', 'nl', '+31612345678'],
  ])('%j in %s → %s', (text, country, e164) => {
    expect(normalisePhone(text, country)).toBe(e164);
  });

  it.each([
    ['-12345 abc', 'SI'],
    ['-12345', 'SI'],
    ['12345', 'SI'],
    ['abc', 'SI'],
    ['040 123 45a', 'SI'],
    ['+386 1 234 56 78 ext. 12', 'SI'],
    ['+386 1 234 56 78 901 23', 'SI'],
    ['01 234 56 78 90 12', 'SI'],
    ['+386 99 999 999', 'SI'],
    ['+999 1234 5678', 'SI'],
    ['1-800-FLOWERS', 'SI'],
    ['', 'SI'],
    ['   ', 'SI'],
    ['+', 'SI'],
    ['0\u0000123456789', 'SI'],
  ])('refuses %j (%s)', (text, country) => {
    expect(normalisePhone(text, country)).toBeNull();
  });

  it('a national number needs a known default country', () => {
    expect(normalisePhone('01 234 56 78', null)).toBeNull();
    expect(normalisePhone('01 234 56 78', 'XX')).toBeNull();
    expect(normalisePhone('+386 1 234 56 78', null)).toBe('+38612345678');
    expect(normalisePhone('+386 1 234 56 78', 'XX')).toBe('+38612345678');
  });
});

describe('formatPhone and phoneHref', () => {
  it('show E.164 numbers in international format', () => {
    expect(formatPhone('+38612345678')).toBe('+386 1 234 56 78');
    expect(formatPhone('+43463123456')).toBe('+43 463 123456');
    expect(formatPhone('+31612345678')).toBe('+31 6 12345678');
    expect(phoneHref('+38612345678')).toBe('tel:+38612345678');
  });

  it('show older values (stored before numbers were checked) as they are', () => {
    expect(formatPhone('-12345 abc')).toBe('-12345 abc');
    expect(formatPhone('01 234 56 78')).toBe('01 234 56 78');
    expect(phoneHref('-12345 abc')).toBe('tel:12345');
    // An older international value that is valid is shown formatted too.
    expect(formatPhone('+386 1 234 56 78')).toBe('+386 1 234 56 78');
  });
});

describe('optionalPhoneSchema (what every schema checks without the numbering plan)', () => {
  it.each(['+386 1 234 56 78', '01 234 56 78', '(01) 234-56-78', '0043 463 123456', '040.123.456'])(
    'accepts %j',
    (text) => {
      expect(optionalPhoneSchema.safeParse(text).success).toBe(true);
    },
  );

  it.each([
    '-12345 abc',
    'abc',
    '12',
    '+386 1 234 56 78 ext. 12',
    '1-800-FLOWERS',
    '++38612345678',
    '12+34567',
  ])('refuses %j with validation.phone_invalid', (text) => {
    expect(isPhoneShaped(text)).toBe(false);
    const result = optionalPhoneSchema.safeParse(text);
    expect(result.error?.issues[0]?.message).toBe(PHONE_INVALID);
  });

  it('refuses more than 40 characters, clears with an empty text or null', () => {
    expect(optionalPhoneSchema.safeParse(`+386 ${'1 '.repeat(20)}`).error?.issues[0]?.code).toBe(
      'too_big',
    );
    expect(optionalPhoneSchema.parse('  ')).toBe('');
    expect(optionalPhoneSchema.parse(null)).toBeNull();
  });

  it('is the contact phone of the company forms', () => {
    const create = createCompanyFormSchema.safeParse({
      name: 'A',
      countryId: 1,
      contactPhone: '-12345 abc',
    });
    expect(create.error?.issues).toMatchObject([
      { path: ['contactPhone'], message: PHONE_INVALID },
    ]);
    const update = updateCompanyFormSchema.safeParse({ contactPhone: '+386 1 234 56 78' });
    expect(update.success).toBe(true);
  });
});
