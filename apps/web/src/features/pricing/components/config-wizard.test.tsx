import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { currencyRoute, testConfig } from '../test-data.ts';
import { ConfigWizard } from './config-wizard.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const i18n = createTestI18n();
const countries = answer('GET', '/api/countries', 200, {
  data: { countries: [{ id: 1, code: 'SI', name: 'Slovenia', visible: true }] },
});

describe('ConfigWizard', () => {
  it('creates a predefined network config, offering no spot market for the network', async () => {
    const saved = testConfig({ id: 33, kind: 'DISTRIBUTOR_POWER', name: 'SI power' });
    const calls = fakeFetch(
      currencyRoute,
      countries,
      answer('POST', '/api/price-type-configs', 201, { data: { config: saved } }),
    );
    const onDone = vi.fn();
    renderWithProviders(<ConfigWizard companyId={null} onDone={onDone} onCancel={vi.fn()} />, {
      i18n,
    });
    const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await next();
    expect(await screen.findByText('Component is required.')).toBeInTheDocument();
    expect(screen.getByText('Country is required.')).toBeInTheDocument();
    expect(screen.getByText('Valid from is required.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'SI power');
    await userEvent.click(screen.getByRole('textbox', { name: /Component/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Network – power' }));
    const country = screen.getByRole('textbox', { name: /Country/ });
    await waitFor(() => expect(country).toBeEnabled());
    await userEvent.click(country);
    await userEvent.click(await screen.findByRole('option', { name: 'Slovenia' }));
    await userEvent.type(screen.getByLabelText(/Valid from/), '2026-01-01');
    await next();

    expect(await screen.findByRole('heading', { name: 'Tariffs' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Spot market/ })).not.toBeInTheDocument();
    // The network has no monthly supplier fee.
    expect(screen.queryByRole('textbox', { name: /Fixed fee per month/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Fixed price/ }));
    await next();

    await userEvent.type(await screen.findByRole('textbox', { name: /^Price/ }), 'abc');
    await next();
    expect(await screen.findByText('Price must be a number such as 0.12345.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /^Price/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Price/ }), '3.61');
    await next();
    expect(await screen.findByText('€3.61/kW·month')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(calls.find((c) => c.call === 'POST /api/price-type-configs')?.body).toEqual({
      data: {
        name: 'SI power',
        kind: 'DISTRIBUTOR_POWER',
        countryCode: 'SI',
        companyId: null,
        currency: 'EUR',
        model: 'FIXED',
        timePlanId: null,
        prices: ['3.61'],
        feePerMonth: null,
        validFrom: '2026-01-01',
        validTo: null,
      },
    });
  });
});
