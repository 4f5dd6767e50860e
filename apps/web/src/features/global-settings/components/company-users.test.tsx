import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { adminUser, company, companyDetail } from '../test-support.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { CompanyUsers, roleChoices, type UsersActor } from './company-users.tsx';

vi.mock('../../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

const i18n = createTestI18n();
const aggregator: UsersActor = { id: 1, role: 'ROLE_AGGREGATOR' };
const superAdmin: UsersActor = { id: 1, role: 'ROLE_SUPER_ADMIN' };

function usersApi(list: () => AdminUser[], ...more: FakeRoute[]) {
  return fakeFetch(
    ...more,
    answer('GET', '/api/companies/1', 200, { data: { company: companyDetail(1, 'Elektro Bled') } }),
    answer('GET', '/api/companies', 200, {
      data: { companies: [company(1, 'Elektro Bled'), company(2, 'Solar Koper')] },
    }),
    ({ method, path, url }) => {
      if (method !== 'GET' || path !== '/api/companies/1/users') return undefined;
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = list().filter((u) => `${u.fullName} ${u.email}`.toLowerCase().includes(q));
      return json(200, { data: { items, total: items.length, page: 1, pageSize: 25 } });
    },
  );
}

function renderUsers(actor: UsersActor = aggregator) {
  return renderWithProviders(<CompanyUsers companyId={1} actor={actor} productName="Energija" />, {
    i18n,
  });
}

const actionsOf = async (name: string) =>
  userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));

describe('role choices', () => {
  it('offers only assignable roles the actor may give, never for oneself', () => {
    const basic = { id: 2, role: 'ROLE_USER_BASIC' as const };
    expect(roleChoices(aggregator, basic)).toEqual([
      'ROLE_USER',
      'ROLE_USER_BASIC',
      'ROLE_USER_ADVANCED',
    ]);
    // An aggregator's own role stays as it is: it is not assignable.
    expect(roleChoices(superAdmin, { id: 3, role: 'ROLE_AGGREGATOR' })).toEqual([
      'ROLE_AGGREGATOR',
      'ROLE_USER',
      'ROLE_USER_BASIC',
      'ROLE_USER_ADVANCED',
    ]);
    expect(roleChoices(aggregator, { id: 1, role: 'ROLE_AGGREGATOR' })).toEqual([
      'ROLE_AGGREGATOR',
    ]);
  });
});

