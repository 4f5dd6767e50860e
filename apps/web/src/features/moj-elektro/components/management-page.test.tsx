import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import type { AbstractDevice, ExternalCredential } from '../model/types.ts';
import { credential, device } from '../model/test-data.ts';
import { ManagementPage } from './management-page.tsx';

const i18n = createTestI18n();

/** A fake server keeping tokens and devices like the real one (deleting a token takes its lone devices). */
function server(initial: { credentials?: ExternalCredential[]; devices?: AbstractDevice[] } = {}) {
  const state = {
    credentials: [...(initial.credentials ?? [])],
    devices: [...(initial.devices ?? [])],
  };
  const route: FakeRoute = ({ method, path, body }) => {
    if (method === 'GET' && path === '/api/auth/user/external-credentials')
      return json(200, { data: { credentials: state.credentials } });
    if (method === 'GET' && path === '/api/abstract-devices-all')
      return json(200, { data: { devices: state.devices } });
    if (method === 'POST' && path === '/api/auth/user/external-credential') {
      const token = (body as { data: { token: string } }).data.token;
      if (token === 'wrong')
        return json(
          422,
          apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
            fields: { 'data.token': 'moj_elektro.errors.token_rejected' },
          }),
        );
      const added = credential({
        id: 40 + state.credentials.length,
        token: `${token.slice(0, 5)}•••••`,
        deviceCount: 0,
      });
      state.credentials.push(added);
      return json(201, { data: { credential: added } });
    }
    const del = /^\/api\/auth\/user\/external-credential\/(\d+)$/.exec(path);
    if (method === 'DELETE' && del) {
      const id = Number(del[1]);
      state.credentials = state.credentials.filter((c) => c.id !== id);
      state.devices = state.devices
        .map((d) => ({ ...d, credentials: d.credentials.filter((c) => c.token_id !== id) }))
        .filter((d) => d.credentials.length > 0);
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === '/api/abstract-device') {
      const data = (body as { data: { eimm: string; token_id: number } }).data;
      const token = state.credentials.find((c) => c.id === data.token_id);
      const added = device({
        id: 90,
        eimm: data.eimm,
        credentials: [{ token: token?.token ?? '', token_id: data.token_id }],
        import: { ...device().import, status: 'RUNNING', monthsDone: 3, monthsTotal: 25 },
      });
      state.devices.push(added);
      return json(201, { data: { device: added } });
    }
    const unbind = /^\/api\/abstract-device\/(\d+)\/token\/(\d+)$/.exec(path);
    if (method === 'DELETE' && unbind) {
      const [deviceId, tokenId] = [Number(unbind[1]), Number(unbind[2])];
      state.devices = state.devices
        .map((d) =>
          d.id === deviceId
            ? { ...d, credentials: d.credentials.filter((c) => c.token_id !== tokenId) }
            : d,
        )
        .filter((d) => d.credentials.length > 0);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
  return { state, route };
}

const tokenInput = () =>
  within(screen.getByRole('region', { name: 'Tokens' })).getByRole('textbox', { name: /^Token/ });

function renderPage() {
  return renderWithProviders(<ManagementPage />, { i18n });
}

