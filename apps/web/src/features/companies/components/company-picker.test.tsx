import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { company as companyFixture, companyDetail, json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { CompanyPicker } from './company-picker.tsx';

const i18n = createTestI18n();

const company = (id: number, name: string, count = 0) =>
  companyFixture(id, name, { assignedControllersCount: count });

const list = [
  company(1, 'Elektro Bled', 1),
  company(2, 'Solar Koper', 12),
  company(3, 'Wien Energie'),
];
const countries = [
  { id: 1, code: 'SI', name: 'Slovenia', visible: true },
  { id: 2, code: 'AT', name: 'Austria', visible: true },
];

function renderPicker(canCreate: boolean) {
  return renderWithProviders(<CompanyPicker title="Companies" canCreate={canCreate} />, {
    i18n,
    path: '/overview',
    routes: [
      {
        path: '/companies/:companyId/location-groups/:groupId',
        element: <p>group page</p>,
      },
    ],
  });
}

describe('CompanyPicker', () => {
  it('shows a card per company with its controller count, filtered by name, linking to the root group', async () => {
    fakeFetch(answer('GET', '/api/companies', 200, { data: { companies: list } }));
    const { router } = renderPicker(false);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const cards = await screen.findByRole('list', { name: 'Companies' });
    expect(
      within(cards)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Elektro Bled1 assigned controller',
      'Solar Koper12 assigned controllers',
      'Wien Energie0 assigned controllers',
    ]);
    expect(screen.queryByRole('button', { name: 'Add new' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'KOP');
    expect(
      within(cards)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Solar Koper12 assigned controllers']);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No company matches “zzz”.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox'));

    await userEvent.click(screen.getByRole('link', { name: /Solar Koper/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/2/location-groups/20'),
    );
  });

  it('opens the only company at once', async () => {
    fakeFetch(answer('GET', '/api/companies', 200, { data: { companies: [list[1]] } }));
    const { router } = renderPicker(false);
    expect(await screen.findByText('group page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/companies/2/location-groups/20');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a super admin on the picker with one company, so "Add new" stays reachable', async () => {
    fakeFetch(answer('GET', '/api/companies', 200, { data: { companies: [list[1]] } }));
    renderPicker(true);
    expect(await screen.findByRole('link', { name: /Solar Koper/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add new' })).toBeInTheDocument();
  });

  it('says when there are no companies', async () => {
    fakeFetch(answer('GET', '/api/companies', 200, { data: { companies: [] } }));
    renderPicker(true);
    expect(await screen.findByText('There are no companies yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add new' })).toBeInTheDocument();
  });

  it('says when the list failed and loads it again', async () => {
    let fail = true;
    fakeFetch(({ path }) =>
      path === '/api/companies'
        ? fail
          ? json(500, apiError('INTERNAL', 'errors.INTERNAL'))
          : json(200, { data: { companies: list } })
        : undefined,
    );
    renderPicker(false);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The companies could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('link')).toHaveLength(3);
  });

  it('creates a company from the "Add new" card: required fields, server field errors, then the new card', async () => {
    const created = company(4, 'Alpe Energija', 0);
    let refuse = true;
    const calls = fakeFetch(
      answer('GET', '/api/countries', 200, { data: { countries } }),
      ({ method, path }) => {
        if (path !== '/api/companies') return undefined;
        if (method === 'GET') {
          return json(200, { data: { companies: refuse ? list : [...list, created] } });
        }
        if (refuse) {
          return json(
            400,
            apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
              fields: { 'data.countryId': 'validation.invalid_value' },
            }),
          );
        }
        return json(201, {
          data: {
            company: companyDetail(created.id, created.name, {
              ...created,
              contactEmail: 'info@alpe.si',
            }),
          },
        });
      },
    );
    renderPicker(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog', { name: 'New company' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Country is required.')).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' Alpe Energija ');
    expect(within(dialog).queryByText('Name is required.')).not.toBeInTheDocument();
    const country = within(dialog).getByRole('textbox', { name: /Country/ });
    await waitFor(() => expect(country).toBeEnabled());
    await userEvent.click(country);
    await userEvent.click(await screen.findByRole('option', { name: 'Slovenia' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Contact e-mail' }),
      'info@alpe',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(
      await within(dialog).findByText('Contact e-mail must be a valid e-mail address.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Contact e-mail' }), '.si');
    expect(
      within(dialog).queryByText('Contact e-mail must be a valid e-mail address.'),
    ).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    // The server's answer lands on its field; what was typed stays.
    expect(await within(dialog).findByText('Country has an invalid value.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue(' Alpe Energija ');
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => c.body)).toEqual([
      { data: { name: 'Alpe Energija', countryId: 1, contactEmail: 'info@alpe.si' } },
    ]);

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: /Alpe Energija/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('POST')).at(-1)?.body).toEqual({
      data: { name: 'Alpe Energija', countryId: 1, contactEmail: 'info@alpe.si' },
    });
  });

  it('checks the contact phone in the chosen country, shows it formatted and sends E.164 (issue 10)', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/countries', 200, { data: { countries } }),
      answer('GET', '/api/companies', 200, { data: { companies: list } }),
      answer('POST', '/api/companies', 201, {
        data: { company: companyDetail(4, 'Alpen Strom', { contactPhone: '+43463123456' }) },
      }),
    );
    renderPicker(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog', { name: 'New company' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Alpen Strom');
    const country = within(dialog).getByRole('textbox', { name: /Country/ });
    await waitFor(() => expect(country).toBeEnabled());
    await userEvent.click(country);
    await userEvent.click(await screen.findByRole('option', { name: 'Austria' }));
    const phone = within(dialog).getByRole('textbox', { name: 'Contact phone' });

    await userEvent.type(phone, '-12345 abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(
      await within(dialog).findByText(
        'Contact phone must be a valid phone number, with the country code (+…) or as dialled within the country.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([]);

    // A national number is read in the chosen country (Austria) and shown formatted when the field is left.
    await userEvent.clear(phone);
    await userEvent.type(phone, '0463 123456');
    await userEvent.tab();
    await waitFor(() => expect(phone).toHaveValue('+43 463 123456'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => c.body)).toEqual([
      { data: { name: 'Alpen Strom', countryId: 2, contactPhone: '+43463123456' } },
    ]);
  });
});
