import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@ec/contract';
import { authUser, json, siteInfo } from '../shared/test/fixtures.ts';
import { fakeApi, renderApp, type Handler } from './testing/render-app.tsx';

/** A basic user with a location: set up, so the guard does not send them to /setup. */
const setUpUser = (overrides: Partial<AuthUser> = {}) =>
  authUser({ locations: [{ id: 3, name: 'Garage' }], isSetUp: true, ...overrides });

const signedIn =
  (user: AuthUser = setUpUser()): Handler =>
  (url, init) =>
    url.pathname === '/api/auth/user' && (init?.method ?? 'GET') === 'GET'
      ? json(200, { data: { user } })
      : undefined;

const route =
  (method: string, path: string, status: number, body: unknown): Handler =>
  (url, init) =>
    url.pathname === path && (init?.method ?? 'GET') === method ? json(status, body) : undefined;

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const CONFIRM = '?confirmationAction=LOCATION_INVITE&confirmationId=12';

describe('registration', () => {
  it('registers and shows awaiting-email-verification with the address', async () => {
    fakeApi([route('POST', '/api/auth/register', 201, { data: { email: 'ana@example.com' } })]);
    const { router } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Create an account' });
    // Typing every character is slow in jsdom; a change event per field is what matters here.
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/First name/, 'Ana');
    fill(/Last name/, 'Novak');
    fill(/^E-mail/, 'ana@example.com');
    fill(/^Password/, 'Sunny-day-2024');
    fill(/Repeat password/, 'Sunny-day-2024');
    await userEvent.selectOptions(screen.getByLabelText(/Country/), 'SI');
    await userEvent.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/We sent a confirmation link to ana@example.com/)).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ana@example.com');
    expect(router.state.location.pathname).toBe('/auth/awaiting-email-verification');
  });

  it('links the sign-in page to registration and the forgotten password', async () => {
    fakeApi();
    renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forgotten-password',
    );
  });
});

describe('token validation', () => {
  it('is public: verifies without loading the user, also for a signed-in visitor', async () => {
    const api = fakeApi([
      signedIn(authUser({ role: 'ROLE_USER' })),
      route('POST', '/api/auth/verify-email', 200, { data: { status: 'VERIFIED' } }),
    ]);
    const { router } = renderApp('/auth/token-validation?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'E-mail address confirmed' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/token-validation');
    expect(api.calls).not.toContain('GET /api/auth/user');
  });
});

