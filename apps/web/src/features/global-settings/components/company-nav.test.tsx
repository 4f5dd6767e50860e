import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { company } from '../test-support.ts';
import { CompanyNav, filterByName } from './company-nav.tsx';

const i18n = createTestI18n();

describe('company nav', () => {
  it('lists each company with its overview and Locations & groups, Devices and Users', async () => {
    fakeFetch(
      answer('GET', '/api/companies', 200, {
        data: { companies: [company(1, 'Elektro Bled'), company(2, 'Solar Koper')] },
      }),
    );
    renderWithProviders(<CompanyNav />, {
      i18n,
      path: '/settings/global/companies/2/users',
    });
    const nav = await screen.findByRole('navigation', { name: 'Global settings' });
    expect(await within(nav).findByRole('link', { name: 'Elektro Bled' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/overview',
    );
    const pages = within(nav).getByRole('list', { name: 'Pages of Solar Koper' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Locations & groups', '/settings/global/companies/2/location-groups'],
      ['Devices', '/settings/global/companies/2/oem-devices'],
      ['Users', '/settings/global/companies/2/users'],
    ]);
    expect(within(pages).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('filters many companies by name', async () => {
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta'];
    fakeFetch(
      answer('GET', '/api/companies', 200, {
        data: { companies: names.map((n, i) => company(i + 1, n)) },
      }),
    );
    renderWithProviders(<CompanyNav />, { i18n });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Filter companies' }), 'ETA');
    await waitFor(() =>
      expect(
        screen.getAllByRole('link').filter((l) => l.getAttribute('href')?.endsWith('/overview')),
      ).toHaveLength(3),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter companies' }), 'x');
    expect(await screen.findByText('No company matches “ETAx”.')).toBeInTheDocument();
    expect(filterByName([{ name: 'Šoštanj' }], 'šoš', 'sl')).toHaveLength(1);
  });

  it('opens the only company of an aggregator on the start page', async () => {
    fakeFetch(answer('GET', '/api/companies', 200, { data: { companies: [company(4, 'Mine')] } }));
    const { router } = renderWithProviders(<CompanyNav variant="page" />, {
      i18n,
      path: '/settings/global',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/global/companies/4/overview'),
    );
  });

  it('shows the empty and failed states', async () => {
    fakeFetch(answer('GET', '/api/companies', 200, { data: { companies: [] } }));
    renderWithProviders(<CompanyNav variant="page" />, { i18n });
    expect(await screen.findByText('There are no companies to manage yet.')).toBeInTheDocument();
    fakeFetch(answer('GET', '/api/companies', 500, apiError('INTERNAL', 'errors.INTERNAL')));
    renderWithProviders(<CompanyNav />, { i18n });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
