import { describe, expect, it } from 'vitest';

import {
  currencyDecimals,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
} from './format.ts';
import { intlLocale } from './intl-locale.ts';

// ICU puts narrow no-break spaces (U+202F) or no-break spaces (U+00A0) into many formats; compare with plain spaces.
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  it('uses the decimal comma and dot grouping in German', () => {
    expect(formatNumber('de', 1234567.891)).toBe('1.234.567,891');
  });

  it('uses the decimal point and comma grouping in English', () => {
    expect(formatNumber('en', 1234567.891)).toBe('1,234,567.891');
  });

  it('passes options to Intl', () => {
    expect(plain(formatNumber('sl', 0.256, { style: 'percent', maximumFractionDigits: 1 }))).toBe(
      '25,6 %',
    );
  });
});

describe('formatCurrency', () => {
  it('shows ISK without decimals', () => {
    expect(plain(formatCurrency('de', 1234.5, 'ISK'))).toBe('1.235 ISK');
    expect(plain(formatCurrency('en', 1000, 'isk'))).toBe('ISK 1,000');
  });

  it('shows other currencies with 2 decimals, even where ICU would not', () => {
    expect(plain(formatCurrency('de', 1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(plain(formatCurrency('en', 1234.5, 'EUR'))).toBe('€1,234.50');
    // ICU's own default for HUF is 0 decimals; spec 001 §9 lists HUF with subunits.
    expect(plain(formatCurrency('en', 99, 'HUF'))).toBe('HUF 99.00');
    expect(currencyDecimals('HUF')).toBe(2);
    expect(currencyDecimals('XYZ')).toBe(2);
    expect(currencyDecimals('isk')).toBe(0);
  });

  it('formats Portuguese the European way', () => {
    expect(intlLocale('pt')).toBe('pt-PT');
    expect(plain(formatCurrency('pt', 1234.5, 'EUR'))).toBe('1234,50 €');
  });

  it('converts minor units with the currency decimals', () => {
    expect(plain(formatCurrency('sl', 123456, 'EUR', { unit: 'minor' }))).toBe('1234,56 €');
    expect(plain(formatCurrency('sl', 1500, 'ISK', { unit: 'minor' }))).toBe('1500 ISK');
  });

  it('honours currencyDisplay', () => {
    expect(plain(formatCurrency('en', 5, 'EUR', { currencyDisplay: 'code' }))).toBe('EUR 5.00');
  });
});

describe('formatDate and formatDateTime', () => {
  const instant = Date.UTC(2024, 2, 5, 12, 30);
  const zone = { timeZone: 'Europe/Ljubljana' } as const;

  it('formats in the locale with the given options', () => {
    expect(formatDate('de', instant, { dateStyle: 'long', ...zone })).toBe('5. März 2024');
    expect(formatDate('en', new Date(instant), { dateStyle: 'long', ...zone })).toBe(
      'March 5, 2024',
    );
    expect(formatDate('sl', '2024-03-05T12:30:00Z', { dateStyle: 'long', ...zone })).toBe(
      '5. marec 2024',
    );
  });

  it('writes Serbian in Latin script and Macedonian in Cyrillic', () => {
    expect(intlLocale('sr')).toBe('sr-Latn');
    expect(formatDate('sr', instant, { dateStyle: 'long', ...zone })).toBe('5. mart 2024.');
    expect(formatDate('mk', instant, { month: 'long', ...zone })).toBe('март');
  });

  it('formats date and time in the given time zone', () => {
    expect(
      plain(formatDateTime('en', instant, { dateStyle: 'short', timeStyle: 'short', ...zone })),
    ).toBe('3/5/24, 1:30 PM');
    expect(formatDateTime('de', instant, { dateStyle: 'short', timeStyle: 'short', ...zone })).toBe(
      '05.03.24, 13:30',
    );
  });

  it('has sensible defaults', () => {
    expect(formatDate('en', instant)).toMatch(/2024/);
    expect(formatDateTime('en', instant)).toMatch(/2024.*\d:\d\d/);
  });

  it('rejects an invalid date', () => {
    expect(() => formatDate('en', 'not a date')).toThrow(RangeError);
  });
});
