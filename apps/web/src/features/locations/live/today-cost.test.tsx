import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CostBucketDto, LocationCosts } from '@ec/contract';
import { COSTS_REFRESH_MS, locationCostsQueryOptions } from '../../../entities/costs/index.ts';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testI18n } from '../test-render.tsx';
import { TodayCost } from './today-cost.tsx';

const eur = (minor: number) => ({ currency: 'EUR', minor });

function bucket(changes: Partial<CostBucketDto> = {}): CostBucketDto {
  return {
    start: '2026-11-24T23:00:00.000Z',
    end: '2026-11-25T15:00:00.000Z',
    importWh: 9600,
    exportWh: 40,
    supplierEnergy: eur(160),
    supplierFee: eur(8),
    distributorEnergy: eur(38),
    distributorPower: eur(40),
    revenue: eur(1),
    total: eur(245),
    blocks: [],
    intervals: 64,
    incomplete: 0,
    ...changes,
  };
}

function costs(changes: Partial<LocationCosts> = {}): LocationCosts {
  const total = bucket();
  return {
    locationId: 12,
    timeZone: 'Europe/Ljubljana',
    currency: 'EUR',
    resolution: 'total',
    buckets: [total],
    total,
    uncovered: 0,
    missingSpot: 0,
    missingBlock: 0,
    ...changes,
  };
}

function setup(answerWith: Parameters<typeof answer>[3], status = 200) {
  const calls = fakeFetch(answer('GET', '/api/locations/12/costs', status, answerWith));
  renderWithProviders(<TodayCost locationId={12} day="2026-11-25" />, { i18n: testI18n });
  return calls;
}

describe('TodayCost', () => {
  it("asks for the location's day in total and shows the total with supplier, network and revenue", async () => {
    const calls = setup({ data: costs() });
    expect(screen.getByTestId('today-cost-loading')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Cost today' });
    expect(await within(group).findByText('€2.45')).toBeInTheDocument();
    // Supplier energy + fee; network energy + power.
    expect(within(group).getByText('Energy').nextSibling).toHaveTextContent('€1.68');
    expect(within(group).getByText('Network').nextSibling).toHaveTextContent('€0.78');
    expect(within(group).getByText('Feed-in revenue').nextSibling).toHaveTextContent('€0.01');
    expect(within(group).queryByText('Some quarter hours have no price yet.')).toBeNull();
    expect(calls.map((c) => c.call)).toEqual([
      'GET /api/locations/12/costs?from=2026-11-25&to=2026-11-25&resolution=total',
    ]);
  });

  it('says "No price list" when no list covers the day', async () => {
    setup({ data: costs({ currency: null, buckets: [], total: null, uncovered: 60 }) });
    expect(await screen.findByText('No price list')).toBeInTheDocument();
    expect(screen.queryByText('Energy')).toBeNull();
  });

  it('shows zero in the list’s currency before any energy is stored, without revenue', async () => {
    setup({ data: costs({ buckets: [], total: null }) });
    // The total, the supplier's part and the network's.
    expect(await screen.findAllByText('€0.00')).toHaveLength(3);
    expect(screen.queryByText('Feed-in revenue')).toBeNull();
  });

  it('notes quarter hours without a price (spot prices not yet published)', async () => {
    setup({ data: costs({ total: bucket({ incomplete: 4 }), missingSpot: 4 }) });
    expect(await screen.findByText('Some quarter hours have no price yet.')).toBeInTheDocument();
  });

  it('says so when the cost cannot be loaded', async () => {
    setup(apiError('INTERNAL', 'errors.INTERNAL'), 500);
    expect(await screen.findByText('The cost could not be loaded.')).toBeInTheDocument();
  });

  it('refreshes every 5 minutes', () => {
    expect(COSTS_REFRESH_MS).toBe(300_000);
    expect(locationCostsQueryOptions(12, '2026-11-25', '2026-11-25', 'total')).toMatchObject({
      refetchInterval: COSTS_REFRESH_MS,
    });
  });
});
