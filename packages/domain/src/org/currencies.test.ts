import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, currencyDecimals } from './currencies.ts';

describe('currencies', () => {
  it('are the 19 currencies of spec 001 §9 in its order', () => {
    expect(CURRENCIES.map((c) => c.code).join(' ')).toBe(
      'EUR GBP SEK NOK DKK CHF PLN CZK HUF RON BGN HRK ISK UAH CAD USD ILS RUB TRY',
    );
    expect(CURRENCY_CODES).toHaveLength(19);
  });

  it('ISK has 0 decimals, every other 2', () => {
    for (const c of CURRENCIES) expect(c.decimals, c.code).toBe(c.code === 'ISK' ? 0 : 2);
  });

  it.each([
    ['ISK', 0],
    ['isk', 0],
    ['EUR', 2],
    // Outside the spec's list, ISO 4217 decides (decision 0017): yen have no subunit, dinars three decimals.
    ['JPY', 0],
    ['KWD', 3],
    ['tnd', 3],
    ['XXX', 2],
  ])('currencyDecimals(%s) = %d', (code, decimals) => {
    expect(currencyDecimals(code)).toBe(decimals);
  });
});
