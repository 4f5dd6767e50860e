import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions } from './countries.ts';

describe('countries', () => {
  it('names every country in the given language, sorted by name', () => {
    const options = countryOptions('de');
    expect(options).toHaveLength(COUNTRY_CODES.length);
    expect(options.find((o) => o.value === 'DE')?.label).toBe('Deutschland');
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de').compare));
  });

  it('uses codes of two capital letters (the contract accepts only those)', () => {
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('falls back to the code for a language Intl does not know', () => {
    expect(countryName('SI', 'not a locale!')).toBe('SI');
  });
});
