import { describe, expect, it } from 'vitest';
import { formatMoneyAmount, formatUnitPriceValue, unitOfKind } from './price-format.ts';

// Intl output uses narrow/no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoneyAmount', () => {
  it('shows EUR with exactly two decimals in the locale', () => {
    expect(plain(formatMoneyAmount('12.5', 'EUR', 'en'))).toBe('€12.50');
    expect(plain(formatMoneyAmount('12345.5', 'EUR', 'sl'))).toBe('12.345,50 €');
  });

  it('shows ISK without decimals (spec 001 §9)', () => {
    expect(plain(formatMoneyAmount('1250', 'ISK', 'en'))).toBe('ISK 1,250');
    expect(formatMoneyAmount('1250', 'ISK', 'en')).not.toContain('.');
  });

  it('formats the decimal string exactly, not through a float', () => {
    // 0.1 + 0.2 style drift would show here; a 16-digit amount keeps its last digit.
    expect(plain(formatMoneyAmount('1234567890123.45', 'EUR', 'en'))).toBe('€1,234,567,890,123.45');
  });

  it('leaves a value that is not a decimal as it came', () => {
    expect(formatMoneyAmount('abc', 'EUR', 'en')).toBe('abc');
  });
});

describe('formatUnitPriceValue', () => {
  it('shows up to five decimals and at least the currency’s', () => {
    expect(plain(formatUnitPriceValue('0.12345', 'EUR', 'en'))).toBe('€0.12345');
    expect(plain(formatUnitPriceValue('0.1', 'EUR', 'en'))).toBe('€0.10');
    expect(plain(formatUnitPriceValue('0.123456789', 'EUR', 'sl'))).toBe('0,12346 €');
  });

  it('shows ISK unit prices without trailing decimals', () => {
    expect(plain(formatUnitPriceValue('30', 'ISK', 'en'))).toBe('ISK 30');
    expect(plain(formatUnitPriceValue('30.25', 'ISK', 'en'))).toBe('ISK 30.25');
  });
});

describe('unitOfKind', () => {
  it('prices the network power per kW and month, the rest per kWh', () => {
    expect(unitOfKind('DISTRIBUTOR_POWER')).toBe('kw_month');
    expect(unitOfKind('DISTRIBUTOR_ENERGY')).toBe('kwh');
    expect(unitOfKind('SUPPLIER_ENERGY_BUY')).toBe('kwh');
  });
});
