import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { listenOnLoopback } from '../listen.ts';

/** Claims of an account at the emulated OpenID provider. */
export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

/** Labels of the emulator's own sign-in form (the provider's page, not the app's: no catalog texts). */
export const OIDC_EMULATOR_FORM = {
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  submit: (providerName: string) => `Sign in at ${providerName}`,
} as const;

/** What to start. Only `redirectUris` is required. */
export interface OidcEmulatorOptions {
  /** The relying party's callback URLs (exact match, as real providers require). */
  redirectUris: string[];
  /** The one confidential client (client_secret_post, PKCE required). */
  clientId?: string;
  clientSecret?: string;
  /**
   * How the provider signs a user in:
   * - `silent` (default): no page; the interaction signs in {@link OidcEmulator.account} and grants consent, so a test
   *   follows the redirects with fetch and never parses HTML (see `followProvider`);
   * - `form`: a small sign-in page a browser fills (any address, marked verified, with the names typed).
   */
  login?: 'silent' | 'form';
  /** The provider's display name (the form's heading and title). */
  name?: string;
  /** Put the claims into the ID token (default) or only into userinfo (oidc-provider's conform mode). */
  claimsInIdToken?: boolean;
  /**
   * Serve the provider as one tenant of a multi-tenant issuer, like Microsoft: its issuer is `<base>/<tenant>`, and
   * `<base>/common` publishes a discovery document whose issuer is the template `<base>/{tenantid}`.
   */
  tenant?: string;
}

/** A running emulated OpenID Connect provider. */
export interface OidcEmulator {
  /** The issuer to configure (for a tenant: the `common` discovery base). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** In `silent` mode, the account the next sign-in uses; a test may replace it between flows. */
  account: OidcAccount;
  close(): Promise<void>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The provider's sign-in page: whoever types an address is that account (verified), with the names given. */
function loginPage(uid: string, providerName: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const field = (name: string, label: string, type = 'text') =>
    `<p><label>${escapeHtml(label)}<br><input name="${name}" type="${type}" required></label></p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>${escapeHtml(providerName)}</title></head>
<body>
<h1>${escapeHtml(providerName)}</h1>
<form method="post" action="${escapeHtml(action)}">
${field('email', OIDC_EMULATOR_FORM.email, 'email')}
${field('given_name', OIDC_EMULATOR_FORM.firstName)}
${field('family_name', OIDC_EMULATOR_FORM.lastName)}
<p><button type="submit">${escapeHtml(OIDC_EMULATOR_FORM.submit(providerName))}</button></p>
</form>
</body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

let signingKey: Record<string, unknown> | undefined;

/**
 * One RSA signing key per process: generating it costs tens of milliseconds (more on a busy machine) and tests start
 * several providers. An explicit key also keeps oidc-provider from warning about its development keys.
 */
function processSigningKey(): Record<string, unknown> {
  if (!signingKey) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    signingKey = {
      ...privateKey.export({ format: 'jwk' }),
      kid: 'emulator',
      use: 'sig',
      alg: 'RS256',
    };
  }
  return signingKey;
}

/**
 * Starts an OpenID Connect provider (oidc-provider, the certified implementation) on 127.0.0.1 at a free port, with
 * one confidential client whose redirect URIs are given. The server's tests use it silently, the browser tests with
 * its sign-in form; both speak the real protocol (discovery, authorization code with PKCE, token, userinfo, JWKS).
 */
export async function startOidcEmulator(options: OidcEmulatorOptions): Promise<OidcEmulator> {
  const mode = options.login ?? 'silent';
  const providerName = options.name ?? 'Local ID';
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  const { port, close } = await listenOnLoopback(server);
  const base = `http://127.0.0.1:${port}`;
  const issuer = options.tenant ? `${base}/${options.tenant}` : base;
  /** Accounts signed in through the form, by subject (the address typed). */
  const formAccounts = new Map<string, OidcAccount>();

  const state: OidcEmulator = {
    issuer: options.tenant ? `${base}/common` : issuer,
    clientId: options.clientId ?? 'energy-cloud-test',
    clientSecret: options.clientSecret ?? 'test-client-secret-with-enough-entropy',
    account: { sub: 'account-1', email: 'social.user@example.com', email_verified: true },
    close,
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
    cookies: { keys: ['emulator-cookie-key'] },
    // A plain answer instead of oidc-provider's default HTML page (which also logs a notice on every error).
    async renderError(ctx: { type: string; body: unknown }, out: Record<string, unknown>) {
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(out);
    },
    jwks: { keys: [processSigningKey()] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx: unknown, id: string) {
      // Silent mode reads the account at call time, so a test's replacement applies to the next token and userinfo.
      const account = mode === 'form' ? formAccounts.get(id) : state.account;
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { ...account, sub: id };
        },
      };
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (mode === 'form' && req.method === 'POST' && req.url?.endsWith('/login')) {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      formAccounts.set(email, {
        sub: email,
        email,
        email_verified: true,
        given_name: form.get('given_name') ?? '',
        family_name: form.get('family_name') ?? '',
      });
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: email } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      if (mode === 'form') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(loginPage(details.uid, providerName));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: state.account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    // Consent: granted without asking, for the scopes the client requested.
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? state.account.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

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
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (mount && req.url?.startsWith(mount)) {
      // Mounted under the tenant path, the way Express hands a sub-app its requests.
      (req as { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url.slice(mount.length) || '/';
    }
    callback(req, res);
  };
  return state;
}

/** A cookie jar for fetch: remembers Set-Cookie per host and sends the cookies back. */
export class CookieJar {
  readonly #cookies = new Map<string, Map<string, string>>();

  /** Keeps the cookies a response sets for its URL's host. */
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

  /** The Cookie header for a URL's host. */
  header(url: URL): string {
    return [...(this.#cookies.get(url.host) ?? new Map<string, string>())]
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }
}

/**
 * Follows the provider's redirects (authorization, silent interactions, resume) until one leaves the provider, and
 * answers that location (the relying party's callback URL with code and state).
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
