import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  avoidsEmail,
  brokenPasswordRules,
  checkPasswordRules,
  emailLocalPart,
  hasLettersAndDigits,
  isPasswordAcceptable,
  meetsMinLength,
  passwordRuleMessageKey,
  passwordStrength,
} from './password-rules.ts';

describe('emailLocalPart', () => {
  it.each([
    ['Ana.Novak@Demo.Energy', 'ana.novak'],
    ['  x@y.z ', 'x'],
    ['no-at-sign', 'no-at-sign'],
    ['a@b@c.d', 'a@b'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (email, expected) => {
    expect(emailLocalPart(email)).toBe(expected);
  });
});

describe('meetsMinLength', () => {
  it.each([
    ['', false],
    ['123456789', false],
    ['1234567890', true],
    // Counted in characters, not UTF-16 units: nine emoji are nine characters.
    ['😀😀😀😀😀😀😀😀😀', false],
    ['čćžšđčćžšđ', true],
  ])('%j → %s', (password, expected) => {
    expect(meetsMinLength(password)).toBe(expected);
  });
});

describe('avoidsEmail', () => {
  it.each([
    ['ana.novak@demo.energy', 'ana.novak@demo.energy', false],
    ['ANA.NOVAK@DEMO.ENERGY', 'ana.novak@demo.energy', false],
    ['ana.novak', 'Ana.Novak@demo.energy', false],
    ['my-ana.novak-2024', 'ana.novak@demo.energy', false],
    ['xANA.NOVAKx', 'ana.novak@demo.energy', false],
    ['something-else-42', 'ana.novak@demo.energy', true],
    // Short local parts: only equality counts.
    ['banana-split-7', 'a@x.com', true],
    ['a', 'a@x.com', false],
    ['bob12345678', 'bo@x.com', true],
    ['bob12345678', 'bob@x.com', false],
    // Nothing to compare with yet.
    ['anything', '', true],
    ['anything', null, true],
    ['anything', undefined, true],
  ])('%j with %j → %s', (password, email, expected) => {
    expect(avoidsEmail(password, email)).toBe(expected);
  });
});

describe('hasLettersAndDigits', () => {
  it.each([
    ['abcdefghij', false],
    ['1234567890', false],
    ['abcdefghi1', true],
    ['ščžćđ12345', true],
    ['!!!!!!!!!!', false],
    ['correct horse bat', true], // 17 characters: a passphrase
    ['correcthorsebatt', true], // exactly 16
    ['correcthorsebat', false], // 15, letters only
  ])('%j → %s', (password, expected) => {
    expect(hasLettersAndDigits(password)).toBe(expected);
  });
});

describe('checkPasswordRules / brokenPasswordRules / isPasswordAcceptable', () => {
  const email = 'luka.krajnc@demo.energy';
  it.each([
    ['short1', ['min_length']],
    ['onlyletters', ['letters_and_digits']],
    ['luka.krajnc1', ['not_email']],
    ['luka.krajnc', ['not_email', 'letters_and_digits']],
    ['krajnc', ['min_length', 'letters_and_digits']],
    ['good-pass-2024', []],
    ['a long enough passphrase', []],
  ])('%j breaks %j', (password, broken) => {
    expect(brokenPasswordRules(password, email)).toEqual(broken);
    expect(isPasswordAcceptable(password, email)).toBe(broken.length === 0);
    expect(checkPasswordRules(password, email)).toEqual([
      { rule: 'min_length', met: !broken.includes('min_length') },
      { rule: 'not_email', met: !broken.includes('not_email') },
      { rule: 'letters_and_digits', met: !broken.includes('letters_and_digits') },
    ]);
  });

  it('refuses a password over the maximum length', () => {
    const long = `a1${'x'.repeat(PASSWORD_MAX_LENGTH - 1)}`;
    expect(brokenPasswordRules(long)).toEqual([]);
    expect(isPasswordAcceptable(long)).toBe(false);
    expect(isPasswordAcceptable(long.slice(0, PASSWORD_MAX_LENGTH))).toBe(true);
  });
});

describe('passwordRuleMessageKey', () => {
  it.each([
    ['short', 'x@y.z', 'validation.password_min_length'],
    ['abcdefghijk', 'x@y.z', 'validation.password_letters_and_digits'],
    ['mailbox-1234', 'mailbox@y.z', 'validation.password_not_email'],
    ['fine-password-1', 'x@y.z', null],
  ])('%j (%s) → %s', (password, email, key) => {
    expect(passwordRuleMessageKey(password, email)).toBe(key);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['short', 0],
    ['abcdefghij', 0],
    ['abcdefgh12', 1],
    ['abcdefghij12', 2],
    ['Abcdefghij1!', 3],
    ['Abcdefghij1!xyzw', 4],
    ['correct horse battery', 3], // 16+ and long, two classes (lower, other)
  ])('%j → %i', (password, score) => {
    expect(passwordStrength(password, 'someone@x.y')).toBe(score);
  });

  it('is 0 when the password contains the e-mail', () => {
    expect(passwordStrength('Someone-Strong-1!', 'someone@x.y')).toBe(0);
  });
});
