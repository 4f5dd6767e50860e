import { describe, expect, it } from 'vitest';
import { LOCALES } from '@ec/domain';
import type { Locale } from '@ec/domain';

import {
  checkCatalogs,
  flattenCatalog,
  mergeCatalogs,
  placeholders,
  unflattenCatalog,
} from './catalog.ts';
import type { CatalogProblem } from './catalog.ts';
import type { Catalog } from './index.ts';
import { pluralCategories } from './plural.ts';

/** A small but complete set: English plus every locale with exactly its plural forms. */
function catalogs(): Record<Locale, Catalog> {
  const result = {} as Record<Locale, Catalog>;
  for (const locale of LOCALES) {
    const items: Record<string, string> = {};
    for (const category of pluralCategories(locale)) {
      items[`items_${category}`] = `{{count}} ${locale}-${category}`;
    }
    result[locale] = {
      a: { hello: `${locale}: {{name}}`, plain: `${locale} plain`, ...items },
      b: { nested: { deep: `${locale} deep` } },
    };
  }
  return result;
}

/** The `a` group of a locale, to edit in a test. */
function groupA(set: Record<Locale, Catalog>, locale: Locale): Catalog {
  return set[locale].a as Catalog;
}

const kinds = (problems: CatalogProblem[]): string[] =>
  problems.map((p) => `${p.locale} ${p.kind} ${p.key}`);

describe('checkCatalogs', () => {
  it('finds nothing wrong with complete, consistent catalogs', () => {
    expect(checkCatalogs(catalogs())).toEqual([]);
  });

  it('reports a missing catalog', () => {
    const set: Partial<Record<Locale, Catalog>> = catalogs();
    delete set.de;
    expect(kinds(checkCatalogs(set))).toEqual(['de missing_catalog ']);
    expect(kinds(checkCatalogs({ sl: catalogs().sl }))).toEqual(['en missing_catalog ']);
  });

  it('reports a key missing against English', () => {
    const set = catalogs();
    delete groupA(set, 'de').hello;
    delete set.hr.b;
    expect(kinds(checkCatalogs(set))).toEqual([
      'de missing_key a.hello',
      'hr missing_key b.nested.deep',
    ]);
  });

  it('reports a plural key missing with all its forms as one missing key', () => {
    const set = catalogs();
    set.sl.a = Object.fromEntries(
      Object.entries(groupA(set, 'sl')).filter(([key]) => !key.startsWith('items_')),
    );
    const problems = checkCatalogs(set);
    expect(kinds(problems)).toEqual(['sl missing_key a.items']);
    expect(problems[0]?.message).toContain('_one, _two, _few, _other');
  });

  it('reports a missing plural form the language needs', () => {
    const set = catalogs();
    delete groupA(set, 'sl').items_two;
    delete groupA(set, 'pl').items_many;
    expect(kinds(checkCatalogs(set))).toEqual([
      'pl missing_plural_form a.items_many',
      'sl missing_plural_form a.items_two',
    ]);
  });

  it('reports a plural form the language does not have, English included', () => {
    const set = catalogs();
    groupA(set, 'en').items_two = '{{count}} items';
    groupA(set, 'de').items_few = '{{count}} Dinge';
    groupA(set, 'hr').items_zero = '{{count}} stavki';
    expect(kinds(checkCatalogs(set))).toEqual([
      'de extra_plural_form a.items_few',
      'en extra_plural_form a.items_two',
      'hr extra_plural_form a.items_zero',
    ]);
  });

  it('reports keys English does not have', () => {
    const set = catalogs();
    groupA(set, 'it').stray = 'x';
    groupA(set, 'it').hello_one = 'x';
    set.nl.extra = { group: 'x' };
    expect(kinds(checkCatalogs(set))).toEqual([
      'it extra_key a.stray',
      'it extra_key a.hello_one',
      'nl extra_key extra.group',
    ]);
  });

  it('reports placeholders that differ from English', () => {
    const set = catalogs();
    groupA(set, 'de').hello = 'Hallo {{nom}}';
    groupA(set, 'sl').items_few = 'nekaj elementov';
    groupA(set, 'sv').plain = 'vanlig {{extra}}';
    const problems = checkCatalogs(set);
    expect(kinds(problems)).toEqual([
      'de placeholder_mismatch a.hello',
      'sl placeholder_mismatch a.items_few',
      'sv placeholder_mismatch a.plain',
    ]);
    expect(problems[0]?.message).toBe('placeholders {{nom}} differ from English {{name}}');
  });

  it('reports empty texts', () => {
    const set = catalogs();
    groupA(set, 'cs').plain = '  ';
    groupA(set, 'en').plain = '';
    expect(kinds(checkCatalogs(set))).toEqual(['cs empty_value a.plain', 'en empty_value a.plain']);
  });

  it('reports values that are not strings', () => {
    const set = catalogs();
    (groupA(set, 'pt') as Record<string, unknown>).plain = 5;
    expect(kinds(checkCatalogs(set))).toEqual([
      'pt invalid_value a.plain',
      'pt missing_key a.plain',
    ]);
  });
});

describe('flattenCatalog and unflattenCatalog', () => {
  const nested: Catalog = { a: { b: 'x', c: { d: 'y' } }, e: 'z' };
  const flat = { 'a.b': 'x', 'a.c.d': 'y', e: 'z' };

  it('flattens to dotted keys and back', () => {
    expect(flattenCatalog(nested)).toEqual(flat);
    expect(unflattenCatalog(flat)).toEqual(nested);
  });

  it('rejects a value that is not a string', () => {
    expect(() => flattenCatalog({ a: { b: 1 } } as unknown as Catalog)).toThrow('"a.b"');
  });
});

describe('mergeCatalogs', () => {
  it('deep-merges with overrides winning and leaves the inputs untouched', () => {
    const base: Catalog = { a: { b: 'base', c: 'keep' }, d: 'base', e: { f: 'group' } };
    const overrides: Catalog = { a: { b: 'site' }, d: { now: 'a group' }, e: 'a string', g: 'new' };
    const snapshot = structuredClone(base);
    expect(mergeCatalogs(base, overrides)).toEqual({
      a: { b: 'site', c: 'keep' },
      d: { now: 'a group' },
      e: 'a string',
      g: 'new',
    });
    expect(base).toEqual(snapshot);
    const merged = mergeCatalogs(base, {});
    expect(merged).toEqual(base);
    expect(merged.a).not.toBe(base.a);
  });

  it('ignores __proto__ keys from parsed JSON', () => {
    const overrides = JSON.parse('{"__proto__": {"polluted": "yes"}, "a": "b"}') as Catalog;
    const merged = mergeCatalogs({}, overrides);
    expect(merged).toEqual({ a: 'b' });
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

describe('placeholders', () => {
  it('lists distinct interpolations, normalised and sorted', () => {
    expect(placeholders('{{b}} and {{ a }} and {{b}}')).toEqual(['a', 'b']);
    expect(placeholders('{{count, number}}')).toEqual(['count,number']);
    expect(placeholders('none')).toEqual([]);
  });
});
