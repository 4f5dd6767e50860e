import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  installFakeEventSource,
  setVisibility,
  testGroupLive,
} from '../../../entities/live/test-support.ts';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { testI18n } from '../test-render.tsx';
import { GroupOverview } from './group-overview.tsx';

function setup(live = testGroupLive()) {
  fakeFetch(
    answer('GET', '/api/location-groups/3', 200, {
      data: { group: { id: 3, name: 'Gorenjska', companyId: 1, parentId: null } },
    }),
    answer('GET', '/api/location-groups/3/live', 200, { data: live }),
  );
  return renderWithProviders(<GroupOverview groupId={3} />, {
    i18n: testI18n,
    path: '/location-groups/3/flexibility',
  });
}

describe('GroupOverview', () => {
  beforeEach(() => {
    installFakeEventSource();
    setVisibility('visible');
  });

  it('shows the group’s summed flow with its location and online counts, and says flexibility comes later', async () => {
    const { container } = setup();
    expect(await screen.findByRole('img', { name: 'Energy flow' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Flexibility' })).toBeInTheDocument();
    expect(await screen.findByText('Gorenjska')).toBeInTheDocument();
    expect(screen.getByTestId('group-counts')).toHaveTextContent('Locations: 4 · online: 3');
    expect(screen.getByTestId('flexibility-note')).toHaveTextContent('later version');
    expect(container.querySelector('figure')).toHaveAttribute('data-moving', 'true');
    expect(screen.getByRole('region', { name: 'Today' })).toBeInTheDocument();
  });

  it('stands still when none of its locations is online', async () => {
    const { container } = setup(testGroupLive({ onlineCount: 0 }));
    await screen.findByRole('img', { name: 'Energy flow' });
    expect(container.querySelector('figure')).toHaveAttribute('data-moving', 'false');
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });
});
