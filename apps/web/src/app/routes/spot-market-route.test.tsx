import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserQueryOptions } from '../../features/auth/api/auth-api.ts';
import { answer, fakeFetch } from '../../shared/test/fake-fetch.ts';
import { authUser, json, testLocation } from '../../shared/test/fixtures.ts';
import { createTestI18n } from '../../shared/test/i18n.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { LocationSpotMarketRoute, SpotMarketRoute } from './spot-market-route.tsx';

const i18n = createTestI18n();
const REGIONS = [
  { code: '10YSI-ELES-----O', type: 'EIC', name: 'Slovenia', countryCode: 'SI' },
  { code: '10YAT-APG------L', type: 'EIC', name: 'Austria', countryCode: 'AT' },
];

/** A query client that knows the signed-in user (whose spot region is Austria). */
function withUser() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(
    currentUserQueryOptions().queryKey,
    authUser({ spotRegion: { code: '10YAT-APG------L', type: 'EIC' } }),
  );
  return queryClient;
}

function api(locationRegion: { code: string; type: 'EIC' } | null) {
  return fakeFetch(
    answer('GET', '/api/pricing/spot-market/regions', 200, { data: { entries: REGIONS } }),
    answer('GET', '/api/locations/12', 200, {
      data: { location: testLocation({ spotRegion: locationRegion }) },
    }),
    ({ path }) =>
      path === '/api/pricing/spot-market'
        ? json(200, {
            data: {
              region: 'x',
              type: 'EIC',
              currency: 'EUR',
              timeZone: 'Europe/Ljubljana',
              resolutionMinutes: 15,
              published: false,
              prices: [],
            },
          })
        : undefined,
  );
}

const pricesCall = (calls: { call: string }[]) =>
  calls.find((c) => c.call.startsWith('GET /api/pricing/spot-market?'))?.call ?? '';

describe('spot-market routes', () => {
  it("a location's page names the location and asks for its spot region", async () => {
    const calls = api({ code: '10YSI-ELES-----O', type: 'EIC' });
    const element = <LocationSpotMarketRoute />;
    renderWithProviders(element, {
      i18n,
      path: '/locations/12/manage/pricing/spot-market',
      queryClient: withUser(),
      routes: [{ path: '/locations/:locationId/manage/pricing/spot-market', element }],
    });
    expect(await screen.findByText('Hiša Bled')).toBeInTheDocument();
    await screen.findByText('No prices for this day.');
    expect(pricesCall(calls)).toContain('region=10YSI-ELES-----O&type=EIC');
  });

  it("falls back to the user's region when the location has none, and /pricing/spot-market uses the user's", async () => {
    const calls = api(null);
    const element = <LocationSpotMarketRoute />;
    const view = renderWithProviders(element, {
      i18n,
      path: '/locations/12/manage/pricing/spot-market',
      queryClient: withUser(),
      routes: [{ path: '/locations/:locationId/manage/pricing/spot-market', element }],
    });
    await screen.findByText('No prices for this day.');
    expect(pricesCall(calls)).toContain('region=10YAT-APG------L&type=EIC');
    view.unmount();
    const again = api(null);
    renderWithProviders(<SpotMarketRoute />, { i18n, queryClient: withUser() });
    await screen.findByText('No prices for this day.');
    expect(pricesCall(again)).toContain('region=10YAT-APG------L&type=EIC');
  });
});
