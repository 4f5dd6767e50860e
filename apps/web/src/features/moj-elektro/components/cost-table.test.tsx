import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { costRow } from '../model/test-data.ts';
import { CostTable } from './cost-table.tsx';

const i18n = createTestI18n();

describe('a cost table', () => {
  it('shows energy, network fees and the grand total padded with an empty row to five rows', () => {
    renderWithProviders(
      <CostTable
        id="t"
        title="New system"
        rows={[
          costRow('energy', 100, { amount: 300, unit: 'kWh' }),
          costRow('network_energy', 20.5, { amount: 300, unit: 'kWh' }),
          costRow('network_power', 15, { amount: 7, unit: 'kW' }),
          costRow('grand_total', 135.5),
        ]}
      />,
      { i18n },
    );
    const table = screen.getByRole('table', { name: 'New system' });
    const body = within(table).getAllByRole('rowgroup')[1] as HTMLElement;
    const rows = body.querySelectorAll('tr');
    expect(rows).toHaveLength(5);
    expect([...rows].map((r) => r.getAttribute('data-category') ?? 'empty')).toEqual([
      'energy',
      'network_energy',
      'network_power',
      'empty',
      'grand_total',
    ]);
    expect(rows[1]).toHaveTextContent('Network fee – energy');
    expect(rows[1]).toHaveTextContent('300.00 kWh');
    expect(rows[1]).toHaveTextContent('€20.50');
    expect(rows[2]).toHaveTextContent('7.00 kW');
    expect(rows[4]).toHaveTextContent('Grand total');
    expect(rows[4]).toHaveTextContent('€135.50');
  });

  it('says when excess power is not charged and what it would cost', () => {
    const excess = {
      ...costRow('excess_power', 0),
      occurrences: 40,
      excessivePowerCost: { amount: 21.5, unit: 'EUR' as const },
    };
    renderWithProviders(
      <CostTable
        id="t"
        title="New system"
        rows={[costRow('energy', 1), excess, costRow('grand_total', 1)]}
      />,
      { i18n },
    );
    expect(screen.getByTestId('me-excess-not-charged')).toHaveTextContent(
      'Not charged: the operator set these agreed powers (would be €21.50)',
    );
  });

  it('shows an excess-power row with its count, without padding a full table', () => {
    const excess = { ...costRow('excess_power', 12.34), occurrences: 3 };
    renderWithProviders(
      <CostTable
        id="t"
        title="Optimized"
        rows={[
          costRow('energy', 1),
          costRow('network_energy', 2),
          costRow('network_power', 3),
          excess,
          costRow('grand_total', 18.34),
        ]}
      />,
      { i18n },
    );
    const table = screen.getByRole('table', { name: 'Optimized' });
    expect(table.querySelectorAll('tr[data-empty]')).toHaveLength(0);
    expect(table.querySelector('tr[data-category="excess_power"]')).toHaveTextContent(
      'Excess power(exceeded 3×)',
    );
  });

  it('says how to see the custom system when it is off', () => {
    renderWithProviders(<CostTable id="t" title="Custom" rows={null} />, { i18n });
    expect(
      screen.getByText('Turn on custom power limits below to see this system.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
