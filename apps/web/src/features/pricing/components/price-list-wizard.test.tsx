import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { currencyRoute, planRoutes, testPriceList, vtmtPlan } from '../test-data.ts';
import { PriceListWizard } from './price-list-wizard.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const i18n = createTestI18n();

function renderWizard(onDone = vi.fn()) {
  renderWithProviders(
    <PriceListWizard
      locationId={12}
      countryCode="SI"
      initial={{ validFrom: '2026-12-01' }}
      onDone={onDone}
      onCancel={vi.fn()}
    />,
    { i18n },
  );
  return onDone;
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe('PriceListWizard', () => {
  it('shows its progress and refuses to leave a step with named field errors', async () => {
    fakeFetch(currencyRoute, ...planRoutes(vtmtPlan));
    renderWizard();
    expect(screen.getAllByText('Step 1 of 4').length).toBeGreaterThan(0);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12.5');
    const steps = within(screen.getByRole('list', { name: 'Steps of the wizard' }));
    expect(steps.getByText('Basic info').closest('li')).toHaveAttribute('aria-current', 'step');
    // The effective dating is explained where the date is chosen.
    expect(screen.getByText(/Prices before this date stay as they were/)).toBeInTheDocument();

    await next();
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Basic info' })).toBeInTheDocument();

    await userEvent.type(field(/Name/), 'Home 2027');
    await next();
    expect(await screen.findByRole('heading', { name: 'Tariffs' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37.5');
    await next();
    expect(await screen.findByText('Energy price is required.')).toBeInTheDocument();

    // Back keeps what was entered.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(field(/Name/)).toHaveValue('Home 2027');
  });

  it('creates a time-of-use list from a complete plan, refusing a price with ten decimals', async () => {
    const created = testPriceList({ id: 77, name: 'Home 2027', kind: 'TIME_OF_USE' });
    const calls = fakeFetch(
      currencyRoute,
      ...planRoutes(vtmtPlan, { ...vtmtPlan, id: 5, title: 'Draft', complete: false }),
      answer('POST', '/api/pricing/price-lists', 201, { data: { priceList: created } }),
    );
    const onDone = renderWizard();

    await userEvent.type(field(/Name/), 'Home 2027');
    await next();
    await userEvent.click(await screen.findByRole('radio', { name: /Time of use/ }));
    await next();

    expect(await screen.findByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    const planInput = screen.getByRole('textbox', { name: /Tariff time plan/ });
    await waitFor(() => expect(planInput).toBeEnabled());
    await userEvent.click(planInput);
    // An incomplete plan is listed but cannot be chosen.
    expect(await screen.findByRole('option', { name: 'Draft (incomplete)' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('option', { name: 'SI VT/MT (2 blocks)' }));

    // The tariffs are named by the plan's blocks.
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Higher tariff T1 \(VT\)/ }),
      '0.1234567891',
    );
    await userEvent.type(field(/Lower tariff T2 \(MT\)/), '0,09');
    await userEvent.type(field(/Network energy/), '0.02');
    await userEvent.type(field(/Network power/), '3.5');
    await userEvent.type(field(/Agreed power/), '7');
    await next();
    expect(
      await screen.findByText('Higher tariff T1 (VT) may have at most 9 decimal places.'),
    ).toBeInTheDocument();
    await userEvent.clear(field(/Higher tariff T1 \(VT\)/));
    await userEvent.type(field(/Higher tariff T1 \(VT\)/), '0.15');
    await next();

    expect(await screen.findByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByText('€0.15/kWh')).toBeInTheDocument();
    expect(screen.getByText('€0.09/kWh')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(created));
    const post = calls.find((c) => c.call === 'POST /api/pricing/price-lists');
    expect(post?.body).toMatchObject({
      data: {
        locationId: 12,
        name: 'Home 2027',
        kind: 'TIME_OF_USE',
        validFrom: '2026-12-01',
        validTo: null,
        tariffPlanId: 4,
        tariffs: { t0: null, t1: '0.15', t2: '0.09' },
        distributorEnergy: ['0.02'],
        distributorPower: ['3.5'],
        agreedPowerKw: ['7'],
      },
    });
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', message: 'Pricing plan saved.' }),
    );
  });

  it('shows the server’s message when the list overlaps another (409)', async () => {
    fakeFetch(
      currencyRoute,
      ...planRoutes(vtmtPlan),
      answer(
        'POST',
        '/api/pricing/price-lists',
        409,
        apiError('CONFLICT', 'pricing.errors.overlap', {
          params: { name: 'Winter', from: '2026-01-01', to: '2027-01-01' },
        }),
      ),
    );
    renderWizard();
    await userEvent.type(field(/Name/), 'Home');
    await next();
    await userEvent.click(await screen.findByRole('radio', { name: /Fixed price/ }));
    await next();
    await userEvent.type(await screen.findByRole('textbox', { name: /Single tariff T0/ }), '0.12');
    await userEvent.type(field(/Network energy/), '0.02');
    await userEvent.type(field(/Network power/), '3');
    await userEvent.type(field(/Agreed power/), '7');
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        'The dates overlap the price list “Winter” (2026-01-01 – 2027-01-01).',
      ),
    ).toBeInTheDocument();
  });
});
