import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testLocation, testStructure } from '../test-data.ts';
import { testI18n } from '../test-render.tsx';
import { DeviceGroupPage } from './device-group-page.tsx';

function renderGroup(groupId: number, location = testLocation()) {
  fakeFetch(
    answer('GET', '/api/locations/12', 200, { data: { location } }),
    answer('GET', '/api/locations/12/structure', 200, { data: testStructure() }),
  );
  return renderWithProviders(
    <DeviceGroupPage locationId={12} base="/locations/12" groupId={groupId} />,
    { i18n: testI18n, path: `/locations/12/device-groups/${groupId}` },
  );
}

describe('DeviceGroupPage', () => {
  it("lists the group's devices with links, and the structure editor for editors", async () => {
    renderGroup(5);
    expect(await screen.findByRole('heading', { level: 1, name: 'Roof' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solar east' })).toHaveAttribute(
      'href',
      '/locations/12/device-groups/5/devices/102',
    );
    expect(await screen.findByRole('link', { name: 'Edit the structure' })).toHaveAttribute(
      'href',
      '/locations/12/manage/structure',
    );
  });

  it('offers no structure link to viewers', async () => {
    renderGroup(5, testLocation({ permissions: { view: true, edit: false, manage: false } }));
    expect(await screen.findByText('Hiša Bled')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit the structure' })).not.toBeInTheDocument();
  });

  it('is not found for a group of another location', async () => {
    renderGroup(77);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device group does not exist, or you have no access to it.',
    );
  });
});
