import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../shared/test/i18n.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { CookieBanner } from './components/cookie-banner.tsx';
import { CookieSettingsLink } from './components/cookie-settings-link.tsx';
import { ConsentProvider } from './consent-context.tsx';
import { consentCookie, createConsent, readConsent, type CookieConsent } from './consent-cookie.ts';

const SCRIPT_URL = 'https://analytics.example.com/a.js';

function renderConsent(scriptUrl: string | null = SCRIPT_URL) {
  return renderWithProviders(
    <ConsentProvider analyticsScriptUrl={scriptUrl}>
      <CookieSettingsLink />
      <CookieBanner />
    </ConsentProvider>,
    { i18n: createTestI18n() },
  );
}

function storedConsent(): CookieConsent | null {
  return readConsent(document.cookie);
}

const analyticsScript = () => document.head.querySelector(`script[src="${SCRIPT_URL}"]`);
const banner = () => screen.queryByRole('region', { name: 'Cookies on this site' });

describe('cookie consent', () => {
  it('Accept all stores necessary and analytics, hides the banner and loads the analytics script', async () => {
    renderConsent();
    expect(banner()).toBeInTheDocument();
    expect(analyticsScript()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(storedConsent()).toEqual({
      config: { necessaryCookies: true, analyticsCookies: true },
      consentedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
    expect(banner()).not.toBeInTheDocument();
    expect(analyticsScript()).not.toBeNull();
  });

  it('Only necessary stores analytics off and never loads the script', async () => {
    renderConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(storedConsent()?.config).toEqual({ necessaryCookies: true, analyticsCookies: false });
    expect(banner()).not.toBeInTheDocument();
    expect(analyticsScript()).toBeNull();
  });

  it('Customize shows necessary fixed on and an analytics switch, and saves the choice', async () => {
    renderConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const necessary = within(dialog).getByRole('switch', { name: /Necessary cookies/ });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    const analytics = within(dialog).getByRole('switch', { name: /Analytics cookies/ });
    expect(analytics).not.toBeChecked();

    await userEvent.click(analytics);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my choice' }));
    expect(storedConsent()?.config).toEqual({ necessaryCookies: true, analyticsCookies: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(banner()).not.toBeInTheDocument();
    expect(analyticsScript()).not.toBeNull();
  });

  it('Customize and Save without analytics stores analytics off', async () => {
    renderConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Customize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my choice' }));
    expect(storedConsent()?.config).toEqual({ necessaryCookies: true, analyticsCookies: false });
    expect(analyticsScript()).toBeNull();
  });

  it('shows no banner once a choice exists, and loads analytics from a stored consent', () => {
    document.cookie = consentCookie(createConsent(true), false);
    renderConsent();
    expect(banner()).not.toBeInTheDocument();
    expect(analyticsScript()).not.toBeNull();
  });

  it('lets the choice be changed later from the settings link, removing the analytics script', async () => {
    document.cookie = consentCookie(createConsent(true), false);
    renderConsent();
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const analytics = within(dialog).getByRole('switch', { name: /Analytics cookies/ });
    expect(analytics).toBeChecked();
    await userEvent.click(analytics);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save my choice' }));
    expect(storedConsent()?.config.analyticsCookies).toBe(false);
    expect(analyticsScript()).toBeNull();
  });

  it('loads nothing with analytics consent when the site has no analytics script', async () => {
    renderConsent(null);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(document.head.querySelector('script[data-ec-analytics]')).toBeNull();
  });
});

describe('consentCookie', () => {
  it('is URL-encoded JSON kept for one year on the whole site with SameSite=Lax', () => {
    const consent = createConsent(false, new Date('2026-03-01T10:00:00.000Z'));
    const cookie = consentCookie(consent, false);
    const [pair, ...attributes] = cookie.split('; ');
    expect(pair).toBe(
      `cookie_consent=${encodeURIComponent(
        '{"config":{"necessaryCookies":true,"analyticsCookies":false},"consentedAt":"2026-03-01T10:00:00.000Z"}',
      )}`,
    );
    expect(attributes).toEqual(['max-age=31536000', 'path=/', 'SameSite=Lax']);
    expect(consentCookie(consent, true)).toMatch(/; Secure$/);
  });

  it('reads back only a well-formed choice', () => {
    expect(readConsent('cookie_consent=%7B%22x%22%3A1%7D')).toBeNull();
    expect(readConsent('cookie_consent=not-json')).toBeNull();
    expect(readConsent('other=1')).toBeNull();
  });
});
