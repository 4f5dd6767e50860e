import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LocationGroup } from '@ec/contract';
import { answer, apiError, fakeFetch, type FakeRoute } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { companyDetail, group, menuItem } from '../test-support.ts';
import { LocationGroups } from './location-groups.tsx';

const i18n = createTestI18n();

// Acme (root 10) › Styria (11) › Graz (12, empty); Acme › Carinthia (13, one location)
function groups(): LocationGroup[] {
  return [
    group(10, 'Acme', null, { childrenCount: 2, locationsCount: 1 }),
    group(11, 'Styria', 10, { childrenCount: 1 }),
    group(12, 'Graz', 11),
    group(13, 'Carinthia', 10, { locationsCount: 1 }),
  ];
}

function api(list: () => LocationGroup[], ...more: FakeRoute[]) {
  return fakeFetch(
    ...more,
    answer('GET', '/api/companies/1', 200, { data: { company: companyDetail(1, 'Acme') } }),
    ({ method, path }) =>
      method === 'GET' && path === '/api/companies/1/location-groups'
        ? json(200, { data: { groups: list() } })
        : undefined,
    answer('GET', '/api/menu/1', 200, {
      data: {
        structure: [
          menuItem('location-group', 13, 'Carinthia', [menuItem('location', 7, 'Villach plant')]),
          menuItem('location', 5, 'Head office'),
        ],
        company: { id: 1, name: 'Acme', rootGroup: { id: 10 } },
      },
    }),
  );
}

const row = (name: string) => screen.getByRole('listitem', { name });
const openActions = async (name: string) =>
  userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));

describe('location groups', () => {
  it('shows the tree with counts and each group’s locations linking to the global-settings location page', async () => {
    api(groups);
    renderWithProviders(<LocationGroups companyId={1} />, { i18n });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const tree = await screen.findByRole('list', { name: 'Location groups' });
    expect(
      within(tree)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === tree)
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Acme', 'Carinthia', 'Styria', 'Graz']);
    expect(within(row('Acme')).getByText('2 groups · 1 location · Top group')).toBeInTheDocument();
    await userEvent.click(
      within(row('Carinthia')).getByRole('button', { name: 'Show 1 location' }),
    );
    expect(await screen.findByRole('link', { name: 'Villach plant' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/location-groups/13/locations/7',
    );
    await userEvent.click(within(row('Acme')).getByRole('button', { name: 'Show 1 location' }));
    expect(screen.getByRole('link', { name: 'Head office' })).toHaveAttribute(
      'href',
      '/settings/global/companies/1/location-groups/10/locations/5',
    );
  });

  it('creates a group under the chosen parent and reloads the tree', async () => {
    let list = groups();
    const calls = api(
      () => list,
      ({ method, path, body }) => {
        if (method !== 'POST' || path !== '/api/location-groups') return undefined;
        const { data } = body as { data: { parentId: number; name: string } };
        const created = group(20, data.name, data.parentId);
        list = [...list, created];
        return json(201, { data: { group: created } });
      },
    );
    renderWithProviders(<LocationGroups companyId={1} />, { i18n });
    await screen.findByRole('list', { name: 'Location groups' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a group inside Styria' }));
    const dialog = await screen.findByRole('dialog', { name: 'New location group' });
    // Empty names are refused before any call.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Leoben ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/location-groups')?.body).toEqual({
        data: { parentId: 11, name: 'Leoben' },
      }),
    );
    expect(await screen.findByRole('listitem', { name: 'Leoben' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renames a group and shows the server’s field error', async () => {
    const calls = api(groups, ({ method, path, body }) => {
      if (method !== 'PUT' || path !== '/api/location-groups/11') return undefined;
      const { data } = body as { data: { name: string } };
      return data.name === 'Taken'
        ? json(
            400,
            apiError('VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {
              fields: { 'data.name': 'validation.invalid_value' },
            }),
          )
        : json(200, { data: { group: group(11, data.name, 10) } });
    });
    renderWithProviders(<LocationGroups companyId={1} />, { i18n });
    await screen.findByRole('list', { name: 'Location groups' });
    await openActions('Styria');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the group' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Styria');
    await userEvent.clear(name);
    await userEvent.type(name, 'Taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name has an invalid value.')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Steiermark');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      calls.filter((c) => c.call === 'PUT /api/location-groups/11').map((c) => c.body),
    ).toEqual([{ data: { name: 'Taken' } }, { data: { name: 'Steiermark' } }]);
  });

  it('moves a group: the picker offers neither the group, its subgroups nor its current parent', async () => {
    const calls = api(groups, ({ method, path }) =>
      method === 'POST' && path === '/api/location-groups/11/move'
        ? json(200, { data: { group: group(11, 'Styria', 13) } })
        : undefined,
    );
    renderWithProviders(<LocationGroups companyId={1} />, { i18n });
    await screen.findByRole('list', { name: 'Location groups' });
    // The root never moves.
    await openActions('Acme');
    expect(screen.queryByRole('menuitem', { name: 'Move' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await openActions('Styria');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Styria' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Move into is required.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Move into' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Acme › Carinthia']);
    await userEvent.click(options[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(calls.find((c) => c.call === 'POST /api/location-groups/11/move')?.body).toEqual({
        data: { parentId: 13 },
      }),
    );
  });

  it('deletes an empty group after confirmation; a refusal shows the server’s rule message', async () => {
    let refuse = true;
    const calls = api(groups, ({ method, path }) => {
      if (method !== 'DELETE' || path !== '/api/location-groups/12') return undefined;
      if (refuse) return json(422, apiError('RULE_BROKEN', 'org.group_not_empty'));
      return new Response(null, { status: 204 });
    });
    renderWithProviders(<LocationGroups companyId={1} />, { i18n });
    await screen.findByRole('list', { name: 'Location groups' });
    // A group with content cannot be chosen for deletion.
    await openActions('Styria');
    expect(
      await screen.findByRole('menuitem', { name: 'Delete (only empty groups)' }),
    ).toBeDisabled();
    await userEvent.keyboard('{Escape}');

    await openActions('Graz');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the group?' });
    // Cancel first: nothing is deleted.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);

    await openActions('Graz');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'This group still contains groups or locations. Move or delete them first.',
      ),
    ).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.call === 'DELETE /api/location-groups/12')).toHaveLength(2);
  });

  it('says when the company cannot be seen, and offers Try again when loading fails', async () => {
    fakeFetch(
      answer('GET', '/api/companies/1', 500, apiError('INTERNAL', 'errors.INTERNAL')),
      answer('GET', '/api/companies/1/location-groups', 200, { data: { groups: [] } }),
    );
    renderWithProviders(<LocationGroups companyId={1} />, { i18n });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fakeFetch();
    renderWithProviders(<LocationGroups companyId={2} />, { i18n });
    expect(
      await screen.findByText('This does not exist, or you have no access to it.'),
    ).toBeInTheDocument();
  });
});
