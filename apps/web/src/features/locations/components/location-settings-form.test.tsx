import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { CoordinatesSelector } from '../../map/index.ts';
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

/** The real selector, wired as the settings route wires it. */
function RealSelector(field: CoordinatesFieldProps) {
  return (
    <CoordinatesSelector
      {...field}
      tileUrl="/api/map-tiles/{z}/{x}/{y}.svg"
      attribution="© Test tiles"
    />
  );
}

function renderForm(location = testLocation(), { realSelector = false } = {}) {
  const Coordinates = realSelector ? RealSelector : CoordinatesStub;
  return renderWithProviders(
    <>
      <Link to="/elsewhere">Go elsewhere</Link>
      <LocationSettingsForm
        location={location}
        renderCoordinates={(field) => <Coordinates {...field} />}
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
const latitudeInput = () => screen.getByRole('textbox', { name: 'Latitude' });
const longitudeInput = () => screen.getByRole('textbox', { name: 'Longitude' });
const puts = (calls: { call: string }[]) => calls.filter((c) => c.call.startsWith('PUT'));

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
    // The first field with an error takes the focus.
    expect(name).toHaveFocus();
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
    renderForm(testLocation(), { realSelector: true });
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
    // A coordinate's error shows on its input.
    expect(latitudeInput()).toHaveAccessibleDescription('Latitude must be between -90 and 90.');
    expect(screen.getByText('Spot-market region has an invalid value.')).toBeInTheDocument();
    // Typed values stay.
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Bled centre');
  });

  it('refuses to save invalid typed coordinates: the message on the input, focus there, the text kept', async () => {
    const saved = testLocation({ coordinates: { latitude: 45.5, longitude: 14.1146 } });
    const calls = fakeFetch(
      reference,
      answer('PUT', '/api/locations/12', 200, { data: { location: saved } }),
    );
    renderForm(testLocation(), { realSelector: true });
    expect(saveButton()).toBeDisabled();
    await userEvent.clear(latitudeInput());
    await userEvent.type(latitudeInput(), '95');
    // Only the typed text changed, and it is not saved yet: the form knows.
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await userEvent.click(saveButton());
    expect(latitudeInput()).toHaveFocus();
    expect(latitudeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(latitudeInput()).toHaveAccessibleDescription('Latitude must be between -90 and 90.');
    expect(latitudeInput()).toHaveValue('95');
    expect(puts(calls)).toEqual([]);
    // Enter in the input does not save it either.
    await userEvent.type(latitudeInput(), '{Enter}');
    expect(puts(calls)).toEqual([]);

    // Fixed and sent with Enter before the typing pause: the typed value is what is saved.
    await userEvent.clear(latitudeInput());
    await userEvent.type(latitudeInput(), '45.5{Enter}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      body: { data: { coordinates: { latitude: 45.5, longitude: 14.1146 } } },
    });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'The location was saved.',
      }),
    );
  });

  it('a coordinate never left still counts: "required" on it, focus there; filled in, it saves', async () => {
    const location = testLocation({ coordinates: null });
    const calls = fakeFetch(
      reference,
      answer('PUT', '/api/locations/12', 200, {
        data: { location: { ...location, coordinates: { latitude: 46, longitude: 14 } } },
      }),
    );
    renderForm(location, { realSelector: true });
    await userEvent.type(latitudeInput(), '46');
    await userEvent.click(saveButton());
    expect(longitudeInput()).toHaveFocus();
    expect(longitudeInput()).toHaveAccessibleDescription('Longitude is required.');
    expect(latitudeInput()).toHaveValue('46');
    expect(puts(calls)).toEqual([]);
    // Typing there takes the form's message away at once.
    await userEvent.type(longitudeInput(), '1');
    expect(longitudeInput()).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(longitudeInput(), '4');
    await userEvent.click(saveButton());
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      body: { data: { coordinates: { latitude: 46, longitude: 14 } } },
    });
  });

  it('Discard changes puts back the saved coordinates over invalid typed text', async () => {
    fakeFetch(reference);
    renderForm(testLocation(), { realSelector: true });
    await userEvent.clear(longitudeInput());
    await userEvent.type(longitudeInput(), 'east');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(longitudeInput()).toHaveValue('14.114600'));
    expect(longitudeInput()).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
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
