import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch, type FakeCall } from '../../../shared/test/fake-fetch.ts';
import { company } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testPlan, testSummary } from '../test-data.ts';
import { TimeOfUsePage } from './time-of-use-page.tsx';

const i18n = createTestI18n();
// The server's message of a plan in use (helper B's catalog key; its text here for the test).
i18n.addResource(
  'en',
  'translation',
  'time_of_use.errors.in_use',
  'The time plan is used by price lists.',
);
i18n.addResource(
  'en',
  'translation',
  'time_of_use.errors.incomplete',
  'Wednesday 22:00–24:00 has no block.',
);

function renderPage(path = '/time-of-use') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return renderWithProviders(<TimeOfUsePage superAdmin={false} companyId={3} />, {
    i18n,
    path,
    queryClient,
  });
}

const structure = (plan = testPlan()) =>
  answer('GET', `/api/timeplans/${plan.id}/structure`, 200, { data: { timePlan: plan } });

const cell = (name: string) => screen.getByRole('gridcell', { name: new RegExp(`^${name}`) });

/** Paints Monday 08:00–08:30 with MT (block 2) by mouse. */
async function paintMonday() {
  const user = userEvent.setup();
  await screen.findByRole('grid');
  await user.click(screen.getByRole('button', { name: /MT/ }));
  fireEvent.pointerDown(cell('Monday 08:00–08:15'), { button: 0, pointerId: 1 });
  fireEvent.pointerEnter(cell('Monday 08:15–08:30'));
  fireEvent.pointerUp(window, { pointerId: 1 });
  return user;
}

