import { describe, expect, it } from 'vitest';
import { readDecimal } from './decimal-field.ts';

describe('readDecimal', () => {
  it('accepts plain decimals and keeps them exact', () => {
    expect(readDecimal('0.12345')).toEqual({ ok: true, value: '0.12345' });
    expect(readDecimal(' 12 ')).toEqual({ ok: true, value: '12' });
    expect(readDecimal('0.123456789')).toEqual({ ok: true, value: '0.123456789' });
  });

  it('takes a decimal comma as the point and drops zeros that carry nothing', () => {
    expect(readDecimal('0,125')).toEqual({ ok: true, value: '0.125' });
    expect(readDecimal('007.5000000000')).toEqual({ ok: true, value: '7.5' });
  });

  it('refuses more than nine decimals instead of rounding', () => {
    expect(readDecimal('0.1234567891')).toEqual({
      ok: false,
      error: { key: 'pricing_plans.validation.decimal_places', values: { max: 9 } },
    });
  });

  it('refuses what is not a number', () => {
    for (const text of [
      'abc',
      '1e3',
      '1.2.3',
      '12,5,0',
      '+1',
      '1 000',
      '0x10',
      '.5',
      '10000000000',
    ]) {
      expect(readDecimal(text)).toEqual({
        ok: false,
        error: { key: 'pricing_plans.validation.decimal' },
      });
    }
  });

  it('refuses a negative value unless allowed (a spot markup may be negative)', () => {
    expect(readDecimal('-0.01')).toEqual({
      ok: false,
      error: { key: 'pricing_plans.validation.not_negative' },
    });
    expect(readDecimal('-0.01', { allowNegative: true })).toEqual({ ok: true, value: '-0.01' });
    expect(readDecimal('-0')).toEqual({ ok: true, value: '0' });
  });

  it('reads an empty field as no value, or as missing when required', () => {
    expect(readDecimal('  ')).toEqual({ ok: true, value: null });
    expect(readDecimal('', { required: true })).toEqual({
      ok: false,
      error: { key: 'validation.required' },
    });
  });

  it('applies a smaller limit of decimals (agreed power in kW)', () => {
    expect(readDecimal('7.0005', { maxDecimals: 3 })).toMatchObject({ ok: false });
    expect(readDecimal('7.5', { maxDecimals: 3 })).toEqual({ ok: true, value: '7.5' });
  });
});
