import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../shared/api/errors.ts';
import { pricingByLocation } from '../components/pricing-overview.tsx';
import { testPriceList } from '../test-data.ts';
import { pricingErrorText } from './errors.ts';
import { todayIn } from './location-today.ts';

const t = (key: string, options?: Record<string, unknown>) =>
  options && 'name' in options ? `${key}(${String(options.name)})` : key;

describe('pricingErrorText', () => {
  it('shows the server’s message of a 409 with its values', () => {
    const error = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'pricing.errors.overlap',
      params: { name: 'Winter' },
    });
    expect(pricingErrorText(error, t, 'pricing_plans.save_error')).toBe(
      'pricing.errors.overlap(Winter)',
    );
  });

  it('falls back to the spec’s toast for a generic failure, and says when offline', () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL', message: 'errors.INTERNAL' });
    expect(pricingErrorText(error, t, 'pricing_plans.delete_error')).toBe(
      'pricing_plans.delete_error',
    );
    expect(pricingErrorText(new NetworkError(), t, 'pricing_plans.save_error')).toBe(
      'errors.network',
    );
  });
});

describe('todayIn', () => {
  it('is the date in the location’s time zone', () => {
    const lateUtc = new Date('2026-11-28T23:30:00Z');
    expect(todayIn('Europe/Ljubljana', lateUtc)).toBe('2026-11-29');
    expect(todayIn('America/New_York', lateUtc)).toBe('2026-11-28');
  });
});

describe('pricingByLocation', () => {
  it('gives every location its list in force, and the user’s locations without lists too', () => {
    const rows = pricingByLocation(
      [
        testPriceList({ id: 1, locationId: 12, locationName: 'Žiri', active: false }),
        testPriceList({ id: 2, locationId: 12, locationName: 'Žiri', active: true, name: 'Now' }),
        testPriceList({ id: 3, locationId: 13, locationName: 'Bled', active: false }),
      ],
      [
        { id: 12, name: 'Žiri' },
        { id: 14, name: 'Celje' },
      ],
      'sl',
    );
    expect(rows.map((r) => [r.locationName, r.active?.name ?? null, r.count])).toEqual([
      ['Bled', null, 1],
      ['Celje', null, 0],
      ['Žiri', 'Now', 2],
    ]);
  });
});
