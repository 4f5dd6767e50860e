import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { currencyRoute, planRoutes, testPriceList, vtmtPlan } from '../test-data.ts';
import {
  LocationPricingPlans,
  PriceListDetailPage,
  PriceListsPage,
  type PricingLocation,
} from './price-list-pages.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const i18n = createTestI18n();
const location: PricingLocation = {
  id: 12,
  name: 'Hiša Kranj',
  timezone: 'Europe/Ljubljana',
  countryCode: 'SI',
  canEdit: true,
};
const lists = [
  testPriceList({ id: 72, name: 'Spring 2099', validFrom: '2099-03-01', active: false }),
  testPriceList({ id: 71, name: 'Winter 2026', validFrom: '2026-01-01', validTo: '2099-03-01' }),
  testPriceList({
    id: 70,
    name: 'Old 2025',
    validFrom: '2025-01-01',
    validTo: '2026-01-01',
    active: false,
  }),
];
const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('PriceListsPage', () => {
  it('lists the history newest first with the Active badge on the list in force', async () => {
    fakeFetch(answer('GET', '/api/locations/12/price-lists', 200, { data: { priceLists: lists } }));
    renderWithProviders(<PriceListsPage location={location} basePath="/p" />, { i18n });
    expect(await screen.findByText('Winter 2026')).toBeInTheDocument();
    const names = screen
      .getAllByRole('listitem')
      .map((li) => within(li).getAllByRole('link')[0]?.textContent);
    expect(names).toEqual(['Spring 2099', 'Winter 2026', 'Old 2025']);
    expect(within(row('Winter 2026')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Spring 2099')).getByText('Upcoming')).toBeInTheDocument();
    expect(within(row('Old 2025')).getByText('Ended')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New price list' })).toHaveAttribute(
      'href',
      '/p/create',
    );
  });

  it('refuses to delete the active list with the server’s message', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/locations/12/price-lists', 200, { data: { priceLists: lists } }),
      answer(
        'DELETE',
        '/api/pricing/price-lists/71',
        409,
        apiError('CONFLICT', 'pricing.errors.active_list_delete'),
      ),
    );
    renderWithProviders(<PriceListsPage location={location} basePath="/p" />, { i18n });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Winter 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete price list' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const message =
      'The active price list cannot be deleted. Create a new list from a later date first.';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message }));
    expect(calls.some((c) => c.call === 'DELETE /api/pricing/price-lists/71')).toBe(true);
  });

  it('deletes a past list and says so', async () => {
    let current = lists;
    fakeFetch(
      ({ method, path }) =>
        method === 'GET' && path === '/api/locations/12/price-lists'
          ? new Response(JSON.stringify({ data: { priceLists: current } }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            })
          : undefined,
      ({ method, path }) => {
        if (method !== 'DELETE' || path !== '/api/pricing/price-lists/70') return undefined;
        current = lists.slice(0, 2);
        return new Response(null, { status: 204 });
      },
    );
    renderWithProviders(<PriceListsPage location={location} basePath="/p" />, { i18n });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete price list' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Old 2025')).not.toBeInTheDocument());
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', message: 'Deleted.' }),
    );
  });

  it('says when the lists could not be loaded, with a toast and Try again', async () => {
    vi.mocked(showToast).mockClear();
    fakeFetch(
      answer('GET', '/api/locations/12/price-lists', 500, apiError('INTERNAL', 'errors.INTERNAL')),
    );
    renderWithProviders(<PriceListsPage location={location} basePath="/p" />, { i18n });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Pricing data could not be loaded.' }),
    );
  });

  it('says when there is no list yet', async () => {
    fakeFetch(answer('GET', '/api/locations/12/price-lists', 200, { data: { priceLists: [] } }));
    renderWithProviders(<PriceListsPage location={location} basePath="/p" />, { i18n });
    expect(await screen.findByText('No price lists yet.')).toBeInTheDocument();
  });
});

describe('LocationPricingPlans', () => {
  it('shows the list in force with its prices for a reader, without changes', async () => {
    fakeFetch(answer('GET', '/api/locations/12/price-lists', 200, { data: { priceLists: lists } }));
    renderWithProviders(
      <LocationPricingPlans location={{ ...location, canEdit: false }} manageHref="/m" />,
      { i18n },
    );
    const active = await screen.findByRole('heading', { name: 'Price list in force' });
    const section = active.closest('section') as HTMLElement;
    expect(within(section).getByText('Winter 2026')).toBeInTheDocument();
    expect(within(section).getByText('€0.12/kWh')).toBeInTheDocument();
    expect(within(section).getByText('€2.50/month')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage price lists' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe('PriceListDetailPage', () => {
  it('edits a list through the wizard, starting from its stored values', async () => {
    const list = testPriceList({ id: 71, name: 'Winter 2026', validTo: '2099-03-01' });
    const calls = fakeFetch(
      currencyRoute,
      ...planRoutes(vtmtPlan),
      answer('GET', '/api/pricing/price-lists/71', 200, { data: { priceList: list } }),
      answer('PUT', '/api/pricing/price-lists/71', 200, {
        data: { priceList: { ...list, name: 'Winter 2026b' } },
      }),
    );
    renderWithProviders(<PriceListDetailPage location={location} listId={71} basePath="/p" />, {
      i18n,
    });
    expect(await screen.findByText('€0.12/kWh')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Winter 2026');
    await userEvent.type(name, 'b');
    for (let step = 0; step < 3; step++)
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PUT /api/pricing/price-lists/71')?.body).toMatchObject({
        data: {
          name: 'Winter 2026b',
          kind: 'FIXED',
          validFrom: '2026-01-01',
          validTo: '2099-03-01',
          tariffs: { t0: '0.12', t1: null, t2: null },
          supplierFeePerMonth: '2.5',
        },
      }),
    );
    const body = calls.find((c) => c.call === 'PUT /api/pricing/price-lists/71')?.body as {
      data: Record<string, unknown>;
    };
    expect(body.data).not.toHaveProperty('locationId');
  });

  it('says so when the list belongs to another location', async () => {
    fakeFetch(
      answer('GET', '/api/pricing/price-lists/71', 200, {
        data: { priceList: testPriceList({ id: 71, locationId: 99 }) },
      }),
    );
    renderWithProviders(<PriceListDetailPage location={location} listId={71} basePath="/p" />, {
      i18n,
    });
    expect(
      await screen.findByText('This price list does not exist or you cannot see it.'),
    ).toBeInTheDocument();
  });
});
