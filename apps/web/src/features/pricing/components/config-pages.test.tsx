import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testConfig } from '../test-data.ts';
import { ConfigList } from './config-pages.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const i18n = createTestI18n();
const configs = [
  testConfig(),
  testConfig({
    id: 31,
    name: 'Orka Iceland',
    countryCode: 'IS',
    currency: 'ISK',
    prices: ['25'],
    inUse: true,
  }),
  testConfig({ id: 32, name: 'Read only', editable: false }),
];

describe('ConfigList', () => {
  it('lists the predefined configs with their prices in the currency’s decimals', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/price-type-configs', 200, { data: { configs } }),
      answer('GET', '/api/countries', 200, { data: { countries: [] } }),
    );
    renderWithProviders(
      <ConfigList scope={{ kind: 'predefined' }} basePath="/pricing-plans/configs" canCreate />,
      { i18n },
    );
    expect(await screen.findByText('GEN-I Fixed')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toContain('GET /api/price-type-configs?predefined=true');
    const gen = screen.getByText('GEN-I Fixed').closest('li') as HTMLElement;
    expect(within(gen).getByText('€0.11/kWh')).toBeInTheDocument();
    // ISK has no decimals.
    expect(screen.getByText(/ISK\s25\/kWh/)).toBeInTheDocument();
    const iceland = screen.getByText('Orka Iceland').closest('li') as HTMLElement;
    expect(within(iceland).getByText('In use')).toBeInTheDocument();
    const readOnly = screen.getByText('Read only').closest('li') as HTMLElement;
    expect(within(readOnly).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New config' })).toHaveAttribute(
      'href',
      '/pricing-plans/configs/create',
    );
  });

  it('shows the server’s message when a config used by price lists cannot be deleted (409)', async () => {
    fakeFetch(
      answer('GET', '/api/price-type-configs', 200, { data: { configs } }),
      answer('GET', '/api/countries', 200, { data: { countries: [] } }),
      answer(
        'DELETE',
        '/api/price-type-configs/31',
        409,
        apiError('CONFLICT', 'pricing.errors.config_in_use'),
      ),
    );
    renderWithProviders(
      <ConfigList
        scope={{ kind: 'company', companyId: 3 }}
        basePath="/pricing/plans"
        canCreate={false}
      />,
      { i18n },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Orka Iceland' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete config' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'Price lists were made from this price-type config, so it cannot be deleted.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New config' })).not.toBeInTheDocument();
  });
});
