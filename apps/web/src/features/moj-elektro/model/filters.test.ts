import { describe, expect, it } from 'vitest';
import {
  calculationFilter,
  filtersFromQuery,
  filtersToQuery,
  parsePrice,
  priceFields,
  tariffYears,
  todayIn,
  validateFilters,
  yearBefore,
  type MeFilters,
} from './filters.ts';

const TODAY = '2026-11-28';
const ok: MeFilters = {
  deviceId: 7,
  from: '2025-11-28',
  to: TODAY,
  vt: '0.12',
  mt: '0.08',
  et: '',
  tariffYear: null,
};

describe('metering filter rules (spec 000 §5)', () => {
  it('accepts a complete set for a two-tariff device', () => {
    expect(validateFilters(ok, 2, TODAY)).toEqual({});
  });

  it('needs a device', () => {
    expect(validateFilters({ ...ok, deviceId: null }, 2, TODAY)).toEqual({
      device: 'moj_elektro.filters.device_required',
    });
  });

  it('needs both dates', () => {
    expect(validateFilters({ ...ok, from: '' }, 2, TODAY)).toEqual({ from: 'validation.required' });
    expect(validateFilters({ ...ok, to: '' }, 2, TODAY)).toEqual({ to: 'validation.required' });
  });

  it('refuses dates that are not calendar dates', () => {
    expect(validateFilters({ ...ok, from: '2025-02-30' }, 2, TODAY)).toEqual({
      from: 'moj_elektro.filters.invalid_date',
    });
  });

  it('refuses future dates (today in Ljubljana is fine)', () => {
    expect(validateFilters({ ...ok, to: '2026-11-29' }, 2, TODAY)).toEqual({
      to: 'moj_elektro.filters.future_date',
    });
    expect(
      validateFilters({ ...ok, from: '2026-11-29', to: '2026-11-29' }, 2, TODAY),
    ).toMatchObject({
      from: 'moj_elektro.filters.future_date',
    });
  });

  it('refuses an end before the start', () => {
    expect(validateFilters({ ...ok, from: '2026-11-01', to: '2026-10-31' }, 2, TODAY)).toEqual({
      to: 'moj_elektro.filters.end_before_start',
    });
  });

  it('allows at most 730 days, both ends included', () => {
    expect(validateFilters({ ...ok, from: '2024-11-29' }, 2, TODAY)).toEqual({});
    expect(validateFilters({ ...ok, from: '2024-11-28' }, 2, TODAY)).toEqual({
      to: 'moj_elektro.filters.max_range',
    });
  });

  it('needs ET (not VT/MT) for a one-tariff device', () => {
    expect(validateFilters({ ...ok, vt: '', mt: '' }, 1, TODAY)).toEqual({
      et: 'validation.required',
    });
    expect(validateFilters({ ...ok, vt: '', mt: '', et: '0.15' }, 1, TODAY)).toEqual({});
  });

  it('needs VT and MT for two tariffs and for an unknown count', () => {
    for (const count of [2, null] as const) {
      expect(validateFilters({ ...ok, vt: '' }, count, TODAY)).toEqual({
        vt: 'validation.required',
      });
      expect(validateFilters({ ...ok, mt: '' }, count, TODAY)).toEqual({
        mt: 'validation.required',
      });
    }
    expect(priceFields(undefined)).toEqual(['vt', 'mt']);
  });

  it('refuses negative and non-numeric prices, and 0 (= none) for a needed price', () => {
    expect(validateFilters({ ...ok, vt: '-0.1' }, 2, TODAY)).toEqual({
      vt: 'moj_elektro.filters.invalid_price',
    });
    expect(validateFilters({ ...ok, mt: 'abc' }, 2, TODAY)).toEqual({
      mt: 'moj_elektro.filters.invalid_price',
    });
    expect(validateFilters({ ...ok, mt: '0' }, 2, TODAY)).toEqual({ mt: 'validation.required' });
  });
});

describe('prices sent (spec 001 §4)', () => {
  it('reads numbers ≥ 0 (comma allowed) and treats anything else as none', () => {
    expect(parsePrice('0,125')).toBe(0.125);
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
    expect(parsePrice('')).toBeNull();
  });

  it('sends an invalid or missing price as 0', () => {
    expect(calculationFilter({ ...ok, vt: '-3', mt: 'x', et: '' })).toEqual({
      from: ok.from,
      to: ok.to,
      vt: 0,
      mt: 0,
      et: 0,
      tariffYear: null,
    });
  });
});

describe('filters in the URL', () => {
  it('defaults to one year back to today', () => {
    expect(filtersFromQuery(new URLSearchParams(), TODAY)).toEqual({
      deviceId: null,
      from: '2025-11-28',
      to: TODAY,
      vt: '',
      mt: '',
      et: '',
      tariffYear: null,
    });
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
  });

  it('round-trips through the query and keeps other keys', () => {
    const query = filtersToQuery({ ...ok, tariffYear: 2026 }, new URLSearchParams('x=1'));
    expect(query.get('x')).toBe('1');
    expect(query.has('et')).toBe(false);
    expect(filtersFromQuery(query, TODAY)).toEqual({ ...ok, tariffYear: 2026 });
  });

  it('offers the tariff years 2024 to next year', () => {
    expect(tariffYears(TODAY)).toEqual([2024, 2025, 2026, 2027]);
  });

  it("takes today in Ljubljana's time zone", () => {
    expect(todayIn(Date.parse('2026-11-28T23:30:00Z'))).toBe('2026-11-29');
  });
});
