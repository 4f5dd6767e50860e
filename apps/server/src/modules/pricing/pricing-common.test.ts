// The pricing module's helpers: decimals as answered, weekday names for coverage messages, and every message key
// the module answers present in all 14 catalogs.
import { describe, expect, it } from 'vitest';
import { COLOR_MESSAGE, DATE_MESSAGE, DECIMAL_MESSAGE, QUARTER_HOUR_MESSAGE } from '@ec/contract';
import { LOCALES } from '@ec/domain';
import { loadCatalog } from '@ec/i18n/node';
import { lookup } from '../mail/mail.templates.ts';
import { dayName, decimal, PRICING_ERRORS, problemMessage } from './pricing-common.ts';

describe('decimal', () => {
  it.each([
    ['0.123450000', '0.12345'],
    ['3.000000000', '3'],
    ['-0.500000000', '-0.5'],
    ['-0.000000000', '0'],
    ['12', '12'],
    ['100.000000000', '100'],
  ])('%s → %s', (stored, answered) => {
    expect(decimal(stored)).toBe(answered);
  });
});

describe('coverage messages', () => {
  it('name the weekday in the user’s language (Monday = 1)', () => {
    expect(dayName(1, 'en')).toBe('Monday');
    expect(dayName(7, 'sl')).toBe('nedelja');
    expect(dayName(3, 'de')).toBe('Mittwoch');
  });

  it('carry the day, the season and the times', () => {
    const dto = problemMessage(
      {
        kind: 'gap',
        seasonId: 4,
        dayOfWeek: 2,
        validFrom: '2024-01-01',
        from: '22:00',
        to: '24:00',
      },
      [{ id: 4, title: 'Winter' }],
      'en',
    );
    expect(dto).toEqual({
      kind: 'gap',
      seasonId: 4,
      dayOfWeek: 2,
      validFrom: '2024-01-01',
      from: '22:00',
      to: '24:00',
      message: 'time_of_use.errors.gap',
      params: {
        day: 'Tuesday',
        dayOfWeek: 2,
        season: 'Winter',
        from: '22:00',
        to: '24:00',
        validFrom: '2024-01-01',
      },
    });
  });
});

describe('catalogs', () => {
  const keys = [
    ...Object.values(PRICING_ERRORS),
    DECIMAL_MESSAGE,
    DATE_MESSAGE,
    QUARTER_HOUR_MESSAGE,
    COLOR_MESSAGE,
  ];
  it.each(LOCALES)('%s has every message of the pricing module', (locale) => {
    const catalog = loadCatalog(locale);
    expect(keys.filter((key) => !lookup(catalog, key))).toEqual([]);
  });
});