describe('company users', () => {
  it('lists the users with role and verification, searches on the server, says when nothing matches', async () => {
    const calls = usersApi(() => [
      adminUser(2, 'Ana Novak'),
      adminUser(3, 'Luka Krajnc', { verified: false, role: 'ROLE_USER_ADVANCED' }),
    ]);
    renderUsers();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const luka = within(list).getByRole('listitem', { name: 'Luka Krajnc' });
    expect(within(luka).getByText('Advanced user')).toBeInTheDocument();
    expect(within(luka).getByText('Not verified')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await screen.findByText('No user matches the search.')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toContain(
      'GET /api/companies/1/users?q=zzz&page=1&pageSize=25',
    );
  });

  it('changes a role within what the actor may assign', async () => {
    let users = [adminUser(2, 'Ana Novak')];
    const calls = usersApi(
      () => users,
      ({ method, path, body }) => {
        if (method !== 'PUT' || path !== '/api/users/2') return undefined;
        const { data } = body as { data: Pick<AdminUser, 'firstName' | 'lastName' | 'role'> };
        users = [adminUser(2, `${data.firstName} ${data.lastName}`, { role: data.role })];
        return json(200, { data: { user: users[0] } });
      },
    );
    renderUsers();
    await actionsOf('Ana Novak');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ana Novak' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['User', 'Basic user', 'Advanced user']);
    await userEvent.click(screen.getByRole('option', { name: 'Advanced user' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'PUT /api/users/2')?.body).toEqual({
        data: { firstName: 'Ana', lastName: 'Novak', role: 'ROLE_USER_ADVANCED' },
      }),
    );
    const row = await screen.findByRole('listitem', { name: 'Ana Novak' });
    await waitFor(() => expect(within(row).getByText('Advanced user')).toBeInTheDocument());
  });

  it('keeps the role fixed when the server says it may not change', async () => {
    usersApi(() => [
      adminUser(1, 'Me Myself', {
        role: 'ROLE_AGGREGATOR',
        actions: {
          edit: true,
          changeRole: false,
          verify: false,
          changeCompany: false,
          delete: false,
          impersonate: false,
        },
      }),
    ]);
    renderUsers();
    await actionsOf('Me Myself');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Me Myself' });
    expect(within(dialog).getByRole('textbox', { name: 'Role' })).toBeDisabled();
    expect(within(dialog).getByText("You cannot change this user's role.")).toBeInTheDocument();
  });

  it('creates a user in the company with an assignable role', async () => {
    const users: AdminUser[] = [];
    const calls = usersApi(
      () => users,
      ({ method, path, body }) => {
        if (method !== 'POST' || path !== '/api/users') return undefined;
        const { data } = body as { data: { email: string } };
        if (data.email === 'taken@example.com') {
          return json(
            409,
            apiError('CONFLICT', 'errors.CONFLICT', {
              fields: { 'data.email': 'validation.invalid_value' },
            }),
          );
        }
        users.push(adminUser(9, 'Nina Kos', { email: data.email }));
        return json(201, { data: { user: users[0], welcomeMailSent: true } });
      },
    );
    renderUsers();
    expect(await screen.findByText('This company has no users yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('E-mail is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.call === 'POST /api/users')).toBe(false);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'E-mail' }),
      'taken@example.com',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nina');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Kos');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'User',
      'Basic user',
      'Advanced user',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Advanced user' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('E-mail has an invalid value.')).toBeInTheDocument();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await userEvent.clear(email);
    await userEvent.type(email, 'nina@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.call === 'POST /api/users').at(-1)?.body).toEqual({
      data: {
        email: 'nina@example.com',
        firstName: 'Nina',
        lastName: 'Kos',
        role: 'ROLE_USER_ADVANCED',
        locale: 'en',
        companyId: 1,
      },
    });
    expect(await screen.findByRole('listitem', { name: 'Nina Kos' })).toBeInTheDocument();
    expect(showToast).toHaveBeenLastCalledWith({
      color: 'green',
      message: 'The user nina@example.com was created and an e-mail was sent to choose a password.',
    });
  });

  it('says so when the account was made but the welcome mail could not be sent', async () => {
    const users: AdminUser[] = [];
    usersApi(
      () => users,
      ({ method, path }) => {
        if (method !== 'POST' || path !== '/api/users') return undefined;
        users.push(adminUser(9, 'Nina Kos', { email: 'nina@example.com' }));
        return json(201, { data: { user: users[0], welcomeMailSent: false } });
      },
    );
    renderUsers();
    await userEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'E-mail' }),
      'nina@example.com',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nina');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Kos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(showToast).toHaveBeenLastCalledWith({
      color: 'yellow',
      message:
        'The user nina@example.com was created, but the e-mail to choose a password could not be sent. ' +
        'They can ask for a new link with “Forgot your password?” on the sign-in page.',
    });
  });

  it('verifies, changes the company and deletes after confirmation, as the server allows', async () => {
    let users = [
      adminUser(3, 'Luka Krajnc', {
        verified: false,
        actions: {
          edit: true,
          changeRole: true,
          verify: true,
          changeCompany: true,
          delete: true,
          impersonate: true,
        },
      }),
    ];
    const calls = usersApi(
      () => users,
      ({ method, path }) => {
        if (method === 'POST' && path === '/api/users/3/verify') {
          users = users.map((u) => ({
            ...u,
            verified: true,
            actions: { ...u.actions, verify: false },
          }));
          return json(200, { data: { user: users[0] } });
        }
        if (method === 'POST' && path === '/api/users/3/company') {
          return json(200, {
            data: { user: { ...users[0], company: { id: 2, name: 'Solar Koper' } } },
          });
        }
        if (method === 'DELETE' && path === '/api/users/3') {
          users = [];
          return new Response(null, { status: 204 });
        }
        return undefined;
      },
    );
    renderUsers(superAdmin);
    await actionsOf('Luka Krajnc');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Verify e-mail address' }));
    const row = () => screen.getByRole('listitem', { name: 'Luka Krajnc' });
    await waitFor(() => expect(within(row()).getByText('Verified')).toBeInTheDocument());

    await actionsOf('Luka Krajnc');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change company' }));
    const move = await screen.findByRole('dialog', { name: 'Move Luka Krajnc to another company' });
    await waitFor(() =>
      expect(within(move).getByRole('textbox', { name: 'New company' })).toBeEnabled(),
    );
    await userEvent.click(within(move).getByRole('textbox', { name: 'New company' }));
    // The user's own company is not offered.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Solar Koper',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Solar Koper' }));
    await userEvent.click(within(move).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/users/3/company')?.body).toEqual({
        data: { companyId: 2 },
      }),
    );

    await actionsOf('Luka Krajnc');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the user?' });
    expect(confirm).toHaveTextContent('Delete Luka Krajnc (luka@example.com)?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This company has no users yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.call === 'DELETE /api/users/3')).toHaveLength(1);
  });

  it('shows a refused deletion with the server’s message and offers no actions the server denies', async () => {
    usersApi(
      () => [
        adminUser(1, 'Me Myself', {
          role: 'ROLE_SUPER_ADMIN',
          actions: {
            edit: true,
            changeRole: false,
            verify: false,
            changeCompany: false,
            delete: true,
            impersonate: false,
          },
        }),
        adminUser(4, 'Read Only', {
          actions: {
            edit: false,
            changeRole: false,
            verify: false,
            changeCompany: false,
            delete: false,
            impersonate: false,
          },
        }),
      ],
      answer('DELETE', '/api/users/1', 422, apiError('RULE_BROKEN', 'org.cannot_delete_self')),
    );
    i18n.addResource(
      'en',
      'translation',
      'org.cannot_delete_self',
      'You cannot delete your own account.',
    );
    renderUsers(superAdmin);
    expect(await screen.findByRole('listitem', { name: 'Read Only' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Read Only' })).not.toBeInTheDocument();
    await actionsOf('Me Myself');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the user?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText('You cannot delete your own account.'),
    ).toBeInTheDocument();
  });
});