describe('user area', () => {
  it('opens /user on its settings and is reachable from the sidebar footer', async () => {
    fakeApi([signedIn()]);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: /Welcome/ });
    await userEvent.click(screen.getByRole('link', { name: 'User settings' }));
    expect(await screen.findByRole('heading', { name: 'User settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/settings');
    const sections = screen.getByRole('navigation', { name: 'User settings sections' });
    expect(within(sections).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await router.navigate('/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/settings'));
  });

  it('sends a signed-out visitor to sign-in and back', async () => {
    fakeApi();
    const { router } = renderApp('/user/change-password');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(location(router)).toBe('/auth/login?redirect=%2Fuser%2Fchange-password');
  });

  it("opens the consent feature's cookie dialog from the privacy page", async () => {
    fakeApi([signedIn()]);
    renderApp('/user/profile/privacy');
    expect(await screen.findByTestId('cookie-choice')).toHaveTextContent(
      'You have not made a cookie choice yet.',
    );
    const main = screen.getByRole('main');
    await userEvent.click(within(main).getByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByRole('dialog', { name: 'Cookie settings' })).toBeInTheDocument();
  });

  it("shows the user's theme preference at once where the site theme allows it", async () => {
    fakeApi([signedIn(authUser({ themePreference: 'dark' }))]);
    renderApp('/user/settings');
    await screen.findByRole('radio', { name: 'Dark' });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('keeps a single-scheme theme whatever the preference, and offers no choice', async () => {
    fakeApi([
      signedIn(authUser({ themePreference: 'dark' })),
      (url) =>
        url.pathname === '/api/site/info'
          ? json(200, { data: siteInfo({ theme: 'white' }) })
          : undefined,
    ]);
    renderApp('/user/settings');
    await screen.findByText('The language of the interface and of the e-mails we send you.');
    expect(screen.queryByRole('radio', { name: 'Dark' })).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});

describe('banners in the signed-in frame', () => {
  it('shows the impersonation banner in its slot', async () => {
    fakeApi([
      signedIn(
        authUser({
          fullName: 'Maja Zupan',
          email: 'user@demo.energy',
          impersonation: { active: true, by: { id: 1, fullName: 'Ana Admin' } },
        }),
      ),
    ]);
    renderApp('/');
    const slot = await screen.findByRole('region', { name: 'Impersonation' });
    expect(slot).toHaveTextContent('You are acting as Maja Zupan (user@demo.energy).');
    expect(within(slot).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('sends a user who is not set up to /setup and says why there is nothing to see', async () => {
    fakeApi([signedIn(authUser({ role: 'ROLE_USER_BASIC' }))]);
    const { router } = renderApp('/');
    expect(await screen.findByTestId('not-set-up-banner')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('asks for marketing consent on the default product only', async () => {
    fakeApi([
      signedIn(authUser({ role: 'ROLE_AGGREGATOR', marketingConsent: null })),
      (url) =>
        url.pathname === '/api/site/info'
          ? json(200, { data: siteInfo({ identifier: 'default' }) })
          : undefined,
    ]);
    renderApp('/');
    expect(await screen.findByTestId('marketing-banner')).toBeInTheDocument();
    expect(screen.queryByTestId('not-set-up-banner')).not.toBeInTheDocument();
  });
});

describe('confirmation flow', () => {
  it('validates a numeric confirmation and names the added location; Continue goes home without the parameters', async () => {
    const api = fakeApi([
      signedIn(),
      route('POST', '/api/security/validate-confirmation', 200, {
        data: { location: { id: null, name: 'Sunny Street 5' } },
      }),
    ]);
    const { router } = renderApp(`/support${CONFIRM}`);
    const dialog = await screen.findByRole('dialog', { name: 'Invitation' });
    expect(
      await within(dialog).findByText('You now have access to the location Sunny Street 5.'),
    ).toBeInTheDocument();
    const request = api.fetch.mock.calls.find(([input]) =>
      String(input).includes('validate-confirmation'),
    );
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({
      data: { id: 12, action: 'LOCATION_INVITE' },
    });
    expect(api.calls.filter((c) => c.includes('validate-confirmation'))).toHaveLength(1);
    // The accepted invitation added a location: the user's permissions and the sidebar are asked again.
    const accepted = api.calls.findIndex((c) => c.includes('validate-confirmation'));
    await waitFor(
      () => {
        const after = api.calls.slice(accepted + 1);
        expect(after).toContain('GET /api/auth/user');
        expect(after).toContain('GET /api/menu');
      },
      { timeout: 15_000 },
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location(router)).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The whole app with its lazy modules: slow on a busy machine.
  }, 20_000);

  it('shows the failure text when the server refuses', async () => {
    fakeApi([
      signedIn(),
      route('POST', '/api/security/validate-confirmation', 422, {
        error: { code: 'RULE_BROKEN', message: 'location_invite.error' },
      }),
    ]);
    renderApp(`/${CONFIRM}`);
    expect(await screen.findByTestId('confirmation-failure')).toBeInTheDocument();
  });

  it('fails a non-numeric id without calling the server', async () => {
    const api = fakeApi([signedIn()]);
    renderApp('/?confirmationAction=LOCATION_INVITE&confirmationId=abc');
    expect(await screen.findByTestId('confirmation-failure')).toBeInTheDocument();
    expect(api.calls.some((c) => c.includes('validate-confirmation'))).toBe(false);
  });

  it('keeps the parameters through sign-in, then confirms', async () => {
    let user: AuthUser | null = null;
    const api = fakeApi([
      (url, init) => {
        if (url.pathname === '/api/auth/login') {
          user = setUpUser();
          return json(200, { data: { user } });
        }
        if (url.pathname === '/api/auth/user' && (init?.method ?? 'GET') === 'GET' && user) {
          return json(200, { data: { user } });
        }
        return undefined;
      },
      route('POST', '/api/security/validate-confirmation', 200, {
        data: { location: { id: 3, name: 'Garage' } },
      }),
    ]);
    const { router } = renderApp(`/${CONFIRM}`);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(location(router)).toBe(
      '/auth/login?redirect=%2F%3FconfirmationAction%3DLOCATION_INVITE%26confirmationId%3D12',
    );
    expect(api.calls.some((c) => c.includes('validate-confirmation'))).toBe(false);

    await userEvent.type(screen.getByLabelText(/E-mail/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('You now have access to the location Garage.'),
    ).toBeInTheDocument();
    expect(location(router)).toBe(`/${CONFIRM}`);
  });
});
