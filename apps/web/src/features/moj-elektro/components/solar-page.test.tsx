import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import type { SolarWhatIf } from '../model/types.ts';
import { SolarPage } from './solar-page.tsx';
import { devicesApi, FILTER_BODY, FILTERS } from '../model/test-api.ts';

const i18n = createTestI18n();
const SOLAR_PATH = '/api/pricing/abstract-devices/11/solar';

const summary = (total: number, optimized: number) => ({
  total: { amount: total, unit: 'EUR' as const },
  optimizedTotal: { amount: optimized, unit: 'EUR' as const },
  optimizedAgreedPowers: [5, 5.5, 6, 6, 6],
  peakKw: [6, 6, 5, 5, 4],
});

const result: SolarWhatIf = {
  solar: {
    peakKw: 6,
    azimuthDeg: 180,
    tiltDeg: 30,
    exportPrice: 0.05,
    latitude: 46.05,
    longitude: 14.5,
  },
  productionKwh: 6543.2,
  selfConsumedKwh: 2519.1,
  exportedKwh: 4024.1,
  selfConsumptionPct: 38.5,
  before: summary(1200, 1150),
  after: summary(820.5, 790.25),
  exportRevenue: { amount: 201.2, unit: 'EUR' },
  yearlySaving: { amount: 359.75, unit: 'EUR' },
  monthly: [
    {
      month: '2025-09',
      productionKwh: 700,
      selfConsumedKwh: 300,
      exportedKwh: 400,
      importBeforeKwh: 350,
      importAfterKwh: 50,
    },
    {
      month: '2025-10',
      productionKwh: 500,
      selfConsumedKwh: 250,
      exportedKwh: 250,
      importBeforeKwh: 400,
      importAfterKwh: 150,
    },
  ],
  profile: 'standard',
};

/** The solar route answering `respond` (the result by default), after `gate` when given. */
function solarApi(
  respond: () => Response = () => json(200, { data: result }),
  gate?: Promise<void>,
): FakeRoute {
  return ({ method, path }) => {
    if (method !== 'POST' || path !== SOLAR_PATH) return undefined;
    return (async () => {
      await gate;
      return respond();
    })();
  };
}

function renderPage(search = FILTERS) {
  return renderWithProviders(<SolarPage />, { i18n, path: `/solar${search}` });
}

const field = (name: string) => screen.getByRole('spinbutton', { name });
const run = () => screen.getByRole('button', { name: 'Calculate' });
const solarCalls = (calls: { call: string; body: unknown }[]) =>
  calls.filter((c) => c.call === `POST ${SOLAR_PATH}`);

describe('the solar what-if page', () => {
  it('asks for a device and input data when nothing is chosen', async () => {
    fakeFetch(devicesApi, solarApi());
    renderPage('?from=2025-09-01&to=2025-10-31');
    expect(
      await screen.findByText('Select a device and enter input data before calculating.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Calculate' })).toBeNull();
  });

  it('checks each value against its range and sends nothing while one is off', async () => {
    const calls = fakeFetch(devicesApi, solarApi());
    renderPage();
    await screen.findByRole('form', { name: 'Solar plant' });
    expect(run()).toBeEnabled();
    const cases = [
      ['Peak power', '0', 'Enter a peak power from 0.1 to 10,000 kWp.'],
      ['Azimuth (180° = south)', '361', 'Enter an azimuth from 0 to 360°.'],
      ['Tilt', '91', 'Enter a tilt from 0 to 90°.'],
      ['Export price', '11', 'Enter a price from 0 to 10 €/kWh.'],
    ] as const;
    for (const [name, bad, message] of cases) {
      const input = field(name);
      const before = (input as HTMLInputElement).value;
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(run()).toBeDisabled();
      await userEvent.clear(input);
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
      await userEvent.type(input, before);
      expect(input).not.toHaveAttribute('aria-invalid', 'true');
      expect(run()).toBeEnabled();
    }
    // The minus key is blocked.
    await userEvent.type(field('Tilt'), '-');
    expect(field('Tilt')).toHaveValue(30);
    expect(solarCalls(calls)).toEqual([]);
  });

  it('sends the filters with the plant, busy meanwhile, and shows the result figures', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const calls = fakeFetch(devicesApi, solarApi(undefined, gate));
    renderPage();
    await screen.findByRole('form', { name: 'Solar plant' });
    await userEvent.clear(field('Peak power'));
    await userEvent.type(field('Peak power'), '6.5');
    await userEvent.click(run());
    await waitFor(() => expect(run()).toHaveAttribute('data-loading', 'true'));
    expect(screen.queryByTestId('me-solar-saving')).toBeNull();
    open();
    expect(await screen.findByTestId('me-solar-saving')).toHaveTextContent('€359.75');
    expect(run()).not.toHaveAttribute('data-loading');
    expect(solarCalls(calls).map((c) => c.body)).toEqual([
      {
        data: {
          ...FILTER_BODY,
          peakKw: 6.5,
          azimuthDeg: 180,
          tiltDeg: 30,
          exportPrice: 0.05,
          profile: 'standard',
        },
      },
    ]);
    expect(screen.getByText('6,543 kWh')).toBeInTheDocument();
    expect(screen.getByText('38.5 %')).toBeInTheDocument();
    expect(screen.getByText('4,024 kWh')).toBeInTheDocument();
    expect(screen.getByText('€1,150.00 → €790.25')).toBeInTheDocument();
    expect(screen.getByTestId('me-solar-keep-current')).toHaveTextContent('€1,200.00 → €820.50');
    // The saving counts the export revenue too, and says so.
    expect(screen.getByTestId('me-solar-export-revenue')).toHaveTextContent('€201.20');
    expect(
      screen.getByText(/lower bill plus the revenue from the energy delivered to the grid/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Energy per month' })).toBeInTheDocument();
  });

  it('asks for the weather profile and shows the server’s own message when it is unavailable', async () => {
    const calls = fakeFetch(
      devicesApi,
      solarApi(() =>
        json(503, apiError('SERVICE_UNAVAILABLE', 'moj_elektro.solar.weather_unavailable')),
      ),
    );
    renderPage();
    await screen.findByRole('form', { name: 'Solar plant' });
    await userEvent.click(screen.getByRole('textbox', { name: 'Production profile' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weather history' }));
    await userEvent.click(run());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Weather history is not available right now. Try the standard profile or try again later.',
    );
    expect(solarCalls(calls)[0]?.body).toMatchObject({ data: { profile: 'weather' } });
    expect(screen.queryByTestId('me-solar-saving')).toBeNull();
  });

  it('says the data could not be fetched when the calculation fails', async () => {
    fakeFetch(
      devicesApi,
      solarApi(() => json(500, apiError('INTERNAL', 'errors.INTERNAL'))),
    );
    renderPage();
    await screen.findByRole('form', { name: 'Solar plant' });
    await userEvent.click(run());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching data. Please try again later.',
    );
    expect(run()).toBeEnabled();
  });
});
