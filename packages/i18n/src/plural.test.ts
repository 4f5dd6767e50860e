import { describe, expect, it } from 'vitest';
import { LOCALES } from '@ec/domain';

import { PLURAL_CATEGORIES, pluralCategories, pluralKey, splitPluralKey } from './plural.ts';

describe('pluralCategories', () => {
  it('gives the CLDR cardinal categories of each language', () => {
    expect(pluralCategories('sl')).toEqual(['one', 'two', 'few', 'other']);
    expect(pluralCategories('pl')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('cs')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('sk')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('hr')).toEqual(['one', 'few', 'other']);
    expect(pluralCategories('bs')).toEqual(['one', 'few', 'other']);
    expect(pluralCategories('sr')).toEqual(['one', 'few', 'other']);
    expect(pluralCategories('en')).toEqual(['one', 'other']);
    expect(pluralCategories('de')).toEqual(['one', 'other']);
    // CLDR 42+ gives Italian and Portuguese a `many` form for millions ("1 milione di …", "1 milhão de …").
    expect(pluralCategories('it')).toEqual(['one', 'many', 'other']);
    expect(pluralCategories('pt')).toEqual(['one', 'many', 'other']);
  });

  it('lists categories in CLDR order and always includes other', () => {
    for (const locale of LOCALES) {
      const categories = pluralCategories(locale);
      expect(categories).toContain('other');
      const order = categories.map((c) => PLURAL_CATEGORIES.indexOf(c));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });
});

describe('splitPluralKey', () => {
  it('splits a key ending in a plural category', () => {
    expect(splitPluralKey('common.item_count_few')).toEqual({
      base: 'common.item_count',
      category: 'few',
    });
    expect(splitPluralKey('items_other')).toEqual({ base: 'items', category: 'other' });
  });

  it('returns null for plain keys', () => {
    expect(splitPluralKey('common.loading')).toBeNull();
    expect(splitPluralKey('layout.open_sidebar')).toBeNull();
    expect(splitPluralKey('nav._one')).toBeNull();
    expect(splitPluralKey('_other')).toBeNull();
    expect(splitPluralKey('a_b.c')).toBeNull();
  });

  it('is the inverse of pluralKey', () => {
    expect(pluralKey('a.b', 'many')).toBe('a.b_many');
    expect(splitPluralKey(pluralKey('a.b', 'many'))).toEqual({ base: 'a.b', category: 'many' });
  });
});