describe('TimeOfUsePage', () => {
  it('lists the plans with their labels (in use, predefined, incomplete) and opens one in the editor', async () => {
    fakeFetch(
      answer('GET', '/api/timeplans', 200, {
        data: {
          timePlans: [
            testSummary({
              id: 1,
              title: 'SI network 2024',
              companyId: null,
              editable: false,
              inUse: true,
            }),
            testSummary({ id: 7, complete: false }),
          ],
        },
      }),
      structure(),
    );
    const { router } = renderPage();
    const list = await screen.findByRole('list', { name: 'Time plans' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('SI network 2024');
    expect(items[0]).toHaveTextContent('Predefined');
    expect(items[0]).toHaveTextContent('In use');
    expect(items[0]).toHaveTextContent('Read only');
    expect(items[1]).toHaveTextContent('VT/MT Elektro');
    expect(items[1]).toHaveTextContent('Not in use');
    expect(items[1]).toHaveTextContent('Incomplete');
    expect(items[1]).toHaveTextContent('Blocks: 2');
    await userEvent.click(within(items[1] as HTMLElement).getByRole('button'));
    expect(router.state.location.search).toBe('?plan=7');
    expect(
      await screen.findByRole('grid', { name: /VT\/MT Elektro · Whole year/ }),
    ).toBeInTheDocument();
    expect(cell('Monday 06:00–06:15')).toHaveAccessibleName('Monday 06:00–06:15: VT');
    expect(screen.getByText(/Complete: the seasons cover the year/)).toBeInTheDocument();
  });

  it('creates a plan of the aggregator’s company and opens it', async () => {
    const created = testPlan({ id: 9, title: 'Zimska tarifa', blocks: [], seasons: [], slots: [] });
    const calls = fakeFetch(
      answer('GET', '/api/timeplans', 200, { data: { timePlans: [] } }),
      answer('GET', '/api/companies', 200, {
        data: { companies: [company(3, 'Sončna energija')] },
      }),
      answer('GET', '/api/countries', 200, {
        data: { countries: [{ id: 1, code: 'SI', name: 'Slovenia', visible: true }] },
      }),
      answer('POST', '/api/timeplans', 201, { data: { timePlan: created } }),
      structure(created),
    );
    const { router } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New time plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New time plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Zimska tarifa');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Owner/ })).toHaveValue('Sončna energija'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.search).toBe('?plan=9'));
    expect(calls.find((c) => c.call === 'POST /api/timeplans')?.body).toEqual({
      data: {
        title: 'Zimska tarifa',
        color: '#1c7ed6',
        countryCode: null,
        companyId: 3,
        holidays: 'AS_SUNDAY',
      },
    });
    expect(await screen.findByRole('heading', { name: 'Zimska tarifa' })).toBeInTheDocument();
  });

  it('changes the plan’s details (PUT /timeplans/:id) without its owner', async () => {
    const calls = fakeFetch(
      structure(),
      answer('GET', '/api/countries', 200, {
        data: { countries: [{ id: 1, code: 'SI', name: 'Slovenia', visible: true }] },
      }),
      answer('PUT', '/api/timeplans/7', 200, {
        data: { timePlan: testPlan({ title: 'VT/MT 2027', holidays: 'NONE' }) },
      }),
    );
    renderPage('/time-of-use?plan=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    expect(within(dialog).queryByRole('textbox', { name: /Owner/ })).toBeNull();
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'VT/MT 2027');
    await user.click(within(dialog).getByRole('switch', { name: /Public holidays as Sunday/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'VT/MT 2027' })).toBeInTheDocument();
    expect(calls.find((c) => c.call === 'PUT /api/timeplans/7')?.body).toEqual({
      data: { title: 'VT/MT 2027', color: '#1c7ed6', countryCode: 'SI', holidays: 'NONE' },
    });
  });

  it('shows an empty list', async () => {
    fakeFetch(answer('GET', '/api/timeplans', 200, { data: { timePlans: [] } }));
    renderPage();
    expect(await screen.findByText('No time plans yet')).toBeInTheDocument();
  });

  it('says when the plans could not be loaded, with Try again', async () => {
    fakeFetch(answer('GET', '/api/timeplans', 500, apiError('INTERNAL', 'errors.INTERNAL')));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The time plans could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('saves the painted week as the whole structure (PUT /timeplans/:id/structure)', async () => {
    const saved = testPlan();
    const calls: FakeCall[] = fakeFetch(
      structure(),
      answer('PUT', '/api/timeplans/7/structure', 200, { data: { timePlan: saved } }),
    );
    renderPage('/time-of-use?plan=7');
    const user = await paintMonday();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull());
    const put = calls.find((c) => c.call === 'PUT /api/timeplans/7/structure');
    const body = put?.body as { data: { blocks: unknown[]; seasons: unknown[]; slots: unknown[] } };
    expect(body.data.blocks).toEqual([
      { id: 21, title: 'VT', color: '#e8590c' },
      { id: 22, title: 'MT', color: '#1c7ed6' },
    ]);
    expect(body.data.seasons).toEqual([
      { id: 31, title: 'Whole year', from: '01-01', to: '12-31' },
    ]);
    expect(body.data.slots.slice(0, 4)).toEqual([
      {
        blockIndex: 1,
        seasonIndex: 0,
        dayOfWeek: 1,
        start: '00:00',
        end: '06:00',
        validFrom: '2000-01-01',
      },
      {
        blockIndex: 0,
        seasonIndex: 0,
        dayOfWeek: 1,
        start: '06:00',
        end: '08:00',
        validFrom: '2000-01-01',
      },
      {
        blockIndex: 1,
        seasonIndex: 0,
        dayOfWeek: 1,
        start: '08:00',
        end: '08:30',
        validFrom: '2000-01-01',
      },
      {
        blockIndex: 0,
        seasonIndex: 0,
        dayOfWeek: 1,
        start: '08:30',
        end: '22:00',
        validFrom: '2000-01-01',
      },
    ]);
  });

  it('paints with a new block and keeps it picked after the save gives it an id', async () => {
    const saved = testPlan({
      blocks: [...testPlan().blocks, { id: 23, title: 'Block 3', color: '#2f9e44', position: 3 }],
    });
    const calls = fakeFetch(
      structure(),
      answer('PUT', '/api/timeplans/7/structure', 200, { data: { timePlan: saved } }),
    );
    renderPage('/time-of-use?plan=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Blocks' }));
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    expect(screen.getByRole('textbox', { name: 'Block 3: title' })).toHaveValue('Block 3');
    await user.click(screen.getByRole('tab', { name: 'Slots' }));
    await user.click(screen.getByRole('button', { name: /Block 3/ }));
    fireEvent.pointerDown(cell('Sunday 12:00–12:15'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(window, { pointerId: 1 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull());
    const body = calls.find((c) => c.call === 'PUT /api/timeplans/7/structure')?.body as {
      data: {
        blocks: unknown[];
        slots: { blockIndex: number; dayOfWeek: number; start: string }[];
      };
    };
    expect(body.data.blocks[2]).toEqual({ title: 'Block 3', color: '#2f9e44' });
    expect(body.data.slots.filter((s) => s.blockIndex === 2)).toEqual([
      expect.objectContaining({ dayOfWeek: 7, start: '12:00', end: '12:15' }),
    ]);
    expect(screen.getByRole('button', { name: /Block 3/, pressed: true })).toBeInTheDocument();
  });

  it('names the day and time of a gap before saving, and shows the server’s refusal', async () => {
    fakeFetch(
      structure(),
      answer(
        'PUT',
        '/api/timeplans/7/structure',
        400,
        apiError('RULE_BROKEN', 'time_of_use.errors.incomplete'),
      ),
    );
    renderPage('/time-of-use?plan=7');
    const user = userEvent.setup();
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.pointerDown(cell('Wednesday 22:00–22:15'), { button: 0, pointerId: 1 });
    fireEvent.pointerEnter(cell('Wednesday 23:45–24:00'));
    fireEvent.pointerUp(window, { pointerId: 1 });
    expect(
      screen.getByText('Whole year, Wednesday: no block from 22:00 to 24:00'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wednesday 22:00–24:00 has no block.');
  });

  it('asks before leaving with unsaved changes: go back to editing, or drop changes', async () => {
    fakeFetch(
      structure(),
      answer('GET', '/api/timeplans', 200, { data: { timePlans: [testSummary()] } }),
    );
    const { router } = renderPage('/time-of-use?plan=7');
    const user = await paintMonday();
    await user.click(screen.getByRole('button', { name: 'All time plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the time plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Go back to editing' }));
    expect(router.state.location.search).toBe('?plan=7');
    expect(cell('Monday 08:00–08:15')).toHaveAccessibleName('Monday 08:00–08:15: MT');

    await user.click(screen.getByRole('button', { name: 'All time plans' }));
    const again = await screen.findByRole('dialog', { name: 'Leave the time plan?' });
    await user.click(within(again).getByRole('button', { name: 'Drop changes' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: 'Time plans' })).toBeInTheDocument();
  });

  it('names who uses a plan in use and shows the server’s message when it cannot be deleted (409)', async () => {
    fakeFetch(
      structure(testPlan({ inUse: true })),
      answer('GET', '/api/timeplans/7/configs', 200, {
        data: {
          configs: [],
          priceLists: [
            {
              id: 4,
              name: 'Elektro 2026',
              locationId: 2,
              locationName: 'Vila Lesce',
              validFrom: '2026-01-01',
              validTo: null,
              active: true,
            },
          ],
        },
      }),
      answer('DELETE', '/api/timeplans/7', 409, apiError('CONFLICT', 'time_of_use.errors.in_use')),
    );
    renderPage('/time-of-use?plan=7');
    const user = userEvent.setup();
    const usage = await screen.findByRole('region', { name: 'In use by' });
    expect(usage).toHaveTextContent('Price list Elektro 2026 (Vila Lesce)');
    expect(usage).toHaveTextContent('Active');
    await user.click(await screen.findByRole('button', { name: 'Delete plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the time plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The time plan is used by price lists.',
    );
  });

  it('edits slots only for saved seasons: a new season says it must be saved first', async () => {
    fakeFetch(structure(testPlan({ seasons: [], slots: [], complete: false })));
    renderPage('/time-of-use?plan=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Slots' }));
    expect(
      screen.getByText('Save a season first: slots are edited per saved season.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Seasons' }));
    const form = screen.getByRole('form', { name: 'New season' });
    await user.type(within(form).getByRole('textbox', { name: /Season title/ }), 'Winter');
    expect(
      within(form).getByText('Not saved: save the season before editing its slots'),
    ).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /From/ }), '13-01');
    await user.click(within(form).getByRole('button', { name: 'Save season' }));
    expect(
      within(form).getByText('From (MM-DD) must be a day of the year as MM-DD, for example 11-01.'),
    ).toBeInTheDocument();
  });
});
