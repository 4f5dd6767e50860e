import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { testInvitation, testLocation, testUser } from '../test-data.ts';
import { renderManagePage } from '../test-render.tsx';
import { ApiError } from '../../../shared/api/errors.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { inviteErrorText, LocationUsers } from './location-users.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const users = [
  testUser(),
  testUser({
    id: 8,
    fullName: 'Eva Horvat',
    email: 'eva@example.com',
    owner: false,
    actions: { view: true, edit: true, manage: false },
    viaGroup: true,
  }),
];
const invitations = [
  testInvitation(),
  testInvitation({ id: 31, email: 'old@example.com', status: 'expired' }),
  testInvitation({ id: 32, email: 'done@example.com', status: 'confirmed' }),
  testInvitation({ id: 33, email: 'gone@example.com', status: 'revoked' }),
];

/** GET /api/locations/12/users answering the current lists (changed by the test). */
function usersRoute(state: { users: typeof users; invitations: typeof invitations }): FakeRoute {
  return ({ method, path }) =>
    method === 'GET' && path === '/api/locations/12/users' ? json(200, { data: state }) : undefined;
}

const item = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('LocationUsers', () => {
  it('lists who has access with their rights, and the invitations with their states', async () => {
    fakeFetch(usersRoute({ users, invitations }));
    renderManagePage(<LocationUsers />);
    expect(await screen.findByText('Luka Krajnc')).toBeInTheDocument();
    const owner = item('Luka Krajnc');
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    expect(within(owner).queryByRole('button')).not.toBeInTheDocument();
    const eva = item('Eva Horvat');
    expect(within(eva).getByText('Through a location group')).toBeInTheDocument();
    expect(within(eva).getByText('Edit')).toBeInTheDocument();
    expect(within(eva).queryByText('Manage')).not.toBeInTheDocument();
    expect(
      within(eva).getByRole('button', { name: 'Remove access of Eva Horvat' }),
    ).toBeInTheDocument();

    const states = [
      'nina@example.com',
      'old@example.com',
      'done@example.com',
      'gone@example.com',
    ].map(
      (email) =>
        within(item(email)).getAllByText(/Pending|Expired|Confirmed|Revoked/)[0]?.textContent,
    );
    expect(states).toEqual(['Pending', 'Expired', 'Confirmed', 'Revoked']);
    // Pending: send again and revoke; expired: send again; confirmed and revoked: nothing to do.
    const buttons = (email: string) =>
      within(item(email))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('nina@example.com')).toEqual(['Send again', 'Revoke']);
    expect(buttons('old@example.com')).toEqual(['Send again']);
    expect(buttons('done@example.com')).toEqual([]);
    expect(buttons('gone@example.com')).toEqual([]);
  });

  it('invites an address and shows it among the invitations', async () => {
    const state = { users, invitations: [] as typeof invitations };
    const created = testInvitation({ id: 40, email: 'new@example.com' });
    const calls = fakeFetch(usersRoute(state), ({ method, path, body }) => {
      if (method !== 'POST' || path !== '/api/locations/12/invitations') return undefined;
      state.invitations = [created];
      return json(201, {
        data: {
          invitation: { ...created, email: (body as { data: { email: string } }).data.email },
        },
      });
    });
    renderManagePage(<LocationUsers />);
    expect(
      await screen.findByText('No invitations have been sent for this location.'),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('E-mail must be a valid e-mail address.')).toBeInTheDocument();
    expect(calls.some((c) => c.call.startsWith('POST'))).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, ' new@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(calls.filter((c) => c.call.startsWith('POST'))).toEqual([
      { call: 'POST /api/locations/12/invitations', body: { data: { email: 'new@example.com' } } },
    ]);
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: 'An invitation was sent to new@example.com.',
    });
    expect(email).toHaveValue('');
  });

  it.each([
    [
      409,
      'CONFLICT',
      'location_invite.already_has_access',
      'This e-mail address already has access to the location.',
      true,
    ],
    [
      409,
      'CONFLICT',
      'location_invite.already_pending',
      'An invitation to this e-mail address is already pending.',
      true,
    ],
    [
      502,
      'MAIL_SEND_FAILED',
      'location_invite.email_error',
      'There was an error sending the e-mail. Please try again later.',
      false,
    ],
    [
      503,
      'SERVICE_UNAVAILABLE',
      'errors.SERVICE_UNAVAILABLE',
      'There was an error sending the e-mail. Please try again later.',
      false,
    ],
    [
      500,
      'INTERNAL',
      'errors.INTERNAL',
      'Something went wrong with the invitation. Please try again.',
      false,
    ],
  ])('says why an invite failed (%s %s)', async (status, code, message, text, onField) => {
    fakeFetch(
      usersRoute({ users, invitations }),
      answer('POST', '/api/locations/12/invitations', status, apiError(code, message)),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderManagePage(<LocationUsers />);
    const email = await screen.findByRole('textbox', { name: /E-mail/ });
    await userEvent.type(email, 'eva@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'red', message: text }));
    if (onField) expect(email).toHaveAccessibleDescription(text);
    expect(email).toHaveValue('eva@example.com');
  });

  it('says so when the invitation mail could not be sent again (502 MAIL_SEND_FAILED)', async () => {
    fakeFetch(
      usersRoute({ users, invitations }),
      answer(
        'POST',
        '/api/invitations/31/resend',
        502,
        apiError('MAIL_SEND_FAILED', 'location_invite.email_error'),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderManagePage(<LocationUsers />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send the invitation to old@example.com again' }),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'red',
        message: 'There was an error sending the e-mail. Please try again later.',
      }),
    );
  });

  it('revokes a pending invitation after asking, and sends one again', async () => {
    const calls = fakeFetch(
      usersRoute({ users, invitations }),
      answer('POST', '/api/invitations/30/revoke', 200, {
        data: { invitation: testInvitation({ status: 'revoked' }) },
      }),
      answer('POST', '/api/invitations/31/resend', 200, {
        data: { invitation: testInvitation({ id: 31, email: 'old@example.com' }) },
      }),
    );
    renderManagePage(<LocationUsers />);
    await screen.findByText('nina@example.com');
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke the invitation to nina@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation?' });
    expect(dialog).toHaveTextContent(
      'The invitation link sent to nina@example.com will stop working.',
    );
    expect(calls.some((c) => c.call.includes('revoke'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'The invitation to nina@example.com was revoked.',
      }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Send the invitation to old@example.com again' }),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'The invitation was sent to old@example.com again.',
      }),
    );
    expect(calls.filter((c) => c.call.startsWith('POST')).map((c) => c.call)).toEqual([
      'POST /api/invitations/30/revoke',
      'POST /api/invitations/31/resend',
    ]);
  });

  it('removes access after asking; a refused removal says why, a failed one says delete failed', async () => {
    let answerWith = json(422, apiError('RULE_BROKEN', 'location_users.granted_by_group'));
    const calls = fakeFetch(usersRoute({ users, invitations }), ({ method, path }) =>
      method === 'DELETE' && path === '/api/locations/12/users/8' ? answerWith : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderManagePage(<LocationUsers />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove access of Eva Horvat' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove access?' });
    expect(dialog).toHaveTextContent('Eva Horvat will no longer have access to Hiša Bled.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'red',
        message: "This user's access comes from a location group and cannot be removed here.",
      }),
    );

    answerWith = json(500, apiError('INTERNAL', 'errors.INTERNAL'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove access of Eva Horvat' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'red',
        message: 'Delete failed. Please try again.',
      }),
    );

    answerWith = new Response(null, { status: 204 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove access of Eva Horvat' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'Eva Horvat no longer has access.',
      }),
    );
    expect(calls.filter((c) => c.call.startsWith('DELETE'))).toHaveLength(3);
  });

  it('is read-only without manage rights', async () => {
    fakeFetch(usersRoute({ users, invitations }));
    renderManagePage(<LocationUsers />, {
      location: testLocation({ permissions: { view: true, edit: true, manage: false } }),
    });
    await screen.findByText('Eva Horvat');
    expect(
      screen.getByText('Inviting users and removing access needs manage rights on this location.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /E-mail/ })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says when the lists cannot be loaded', async () => {
    fakeFetch(
      answer('GET', '/api/locations/12/users', 403, apiError('FORBIDDEN', 'errors.FORBIDDEN')),
    );
    renderManagePage(<LocationUsers />);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
  });
});

describe('inviteErrorText', () => {
  const i18n = createTestI18n();
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

  it('names the failed e-mail for MAIL_SEND_FAILED whatever the message key', () => {
    for (const message of ['location_invite.email_error', 'errors.MAIL_SEND_FAILED']) {
      expect(
        inviteErrorText(new ApiError({ status: 502, code: 'MAIL_SEND_FAILED', message }), t),
      ).toBe('There was an error sending the e-mail. Please try again later.');
    }
  });
});
