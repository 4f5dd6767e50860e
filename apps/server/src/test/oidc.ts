import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Claims of a test account at the local OpenID provider. */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

/** A local OpenID Connect provider (oidc-provider) for the full redirect flow. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in as (a tiny interaction that logs in without a form). */
  account: TestAccount;
  close(): Promise<void>;
}

/**
 * Starts oidc-provider on 127.0.0.1 (random port) with one confidential client whose redirect URIs are given.
 * The login and consent prompts are answered by a small interaction handler that signs in `account`, so tests
 * follow the real redirects with fetch and never parse HTML.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  /** Put the claims into the ID token (default) or only into userinfo (oidc-provider's conform mode). */
  claimsInIdToken?: boolean;
  /**
   * Serve the provider as one tenant of a multi-tenant issuer, like Microsoft: its issuer is `<base>/<tenant>`, and
   * `<base>/common` publishes a discovery document whose issuer is the template `<base>/{tenantid}`.
   */
  tenant?: string;
}): Promise<TestOidcProvider> {
  let handler: Parameters<typeof createServer>[1] = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const issuer = options.tenant ? `${base}/${options.tenant}` : base;

  const state: TestOidcProvider = {
    issuer: options.tenant ? `${base}/common` : issuer,
    clientId: 'energy-cloud-test',
    clientSecret: 'test-client-secret-with-enough-entropy',
    account: { sub: 'account-1', email: 'social.user@example.com', email_verified: true },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'locale'],
    },
    conformIdTokenClaims: options.claimsInIdToken === false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['test-cookie-key'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = state.account;
      return {
        accountId: id,
        async claims() {
          return { ...account, sub: id };
        },
      };
    },
  });
  const callback = provider.callback();

  const mount = options.tenant ? `/${options.tenant}` : '';
  handler = (req, res) => {
    if (options.tenant && req.url === '/common/.well-known/openid-configuration') {
      void fetch(`${issuer}/.well-known/openid-configuration`)
        .then((r) => r.json() as Promise<Record<string, unknown>>)
        .then((metadata) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ...metadata, issuer: `${base}/{tenantid}` }));
        });
      return;
    }
    if (!req.url?.startsWith('/interaction/')) {
      if (mount && req.url?.startsWith(mount)) {
        // Mounted under the tenant path, the way Express hands a sub-app its requests.
        (req as { originalUrl?: string }).originalUrl = req.url;
        req.url = req.url.slice(mount.length) || '/';
      }
      return callback(req, res);
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      let result: Record<string, unknown>;
      if (details.prompt.name === 'login') {
        result = { login: { accountId: state.account.sub } };
      } else {
        const grant = new provider.Grant({
          accountId: details.session?.accountId ?? state.account.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        result = { consent: { grantId: await grant.save() } };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };
  return state;
}

/** A cookie jar for fetch: remembers Set-Cookie per host and sends the cookies back. */
export class CookieJar {
  readonly #cookies = new Map<string, Map<string, string>>();

  store(url: URL, response: Response): void {
    const jar = this.#cookies.get(url.host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    this.#cookies.set(url.host, jar);
  }

  header(url: URL): string {
    return [...(this.#cookies.get(url.host) ?? new Map<string, string>())]
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }
}

/**
 * Follows the provider's redirects (authorization, interactions, resume) until one leaves the provider, and
 * answers that location (our callback URL with code and state).
 */
export async function followProvider(start: string, jar = new CookieJar()): Promise<URL> {
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
    jar.store(url, response);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `provider answered ${response.status} at ${url.href}: ${await response.text()}`,
      );
    const next = new URL(location, url);
    if (next.host !== url.host) return next;
    url = next;
  }
  throw new Error('too many redirects at the provider');
}
