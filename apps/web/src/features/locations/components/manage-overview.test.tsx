import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import {
  testControllerSummary,
  testInvitation,
  testLocation,
  testRegions,
  testStructure,
  testUser,
} from '../test-data.ts';
import { renderManagePage } from '../test-render.tsx';
import { formatAddress, ManageOverview } from './manage-overview.tsx';

const details = () => screen.getByRole('region', { name: 'Details' });

describe('ManageOverview', () => {
  it("summarises the location's settings and links each section with what it holds", async () => {
    fakeFetch(
      answer('GET', '/api/pricing/spot-market/regions', 200, { data: { entries: testRegions } }),
      answer('GET', '/api/locations/12/users', 200, {
        data: {
          users: [testUser()],
          invitations: [testInvitation(), testInvitation({ id: 2, status: 'revoked' })],
        },
      }),
      answer('GET', '/api/locations/12/structure', 200, { data: testStructure() }),
      answer('GET', '/api/locations/12/controllers', 200, {
        data: { controllers: [testControllerSummary()] },
      }),
    );
    renderManagePage(<ManageOverview />);
    const region = details();
    expect(region).toHaveTextContent('CountrySlovenia');
    expect(region).toHaveTextContent('Time zoneEurope/Ljubljana');
    expect(region).toHaveTextContent('AddressCesta svobode 12, 4260 Bled');
    expect(region).toHaveTextContent('Coordinates46.368300, 14.114600');
    await waitFor(() =>
      expect(region).toHaveTextContent('Spot-market regionSlovenia (10YSI-ELES-----O)'),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Users/ })).toHaveTextContent(
        '1 person with access · 1 pending invitation',
      ),
    );
    expect(screen.getByRole('link', { name: /Users/ })).toHaveAttribute(
      'href',
      '/locations/12/manage/users',
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Structure/ })).toHaveTextContent(
        '2 device groups · 3 devices',
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Controllers/ })).toHaveTextContent('1 controller'),
    );
    expect(screen.getByRole('link', { name: /Settings/ })).toHaveAttribute(
      'href',
      '/locations/12/manage/settings',
    );
  });

  it('says "Not set" for what the location lacks', () => {
    fakeFetch();
    renderManagePage(<ManageOverview />, {
      location: testLocation({
        country: null,
        spotRegion: null,
        coordinates: null,
        address: { street: null, houseNumber: null, postCode: null, city: null },
      }),
    });
    expect(details()).toHaveTextContent('CountryNot set');
    expect(details()).toHaveTextContent('Spot-market regionNot set');
    expect(details()).toHaveTextContent('AddressNot set');
    expect(details()).toHaveTextContent('CoordinatesNot set');
  });
});

describe('formatAddress', () => {
  it('joins the parts that are there', () => {
    expect(
      formatAddress({ street: 'Glavna', houseNumber: null, postCode: null, city: 'Kranj' }),
    ).toBe('Glavna, Kranj');
    expect(
      formatAddress({ street: null, houseNumber: null, postCode: null, city: null }),
    ).toBeNull();
  });
});
