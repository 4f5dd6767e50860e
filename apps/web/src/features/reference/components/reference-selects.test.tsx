import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import type { ReferenceCountry } from '../api/reference-queries.ts';
import { CountrySelect } from './country-select.tsx';
import { CurrencySelect } from './currency-select.tsx';
import { SpotRegionSelect, type SpotRegionValue } from './spot-region-select.tsx';
import { TimezoneSelect } from './timezone-select.tsx';

const i18n = createTestI18n();

const countries = [
  { id: 1, code: 'SI', name: 'Slovenia', visible: true },
  { id: 2, code: 'AT', name: 'Austria', visible: true },
  { id: 3, code: 'DE', name: 'Germany', visible: true },
];

async function openOptions(label: RegExp): Promise<HTMLElement[]> {
  const input = await screen.findByRole('textbox', { name: label });
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.click(input);
  return screen.findAllByRole('option');
}

describe('CountrySelect', () => {
  it('names the countries in the interface language, sorted, and hands back the id and the row', async () => {
    const calls = fakeFetch(answer('GET', '/api/countries', 200, { data: { countries } }));
    const picked = vi.fn<(value: string | null, country: ReferenceCountry | null) => void>();
    renderWithProviders(
      <CountrySelect label="Country" valueKind="id" value={null} onChange={picked} visibleOnly />,
      { i18n },
    );
    const options = await openOptions(/Country/);
    expect(options.map((o) => o.textContent)).toEqual(['Austria', 'Germany', 'Slovenia']);
    await userEvent.click(screen.getByRole('option', { name: 'Slovenia' }));
    expect(picked).toHaveBeenCalledWith('1', countries[0]);
    expect(calls.map((c) => c.call)).toEqual(['GET /api/countries?visible=true']);
  });

  it('uses the code as value when the form keeps codes, in German names for a German user', async () => {
    fakeFetch(answer('GET', '/api/countries', 200, { data: { countries } }));
    const picked = vi.fn();
    renderWithProviders(
      <CountrySelect label="Land" valueKind="code" value="AT" onChange={picked} />,
      { i18n: createTestI18n('de') },
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Land' })).toHaveValue('Österreich'),
    );
    const options = await openOptions(/Land/);
    expect(options.map((o) => o.textContent)).toEqual(['Deutschland', 'Österreich', 'Slowenien']);
    await userEvent.click(screen.getByRole('option', { name: 'Deutschland' }));
    expect(picked).toHaveBeenCalledWith('DE', countries[2]);
  });

  it('is disabled while loading, then says the list failed, logs it and tries again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeFetch(({ path }) =>
      path === '/api/countries'
        ? gate.then(() =>
            fail
              ? json(503, apiError('SERVICE_UNAVAILABLE', 'errors.SERVICE_UNAVAILABLE'))
              : json(200, { data: { countries } }),
          )
        : undefined,
    );
    renderWithProviders(
      <CountrySelect label="Country" valueKind="id" value={null} onChange={() => undefined} />,
      { i18n },
    );
    const input = screen.getByRole('textbox', { name: /Country/ });
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Loading…');
    release();
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('countries could not be loaded', expect.anything());

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText('The list could not be loaded.')).not.toBeInTheDocument(),
    );
    expect((await openOptions(/Country/)).length).toBe(3);
  });

  it("shows the form's validation message instead of the load note", async () => {
    fakeFetch(answer('GET', '/api/countries', 200, { data: { countries } }));
    renderWithProviders(
      <CountrySelect
        label="Country"
        valueKind="id"
        value={null}
        onChange={() => undefined}
        error="Country is required."
        required
      />,
      { i18n },
    );
    expect(await screen.findByText('Country is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Country/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('TimezoneSelect', () => {
  it("offers the country's zones with their offsets and picks the only one by itself", async () => {
    const calls = fakeFetch(
      answer('GET', '/api/timezones', 200, {
        data: { timezones: [{ name: 'Europe/Ljubljana', utcOffset: '+01:00' }] },
      }),
    );
    function Form() {
      const [zone, setZone] = useState<string | null>(null);
      return (
        <TimezoneSelect
          label="Time zone"
          countryCode="SI"
          value={zone}
          onChange={setZone}
          autoSelectSingle
        />
      );
    }
    renderWithProviders(<Form />, { i18n });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Time zone' })).toHaveValue(
        'Europe/Ljubljana (UTC+01:00)',
      ),
    );
    expect(calls.map((c) => c.call)).toEqual(['GET /api/timezones?countryCode=SI']);
  });

  it('leaves the choice to the user when there are several', async () => {
    fakeFetch(
      answer('GET', '/api/timezones', 200, {
        data: {
          timezones: [
            { name: 'Europe/Madrid', utcOffset: '+01:00' },
            { name: 'Atlantic/Canary', utcOffset: '+00:00' },
          ],
        },
      }),
    );
    const picked = vi.fn();
    renderWithProviders(
      <TimezoneSelect
        label="Time zone"
        countryCode="ES"
        value={null}
        onChange={picked}
        autoSelectSingle
      />,
      { i18n },
    );
    const options = await openOptions(/Time zone/);
    expect(options.map((o) => o.textContent)).toEqual([
      'Europe/Madrid (UTC+01:00)',
      'Atlantic/Canary (UTC+00:00)',
    ]);
    expect(picked).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('option', { name: 'Atlantic/Canary (UTC+00:00)' }));
    expect(picked).toHaveBeenCalledWith('Atlantic/Canary');
  });
});

