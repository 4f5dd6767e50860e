import { describe, expect, it } from 'vitest';
import {
  addMoney,
  divideRounded,
  lineAmount,
  money,
  MoneyError,
  moneyToDecimal,
  parseMoney,
  parseUnitPrice,
  percentage,
  subtractMoney,
  sumMoney,
  unitPriceToDecimal,
  type MoneyProblem,
  type UnitPrice,
} from './money.ts';

function price(currency: string, text: string): UnitPrice {
  const parsed = parseUnitPrice(currency, text);
  if (!parsed.ok) throw new Error(`bad price ${text}: ${parsed.problem}`);
  return parsed.value;
}

describe('parseMoney', () => {
  it.each<[string, string, number | MoneyProblem]>([
    ['EUR', '12.34', 1234],
    ['EUR', '12.3', 1230],
    ['EUR', '12', 1200],
    ['EUR', '12.30', 1230],
    ['EUR', '12.3400', 1234],
    ['EUR', '-0.05', -5],
    ['EUR', '0', 0],
    ['EUR', '-0', 0],
    ['EUR', ' 1.5 ', 150],
    ['ISK', '1500', 1500],
    ['ISK', '1500.0', 1500],
    ['KWD', '1.234', 1234],
    ['JPY', '100', 100],
    // Refused rather than rounded.
    ['EUR', '12.345', 'precision'],
    ['ISK', '1500.5', 'precision'],
    ['KWD', '1.2345', 'precision'],
    ['JPY', '0.5', 'precision'],
    ['EUR', '1e3', 'format'],
    ['EUR', '1,50', 'format'],
    ['EUR', '+1', 'format'],
    ['EUR', '.5', 'format'],
    ['EUR', '5.', 'format'],
    ['EUR', '', 'format'],
    ['EUR', 'NaN', 'format'],
    ['EUR', '1 000', 'format'],
    ['EUR', '90071992547409.92', 'range'],
    ['eur', '1', 'currency'],
    ['EURO', '1', 'currency'],
  ])('parseMoney(%s, %j) → %j', (currency, text, outcome) => {
    const result = parseMoney(currency, text);
    if (typeof outcome === 'number') {
      expect(result).toEqual({ ok: true, value: { currency, minor: outcome } });
    } else {
      expect(result).toEqual({ ok: false, problem: outcome });
    }
  });
});

describe('moneyToDecimal', () => {
  it.each([
    ['EUR', 1234, '12.34'],
    ['EUR', 5, '0.05'],
    ['EUR', -5, '-0.05'],
    ['EUR', -1230, '-12.30'],
    ['EUR', 0, '0.00'],
    ['ISK', 1500, '1500'],
    ['ISK', -7, '-7'],
    ['KWD', 1, '0.001'],
    ['KWD', 12345, '12.345'],
  ])('%s %d minor → %s', (currency, minor, text) => {
    expect(moneyToDecimal(money(currency, minor))).toBe(text);
  });

  it('round-trips with parseMoney', () => {
    for (const [currency, text] of [
      ['EUR', '-12.30'],
      ['ISK', '99'],
      ['KWD', '0.005'],
    ] as const) {
      const parsed = parseMoney(currency, text);
      expect(parsed.ok && moneyToDecimal(parsed.value)).toBe(text);
    }
  });
});

describe('money', () => {
  it.each([[1.5], [Number.NaN], [Number.MAX_SAFE_INTEGER + 1], [Infinity]])(
    'refuses %d minor units',
    (minor) => {
      expect(() => money('EUR', minor)).toThrow(MoneyError);
    },
  );

  it('normalises −0', () => {
    expect(Object.is(money('EUR', -0).minor, 0)).toBe(true);
  });
});

describe('unit prices', () => {
  it.each([
    ['0.12345', 123_450_000n, '0.12345'],
    ['0.123456789', 123_456_789n, '0.123456789'],
    ['-0.0015', -1_500_000n, '-0.0015'],
    ['85.37', 85_370_000_000n, '85.37'],
    ['3', 3_000_000_000n, '3'],
    ['0.10', 100_000_000n, '0.1'],
    ['0', 0n, '0'],
  ])('parseUnitPrice(EUR, %j) = %d nanos, written %j', (text, nanos, written) => {
    const parsed = price('EUR', text);
    expect(parsed.nanos).toBe(nanos);
    expect(unitPriceToDecimal(parsed)).toBe(written);
  });

  it.each<[string, MoneyProblem]>([
    ['0.1234567891', 'precision'],
    ['1e-5', 'format'],
    ['0,12', 'format'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseUnitPrice('EUR', text)).toEqual({ ok: false, problem });
  });
});

