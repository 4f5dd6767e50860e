import { describe, expect, it } from 'vitest';
import { isVisibleCountry, VISIBLE_COUNTRY_CODES } from './countries.ts';

describe('visible countries', () => {
  it('are the 18 markets the product is offered in', () => {
    expect([...VISIBLE_COUNTRY_CODES].sort()).toEqual(
      [
        'SI',
        'HR',
        'AT',
        'DE',
        'IT',
        'HU',
        'CZ',
        'SK',
        'PL',
        'NL',
        'BE',
        'SE',
        'BA',
        'RS',
        'ME',
        'MK',
        'PT',
        'GB',
      ].sort(),
    );
  });

  it.each([
    ['SI', true],
    ['si', true],
    ['GB', true],
    ['FR', false],
    ['US', false],
    ['', false],
  ])('isVisibleCountry(%j) = %s', (code, visible) => {
    expect(isVisibleCountry(code)).toBe(visible);
  });
});
