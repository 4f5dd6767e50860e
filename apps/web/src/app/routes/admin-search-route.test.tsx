import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubMenuLayout } from '../../features/menu/test-layout.ts';
import { authUser, json } from '../../shared/test/fixtures.ts';
import { fakeApi, renderApp, type Handler } from '../testing/render-app.tsx';

// /admin/search in the signed-in frame: the filter panel in the sidebar and one way back (spec 000 §2).

const superAdmin: Handler = (url) =>
  url.pathname === '/api/auth/user'
    ? json(200, { data: { user: authUser({ role: 'ROLE_SUPER_ADMIN', isSetUp: true }) } })
    : undefined;

const emptyMenuAndSearch: Handler = (url) => {
  if (url.pathname === '/api/menu') return json(200, { data: { structure: [], company: null } });
  if (url.pathname === '/api/companies') return json(200, { data: { companies: [] } });
  if (url.pathname.startsWith('/api/search/')) {
    return json(200, { data: { items: [], total: 0, page: 1, pageSize: 25 } });
  }
  return undefined;
};

stubMenuLayout();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('the admin search in the frame', () => {
  it('has exactly one Back (the sidebar footer), which goes back to the page before', async () => {
    fakeApi([superAdmin, emptyMenuAndSearch]);
    const { router } = renderApp('/support');
    await screen.findByRole('heading', { name: 'Support' });
    await router.navigate('/admin/search/users');
    const filters = await screen.findByTestId('admin-search-filters');
    expect(within(filters).getByRole('searchbox', { name: /search/i })).toBeInTheDocument();

    const backs = screen.getAllByRole('button', { name: 'Back' });
    expect(backs).toHaveLength(1);
    expect(within(filters).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByRole('button', { name: 'Back' })).toBe(
      backs[0],
    );

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
  });
});
