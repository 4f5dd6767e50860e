import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '@ec/contract';
import sl from '../../../../../../packages/i18n/locales/sl.json';
import { apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { device } from '../model/test-data.ts';
import { MAX_UPLOAD_BYTES, UploadForm } from './upload-form.tsx';

const i18n = createTestI18n();
const CSV = 'Časovna značka;Energija A+\n2025-01-01T00:15:00;0.25\n';

/** POST /abstract-devices/upload answering 201 (or what `answer` says), after `gate` when given. */
function uploadApi(
  answer: (data: Record<string, unknown>) => Response = () =>
    json(201, {
      data: {
        device: device({ id: 70, source: 'UPLOAD' }),
        imported: {
          intervals: 96,
          from: '2025-01-01T00:00:00.000Z',
          to: '2025-01-02T00:00:00.000Z',
          source: 'PORTAL_CSV',
        },
      },
    }),
  gate?: Promise<void>,
): FakeRoute {
  return ({ method, path, body }) => {
    if (method !== 'POST' || path !== '/api/abstract-devices/upload') return undefined;
    return (async () => {
      await gate;
      return answer((body as { data: Record<string, unknown> }).data);
    })();
  };
}

function renderForm(instance: I18n = i18n) {
  return renderWithProviders(<UploadForm />, { i18n: instance });
}

const fileInput = () =>
  document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

/** Chooses `file` and fills the name and the connection power (labels in the form's language). */
async function fill(t: I18n['t'], file = new File([CSV], 'meter.csv', { type: 'text/csv' })) {
  await userEvent.upload(fileInput(), file);
  await userEvent.type(
    screen.getByRole('textbox', { name: t('moj_elektro.upload.label') }),
    ' Hiša ',
  );
  await userEvent.type(
    screen.getByRole('spinbutton', { name: t('moj_elektro.upload.connection_power') }),
    '17',
  );
}

const submitButton = (name = 'Upload') => screen.getByRole('button', { name });

describe('the meter-file upload form', () => {
  it('uploads the chosen file with its settings, busy while it travels, and says how much came in', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const calls = fakeFetch(uploadApi(undefined, gate));
    renderForm();
    expect(submitButton()).toBeDisabled();
    await fill(i18n.t);
    // The chosen file shows by its name.
    expect(screen.getByText('meter.csv')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    await userEvent.click(submitButton());
    // While the request travels the button is busy and cannot be pressed again.
    await waitFor(() => expect(submitButton()).toHaveAttribute('data-loading', 'true'));
    expect(submitButton()).toBeDisabled();
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('Imported intervals: 96.');
    expect(submitButton()).not.toHaveAttribute('data-loading');
    const uploads = calls.filter((c) => c.call === 'POST /api/abstract-devices/upload');
    expect(uploads.map((c) => c.body)).toEqual([
      {
        data: {
          label: 'Hiša',
          fileName: 'meter.csv',
          content: CSV,
          connectionPowerKw: 17,
          phases: 3,
          tariffsCount: 2,
          agreedPowerKw: null,
        },
      },
    ]);
    // The file is cleared for the next one: nothing to send until another is chosen.
    expect(screen.queryByText('meter.csv')).toBeNull();
    expect(submitButton()).toBeDisabled();
  });

  it('sends the phases, the tariffs and the five agreed powers when given, and checks them first', async () => {
    const calls = fakeFetch(uploadApi());
    renderForm();
    await fill(i18n.t);
    await userEvent.click(screen.getByRole('textbox', { name: 'Phases' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Single-phase' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Tariffs' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Single tariff (ET)' }));
    const block = (n: number) => screen.getByRole('spinbutton', { name: `Block ${n}` });
    await userEvent.type(block(1), '5');
    // One agreed power given: all five are needed.
    expect(block(2)).toHaveAccessibleDescription(expect.stringContaining('Enter a number'));
    expect(submitButton()).toBeDisabled();
    for (const [i, v] of ['5.5', '6', '6', '7'].entries()) await userEvent.type(block(i + 2), v);
    await userEvent.click(submitButton());
    await screen.findByRole('status');
    expect(calls.find((c) => c.call === 'POST /api/abstract-devices/upload')?.body).toMatchObject({
      data: { phases: 1, tariffsCount: 1, agreedPowerKw: [5, 5.5, 6, 6, 7] },
    });
  });

  it('refuses a file over the size limit before sending it', async () => {
    const calls = fakeFetch(uploadApi());
    renderForm();
    const big = new File([CSV], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await fill(i18n.t, big);
    expect(screen.getByText('The file is too large (at most 15 MB).')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(calls.some((c) => c.call.includes('upload'))).toBe(false);
  });

  it("shows the server's field error in the user's language, not the general one", async () => {
    const slI18n = createTestI18n('sl', { sl: sl as Catalog });
    fakeFetch(
      uploadApi(() =>
        json(
          422,
          apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
            fields: { 'data.content': 'moj_elektro.upload.unreadable' },
          }),
        ),
      ),
    );
    renderForm(slI18n);
    await fill(slI18n.t);
    await userEvent.click(submitButton(slI18n.t('moj_elektro.upload.submit')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Datoteke ni mogoče prebrati. Naložite 15-minutni izvoz iz Moj Elektro (CSV) ali odgovor API (JSON).',
    );
    expect(screen.queryByText('Nekatera polja niso veljavna.')).toBeNull();
    // The file stays chosen for another try.
    expect(screen.getByText('meter.csv')).toBeInTheDocument();
    expect(submitButton(slI18n.t('moj_elektro.upload.submit'))).toBeEnabled();
  });

  it('shows the server’s own message when the upload fails without field errors', async () => {
    fakeFetch(uploadApi(() => json(500, apiError('INTERNAL', 'errors.INTERNAL'))));
    renderForm();
    await fill(i18n.t);
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.INTERNAL'));
  });
});
