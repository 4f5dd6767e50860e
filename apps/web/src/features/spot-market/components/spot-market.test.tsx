import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SpotMarketDays, SpotMarketRegion, SpotPrice } from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { SpotMarket } from './spot-market.tsx';

const i18n = createTestI18n();
const SI = { type: 'EIC' as const, code: '10YSI-ELES-----O' };
const REGIONS: SpotMarketRegion[] = [
  { code: '10YSI-ELES-----O', type: 'EIC', name: 'Slovenia', countryCode: 'SI' },
  { code: 'C', type: 'AGILE', name: 'London', countryCode: 'GB' },
];
/** 28 Nov 2026, 10:00 in Ljubljana: tomorrow is not published yet. */
const MORNING = Date.parse('2026-11-28T09:00:00Z');

/** A local day of quarter hours: 80 EUR/MWh, the 03:00 hour cheapest (−5), the 19:00 hour dearest (210.5). */
function day(startIso: string, count = 96): SpotPrice[] {
  const start = Date.parse(startIso);
  return Array.from({ length: count }, (_, i) => ({
    start: new Date(start + i * 900_000).toISOString(),
    end: new Date(start + (i + 1) * 900_000).toISOString(),
    pricePerMwh: i >= 12 && i < 16 ? '-5' : i >= 76 && i < 80 ? '210.5' : '80',
    pricePerMwhIncVat: null,
  }));
}

function pricesApi(prices: SpotPrice[], extra: Partial<SpotMarketDays> = {}): FakeRoute {
  return ({ method, path }) =>
    method === 'GET' && path === '/api/pricing/spot-market'
      ? json(200, {
          data: {
            region: SI.code,
            type: 'EIC',
            currency: 'EUR',
            timeZone: 'Europe/Ljubljana',
            resolutionMinutes: 15,
            published: false,
            prices,
            ...extra,
          },
        })
      : undefined;
}

const regionsApi = answer('GET', '/api/pricing/spot-market/regions', 200, {
  data: { entries: REGIONS },
});

function renderScreen(now = MORNING, region: typeof SI | null = SI) {
  return renderWithProviders(<SpotMarket initialRegion={region} now={() => now} />, { i18n });
}

describe('the spot-market screen', () => {
  it("shows today's prices as chart and table with the cheapest and dearest hour, tomorrow not yet available", async () => {
    const calls = fakeFetch(regionsApi, pricesApi(day('2026-11-27T23:00:00Z')));
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Spot market' })).toBeInTheDocument();
    expect(screen.getByText('Loading prices…')).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(calls.map((c) => c.call)).toContain(
      'GET /api/pricing/spot-market?region=10YSI-ELES-----O&type=EIC&from=2026-11-27&to=2026-11-30',
    );
    expect(within(today).getByText('Saturday, November 28, 2026')).toBeInTheDocument();
    const table = within(today).getByRole('table', {
      name: 'Hourly prices, Saturday, November 28, 2026',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(25); // header + 24 hours
    expect(within(table).getByRole('columnheader', { name: 'EUR/MWh' })).toBeInTheDocument();
    const cheapest = rows.find((r) => r.getAttribute('data-mark') === 'cheapest');
    const dearest = rows.find((r) => r.getAttribute('data-mark') === 'dearest');
    expect(cheapest).toHaveTextContent('03:00');
    expect(cheapest).toHaveTextContent('-5.00');
    expect(cheapest).toHaveTextContent('-€0.005/kWh');
    expect(dearest).toHaveTextContent('19:00');
    expect(dearest).toHaveTextContent('210.50');
    expect(dearest).toHaveTextContent('€0.2105/kWh');
    expect(within(today).getByText(/Cheapest hour: 03:00/)).toBeInTheDocument();
    expect(within(today).getByText(/Dearest hour: 19:00/)).toBeInTheDocument();
    expect(
      await within(today).findByRole('img', {
        name: 'Prices per quarter hour, Saturday, November 28, 2026',
      }),
    ).toBeInTheDocument();
    const tomorrow = screen.getByRole('region', { name: 'Tomorrow' });
    expect(within(tomorrow).getByTestId('tomorrow-not-available')).toHaveTextContent(
      'Not yet available: tomorrow’s prices are published after 14:00.',
    );
    expect(within(tomorrow).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Times in Europe/Ljubljana')).toBeInTheDocument();
  });

  it('shows tomorrow once published', async () => {
    fakeFetch(
      regionsApi,
      pricesApi([...day('2026-11-27T23:00:00Z'), ...day('2026-11-28T23:00:00Z')], {
        published: true,
      }),
    );
    renderScreen(Date.parse('2026-11-28T13:30:00Z'));
    const tomorrow = await screen.findByRole('region', { name: 'Tomorrow' });
    expect(
      within(tomorrow).getByRole('table', { name: 'Hourly prices, Sunday, November 29, 2026' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('tomorrow-not-available')).not.toBeInTheDocument();
  });

  it('says when today has no prices, and asks for a region when none is set', async () => {
    fakeFetch(regionsApi, pricesApi([]));
    const view = renderScreen();
    expect(await screen.findByText('No prices for this day.')).toBeInTheDocument();
    view.unmount();
    renderScreen(MORNING, null);
    expect(screen.getByText('Choose a region to see its prices.')).toBeInTheDocument();
  });

  it('shows the load error with Try again', async () => {
    fakeFetch(
      regionsApi,
      answer('GET', '/api/pricing/spot-market', 500, apiError('INTERNAL', 'errors.INTERNAL')),
    );
    renderScreen();
    expect(await screen.findByText('The spot prices could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads another region picked in the select', async () => {
    const calls = fakeFetch(regionsApi, pricesApi(day('2026-11-27T23:00:00Z')));
    renderScreen();
    await screen.findByRole('region', { name: 'Today' });
    const select = screen.getByRole('textbox', { name: 'Region' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: /London/ }));
    await waitFor(() =>
      expect(calls.map((c) => c.call)).toContain(
        'GET /api/pricing/spot-market?region=C&type=AGILE&from=2026-11-27&to=2026-11-30',
      ),
    );
  });
});
