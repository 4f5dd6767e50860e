import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcErrorCode, OidcProvider } from '@ec/contract';
import { isLocale, type Locale } from '@ec/domain';
import type { OidcProviderConfig } from '../../config.ts';
import type { Log } from '../../logger.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuthService, ClientInfo, StartedSession, UserRecord } from '../auth/auth.service.ts';
import type { SiteService } from '../site/site.service.ts';
import type { OidcRepository } from './oidc.repository.ts';

/** A started sign-in must come back within this time. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;

/**
 * A same-origin path to return to after sign-in: only paths (`/…`), never another origin (`//host`, `/\host`,
 * `https://…`), control characters or the API; anything else gives `/`.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return '/';
  if (value.startsWith('//') || value.startsWith('/\\') || /[\p{Cc}\\]/u.test(value)) return '/';
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname.startsWith('/api/') || url.pathname === '/api')
    return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

function stateIdFor(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** The outcome of a callback: a session and where to go, or an error code for the sign-in page. */
export type CallbackResult =
  | { ok: true; session: StartedSession; redirect: string; user: UserRecord }
  | { ok: false; error: OidcErrorCode };

/** The locale a provider suggests (`sl`, `sl-SI`, `en_GB`), when we support it. */
function localeFromClaim(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const language = value.slice(0, 2).toLowerCase();
  return isLocale(language) ? language : null;
}

/**
 * Social sign-in with OpenID Connect (openid-client): authorization code flow with PKCE (S256), state and nonce
 * kept server-side, accounts linked by the provider's subject, else by verified e-mail (docs/decisions/0010).
 */