describe('token and device management', () => {
  it('adds a trimmed token, which becomes the selected one for new devices', async () => {
    const { route } = server({ credentials: [credential({ id: 5, token: 'first•••••' })] });
    const calls = fakeFetch(route);
    renderPage();
    const tokens = await screen.findByRole('table', { name: 'Tokens' });
    expect(within(tokens).getByText('first•••••')).toBeInTheDocument();
    const input = tokenInput();
    const add = screen.getByRole('button', { name: 'Add token' });
    await userEvent.type(input, '   ');
    expect(add).toBeDisabled();
    await userEvent.type(input, 'demo-moj-elektro-household  ');
    await userEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/auth/user/external-credential')?.body).toEqual(
        {
          data: { token: 'demo-moj-elektro-household' },
        },
      ),
    );
    const row = (await within(tokens).findByText('demo-•••••')).closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('data-selected', 'true');
    expect(within(row).getByText('selected')).toBeInTheDocument();
    // The device form's token select shows the new token.
    expect(screen.getAllByDisplayValue('demo-•••••')).toHaveLength(1);
  });

  it("shows the portal's refusal of a token at the form", async () => {
    fakeFetch(server().route);
    renderPage();
    await screen.findByText('No tokens yet.');
    await userEvent.type(tokenInput(), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Add token' }));
    // The field's own message (the client's key), not the generic "Some fields are not valid".
    const rejected = i18n.t('moj_elektro.errors.token_rejected');
    expect(rejected).not.toBe('moj_elektro.errors.token_rejected');
    expect(await screen.findByRole('alert')).toHaveTextContent(rejected);
  });

  it('deletes a token after a confirmation that says its devices go too', async () => {
    const { route, state } = server({
      credentials: [credential({ id: 5, token: 'demo-•••••', deviceCount: 1 })],
      devices: [device({ id: 11, credentials: [{ token: 'demo-•••••', token_id: 5 }] })],
    });
    const calls = fakeFetch(route);
    renderPage();
    await screen.findByRole('list', { name: 'Devices' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete token demo-•••••' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete token' });
    expect(dialog).toHaveTextContent(/Its devices go too/);
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.credentials).toHaveLength(0));
    expect(calls.map((c) => c.call)).toContain('DELETE /api/auth/user/external-credential/5');
    expect(await screen.findByText('No devices yet.')).toBeInTheDocument();
    expect(screen.getByText('No tokens yet.')).toBeInTheDocument();
  });

  it('adds a device by EIMM with the chosen token and shows its import progress', async () => {
    const { route } = server({ credentials: [credential({ id: 5, token: 'demo-•••••' })] });
    const calls = fakeFetch(route);
    renderPage();
    await screen.findByText('No devices yet.');
    const add = screen.getByRole('button', { name: 'Add device' });
    expect(add).toBeDisabled();
    await userEvent.type(
      screen.getByRole('textbox', { name: /Metering point \(EIMM\)/ }),
      ' 4-1000001 ',
    );
    await userEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/abstract-device')?.body).toEqual({
        data: { eimm: '4-1000001', token_id: 5, abstract_device_type_id: 1, credentials: [5] },
      }),
    );
    const devices = await screen.findByRole('list', { name: 'Devices' });
    const row = within(devices).getByText('4-1000001').closest('li') as HTMLElement;
    expect(within(row).getByTestId('me-import-status')).toHaveTextContent('Importing');
    expect(within(row).getByText('3 of 25 months')).toBeInTheDocument();
    expect(
      within(row).getByRole('progressbar', { name: 'Import progress of 4-1000001' }),
    ).toHaveAttribute('aria-valuenow', '12');
  });

  it("removes a token from a device, warning when it is the device's last", async () => {
    const { route, state } = server({
      credentials: [
        credential({ id: 5, token: 'aaaaa•••••' }),
        credential({ id: 6, token: 'bbbbb•••••' }),
      ],
      devices: [
        device({
          id: 11,
          eimm: '4-1000001',
          credentials: [
            { token: 'aaaaa•••••', token_id: 5 },
            { token: 'bbbbb•••••', token_id: 6 },
          ],
        }),
      ],
    });
    const calls = fakeFetch(route);
    renderPage();
    await screen.findByRole('list', { name: 'Devices' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove token aaaaa••••• from 4-1000001' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Remove token from device' });
    expect(dialog).toHaveTextContent('The device keeps its other tokens.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.map((c) => c.call)).toContain('DELETE /api/abstract-device/11/token/5'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove token bbbbb••••• from 4-1000001' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Remove token from device' });
    expect(dialog).toHaveTextContent(
      "It is the device's last token, so the device and its data are removed too.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(state.devices).toHaveLength(0));
    expect(await screen.findByText('No devices yet.')).toBeInTheDocument();
  });
});
