import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { ComparisonPage } from './comparison-page.tsx';
import { calculationsApi, devicesApi, FILTERS } from '../model/test-api.ts';

const i18n = createTestI18n();

async function headers(search: string) {
  const calls = fakeFetch(devicesApi, calculationsApi);
  const view = renderWithProviders(<ComparisonPage />, { i18n, path: `/comparison${search}` });
  const table = await screen.findByRole('table', { name: 'Monthly totals' });
  const names = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  return { view, table, names, calls };
}

const bodies = (calls: { call: string; body: unknown }[]) =>
  calls.filter((c) => c.call.includes('calculations')).map((c) => c.body);

describe('the comparison page', () => {
  it('shows new, optimized and old without custom limits in the URL', async () => {
    const { names, calls } = await headers(FILTERS);
    expect(names).toEqual(['Month', 'New', 'Optimized', 'Old system']);
    expect(bodies(calls)).toMatchObject([{ data: { customPowerLimits: null } }]);
  });

  it('shows the custom system for the custom limits in the URL', async () => {
    const { names, table, calls } = await headers(`${FILTERS}&custom=6,6,6.5,7,7`);
    expect(names).toEqual(['Month', 'New', 'Optimized', 'Custom', 'Old system']);
    expect(bodies(calls)).toMatchObject([{ data: { customPowerLimits: [6, 6, 6.5, 7, 7] } }]);
    // The whole period: custom 132 + 142.
    const total = within(table).getAllByRole('row').at(-1);
    expect(total).toHaveTextContent('€274.00');
  });

  it('leaves out a garbled custom value in the URL', async () => {
    const { names, calls } = await headers(`${FILTERS}&custom=6,6,x`);
    expect(names).toEqual(['Month', 'New', 'Optimized', 'Old system']);
    expect(bodies(calls)).toMatchObject([{ data: { customPowerLimits: null } }]);
  });

  it('shows the systems without custom when the server refuses the URL’s limits', async () => {
    const { names, calls } = await headers(`${FILTERS}&custom=16,16,16,17,17`);
    expect(names).toEqual(['Month', 'New', 'Optimized', 'Old system']);
    expect(bodies(calls)).toMatchObject([
      { data: { customPowerLimits: [16, 16, 16, 17, 17] } },
      { data: { customPowerLimits: null } },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
