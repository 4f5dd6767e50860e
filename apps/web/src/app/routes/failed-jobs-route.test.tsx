import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubMenuLayout } from '../../features/menu/test-layout.ts';
import { authUser, json } from '../../shared/test/fixtures.ts';
import { fakeApi, renderApp, type Handler } from '../testing/render-app.tsx';

// /admin/jobs in the app: super admins only (ROUTE_ACCESS in @ec/domain), although aggregators may open the rest
// of /admin.

const signedInAs =
  (role: 'ROLE_SUPER_ADMIN' | 'ROLE_AGGREGATOR'): Handler =>
  (url) =>
    url.pathname === '/api/auth/user'
      ? json(200, { data: { user: authUser({ role, companyId: 1, isSetUp: true }) } })
      : undefined;

const emptyLists: Handler = (url) => {
  if (url.pathname === '/api/menu') return json(200, { data: { structure: [], company: null } });
  if (url.pathname === '/api/companies') return json(200, { data: { companies: [] } });
  if (url.pathname === '/api/admin/jobs/failed') {
    return json(200, { data: { jobs: [], page: 1, pageSize: 25, total: 0 } });
  }
  return undefined;
};

stubMenuLayout();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('/admin/jobs', () => {
  it('opens for a super admin: the dead-letter list with its title', async () => {
    fakeApi([signedInAs('ROLE_SUPER_ADMIN'), emptyLists]);
    const { router } = renderApp('/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'Failed jobs' })).toBeInTheDocument();
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/jobs');
  });

  it('refuses an aggregator: sent away, the list never asked for', async () => {
    const calls = fakeApi([signedInAs('ROLE_AGGREGATOR'), emptyLists]);
    const { router } = renderApp('/admin/jobs');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/jobs'));
    expect(screen.queryByRole('heading', { name: 'Failed jobs' })).not.toBeInTheDocument();
    expect(calls.calls.join(' ')).not.toContain('/api/admin/jobs/failed');
  });
});
