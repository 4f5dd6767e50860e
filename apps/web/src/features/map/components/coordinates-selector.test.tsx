import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Coordinates } from '@ec/domain';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { INPUT_DEBOUNCE_MS, type CoordinatesInputError } from '../coordinates-input.ts';
import { CoordinatesSelector } from './coordinates-selector.tsx';
import { escapeHtml } from './leaflet-map.tsx';

const i18n = createTestI18n();
const TILE_URL = '/api/map-tiles/{z}/{x}/{y}.svg';

// jsdom lays nothing out; Leaflet reads the container's size to know which tiles and points it shows.
const sizes = { clientWidth: 600, clientHeight: 400 };
const originals = Object.fromEntries(
  Object.keys(sizes).map((key) => [
    key,
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, key),
  ]),
);
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
});
afterEach(() => {
  vi.useRealTimers();
});

/** The selector inside a parent that keeps the value, like a form does. */
function Harness({
  initial = null,
  onChange,
  disabled,
  attribution = '© Test tiles',
  onValidityChange,
  error,
}: {
  initial?: Coordinates | null;
  onChange: (value: Coordinates | null) => void;
  disabled?: boolean;
  attribution?: string;
  onValidityChange?: (error: CoordinatesInputError | null) => void;
  error?: { field: 'latitude' | 'longitude'; key: string } | null;
}) {
  const [value, setValue] = useState(initial);
  return (
    <CoordinatesSelector
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      tileUrl={TILE_URL}
      attribution={attribution}
      disabled={disabled}
      onValidityChange={onValidityChange}
      error={error}
    />
  );
}

function renderSelector(
  props: Omit<Parameters<typeof Harness>[0], 'onChange' | 'onValidityChange'> = {},
) {
  const onChange = vi.fn<(value: Coordinates | null) => void>();
  const onValidityChange = vi.fn<(error: CoordinatesInputError | null) => void>();
  const view = renderWithProviders(
    <Harness {...props} onChange={onChange} onValidityChange={onValidityChange} />,
    { i18n },
  );
  return { ...view, onChange, onValidityChange };
}

const latitude = () => screen.getByRole('textbox', { name: 'Latitude' });
const longitude = () => screen.getByRole('textbox', { name: 'Longitude' });
/** The map's container once Leaflet has set it up (the chunk loads lazily, the map starts in an effect). */
async function mapElement(): Promise<HTMLElement> {
  const element = await screen.findByRole('application', { name: /Click to set the location/ });
  await waitFor(() => expect(element).toHaveClass('leaflet-container'));
  return element;
}

/** Leaflet works in whole pixels: at zoom 2 one pixel is about 0.35°. */
function expectNear(value: Coordinates | null | undefined, expected: Coordinates, tolerance = 0.5) {
  expect(Math.abs((value?.latitude ?? Number.NaN) - expected.latitude)).toBeLessThan(tolerance);
  expect(Math.abs((value?.longitude ?? Number.NaN) - expected.longitude)).toBeLessThan(tolerance);
}

