import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@ec/contract';
import { authUser, json } from '../../../shared/test/fixtures.ts';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { useOptionalUser } from '../use-current-user.ts';
import {
  ImpersonationBanner,
  MarketingConsentBanner,
  NotSetUpBanner,
  showsMarketingBanner,
} from './account-banners.tsx';

const i18n = createTestI18n();
const impersonation = { active: true as const, by: { id: 1, fullName: 'Ana Admin' } };

describe('showsMarketingBanner (spec 001 §4)', () => {
  it.each<[string, AuthUser | null, string, boolean]>([
    ['default product, no answer yet', authUser({ marketingConsent: null }), 'default', true],
    ['another product', authUser({ marketingConsent: null }), 'sunpower', false],
    ['already agreed', authUser({ marketingConsent: true }), 'default', false],
    ['already disagreed', authUser({ marketingConsent: false }), 'default', false],
    ['signed out', null, 'default', false],
    [
      'an administrator acting as the user',
      authUser({ marketingConsent: null, impersonation }),
      'default',
      false,
    ],
  ])('%s → %s', (_name, user, site, expected) => {
    expect(showsMarketingBanner(user, site)).toBe(expected);
  });
});

/** The banner as the main layout uses it: fed by the cached user, so a reload of the user hides it. */
function LiveMarketingBanner() {
  const user = useOptionalUser();
  return user ? <MarketingConsentBanner user={user} siteIdentifier="default" /> : null;
}

describe('MarketingConsentBanner', () => {
  it.each([
    ['Agree', true],
    ['Disagree', false],
  ])('%s saves %s, reloads the user and goes away', async (button, consent) => {
    let saved: AuthUser = authUser({ marketingConsent: null });
    const calls = fakeFetch(
      (request) => {
        if (request.method !== 'POST' || request.path !== '/api/auth/user') return undefined;
        saved = { ...saved, marketingConsent: consent };
        return json(200, { data: { user: saved } });
      },
      (request) =>
        request.method === 'GET' && request.path === '/api/auth/user'
          ? json(200, { data: { user: saved } })
          : undefined,
    );
    renderWithProviders(<LiveMarketingBanner />, { i18n });
    await userEvent.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(screen.queryByTestId('marketing-banner')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.call === 'POST /api/auth/user');
    expect(posts.map((c) => c.body)).toEqual([{ data: { marketingConsent: consent } }]);
    // Loaded once for the page, once more after the answer.
    expect(calls.filter((c) => c.call === 'GET /api/auth/user')).toHaveLength(2);
  });

  it('is a card that Ask me later closes for this visit, without answering', async () => {
    const calls = fakeFetch();
    const user = authUser({ id: 7, marketingConsent: null });
    const first = renderWithProviders(
      <MarketingConsentBanner user={user} siteIdentifier="default" />,
      { i18n },
    );
    const card = screen.getByRole('region', { name: 'Stay informed' });
    expect(card).toHaveAttribute('data-testid', 'marketing-banner');
    await userEvent.click(within(card).getByRole('button', { name: 'Ask me later' }));
    expect(screen.queryByTestId('marketing-banner')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    first.unmount();

    // The same visit (session storage): still put off; another user on this browser is still asked.
    renderWithProviders(<MarketingConsentBanner user={user} siteIdentifier="default" />, { i18n });
    expect(screen.queryByTestId('marketing-banner')).not.toBeInTheDocument();
    renderWithProviders(
      <MarketingConsentBanner
        user={authUser({ id: 8, marketingConsent: null })}
        siteIdentifier="default"
      />,
      { i18n },
    );
    expect(screen.getByTestId('marketing-banner')).toBeInTheDocument();
  });

  it('stays hidden once answered', () => {
    fakeFetch();
    renderWithProviders(
      <MarketingConsentBanner
        user={authUser({ marketingConsent: false })}
        siteIdentifier="default"
      />,
      { i18n },
    );
    expect(screen.queryByTestId('marketing-banner')).not.toBeInTheDocument();
  });
});

describe('ImpersonationBanner', () => {
  it('names whom the administrator acts as; Stop ends it and reloads the page', async () => {
    const calls = fakeFetch(
      answer('POST', '/api/auth/unimpersonate', 200, { data: { user: authUser({ id: 1 }) } }),
    );
    const reload = vi.fn();
    renderWithProviders(
      <ImpersonationBanner
        user={authUser({ fullName: 'Maja Zupan', email: 'user@demo.energy', impersonation })}
        reload={reload}
      />,
      { i18n },
    );
    expect(screen.getByTestId('impersonation-banner')).toHaveTextContent(
      'You are acting as Maja Zupan (user@demo.energy). Signed in as Ana Admin.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.call)).toEqual(['POST /api/auth/unimpersonate']);
  });

  it('renders nothing without an impersonation', () => {
    fakeFetch();
    renderWithProviders(<ImpersonationBanner user={authUser()} reload={vi.fn()} />, { i18n });
    expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
  });

  it('keeps the page when stopping fails', async () => {
    fakeFetch(() => json(500, { error: { code: 'INTERNAL', message: 'errors.INTERNAL' } }));
    const reload = vi.fn();
    const { queryClient } = renderWithProviders(
      <ImpersonationBanner user={authUser({ impersonation })} reload={reload} />,
      { i18n },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
  });
});

describe('NotSetUpBanner (domain isSetUp)', () => {
  it.each<[string, AuthUser, boolean]>([
    ['a basic user without locations', authUser({ role: 'ROLE_USER_BASIC' }), true],
    ['a plain user', authUser({ role: 'ROLE_USER' }), true],
    [
      'a basic user with a location',
      authUser({ role: 'ROLE_USER_BASIC', locations: [{ id: 1, name: 'Home' }] }),
      false,
    ],
    ['an aggregator', authUser({ role: 'ROLE_AGGREGATOR' }), false],
    ['a super admin', authUser({ role: 'ROLE_SUPER_ADMIN' }), false],
  ])('%s → shown: %s', (_name, user, shown) => {
    fakeFetch();
    renderWithProviders(<NotSetUpBanner user={user} />, { i18n });
    expect(screen.queryByText('Your account is not set up yet') !== null).toBe(shown);
  });
});
