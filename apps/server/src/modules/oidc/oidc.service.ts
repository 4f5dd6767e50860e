import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcErrorCode, OidcProvider } from '@ec/contract';
import { isLocale, type Locale } from '@ec/domain';
import type { OidcProviderConfig } from '../../config.ts';
import type { Log } from '../../logger.ts';
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

/** The placeholder in a multi-tenant issuer (Microsoft: `https://login.microsoftonline.com/{tenantid}/v2.0`). */
const TENANT_PLACEHOLDER = '{tenantid}';

/** A discovered provider: its configuration, the issuer template when it is multi-tenant, http allowed. */
interface Discovered {
  configuration: client.Configuration;
  issuerTemplate: string | null;
  insecure: boolean;
}

/**
 * The issuer named in a token response's ID token when it fits the template (`{tenantid}` = one path segment of
 * letters, digits, `-`, `_` or `.`), else null. Read before validation; the second exchange validates it.
 */
export function tenantIssuerOf(tokenResponse: string, template: string): string | null {
  try {
    const body = JSON.parse(tokenResponse) as { id_token?: unknown };
    if (typeof body.id_token !== 'string') return null;
    const payload = body.id_token.split('.')[1] ?? '';
    const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      iss?: unknown;
    };
    if (typeof iss !== 'string') return null;
    const [before, after] = template.split(TENANT_PLACEHOLDER);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escape(before ?? '')}[A-Za-z0-9._-]+${escape(after ?? '')}$`);
    return pattern.test(iss) ? iss : null;
  } catch {
    return null;
  }
}

function stateIdFor(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** The outcome of a callback: a session and where to go, or an error code for the sign-in page. */
export type CallbackResult =
  | { ok: true; session: StartedSession; redirect: string; user: UserRecord }
  | { ok: false; error: OidcErrorCode };

/**
 * What social sign-in needs of the accounts module. The OIDC module owns this interface and the accounts service
 * satisfies it, so OIDC does not import accounts; and accounts, whose data export lists the identities that
 * {@link createOidcIdentities} reads, is built before the OIDC service: a plain sequence, no late-bound holder
 * (docs/decisions/0018).
 */
export interface OidcAccounts {
  /** The user with this e-mail (lower-cased), if any. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Marks the address verified (the provider vouched for it) and drops an unconfirmed password. */
  confirmAddressFromProvider(user: UserRecord): Promise<UserRecord>;
  /** Creates a verified basic user for a first social sign-in. */
  createSocialUser(input: {
    email: string;
    firstName: string;
    lastName: string;
    locale: Locale;
    siteId: number;
  }): Promise<UserRecord>;
}

/** The linked provider accounts of users (read by the accounts module's data export). */
export function createOidcIdentities(repo: Pick<OidcRepository, 'identitiesOf'>) {
  return {
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

/** The identities reader's interface. */
export type OidcIdentities = ReturnType<typeof createOidcIdentities>;

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
  accounts: OidcAccounts;
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
  const discovered = new Map<string, Promise<Discovered>>();

  async function discover(provider: OidcProviderConfig): Promise<Discovered> {
    const insecure = deps.allowInsecure && provider.issuer.startsWith('http:');
    const expected = new URL(provider.issuer).href;
    let issuerTemplate: string | null = null;
    // Multi-tenant issuers (Microsoft's `common`) publish `…/{tenantid}/…` as their issuer, which the strict
    // discovery check refuses: accept the document under the configured issuer and remember the template.
    const discoveryFetch: client.CustomFetch = async (url, options) => {
      const response = await fetch(url, options as RequestInit);
      if (!url.includes('/.well-known/') || !response.ok) return response;
      const metadata = (await response.json()) as Record<string, unknown>;
      if (typeof metadata.issuer === 'string' && metadata.issuer.includes(TENANT_PLACEHOLDER)) {
        issuerTemplate = metadata.issuer;
        metadata.issuer = expected;
        // The authorization response cannot be checked against a template; the ID token is, below.
        delete metadata.authorization_response_iss_parameter_supported;
      }
      return Response.json(metadata, { status: response.status });
    };
    const configuration = await client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      {
        [client.customFetch]: discoveryFetch,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    return { configuration, issuerTemplate, insecure };
  }

  function configurationOf(provider: OidcProviderConfig): Promise<Discovered> {
    let pending = discovered.get(provider.id);
    if (!pending) {
      pending = discover(provider);
      discovered.set(provider.id, pending);
      // A failed discovery (provider down) is tried again next time.
      pending.catch(() => discovered.delete(provider.id));
    }
    return pending;
  }

  /** A configuration for one callback, with its own issuer and fetch (never shared between requests). */
  function configurationFor(
    provider: OidcProviderConfig,
    found: Discovered,
    issuer: string,
    fetchImpl: client.CustomFetch,
  ): client.Configuration {
    const { supportsPKCE: _helper, ...metadata } = found.configuration.serverMetadata();
    const configuration = new client.Configuration(
      { ...metadata, issuer },
      provider.clientId,
      provider.clientSecret,
    );
    if (found.insecure) client.allowInsecureRequests(configuration);
    configuration[client.customFetch] = fetchImpl;
    return configuration;
  }

  /**
   * The code exchange. For a templated issuer the tenant is known only from the ID token: a first exchange keeps the
   * token response and fails the issuer check; the tenant's issuer is read from the (not yet trusted) token, must fit
   * the template, and a second validation of the kept response against that issuer checks everything again —
   * signature with the provider's keys, issuer, audience, expiry, nonce. The code is sent to the provider once.
   */
  async function exchange(
    provider: OidcProviderConfig,
    found: Discovered,
    currentUrl: URL,
    checks: client.AuthorizationCodeGrantChecks,
  ) {
    if (!found.issuerTemplate) {
      const tokens = await client.authorizationCodeGrant(found.configuration, currentUrl, checks);
      return { tokens, configuration: found.configuration };
    }
    const template = found.issuerTemplate;
    const metadata = found.configuration.serverMetadata();
    const tokenEndpoint = metadata.token_endpoint;
    currentUrl.searchParams.delete('iss');
    let kept: string | undefined;
    const keep: client.CustomFetch = async (url, options) => {
      const response = await fetch(url, options as RequestInit);
      if (url === tokenEndpoint) kept = await response.clone().text();
      return response;
    };
    const first = configurationFor(provider, found, metadata.issuer, keep);
    try {
      return {
        tokens: await client.authorizationCodeGrant(first, currentUrl, checks),
        configuration: first,
      };
    } catch (error) {
      const issuer = kept === undefined ? null : tenantIssuerOf(kept, template);
      if (!issuer || kept === undefined) throw error;
      const body = kept;
      const replay: client.CustomFetch = (url, options) =>
        url === tokenEndpoint
          ? Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }))
          : fetch(url, options as RequestInit);
      const second = configurationFor(provider, found, issuer, replay);
      return {
        tokens: await client.authorizationCodeGrant(second, currentUrl, checks),
        configuration: second,
      };
    }
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
      const { configuration } = await configurationOf(provider);
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
        const found = await configurationOf(provider);
        // The token request's redirect_uri is the callback URL without its query: the one sent at the start.
        currentUrl.pathname = new URL(callbackUrl(input.origin, provider.id)).pathname;
        const { tokens, configuration } = await exchange(provider, found, currentUrl, {
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
  };
}

/** The OIDC service's interface. */
export type OidcService = ReturnType<typeof createOidcService>;