describe('CoordinatesSelector', () => {
  it('opens on the default view without a value, and loads the map lazily', async () => {
    const { container } = renderSelector();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the map…');
    const map = await mapElement();
    expect(map).toHaveAttribute('tabindex', '0');
    expect(latitude()).toHaveValue('');
    expect(longitude()).toHaveValue('');
    // Zoom 2 around 46° N 21° E: tiles of zoom level 2 from the configured URL.
    await waitFor(() =>
      expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
        /^\/api\/map-tiles\/2\/\d\/\d\.svg$/,
      ),
    );
    expect(container.querySelector('.leaflet-interactive')).toBeNull();
  });

  it('shows a value with 6 decimals and a marker (an SVG circle, no marker image)', async () => {
    const { container } = renderSelector({ initial: { latitude: 46.0569, longitude: 14.5058 } });
    expect(latitude()).toHaveValue('46.056900');
    expect(longitude()).toHaveValue('14.505800');
    await mapElement();
    await waitFor(() =>
      expect(container.querySelector('path.leaflet-interactive, path[class]')).not.toBeNull(),
    );
    expect(container.querySelector('img.leaflet-marker-icon')).toBeNull();
    // Zoom 10 (at least) on the value.
    await waitFor(() =>
      expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
        /^\/api\/map-tiles\/10\//,
      ),
    );
  });

  it('emits typed coordinates after 500 ms without typing and re-centres the map at zoom 10', async () => {
    const { container, onChange } = renderSelector();
    await mapElement();
    vi.useFakeTimers();
    fireEvent.change(latitude(), { target: { value: '-33.8688' } });
    fireEvent.change(longitude(), { target: { value: '151.2093' } });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 10);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: -33.8688, longitude: 151.2093 });
    vi.useRealTimers();
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('img.leaflet-tile')].some((img) =>
          img.getAttribute('src')?.startsWith('/api/map-tiles/10/'),
        ),
      ).toBe(true),
    );
  });

  it('shows the validation messages after the pause and emits nothing invalid', async () => {
    const { onChange } = renderSelector();
    await mapElement();
    vi.useFakeTimers();
    fireEvent.change(latitude(), { target: { value: '91' } });
    fireEvent.change(longitude(), { target: { value: '14,5x' } });
    expect(screen.queryByText('Latitude must be between -90 and 90.')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(screen.getByText('Latitude must be between -90 and 90.')).toBeInTheDocument();
    expect(
      screen.getByText('Longitude must be a number, for example 14.505751.'),
    ).toBeInTheDocument();
    expect(latitude()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(latitude(), { target: { value: 'north' } });
    fireEvent.change(longitude(), { target: { value: '-181' } });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(
      screen.getByText('Latitude must be a number, for example 46.056946.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Longitude must be between -180 and 180.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('tells its form at once when the typed text is invalid, and when it is valid again', async () => {
    const { onChange, onValidityChange } = renderSelector({
      initial: { latitude: 1, longitude: 2 },
    });
    await mapElement();
    vi.useFakeTimers();
    fireEvent.change(latitude(), { target: { value: '91' } });
    // No pause: the form must know before the user can press Save.
    expect(onValidityChange).toHaveBeenCalledExactlyOnceWith({
      field: 'latitude',
      key: 'coordinates.latitude_range',
    });
    fireEvent.change(longitude(), { target: { value: '' } });
    fireEvent.change(latitude(), { target: { value: '45' } });
    expect(onValidityChange).toHaveBeenLastCalledWith({
      field: 'longitude',
      key: 'validation.required',
    });
    fireEvent.change(longitude(), { target: { value: '15' } });
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 45, longitude: 15 });
  });

  it("shows its form's error on the input it names, in the same words as its own", async () => {
    const { unmount } = renderSelector({
      error: { field: 'longitude', key: 'validation.required' },
    });
    await mapElement();
    expect(longitude()).toHaveAttribute('aria-invalid', 'true');
    expect(longitude()).toHaveAccessibleDescription('Longitude is required.');
    expect(latitude()).not.toHaveAttribute('aria-invalid', 'true');
    unmount();
    renderSelector({ error: { field: 'latitude', key: 'coordinates.latitude_range' } });
    await mapElement();
    expect(latitude()).toHaveAccessibleDescription('Latitude must be between -90 and 90.');
    expect(longitude()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('Enter in an input checks and emits what was typed at once (it submits the form)', async () => {
    const { onChange } = renderSelector({ initial: { latitude: 1, longitude: 2 } });
    await mapElement();
    fireEvent.change(latitude(), { target: { value: '45.5' } });
    fireEvent.keyDown(latitude(), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 45.5, longitude: 2 });
    expect(latitude()).toHaveValue('45.500000');
  });

  it('a map click sets the point (6 decimals) and resets the errors', async () => {
    const { container, onChange, onValidityChange } = renderSelector();
    const map = await mapElement();
    vi.useFakeTimers();
    fireEvent.change(latitude(), { target: { value: 'bad' } });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(latitude()).toHaveAttribute('aria-invalid', 'true');
    vi.useRealTimers();
    // The middle of the 600 × 400 map is its centre, 46° N 21° E.
    fireEvent.click(map, { clientX: 300, clientY: 200 });
    expect(onChange).toHaveBeenCalledOnce();
    const first = onChange.mock.lastCall?.[0];
    expectNear(first, { latitude: 46, longitude: 21 });
    expect(latitude()).toHaveValue(first?.latitude.toFixed(6));
    expect(longitude()).toHaveValue(first?.longitude.toFixed(6));
    expect(latitude()).not.toHaveAttribute('aria-invalid', 'true');
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(container.querySelector('path[class]')).not.toBeNull());
    // Further east and north: a larger longitude, a larger latitude.
    fireEvent.click(map, { clientX: 400, clientY: 150 });
    const second = onChange.mock.lastCall?.[0];
    expect(second?.longitude).toBeGreaterThan((first?.longitude ?? 0) + 10);
    expect(second?.latitude).toBeGreaterThan((first?.latitude ?? 0) + 5);
    // Rounded to 6 decimals.
    for (const coordinate of [second?.latitude, second?.longitude]) {
      expect(String(coordinate)).toMatch(/^-?\d+(\.\d{1,6})?$/);
    }
  });

  it('Enter on the focused map sets the point at its centre (keyboard use)', async () => {
    const { onChange } = renderSelector();
    const map = await mapElement();
    map.focus();
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 46, longitude: 21 });
  });

  it('"Use my position" asks with a 10 s timeout and 60 s maximum age, then sets the point', async () => {
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) =>
      success({
        coords: { latitude: 46.0511234567, longitude: 14.5051234567 },
      } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { container, onChange, onValidityChange } = renderSelector();
    await mapElement();
    vi.useFakeTimers();
    fireEvent.change(latitude(), { target: { value: '??' } });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      timeout: 10_000,
      maximumAge: 60_000,
      enableHighAccuracy: false,
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ latitude: 46.051123, longitude: 14.505123 });
    expect(latitude()).toHaveValue('46.051123');
    expect(latitude()).not.toHaveAttribute('aria-invalid', 'true');
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    // Zoom 16 on the position.
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('img.leaflet-tile')].some((img) =>
          img.getAttribute('src')?.startsWith('/api/map-tiles/16/'),
        ),
      ).toBe(true),
    );
  });

  it('only logs a geolocation failure (console.info, never warn or error)', async () => {
    const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((_success, failure) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const { onChange } = renderSelector({ initial: { latitude: 1, longitude: 2 } });
    await mapElement();
    const button = screen.getByRole('button', { name: 'Use my position' });
    fireEvent.click(button);
    expect(info).toHaveBeenCalledWith('geolocation failed', 1, 'User denied Geolocation');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(latitude()).toHaveValue('1.000000');
    expect(button).toBeEnabled();
  });

  it('clearing empties the fields, resets the errors, removes the marker and emits null', async () => {
    const { container, onChange, onValidityChange } = renderSelector({
      initial: { latitude: 1, longitude: 2 },
    });
    await mapElement();
    await waitFor(() => expect(container.querySelector('path[class]')).not.toBeNull());
    vi.useFakeTimers();
    fireEvent.change(longitude(), { target: { value: '999' } });
    act(() => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
    });
    expect(screen.getByText('Longitude must be between -180 and 180.')).toBeInTheDocument();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Clear coordinates' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(latitude()).toHaveValue('');
    expect(longitude()).toHaveValue('');
    expect(screen.queryByText('Longitude must be between -180 and 180.')).toBeNull();
    expect(onValidityChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(container.querySelector('path[class]')).toBeNull());
    expect(screen.getByRole('button', { name: 'Clear coordinates' })).toBeDisabled();
  });

  it('stays usable when tiles fail: a quiet note, clicks still set the point', async () => {
    const { container, onChange } = renderSelector();
    const map = await mapElement();
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    const tiles = [...container.querySelectorAll('img.leaflet-tile')];
    fireEvent.error(tiles[0] as Element);
    expect(await screen.findByText(/The map background could not be loaded/)).toBeInTheDocument();
    fireEvent.click(map, { clientX: 300, clientY: 200 });
    expectNear(onChange.mock.lastCall?.[0], { latitude: 46, longitude: 21 });
    // A tile that loads later shows the tiles work again.
    fireEvent.load(tiles[1] as Element);
    await waitFor(() =>
      expect(screen.queryByText(/The map background could not be loaded/)).toBeNull(),
    );
  });

  it('disabled: inputs and buttons are off, and the map no longer picks points', async () => {
    const { onChange } = renderSelector({ disabled: true, initial: { latitude: 1, longitude: 2 } });
    const map = await mapElement();
    expect(latitude()).toBeDisabled();
    expect(longitude()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Use my position' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear coordinates' })).toBeDisabled();
    fireEvent.click(map, { clientX: 300, clientY: 200 });
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(map).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the attribution as text, never as HTML', async () => {
    const { container } = renderSelector({ attribution: '<img src=x onerror=alert(1)> © Maps' });
    await mapElement();
    const control = container.querySelector('.leaflet-control-attribution');
    expect(control?.textContent).toContain('<img src=x onerror=alert(1)> © Maps');
    expect(control?.querySelector('img')).toBeNull();
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
