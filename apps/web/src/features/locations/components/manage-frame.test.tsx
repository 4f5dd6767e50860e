import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../shared/test/fixtures.ts';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testLocation } from '../test-data.ts';
import { testI18n } from '../test-render.tsx';
import { LocationManageFrame, useManagedLocation } from './manage-frame.tsx';

function Page() {
  const { location, base } = useManagedLocation();
  return (
    <p>
      page of {location.name} at {base}
    </p>
  );
}

function renderFrame(path: string, locationId: number | null = 12) {
  return renderWithProviders(
    <LocationManageFrame locationId={locationId}>
      <Page />
    </LocationManageFrame>,
    { i18n: testI18n, path },
  );
}

describe('LocationManageFrame', () => {
  it('loads the location and gives the page it and the path prefix, with the section links', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/locations/12', 200, { data: { location: testLocation() } }),
    );
    renderFrame('/location-groups/3/locations/12/manage/users');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(
      await screen.findByText('page of Hiša Bled at /location-groups/3/locations/12'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Hiša Bled' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Manage location sections' });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Overview', '/location-groups/3/locations/12/manage'],
      ['Settings', '/location-groups/3/locations/12/manage/settings'],
      ['Users', '/location-groups/3/locations/12/manage/users'],
      ['Structure', '/location-groups/3/locations/12/manage/structure'],
      ['Controllers', '/location-groups/3/locations/12/manage/oem-devices'],
      ['Pricing', '/location-groups/3/locations/12/manage/pricing'],
    ]);
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(calls.map((c) => c.call)).toEqual(['GET /api/locations/12']);
  });

  it('says clearly that a location without edit rights cannot be edited, without the page', async () => {
    fakeFetch(
      answer('GET', '/api/locations/12', 200, {
        data: {
          location: testLocation({ permissions: { view: true, edit: false, manage: false } }),
        },
      }),
    );
    renderFrame('/locations/12/manage/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot edit this location');
    expect(screen.queryByText(/page of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the location' })).toHaveAttribute(
      'href',
      '/locations/12',
    );
  });

  it('shows not found for a foreign or missing location (404) and for a bad id without a call', async () => {
    fakeFetch(answer('GET', '/api/locations/12', 404, apiError('NOT_FOUND', 'errors.NOT_FOUND')));
    renderFrame('/locations/12/manage');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This location does not exist, or you have no access to it.',
    );

    const calls = fakeFetch();
    renderFrame('/locations/abc/manage', null);
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('This location does not exist');
    expect(calls).toEqual([]);
  });

  it('offers Try again when loading fails', async () => {
    let fail = true;
    fakeFetch(({ path }) => {
      if (path !== '/api/locations/12') return undefined;
      return fail
        ? json(503, apiError('SERVICE_UNAVAILABLE', 'errors.SERVICE_UNAVAILABLE'))
        : json(200, { data: { location: testLocation() } });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFrame('/locations/12/manage');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is temporarily unavailable.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText(/page of Hiša Bled/)).toBeInTheDocument());
  });
});