describe('SpotRegionSelect', () => {
  const entries = [
    { code: '10YSI-ELES-----O', type: 'EIC', name: 'Slovenia', countryCode: 'SI' },
    { code: '10YGB----------A', type: 'EIC', name: 'Great Britain', countryCode: 'GB' },
    { code: 'A', type: 'AGILE', name: 'Eastern England', countryCode: 'GB' },
    { code: 'C', type: 'AGILE', name: 'London', countryCode: 'GB' },
  ];

  it("groups the country's regions by kind and hands back {code, type}", async () => {
    fakeFetch(answer('GET', '/api/pricing/spot-market/regions', 200, { data: { entries } }));
    const picked = vi.fn<(value: SpotRegionValue | null) => void>();
    renderWithProviders(
      <SpotRegionSelect label="Region" countryCode="GB" value={null} onChange={picked} />,
      { i18n },
    );
    const options = await openOptions(/Region/);
    expect(options.map((o) => o.textContent)).toEqual([
      'Great Britain (10YGB----------A)',
      'Eastern England (A)',
      'London (C)',
    ]);
    const agile = screen.getByText('Octopus Agile regions');
    expect(agile).toBeInTheDocument();
    expect(screen.getByText('ENTSO-E bidding zones')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'London (C)' }));
    expect(picked).toHaveBeenCalledWith({ code: 'C', type: 'AGILE' });
  });

  it('shows the chosen region and offers all when the country has none', async () => {
    fakeFetch(answer('GET', '/api/pricing/spot-market/regions', 200, { data: { entries } }));
    renderWithProviders(
      <SpotRegionSelect
        label="Region"
        countryCode="US"
        value={{ code: '10YSI-ELES-----O', type: 'EIC' }}
        onChange={() => undefined}
      />,
      { i18n },
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Region' })).toHaveValue(
        'Slovenia (10YSI-ELES-----O)',
      ),
    );
    expect(await openOptions(/Region/)).toHaveLength(4);
  });
});

describe('CurrencySelect', () => {
  it('names the currencies and searches by name', async () => {
    fakeFetch(
      answer('GET', '/api/currencies', 200, {
        data: {
          currencies: [
            { code: 'EUR', decimals: 2 },
            { code: 'ISK', decimals: 0 },
          ],
        },
      }),
    );
    const picked = vi.fn();
    renderWithProviders(<CurrencySelect label="Currency" value={null} onChange={picked} />, {
      i18n,
    });
    const options = await openOptions(/Currency/);
    expect(options.map((o) => o.textContent)).toEqual(['EUR – Euro', 'ISK – Icelandic Króna']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Currency' }), 'icel');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ISK – Icelandic Króna']);
    await userEvent.click(within(listbox).getByRole('option'));
    expect(picked).toHaveBeenCalledWith('ISK');
  });
});