describe('divideRounded (half away from zero)', () => {
  it.each([
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [25n, 10n, 3n],
    [-5n, 10n, -1n],
    [-4n, 10n, 0n],
    [-25n, 10n, -3n],
    [5n, -10n, -1n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [0n, 7n, 0n],
  ])('%d / %d = %d', (n, d, q) => {
    expect(divideRounded(n, d)).toBe(q);
  });

  it('refuses division by zero', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });
});

describe('lineAmount', () => {
  it.each([
    // 0.12345 EUR/kWh × 123.456 kWh = 15.2406432 EUR → 15.24
    ['EUR', '0.12345', 123_456, 1000, 1524],
    // 0.12345 EUR/kWh × 1 Wh = 0.00012345 EUR → 0.00
    ['EUR', '0.12345', 1, 1000, 0],
    // Exactly half a cent rounds away from zero: 0.005 EUR/kWh × 1 kWh.
    ['EUR', '0.005', 1000, 1000, 1],
    ['EUR', '-0.005', 1000, 1000, -1],
    // A negative spot price is a credit: −0.01234 EUR/kWh × 250 kWh = −3.085 → −3.09
    ['EUR', '-0.01234', 250_000, 1000, -309],
    // Power: 3.82301 EUR/kW per month × 7.4 kW (74 tenths) = 28.290274 → 28.29
    ['EUR', '3.82301', 74, 10, 2829],
    // Whole units: 12.5 ISK/kWh × 3 kWh = 37.5 → 38 (ISK has no decimals)
    ['ISK', '12.5', 3, 1, 38],
    // Three decimals: 0.0305 KWD/kWh × 10.01 kWh = 0.305305 → 0.305
    ['KWD', '0.0305', 10_010, 1000, 305],
  ])('%s %s × %d / %d = %d minor', (currency, text, quantity, perUnit, minor) => {
    expect(lineAmount(price(currency, text), quantity, perUnit)).toEqual({ currency, minor });
  });

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 style: 0.07 EUR/kWh × 1 kWh, summed ten times, is exactly 0.70.
    const line = lineAmount(price('EUR', '0.07'), 1000, 1000);
    expect(
      sumMoney(
        'EUR',
        Array.from({ length: 10 }, () => line),
      ),
    ).toEqual({ currency: 'EUR', minor: 70 });
    // A large bill: 0.123456789 EUR/kWh × 987,654,321 Wh = 121,932.631112635269 EUR → 121,932.63
    expect(lineAmount(price('EUR', '0.123456789'), 987_654_321, 1000).minor).toBe(12_193_263);
  });

  it('refuses a non-positive perUnit', () => {
    expect(() => lineAmount(price('EUR', '1'), 1, 0)).toThrow(RangeError);
  });
});

describe('percentage (VAT)', () => {
  it.each([
    [10_000, 2200, 2200],
    [1234, 2200, 271], // 271.48 → 271
    [1225, 2200, 270], // 269.5 → 270
    [-1225, 2200, -270],
    [1000, 950, 95],
    [3, 950, 0], // 0.285 → 0
  ])('%d minor at %d bp = %d', (minor, bp, vat) => {
    expect(percentage(money('EUR', minor), bp).minor).toBe(vat);
  });
});

describe('sums', () => {
  it('adds and subtracts in one currency', () => {
    expect(addMoney(money('EUR', 150), money('EUR', -20))).toEqual(money('EUR', 130));
    expect(subtractMoney(money('EUR', 150), money('EUR', 200))).toEqual(money('EUR', -50));
    expect(sumMoney('EUR', [])).toEqual(money('EUR', 0));
  });

  it('refuses to mix currencies', () => {
    expect(() => addMoney(money('EUR', 1), money('GBP', 1))).toThrow(MoneyError);
  });

  it('refuses to overflow', () => {
    expect(() => addMoney(money('EUR', Number.MAX_SAFE_INTEGER), money('EUR', 1))).toThrow(
      MoneyError,
    );
  });
});
