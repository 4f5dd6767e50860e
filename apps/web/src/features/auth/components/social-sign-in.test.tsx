import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { oidcStartUrl } from '@ec/contract';
import { answer, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { oidcStartHref } from '../api/account-api.ts';
import { SocialSignIn } from './social-sign-in.tsx';

const i18n = createTestI18n();

describe('SocialSignIn', () => {
  it('shows a button per configured provider that starts its sign-in and comes back to the intended page', async () => {
    fakeFetch(
      answer('GET', '/api/auth/oidc/providers', 200, {
        data: {
          providers: [
            { id: 'google', name: 'Google' },
            { id: 'microsoft', name: 'Microsoft' },
          ],
        },
      }),
    );
    renderWithProviders(<SocialSignIn redirect="/user/settings?tab=1" />, { i18n });
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/google/start?redirect=%2Fuser%2Fsettings%3Ftab%3D1',
    );
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/microsoft/start?redirect=%2Fuser%2Fsettings%3Ftab%3D1',
    );
  });

  it('renders nothing when no provider is configured', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/auth/oidc/providers', 200, { data: { providers: [] } }),
    );
    const { container } = renderWithProviders(<SocialSignIn redirect="/" />, { i18n });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('social-sign-in')).not.toBeInTheDocument();
    expect(container.querySelector('a')).toBeNull();
  });

  it("builds the same start URL as the contract's oidcStartUrl", () => {
    for (const [id, redirect] of [
      ['google', '/'],
      ['my idp', '/locations/5?x=1&y=2'],
    ] as const) {
      expect(oidcStartHref(id, redirect)).toBe(oidcStartUrl(id, redirect));
    }
  });
});
