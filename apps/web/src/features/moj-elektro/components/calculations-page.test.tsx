import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { calculations, consumerInfo } from '../model/test-data.ts';
import { CalculationsPage } from './calculations-page.tsx';
import { calculationsApi, devicesApi, FILTER_BODY, FILTERS } from '../model/test-api.ts';

const i18n = createTestI18n();

function renderPage(search = FILTERS) {
  return renderWithProviders(<CalculationsPage />, { i18n, path: `/calc${search}` });
}

/** The history entries the page writes after the start: `PUSH ?…` / `REPLACE ?…`, in order. */
function historyOf(router: ReturnType<typeof renderPage>['router']) {
  const entries: string[] = [];
  let key = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key === key) return;
    key = state.location.key;
    entries.push(`${state.historyAction} ${decodeURIComponent(state.location.search)}`);
  });
  return entries;
}

const CUSTOM = '&custom=6,6,6.5,7,7';

/** The body rows of a table, the (aria-hidden) padding rows included. */
const rowsOf = (name: string) => [
  ...screen.getByRole('table', { name }).querySelectorAll<HTMLElement>('tbody tr'),
];

describe('the calculations page', () => {
  it('asks for a device and input data when nothing is chosen', async () => {
    const calls = fakeFetch(devicesApi, calculationsApi);
    renderPage('?from=2025-09-01&to=2025-10-31');
    expect(
      await screen.findByText('Select a device and enter input data before calculating.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.call.includes('calculations'))).toBe(false);
  });

  it('shows the three systems over the whole period and per month, with the saving stated plainly', async () => {
    const calls = fakeFetch(devicesApi, calculationsApi);
    renderPage();
    expect(await screen.findByTestId('me-saving')).toHaveTextContent(
      'With agreed powers 5.00 / 5.50 / 6.00 / 6.00 / 6.00 kW you would save €10.00 in this period.',
    );
    expect(calls.find((c) => c.call.includes('calculations'))?.body).toEqual({
      data: {
        ...FILTER_BODY,
      },
    });
    expect(screen.getByTestId('me-old-total')).toHaveTextContent(
      'Old system (before the new network tariff): €266.00',
    );
    // Whole period: both months summed; every table five rows.
    const newRows = rowsOf('New system – current agreed powers');
    expect(newRows).toHaveLength(5);
    expect(newRows[4]).toHaveTextContent('€280.00');
    expect(rowsOf('Optimized agreed powers')[4]).toHaveTextContent('€270.00');
    expect(
      screen.getByText('Turn on custom power limits below to see this system.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: 'Month' }));
    await userEvent.click(await screen.findByRole('option', { name: 'October 2025' }));
    expect(screen.getByTestId('me-saving')).toHaveTextContent(
      'you would save €5.00 in this period.',
    );
    expect(rowsOf('New system – current agreed powers')[0]).toHaveTextContent('€110.00');
    expect(rowsOf('New system – current agreed powers')[4]).toHaveTextContent('€145.00');
  });

  it('explains the exemption when the operator-set powers beat every value the user could set', async () => {
    const swapped =
      (determinedBy: 'DISTRIBUTER' | 'UPORABNIK'): FakeRoute =>
      ({ method, path }) => {
        if (method !== 'POST' || !path.endsWith('/calculations')) return undefined;
        const c = calculations();
        const months = c.months.map((m) => ({ ...m, new: m.optimized, optimized: m.new }));
        return json(200, {
          data: {
            calculations: { ...c, months, newDeterminedBy: determinedBy },
            consumerInfo: consumerInfo(),
          },
        });
      };
    fakeFetch(devicesApi, swapped('DISTRIBUTER'));
    const view = renderPage();
    expect(await screen.findByTestId('me-saving')).toHaveTextContent(
      'Your agreed powers 7.00 / 7.00 / 7.00 / 7.00 / 7.00 kW are already the cheapest',
    );
    expect(screen.getByTestId('me-exempt')).toHaveTextContent(
      'The cheapest values you could set yourself (5.00 / 5.50 / 6.00 / 6.00 / 6.00 kW) would cost €10.00 more',
    );
    view.unmount();
    // Values the user set himself carry no exemption: nothing to explain.
    fakeFetch(devicesApi, swapped('UPORABNIK'));
    renderPage();
    await screen.findByTestId('me-saving');
    expect(screen.queryByTestId('me-exempt')).toBeNull();
  });

  it('calculates custom limits, and shows the engine’s field error at its input', async () => {
    const calls = fakeFetch(devicesApi, calculationsApi);
    const { router } = renderPage();
    const history = historyOf(router);
    await screen.findByTestId('me-saving');
    await userEvent.click(screen.getByRole('switch', { name: 'Use custom power limits' }));
    const block = (n: number) => screen.getByRole('spinbutton', { name: `Block ${n}` });
    // Prefilled with the optimized powers.
    expect(block(2)).toHaveValue(5.5);
    for (const [i, v] of ['16', '8', '9', '9', '10'].entries()) {
      await userEvent.clear(block(i + 1));
      await userEvent.type(block(i + 1), v);
    }
    expect(block(2)).toHaveAccessibleDescription(
      expect.stringContaining('Must not be lower than the previous block.'),
    );
    await userEvent.clear(block(2));
    await userEvent.type(block(2), '16');
    await userEvent.clear(block(3));
    await userEvent.type(block(3), '16');
    for (const n of [4, 5]) {
      await userEvent.clear(block(n));
      await userEvent.type(block(n), '17');
    }
    // The client's rules hold; the (fake) engine refuses block 2.
    // Typing writes nothing into the URL.
    expect(history).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Calculate with these powers' }));
    await waitFor(() =>
      expect(block(2)).toHaveAccessibleDescription(
        expect.stringContaining('Must not be lower than the previous block.'),
      ),
    );
    // The refused set was asked for through the URL and left it again (no custom result to share).
    await waitFor(() =>
      expect(history).toEqual([`PUSH ${FILTERS}&custom=16,16,16,17,17`, `REPLACE ${FILTERS}`]),
    );
    expect(block(1)).toHaveValue(16);
    expect(screen.getByTestId('me-saving')).toBeInTheDocument();
    for (const [i, v] of ['6', '6', '6.5', '7', '7'].entries()) {
      await userEvent.clear(block(i + 1));
      await userEvent.type(block(i + 1), v);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Calculate with these powers' }));
    expect(await screen.findByTestId('me-custom-saving')).toHaveTextContent(
      'With your custom powers 6.00 / 6.00 / 6.50 / 7.00 / 7.00 kW you would save €6.00 in this period.',
    );
    expect(calls.at(-1)?.body).toMatchObject({ data: { customPowerLimits: [6, 6, 6.5, 7, 7] } });
    expect(rowsOf('Custom agreed powers')[4]).toHaveTextContent('€274.00');
    // The accepted set is in the URL (one entry for the submit), for the other pages.
    expect(history.slice(2)).toEqual([`PUSH ${FILTERS}${CUSTOM}`]);
    // Switched off: the URL drops it; back on: the same set again.
    await userEvent.click(screen.getByRole('switch', { name: 'Use custom power limits' }));
    expect(router.state.location.search).toBe(FILTERS);
    expect(
      screen.getByText('Turn on custom power limits below to see this system.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Use custom power limits' }));
    expect(decodeURIComponent(router.state.location.search)).toBe(`${FILTERS}${CUSTOM}`);
    expect(await screen.findByTestId('me-custom-saving')).toBeInTheDocument();
  });

  it('opens with the custom limits of the URL', async () => {
    const calls = fakeFetch(devicesApi, calculationsApi);
    renderPage(`${FILTERS}${CUSTOM}`);
    expect(await screen.findByTestId('me-custom-saving')).toHaveTextContent(
      'With your custom powers 6.00 / 6.00 / 6.50 / 7.00 / 7.00 kW',
    );
    expect(calls.filter((c) => c.call.includes('calculations')).map((c) => c.body)).toEqual([
      { data: expect.objectContaining({ customPowerLimits: [6, 6, 6.5, 7, 7] }) },
    ]);
    expect(screen.getByRole('switch', { name: 'Use custom power limits' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Block 3' })).toHaveValue(6.5);
    expect(rowsOf('Custom agreed powers')[4]).toHaveTextContent('€274.00');
  });

  it('takes a garbled or partial custom value in the URL as the switch off', async () => {
    for (const bad of ['6,6,7', '6,x,7,7,7', '8,6,6,7,7', '-1,6,6,7,7', '']) {
      const calls = fakeFetch(devicesApi, calculationsApi);
      const view = renderPage(`${FILTERS}&custom=${bad}`);
      await screen.findByTestId('me-saving');
      expect(screen.getByRole('switch', { name: 'Use custom power limits' })).not.toBeChecked();
      expect(calls.find((c) => c.call.includes('calculations'))?.body).toMatchObject({
        data: { customPowerLimits: null },
      });
      view.unmount();
    }
  });

  it('shows a refused set from the URL at the inputs, with the result without it', async () => {
    const calls = fakeFetch(devicesApi, calculationsApi);
    const { router } = renderPage(`${FILTERS}&custom=16,16,16,17,17`);
    const block = (n: number) => screen.getByRole('spinbutton', { name: `Block ${n}` });
    expect(await screen.findByTestId('me-saving')).toHaveTextContent('you would save €10.00');
    expect(router.state.location.search).toBe(FILTERS);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('switch', { name: 'Use custom power limits' })).toBeChecked();
    expect(block(1)).toHaveValue(16);
    expect(block(2)).toHaveAccessibleDescription(
      expect.stringContaining('Must not be lower than the previous block.'),
    );
    expect(calls.filter((c) => c.call.includes('calculations')).map((c) => c.body)).toMatchObject([
      { data: { customPowerLimits: [16, 16, 16, 17, 17] } },
      { data: { customPowerLimits: null } },
    ]);
  });

  it('says the data could not be fetched when the calculation fails', async () => {
    fakeFetch(
      devicesApi,
      answer(
        'POST',
        '/api/pricing/abstract-devices/11/calculations',
        500,
        apiError('INTERNAL', 'errors.INTERNAL'),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching data. Please try again later.',
    );
  });
});
