import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it("shows minor units with the currency's decimals in the user's language", () => {
    expect(formatMoney('en', { currency: 'EUR', minor: 197 })).toBe('€1.97');
    expect(formatMoney('sl', { currency: 'EUR', minor: 12345678 })).toBe('123.456,78\u00a0€');
    expect(formatMoney('en', { currency: 'EUR', minor: -1 })).toBe('-€0.01');
    // No minor unit (ISK) and three decimals (KWD).
    expect(formatMoney('en', { currency: 'ISK', minor: 150 })).toBe('ISK\u00a0150');
    expect(formatMoney('en', { currency: 'KWD', minor: 1500 })).toBe('KWD\u00a01.500');
  });
});
