import { COOKIE_CONSENT_MAX_AGE_DAYS, COOKIE_CONSENT_NAME } from '@ec/domain';

/** The stored cookie choice (spec 001 §3 Cookie consent). Necessary cookies are always on. */
export interface CookieConsent {
  config: { necessaryCookies: true; analyticsCookies: boolean };
  /** When the choice was made, ISO 8601. */
  consentedAt: string;
}

const MAX_AGE_SECONDS = COOKIE_CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;

function isConsent(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  const { config, consentedAt } = value as { config?: unknown; consentedAt?: unknown };
  if (typeof config !== 'object' || config === null || typeof consentedAt !== 'string')
    return false;
  const { necessaryCookies, analyticsCookies } = config as Record<string, unknown>;
  return necessaryCookies === true && typeof analyticsCookies === 'boolean';
}

/** The choice stored in the `cookie_consent` cookie, or null when there is none (or it is unreadable). */
export function readConsent(cookieHeader: string = document.cookie): CookieConsent | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE_CONSENT_NAME) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()));
      return isConsent(value) ? value : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** A consent record for the given analytics choice, made now. */
export function createConsent(analyticsCookies: boolean, now: Date = new Date()): CookieConsent {
  return { config: { necessaryCookies: true, analyticsCookies }, consentedAt: now.toISOString() };
}

/** The Set-Cookie-style string for document.cookie: URL-encoded JSON, one year, whole site, SameSite=Lax. */
export function consentCookie(consent: CookieConsent, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(consent));
  const attributes = [`max-age=${MAX_AGE_SECONDS}`, 'path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return `${COOKIE_CONSENT_NAME}=${value}; ${attributes.join('; ')}`;
}

/** Stores the choice for a year (spec 001 §9) and returns it. */
export function writeConsent(analyticsCookies: boolean, now: Date = new Date()): CookieConsent {
  const consent = createConsent(analyticsCookies, now);
  document.cookie = consentCookie(consent, window.location.protocol === 'https:');
  return consent;
}
