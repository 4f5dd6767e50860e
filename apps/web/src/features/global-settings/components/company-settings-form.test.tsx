import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { companyDetail, group } from '../test-support.ts';
import { CompanySettingsForm } from './company-settings-form.tsx';

const i18n = createTestI18n();

const acme = companyDetail(1, 'Acme', {
  contactEmail: 'office@acme.example',
  settings: {
    ...companyDetail(1, 'Acme').settings,
    productName: 'Acme Cloud',
    defaultLocationGroupId: 11,
  },
});

function api(put: (body: unknown) => Response) {
  return fakeFetch(
    answer('GET', '/api/countries', 200, {
      data: { countries: [{ id: 1, code: 'SI', name: 'Slovenia', visible: true }] },
    }),
    answer('GET', '/api/companies/1/location-groups', 200, {
      data: { groups: [group(10, 'Acme', null, { childrenCount: 1 }), group(11, 'Styria', 10)] },
    }),
    ({ method, path, body }) =>
      method === 'PUT' && path === '/api/companies/1' ? put(body) : undefined,
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('company settings form', () => {
  it('shows the saved values and sends every setting, an emptied one as null', async () => {
    const calls = api(() =>
      json(200, {
        data: {
          company: {
            ...acme,
            settings: { ...acme.settings, productName: null, slogan: 'Power to you' },
          },
        },
      }),
    );
    renderWithProviders(<CompanySettingsForm company={acme} />, { i18n });
    expect(field('Product name')).toHaveValue('Acme Cloud');
    await waitFor(() => expect(field('Default location group')).toHaveValue('Acme › Styria'));
    await userEvent.clear(field('Product name'));
    await userEvent.type(field('Slogan'), 'Power to you');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PUT /api/companies/1')?.body).toEqual({
        data: {
          name: 'Acme',
          countryId: 1,
          contactEmail: 'office@acme.example',
          contactPhone: null,
          settings: {
            productName: null,
            platformName: null,
            slogan: 'Power to you',
            domain: null,
            supportEmail: null,
            privacyPolicyUrl: null,
            termsUrl: null,
            registrationUrl: null,
            defaultLocationGroupId: 11,
          },
        },
      }),
    );
  });

  it('checks the fields before saving and puts the server’s field errors on their fields', async () => {
    const calls = api(() =>
      json(
        400,
        apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
          fields: { 'data.settings.defaultLocationGroupId': 'validation.invalid_value' },
        }),
      ),
    );
    renderWithProviders(<CompanySettingsForm company={acme} />, { i18n });
    await userEvent.type(field('Privacy policy URL'), 'acme.example/privacy');
    await userEvent.type(field('Domain'), 'https://acme.example');
    await userEvent.clear(field('Company name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Privacy policy URL must be a web address starting with https:// or http://.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Domain is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Company name is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);

    await userEvent.clear(field('Privacy policy URL'));
    await userEvent.clear(field('Domain'));
    await userEvent.type(field('Company name'), 'Acme');
    expect(screen.queryByText('Company name is required.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Default location group has an invalid value.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid.');
  });

  describe('contact phone (issue 10)', () => {
    const saved = (body: unknown) =>
      json(200, {
        data: {
          company: {
            ...acme,
            contactPhone: (body as { data: { contactPhone?: string | null } }).data.contactPhone,
          },
        },
      });
    const phoneField = () => screen.getByRole('textbox', { name: 'Contact phone' });
    const sent = (calls: { call: string; body: unknown }[]) =>
      (calls.find((c) => c.call === 'PUT /api/companies/1')?.body as { data: object } | undefined)
        ?.data;

    it('shows the stored number formatted; a national number is read in the form’s country', async () => {
      const calls = api(saved);
      renderWithProviders(
        <CompanySettingsForm company={{ ...acme, contactPhone: '+38612345678' }} />,
        { i18n },
      );
      expect(phoneField()).toHaveValue('+386 1 234 56 78');
      await userEvent.clear(phoneField());
      await userEvent.type(phoneField(), '040 123 456');
      // The country list has loaded (the select shows Slovenia) before the number is read in it.
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Country' })).toHaveValue('Slovenia'),
      );
      await userEvent.tab();
      expect(phoneField()).toHaveValue('+386 40 123 456');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(sent(calls)).toMatchObject({ contactPhone: '+38640123456' }));
      await waitFor(() => expect(phoneField()).toHaveValue('+386 40 123 456'));
    });

    it('refuses what is no phone number, naming the field, and sends nothing', async () => {
      const calls = api(saved);
      renderWithProviders(<CompanySettingsForm company={acme} />, { i18n });
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Country' })).toHaveValue('Slovenia'),
      );
      await userEvent.type(phoneField(), '-12345 abc');
      await userEvent.tab();
      expect(phoneField()).toHaveValue('-12345 abc');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const error =
        'Contact phone must be a valid phone number, with the country code (+…) or as dialled within the country.';
      expect(await screen.findByText(error)).toBeInTheDocument();
      // Digits that are no number in Slovenia: the numbering plan refuses them too.
      await userEvent.clear(phoneField());
      await userEvent.type(phoneField(), '12345');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(error)).toBeInTheDocument();
      expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);
    });

    it('an unchanged number stored before numbers were checked is shown as it is and left out', async () => {
      const calls = api(saved);
      renderWithProviders(
        <CompanySettingsForm company={{ ...acme, contactPhone: '-12345 abc' }} />,
        {
          i18n,
        },
      );
      expect(phoneField()).toHaveValue('-12345 abc');
      await userEvent.type(field('Slogan'), 'Power to you');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(sent(calls)).toMatchObject({ settings: { slogan: 'Power to you' } }),
      );
      expect(sent(calls)).not.toHaveProperty('contactPhone');
    });
  });
});
