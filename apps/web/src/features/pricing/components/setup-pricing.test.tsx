import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { testLocation } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { currencyRoute, planRoutes, testConfig, vtmtPlan } from '../test-data.ts';
import { SetupPricing } from './setup-pricing.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const i18n = createTestI18n();

describe('SetupPricing', () => {
  it('starts from the country defaults and fills the wizard with their prices and ids', async () => {
    const location = testLocation();
    const configs = [
      testConfig({
        id: 1,
        name: 'SI VT/MT supplier',
        code: 'SI-BUY',
        model: 'TIME_OF_USE',
        timePlanId: 4,
        prices: ['0.14', '0.10'],
      }),
      testConfig({ id: 2, name: 'Other supplier', code: null }),
      testConfig({
        id: 3,
        kind: 'DISTRIBUTOR_ENERGY',
        name: 'SI network energy',
        code: 'SI-NET-E',
        prices: ['0.0199'],
        feePerMonth: null,
      }),
    ];
    const calls = fakeFetch(
      currencyRoute,
      ...planRoutes(vtmtPlan),
      answer('GET', `/api/locations/${location.id}`, 200, { data: { location } }),
      answer('GET', '/api/price-type-configs', 200, { data: { configs } }),
    );
    renderWithProviders(<SetupPricing locations={[{ id: location.id, name: location.name }]} />, {
      i18n,
    });
    // The shipped default of each kind is chosen; a kind without one stays empty.
    const buy = await screen.findByRole('textbox', { name: 'Supplier – energy bought' });
    await waitFor(() => expect(buy).toHaveValue('SI VT/MT supplier'));
    expect(screen.getByRole('textbox', { name: 'Network – energy' })).toHaveValue(
      'SI network energy',
    );
    expect(screen.getByRole('textbox', { name: 'Supplier – energy sold' })).toHaveValue('');
    expect(calls.map((c) => c.call)).toContain(
      `GET /api/price-type-configs?predefined=true&countryCode=${location.country?.code ?? ''}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Continue to the wizard' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue(
      `Prices ${location.name}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('radio', { name: /Time of use/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: /T1 \(VT\)/ })).toHaveValue('0.14');
    expect(screen.getByRole('textbox', { name: /Network energy/ })).toHaveValue('0.0199');
  });

  it('sends a user without a location to the setup', () => {
    fakeFetch();
    renderWithProviders(<SetupPricing locations={[]} />, { i18n });
    expect(screen.getByText('You have no location yet. Add one in the setup first.')).toBeVisible();
  });
});
