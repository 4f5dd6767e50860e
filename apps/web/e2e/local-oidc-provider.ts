import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The social sign-in provider the browser tests configure (OIDC_PROVIDERS of the e2e server). */
export const LOCAL_OIDC = {
  id: 'local',
  /** The button says "Continue with <name>". */
  name: 'Local ID',
  clientId: 'energy-cloud-e2e',
  clientSecret: 'e2e-client-secret-with-enough-entropy',
} as const;

/** Labels of the provider's own sign-in form (the provider's page, not the app: no catalog texts). */
export const LOCAL_OIDC_FORM = {
  email: 'E-mail',
  firstName: 'First name',
  lastName: 'Last name',
  submit: 'Sign in at Local ID',
} as const;

export interface LocalOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

interface Account {
  email: string;
  given_name: string;
  family_name: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The provider's sign-in page: whoever types an address is that account (verified), with the names given. */
function loginPage(uid: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const field = (name: string, label: string, type = 'text') =>
    `<p><label>${escapeHtml(label)}<br><input name="${name}" type="${type}" required></label></p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>Local ID</title></head>
<body>
<h1>Local ID</h1>
<form method="post" action="${escapeHtml(action)}">
${field('email', LOCAL_OIDC_FORM.email, 'email')}
${field('given_name', LOCAL_OIDC_FORM.firstName)}
${field('family_name', LOCAL_OIDC_FORM.lastName)}
<p><button type="submit">${escapeHtml(LOCAL_OIDC_FORM.submit)}</button></p>
</form>
</body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts oidc-provider on 127.0.0.1 (a free port) with one confidential client for the e2e server's callback.
 * Its interaction route is a tiny sign-in form a browser can fill (any address, marked verified); consent is
 * granted without asking. The same set-up as the server's tests (apps/server/src/test/oidc.ts), with a form
 * instead of a silent login.
 */
export async function startLocalOidcProvider(options: {
  redirectUri: string;
}): Promise<LocalOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Account>();
  // Own signing key and lifetimes, so oidc-provider does not warn about its development defaults.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'e2e',
    use: 'sig',
    alg: 'RS256',
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_OIDC.clientId,
        client_secret: LOCAL_OIDC.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['e2e-cookie-key'] },
    jwks: { keys: [signingKey] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email_verified: true, ...account };
        },
      };
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'POST' && req.url?.endsWith('/login')) {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      accounts.set(email, {
        email,
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
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(loginPage(details.uid));
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? '',
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

  handler = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    interaction(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
