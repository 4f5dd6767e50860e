import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { testCountries, testLocation, testRegions, testTimezones } from '../test-data.ts';
import { testI18n } from '../test-render.tsx';
import {
  LocationSettingsForm,
  settingsErrorsFromApi,
  type CoordinatesFieldProps,
} from './location-settings-form.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/** Reference data the form's selects load. */
const reference: FakeRoute = ({ method, path, url }) => {
  if (method !== 'GET') return undefined;
  if (path === '/api/countries') return json(200, { data: { countries: testCountries } });
  if (path === '/api/pricing/spot-market/regions') {
    return json(200, { data: { entries: testRegions } });
  }
  if (path === '/api/timezones') {
    const code = url.searchParams.get('countryCode') ?? '';
    return json(200, { data: { timezones: testTimezones[code] ?? [] } });
  }
  return undefined;
};

/** Stands in for the map's selector: shows the value, sets a point, clears. */
function CoordinatesStub({ value, onChange, disabled }: CoordinatesFieldProps) {
  return (
    <div>
      <output aria-label="Coordinates value">
        {value ? `${value.latitude},${value.longitude}` : 'none'}
      </output>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onChange({ latitude: 46.1, longitude: 14.2 })}
      >
        Pick on map
      </button>
      <button type="button" onClick={() => onChange(null)}>
        Clear
      </button>
    </div>
  );
}

function renderForm(location = testLocation()) {
  return renderWithProviders(
    <>
      <Link to="/elsewhere">Go elsewhere</Link>
      <LocationSettingsForm
        location={location}
        renderCoordinates={(field) => <CoordinatesStub {...field} />}
      />
    </>,
    {
      i18n: testI18n,
      path: '/locations/12/manage/settings',
      routes: [{ path: '/elsewhere', element: <p>Elsewhere</p> }],
    },
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('LocationSettingsForm', () => {
  it('shows the location, saves the changed values with PUT and says so', async () => {
    const saved = testLocation({
      name: 'Vila Bled',
      coordinates: { latitude: 46.1, longitude: 14.2 },
    });
    const calls = fakeFetch(
      reference,
      answer('PUT', '/api/locations/12', 200, { data: { location: saved } }),
    );
    const { queryClient } = renderForm();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Hiša Bled');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Country/ })).toHaveValue('Slovenia'),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Time zone/ })).toHaveValue(
        'Europe/Ljubljana (UTC+01:00)',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Cesta svobode');
    expect(saveButton()).toBeDisabled();

    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, '  Vila Bled ');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Post code' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick on map' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await userEvent.click(saveButton());

    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'The location was saved.',
      }),
    );
    expect(calls.filter((c) => c.call.startsWith('PUT'))).toEqual([
      {
        call: 'PUT /api/locations/12',
        body: {
          data: {
            name: 'Vila Bled',
            countryCode: 'SI',
            spotRegion: { code: '10YSI-ELES-----O', type: 'EIC' },
            timezone: 'Europe/Ljubljana',
            coordinates: { latitude: 46.1, longitude: 14.2 },
            address: { street: 'Cesta svobode', houseNumber: '12', postCode: null, city: 'Bled' },
          },
        },
      },
    ]);
    // The answer is the current location now (the sidebar and breadcrumbs read the same entry).
    expect(queryClient.getQueryData(['locations', 12])).toEqual(saved);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Vila Bled');
    expect(saveButton()).toBeDisabled();
  });

  it('checks required fields before sending', async () => {
    const calls = fakeFetch(reference);
    renderForm();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.click(saveButton());
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);
    await userEvent.type(name, 'x');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
  });

  it("puts the server's field errors on their fields and toasts the failure", async () => {
    fakeFetch(
      reference,
      answer(
        'PUT',
        '/api/locations/12',
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: {
            'data.address.city': 'validation.too_long',
            'data.coordinates.latitude': 'coordinates.latitude_range',
            'data.spotRegion': 'validation.invalid_value',
          },
        }),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), ' centre');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'red',
        message: 'The location could not be saved.',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription(
      /City must be at most/,
    );
    expect(screen.getByText('Latitude must be between -90 and 90.')).toBeInTheDocument();
    expect(screen.getByText('Spot-market region has an invalid value.')).toBeInTheDocument();
    // Typed values stay.
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Bled centre');
  });

  it('a new country empties the time zone (its only zone is picked) and keeps only its regions', async () => {
    const calls = fakeFetch(
      reference,
      answer('PUT', '/api/locations/12', 200, {
        data: { location: testLocation() },
      }),
    );
    renderForm();
    const country = await screen.findByRole('textbox', { name: /Country/ });
    await waitFor(() => expect(country).toHaveValue('Slovenia'));
    await userEvent.click(country);
    await userEvent.click(await screen.findByRole('option', { name: 'Austria' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Time zone/ })).toHaveValue(
        'Europe/Vienna (UTC+01:00)',
      ),
    );
    expect(screen.getByRole('textbox', { name: /Spot-market region/ })).toHaveValue(
      'Austria (10YAT-APG------L)',
    );

    await userEvent.click(country);
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    // Two zones: the user must choose.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Time zone/ })).toHaveValue(''));
    await userEvent.click(saveButton());
    expect(await screen.findByText('Time zone is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);
  });

  it('asks before leaving with unsaved changes: Keep editing stays, Leave goes', async () => {
    fakeFetch(reference);
    const { router } = renderForm();
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    // Nothing changed yet: no question.
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();

    await router.navigate('/locations/12/manage/settings');
    await userEvent.type(await screen.findByRole('textbox', { name: 'City' }), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/locations/12/manage/settings');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Bledx');

    await userEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave and discard' }),
    );
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('Discard changes puts the saved values back', async () => {
    fakeFetch(reference);
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Coordinates value')).toHaveTextContent('none');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Coordinates value')).toHaveTextContent('46.3683,14.1146');
    expect(saveButton()).toBeDisabled();
  });
});

describe('settingsErrorsFromApi', () => {
  it('maps body paths to the form fields and ignores unknown ones', () => {
    expect(
      settingsErrorsFromApi({
        'data.name': 'validation.required',
        'data.spotRegion.code': 'validation.invalid_value',
        'data.coordinates.longitude': 'coordinates.longitude_range',
        'data.address.postCode': 'validation.too_long',
        'data.other': 'validation.invalid',
        name: 'x',
      }),
    ).toEqual({
      name: { key: 'validation.required' },
      spotRegion: { key: 'validation.invalid_value' },
      coordinates: { key: 'coordinates.longitude_range', values: { coordinate: 'longitude' } },
      postCode: { key: 'validation.too_long' },
    });
  });
});
