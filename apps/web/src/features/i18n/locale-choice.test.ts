import { describe, expect, it } from 'vitest';
import {
  chooseLocale,
  languageName,
  matchBrowserLanguage,
  SUPPORTED_LOCALES,
} from './locale-choice.ts';

describe('chooseLocale', () => {
  it('prefers the stored choice over everything else', () => {
    expect(
      chooseLocale({
        stored: 'de',
        userLocale: 'it',
        browserLanguages: ['en-US'],
        siteDefault: 'hr',
      }),
    ).toBe('de');
  });

  it("uses the signed-in user's locale when nothing is stored", () => {
    expect(
      chooseLocale({ stored: null, userLocale: 'it', browserLanguages: ['en'], siteDefault: 'hr' }),
    ).toBe('it');
  });

  it('uses the first supported browser language when nothing is stored', () => {
    expect(
      chooseLocale({ stored: null, browserLanguages: ['ja-JP', 'de-AT', 'en'], siteDefault: 'hr' }),
    ).toBe('de');
  });

  it("falls back to the site's default locale when no browser language is supported", () => {
    expect(
      chooseLocale({ stored: null, browserLanguages: ['ja', 'fr-FR'], siteDefault: 'hr' }),
    ).toBe('hr');
  });

  it('falls back to Slovenian when nothing else applies', () => {
    expect(chooseLocale({ stored: null, browserLanguages: [], siteDefault: null })).toBe('sl');
  });

  it('ignores unsupported stored and default values', () => {
    expect(chooseLocale({ stored: 'xx', browserLanguages: ['fr'], siteDefault: 'yy' })).toBe('sl');
  });
});

describe('matchBrowserLanguage', () => {
  it.each([
    ['en-US', 'en'],
    ['sr-Latn-RS', 'sr'],
    ['SL', 'sl'],
    ['pt_BR', 'pt'],
    ['nb-NO', undefined],
  ])('%s → %s', (tag, expected) => {
    expect(matchBrowserLanguage(tag)).toBe(expected);
  });
});

describe('languageName', () => {
  it('names a language in that language, capitalised', () => {
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('sl')).toBe('Slovenščina');
  });

  it('names Macedonian in Macedonian, which Intl data may not do', () => {
    expect(languageName('mk')).toBe('Македонски');
  });

  it('gives every supported locale a distinct name', () => {
    const names = SUPPORTED_LOCALES.map(languageName);
    expect(new Set(names).size).toBe(SUPPORTED_LOCALES.length);
  });
});
