import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyEmailSettings, MailDnsRecord } from '@ec/contract';
import { apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { CompanyEmailSettingsSection } from './company-email-settings.tsx';

const i18n = createTestI18n();

function record(
  kind: MailDnsRecord['kind'],
  status: MailDnsRecord['status'],
  found: string[] = [],
): MailDnsRecord {
  const hosts = {
    SPF: 'acme.example',
    DKIM: 'ec202601._domainkey.acme.example',
    DMARC: '_dmarc.acme.example',
  };
  const values = {
    SPF: 'v=spf1 include:_spf.cloud.example ~all',
    DKIM: 'v=DKIM1; k=rsa; p=MIIBIjANBg',
    DMARC: 'v=DMARC1; p=quarantine; rua=mailto:info@acme.example',
  };
  return { kind, host: hosts[kind], type: 'TXT', value: values[kind], status, found };
}

function settings(extra: Partial<CompanyEmailSettings> = {}): CompanyEmailSettings {
  return {
    senderName: null,
    senderEmail: null,
    domain: null,
    dkimSelector: 'ec202601',
    records: [],
    checkedAt: null,
    ...extra,
  };
}

describe('company e-mail settings', () => {
  it('saves the sender and then shows the records to publish with copy buttons', async () => {
    let current = settings();
    const calls = fakeFetch(({ method, path, body }) => {
      if (path !== '/api/companies/1/email-settings') return undefined;
      if (method === 'PUT') {
        const { data } = body as {
          data: { senderName: string | null; senderEmail: string | null };
        };
        current = settings({
          ...data,
          domain: 'acme.example',
          records: [
            record('SPF', 'unchecked'),
            record('DKIM', 'unchecked'),
            record('DMARC', 'unchecked'),
          ],
        });
      }
      return json(200, { data: { settings: current } });
    });
    renderWithProviders(<CompanyEmailSettingsSection companyId={1} />, { i18n });
    expect(
      await screen.findByText('Set a sender e-mail to see the records its domain needs.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check DNS' })).not.toBeInTheDocument();

    const email = screen.getByRole('textbox', { name: 'Sender e-mail' });
    await userEvent.type(email, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Sender e-mail must be a valid e-mail address.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('PUT'))).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, 'info@acme.example');
    await userEvent.type(screen.getByRole('textbox', { name: 'Sender name' }), 'Acme Energy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PUT /api/companies/1/email-settings')?.body).toEqual({
        data: { senderName: 'Acme Energy', senderEmail: 'info@acme.example' },
      }),
    );
    const records = await screen.findByRole('list', { name: 'DNS records to publish' });
    const dkim = within(records).getByRole('listitem', { name: 'DKIM record' });
    expect(within(dkim).getByText('ec202601._domainkey.acme.example')).toBeInTheDocument();
    expect(within(dkim).getByText('Not checked')).toBeInTheDocument();
    expect(within(dkim).getByRole('button', { name: 'Copy Value' })).toBeInTheDocument();
    expect(within(dkim).getByRole('button', { name: 'Copy Name' })).toBeInTheDocument();
    expect(screen.getByText('Not checked yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sender e-mail' })).toHaveValue('info@acme.example');
  });

  it('checks DNS and shows each record’s status with what was found', async () => {
    const base = {
      senderName: 'Acme',
      senderEmail: 'info@acme.example',
      domain: 'acme.example',
    };
    const calls = fakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/companies/1/email-settings') {
        return json(200, {
          data: {
            settings: settings({
              ...base,
              records: [
                record('SPF', 'unchecked'),
                record('DKIM', 'unchecked'),
                record('DMARC', 'unchecked'),
              ],
            }),
          },
        });
      }
      if (method === 'POST' && path === '/api/companies/1/email-settings/check') {
        return json(200, {
          data: {
            settings: settings({
              ...base,
              checkedAt: '2026-01-05T10:00:00.000Z',
              records: [
                record('SPF', 'mismatch', ['v=spf1 -all']),
                record('DKIM', 'ok', ['v=DKIM1; k=rsa; p=MIIBIjANBg']),
                record('DMARC', 'error'),
              ],
            }),
          },
        });
      }
      return undefined;
    });
    renderWithProviders(<CompanyEmailSettingsSection companyId={1} />, { i18n });
    await userEvent.click(await screen.findByRole('button', { name: 'Check DNS' }));
    const records = await screen.findByRole('list', { name: 'DNS records to publish' });
    const spf = within(records).getByRole('listitem', { name: 'SPF record' });
    await waitFor(() => expect(within(spf).getByText('Different')).toBeInTheDocument());
    expect(within(spf).getByText('v=spf1 -all')).toBeInTheDocument();
    expect(within(records).getByRole('listitem', { name: 'DKIM record' })).toHaveTextContent('OK');
    expect(within(records).getByRole('listitem', { name: 'DMARC record' })).toHaveTextContent(
      'Lookup failed',
    );
    expect(screen.getByText(/^Last checked/)).toBeInTheDocument();
    expect(
      calls.filter((c) => c.call === 'POST /api/companies/1/email-settings/check'),
    ).toHaveLength(1);
  });

  it('offers Try again when the settings cannot be loaded', async () => {
    fakeFetch(({ path }) =>
      path === '/api/companies/1/email-settings'
        ? json(500, apiError('INTERNAL', 'errors.INTERNAL'))
        : undefined,
    );
    renderWithProviders(<CompanyEmailSettingsSection companyId={1} />, { i18n });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
