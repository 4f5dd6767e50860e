import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authUser, json, siteInfo } from '../shared/test/fixtures.ts';
import { fakeApi, renderApp, type Handler } from './testing/render-app.tsx';

/** A basic user with a location: set up, so the guard does not send them to /setup. */
const setUpUser = (overrides: Parameters<typeof authUser>[0] = {}) =>
  authUser({ locations: [{ id: 3, name: 'Garage' }], isSetUp: true, ...overrides });

const signedIn =
  (user = setUpUser()): Handler =>
  (url) =>
    url.pathname === '/api/auth/user' ? json(200, { data: { user } }) : undefined;

describe('not-found page', () => {
  it('shows "lost" and a link home for an unknown path when signed out', async () => {
    fakeApi();
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Lost?' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for is missing.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('shows inside the signed-in layout when signed in', async () => {
    fakeApi([signedIn()]);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Lost?' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('covers unknown paths under /auth too', async () => {
    fakeApi();
    renderApp('/auth/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Lost?' })).toBeInTheDocument();
  });
});

describe('sign-in and sign-out', () => {
  it('returns to the page the guard saved after signing in', async () => {
    const user = setUpUser();
    const api = fakeApi([
      (url) => (url.pathname === '/api/auth/login' ? json(200, { data: { user } }) : undefined),
    ]);
    const { router } = renderApp('/support');
    await screen.findByRole('heading', { name: 'Sign in' });

    await userEvent.type(screen.getByLabelText(/E-mail/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/support');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Support')).toHaveAttribute('aria-current', 'page');
    // The user came with the sign-in answer: no second GET /api/auth/user.
    expect(api.calls.filter((call) => call === 'GET /api/auth/user')).toHaveLength(1);
  });

  it('signs out through POST /api/auth/logout and returns to the sign-in page', async () => {
    const api = fakeApi([
      signedIn(),
      (url) => (url.pathname === '/api/auth/logout' ? json(200, { data: {} }) : undefined),
    ]);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: /Welcome/ });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(api.calls).toContain('POST /api/auth/logout');
  });
});

describe('home', () => {
  it("welcomes the user by name with the role label and the site's name", async () => {
    // An aggregator whose menu could not be loaded stays on the home page.
    fakeApi([signedIn(authUser({ role: 'ROLE_AGGREGATOR', fullName: 'Boris Kos' }))]);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Boris Kos' })).toBeInTheDocument();
    expect(screen.getByTestId('home-role')).toHaveTextContent('Aggregator');
    expect(screen.getByTestId('home-site')).toHaveTextContent('Energy Cloud');
  });
});

describe('auth layout', () => {
  it("links the site's privacy policy and terms in a new tab, the support mail and cookie settings", async () => {
    fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    const footer = screen.getByRole('contentinfo');
    const privacy = within(footer).getByRole('link', { name: /Privacy policy/ });
    expect(privacy).toHaveAttribute('href', 'https://example.com/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(within(footer).getByRole('link', { name: /Terms and conditions/ })).toHaveAttribute(
      'href',
      'https://example.com/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(within(footer).getByRole('button', { name: 'Cookie settings' })).toBeInTheDocument();
  });

  it('switches the language at run time: fetches the catalog, re-renders, stores the choice', async () => {
    const api = fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('heading', { name: '[de] Sign in' })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/site/translations/de?identifier=demo');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('ec.locale')).toBe('de');
  });

  it('starts with a skip link to the content', async () => {
    fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(document.getElementById('main-content')).toHaveFocus();
  });

  it('uses the favicon from site info', async () => {
    fakeApi([
      (url) =>
        url.pathname === '/api/site/info'
          ? json(200, { data: siteInfo({ favicon: '/media/acme.ico', platformName: 'Acme' }) })
          : undefined,
    ]);
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute(
        'href',
        '/media/acme.ico',
      ),
    );
  });
});
