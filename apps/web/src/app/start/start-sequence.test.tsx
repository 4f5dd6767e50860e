import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authUser, json, siteInfo } from '../../shared/test/fixtures.ts';
import { fakeApi, renderApp } from '../testing/render-app.tsx';

const USER = 'GET /api/auth/user';

describe('start sequence', () => {
  it('loads site info, then the user, then the translations, and only then renders', async () => {
    let releaseSite: (() => void) | undefined;
    const api = fakeApi([
      (url) =>
        url.pathname === '/api/site/info'
          ? new Promise<Response>((resolve) => {
              releaseSite = () => resolve(json(200, { data: siteInfo() }));
            })
          : undefined,
      (url) =>
        url.pathname === '/api/auth/user'
          ? json(200, {
              data: { user: authUser({ locations: [{ id: 3, name: 'Garage' }], isSetUp: true }) },
            })
          : undefined,
    ]);
    renderApp('/');

    // The full-page loader shows while the sequence runs; nothing else is asked before site info answers.
    expect(screen.getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toEqual(['GET /api/site/info']));
    releaseSite?.();

    expect(await screen.findByRole('heading', { name: /Welcome, Ana Novak/ })).toBeInTheDocument();
    expect(api.calls.slice(0, 3)).toEqual([
      'GET /api/site/info',
      USER,
      'GET /api/site/translations/en?identifier=demo',
    ]);
    // Then only the sidebar menu (for the landing, and the tree retrying it: here it is not answered, so the
    // home page stays).
    expect(new Set(api.calls.slice(3))).toEqual(new Set(['GET /api/menu']));
  });

  it('skips the user under /auth', async () => {
    const api = fakeApi();
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // The sign-in page then asks for its social sign-in providers; never for the user.
    expect(api.calls.filter((call) => call !== 'GET /api/auth/oidc/providers')).toEqual([
      'GET /api/site/info',
      'GET /api/site/translations/en?identifier=demo',
    ]);
  });

  it('passes ?identifier= to site info and remembers it for the session', async () => {
    const api = fakeApi();
    renderApp('/auth/login?identifier=acme');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(api.calls[0]).toBe('GET /api/site/info?identifier=acme');
    expect(window.sessionStorage.getItem('ec.site-identifier')).toBe('acme');
  });

  it('uses the remembered identifier when the URL has none', async () => {
    window.sessionStorage.setItem('ec.site-identifier', 'acme');
    const api = fakeApi();
    renderApp('/auth/support');
    await screen.findByRole('heading', { name: 'Support' });
    expect(api.calls[0]).toBe('GET /api/site/info?identifier=acme');
  });

  it('treats a 401 for the user as signed out and sends signed-in pages to the sign-in page', async () => {
    const api = fakeApi();
    const { router } = renderApp('/support');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?redirect=%2Fsupport');
    expect(api.calls.filter((call) => call !== 'GET /api/auth/oidc/providers')).toEqual([
      'GET /api/site/info',
      USER,
      'GET /api/site/translations/en?identifier=demo',
    ]);
  });

  it('loads the translations of the chosen locale and sets <html lang>', async () => {
    window.localStorage.setItem('ec.locale', 'de');
    const api = fakeApi();
    renderApp('/auth/login', { browserLanguages: ['en-US'] });
    expect(await screen.findByRole('heading', { name: '[de] Sign in' })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/site/translations/de?identifier=demo');
    expect(document.documentElement.lang).toBe('de');
  });

  it('switches the site (branding, title, overrides) without a reload when ?identifier= changes', async () => {
    const api = fakeApi([
      (url) =>
        url.pathname === '/api/site/info' && url.searchParams.get('identifier') === 'acme'
          ? json(200, {
              data: siteInfo({ identifier: 'acme', platformName: 'Acme', theme: 'dark-blue' }),
            })
          : undefined,
    ]);
    const { router } = renderApp('/auth/login');
    expect(await screen.findByText('Sign in to Energy Cloud')).toBeInTheDocument();

    await act(() => router.navigate('/auth/login?identifier=acme'));
    expect(await screen.findByText('Sign in to Acme')).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/site/info?identifier=acme');
    expect(api.calls).toContain('GET /api/site/translations/en?identifier=acme');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('shows an error screen with Try again when the server is unreachable, and retries', async () => {
    let fail = true;
    const api = fakeApi([
      (url) => {
        if (url.pathname === '/api/site/info' && fail) throw new TypeError('Failed to fetch');
        return undefined;
      },
    ]);
    renderApp('/auth/login');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'The application could not start' }),
    ).toBeVisible();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.startsWith('GET /api/site/info'))).toHaveLength(2);
  });

  it('shows the maintenance banner with the site message', async () => {
    fakeApi([
      (url) =>
        url.pathname === '/api/site/info'
          ? json(200, {
              data: siteInfo({ status: 'maintenance', maintenance: { message: 'Back at 18:00' } }),
            })
          : undefined,
    ]);
    renderApp('/auth/login');
    expect(await screen.findByText('Back at 18:00')).toBeInTheDocument();
  });

  it("sets the document title from the route's title", async () => {
    fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Sign in'));
  });
});