export function createOidcService(deps: {
  providers: readonly OidcProviderConfig[];
  repo: OidcRepository;
  accounts: AccountsService;
  auth: AuthService;
  sites: SiteService;
  log: Log;
  /** Allow http:// issuers (local emulators and tests); never in production. */
  allowInsecure: boolean;
  now?: () => Date;
}) {
  const { repo, accounts, auth, sites, log } = deps;
  const now = deps.now ?? (() => new Date());
  const byId = new Map(deps.providers.map((p) => [p.id, p]));
  const discovered = new Map<string, Promise<client.Configuration>>();

  function configurationOf(provider: OidcProviderConfig): Promise<client.Configuration> {
    let pending = discovered.get(provider.id);
    if (!pending) {
      const insecure = deps.allowInsecure && provider.issuer.startsWith('http:');
      pending = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      discovered.set(provider.id, pending);
      // A failed discovery (provider down) is tried again next time.
      pending.catch(() => discovered.delete(provider.id));
    }
    return pending;
  }

  function callbackUrl(origin: string, providerId: string): string {
    return `${origin}/api/auth/oidc/${encodeURIComponent(providerId)}/callback`;
  }

  /**
   * The account for verified provider claims: the one linked to (provider, sub); else the account with the
   * verified e-mail (linked now); else a new verified basic user on the site where the sign-in started.
   */
  async function linkOrCreate(
    provider: OidcProviderConfig,
    claims: client.IDToken,
    siteId: number | null,
  ): Promise<UserRecord | { error: OidcErrorCode }> {
    const linked = await repo.findIdentity(provider.id, claims.sub);
    if (linked) {
      const user = await auth.findUser(linked.userId);
      if (user) return user;
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // Microsoft Entra asserts a verified domain with the optional claim xms_edov instead of email_verified.
    const verified = claims.email_verified === true || claims.xms_edov === true;
    if (!email || !verified) return { error: 'EMAIL_NOT_VERIFIED' };

    let user = await accounts.findByEmail(email);
    if (user) {
      user = await accounts.confirmAddressFromProvider(user);
      log.info(
        { provider: provider.id, userId: user.id },
        'social account linked by verified e-mail',
      );
    } else {
      const site = siteId === null ? (await sites.resolve({})).site : await sites.byId(siteId);
      const text = (value: unknown) =>
        typeof value === 'string' ? value.trim().slice(0, 100) : '';
      user = await accounts.createSocialUser({
        email,
        firstName: text(claims.given_name) || text(claims.name),
        lastName: text(claims.family_name),
        locale: localeFromClaim(claims.locale) ?? site.defaultLocale,
        siteId: site.id,
      });
      log.info({ provider: provider.id, userId: user.id }, 'user created by social sign-in');
    }
    await repo.insertIdentity({
      provider: provider.id,
      subject: claims.sub,
      userId: user.id,
      email,
    });
    return user;
  }

  return {
    /** Configured providers for the sign-in buttons. */
    list(): OidcProvider[] {
      return deps.providers.map(({ id, name }) => ({ id, name }));
    },

    has(providerId: string): boolean {
      return byId.has(providerId);
    },

    /**
     * Starts a sign-in: stores state, nonce and PKCE verifier, and answers the provider's authorization URL and
     * the state (the caller binds it to the browser with a cookie).
     */
    async start(
      providerId: string,
      input: { redirect: string; origin: string; siteId: number | null },
    ): Promise<{ url: string; state: string }> {
      const provider = byId.get(providerId);
      if (!provider) throw new Error(`unknown provider ${providerId}`);
      const configuration = await configurationOf(provider);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const at = now();
      await repo.deleteExpiredStates(at);
      await repo.insertState({
        id: stateIdFor(state),
        provider: provider.id,
        codeVerifier,
        nonce,
        redirect: safeRedirect(input.redirect),
        siteId: input.siteId,
        expiresAt: new Date(at.getTime() + OIDC_STATE_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(input.origin, provider.id),
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },

    /**
     * Completes a sign-in: the state must be known, unexpired, for this provider and the one bound to the browser;
     * the code is exchanged with the PKCE verifier and the ID token checked (signature, issuer, audience, nonce).
     * The provider must say the e-mail is verified before it links or creates an account.
     */
    async callback(
      providerId: string,
      input: {
        /** Path and query the provider sent the browser back to. */
        url: string;
        origin: string;
        /** The state cookie of the browser. */
        boundState: string | undefined;
        client: ClientInfo;
        previousToken: string | undefined;
      },
    ): Promise<CallbackResult> {
      const provider = byId.get(providerId);
      if (!provider) return { ok: false, error: 'UNKNOWN_PROVIDER' };
      const currentUrl = new URL(input.url, callbackUrl(input.origin, provider.id));
      const state = currentUrl.searchParams.get('state');
      const stored = state ? await repo.takeState(stateIdFor(state)) : undefined;
      if (currentUrl.searchParams.has('error')) {
        log.info(
          { provider: provider.id, error: currentUrl.searchParams.get('error') },
          'social sign-in not completed',
        );
        return { ok: false, error: 'CANCELLED' };
      }
      if (!state || !stored || stored.provider !== provider.id || input.boundState !== state) {
        log.warn(
          { provider: provider.id, known: stored !== undefined },
          'social sign-in with an unknown or foreign state',
        );
        return { ok: false, error: 'FAILED' };
      }
      if (stored.expiresAt <= now()) return { ok: false, error: 'FAILED' };

      let claims: client.IDToken;
      try {
        const configuration = await configurationOf(provider);
        // The token request's redirect_uri is the callback URL without its query: the one sent at the start.
        currentUrl.pathname = new URL(callbackUrl(input.origin, provider.id)).pathname;
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: stored.codeVerifier,
          expectedState: state,
          expectedNonce: stored.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) return { ok: false, error: 'FAILED' };
        claims = idClaims;
        if (typeof claims.email !== 'string' && tokens.access_token) {
          const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
        }
      } catch (error) {
        log.warn({ provider: provider.id, err: error }, 'social sign-in failed');
        return { ok: false, error: 'FAILED' };
      }

      const user = await linkOrCreate(provider, claims, stored.siteId);
      if ('error' in user) return { ok: false, error: user.error };
      const session = await auth.startSession(user.id, input.client, input.previousToken);
      log.info({ provider: provider.id, userId: user.id, ip: input.client.ip }, 'social sign-in');
      return { ok: true, session, redirect: stored.redirect, user };
    },

    /** The user's linked provider accounts (for the data export). */
    async identitiesOf(userId: number) {
      const rows = await repo.identitiesOf(userId);
      return rows.map((row) => ({
        provider: row.provider,
        email: row.email,
        linkedAt: row.linkedAt.toISOString(),
      }));
    },
  };
}

/** The OIDC service's interface. */
export type OidcService = ReturnType<typeof createOidcService>;
