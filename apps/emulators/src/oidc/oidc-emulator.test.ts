import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CookieJar,
  followProvider,
  OIDC_EMULATOR_FORM,
  startOidcEmulator,
  type OidcEmulator,
} from './oidc-emulator.ts';

const CALLBACK = 'http://127.0.0.1:9/callback';

let running: OidcEmulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function discovery(issuer: string): Promise<Record<string, string>> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, string>;
}

/** An authorization request with PKCE, as a relying party sends it. */
function authorizationUrl(metadata: Record<string, string>, clientId: string) {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(metadata.authorization_endpoint as string);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return { url, verifier };
}

/** The claims of the ID token the code buys (payload only: the relying party's library checks the signature). */
async function redeem(
  metadata: Record<string, string>,
  idp: OidcEmulator,
  callback: URL,
  verifier: string,
): Promise<Record<string, unknown>> {
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  expect(callback.searchParams.get('state')).toBe('state-1');
  const res = await fetch(metadata.token_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: CALLBACK,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      code_verifier: verifier,
    }),
  });
  expect(res.status).toBe(200);
  const { id_token } = (await res.json()) as { id_token: string };
  const payload = id_token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('OpenID Connect emulator', () => {
  it('signs the configured account in silently and puts its claims into the ID token', async () => {
    const idp = (running = await startOidcEmulator({ redirectUris: [CALLBACK] }));
    idp.account = { sub: 'person-7', email: 'p7@example.com', email_verified: true, locale: 'sl' };
    const metadata = await discovery(idp.issuer);
    expect(metadata.issuer).toBe(idp.issuer);
    const { url, verifier } = authorizationUrl(metadata, idp.clientId);
    const claims = await redeem(metadata, idp, await followProvider(url.href), verifier);
    expect(claims).toMatchObject({
      iss: idp.issuer,
      sub: 'person-7',
      email: 'p7@example.com',
      locale: 'sl',
    });
  });

  it('refuses a redirect URI it was not given', async () => {
    const idp = (running = await startOidcEmulator({ redirectUris: ['http://127.0.0.1:9/other'] }));
    const { url } = authorizationUrl(await discovery(idp.issuer), idp.clientId);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
  });

  it('shows a sign-in form in form mode and signs in whoever is typed, verified', async () => {
    const idp = (running = await startOidcEmulator({
      redirectUris: [CALLBACK],
      login: 'form',
      name: 'Test ID',
      clientId: 'form-client',
      clientSecret: 'form-client-secret-with-enough-entropy',
    }));
    const metadata = await discovery(idp.issuer);
    const { url, verifier } = authorizationUrl(metadata, 'form-client');
    const jar = new CookieJar();
    const first = await fetch(url, { redirect: 'manual' });
    jar.store(url, first);
    const pageUrl = new URL(first.headers.get('location') ?? '', url);
    const page = await fetch(pageUrl, { headers: { cookie: jar.header(pageUrl) } });
    const html = await page.text();
    expect(html).toContain('<h1>Test ID</h1>');
    expect(html).toContain(OIDC_EMULATOR_FORM.submit('Test ID'));
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const post = new URL(action, pageUrl);
    const submitted = await fetch(post, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(post), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'Typed@Example.com',
        given_name: 'Ana',
        family_name: 'Novak',
      }),
    });
    jar.store(post, submitted);
    const resume = new URL(submitted.headers.get('location') ?? '', post);
    const claims = await redeem(metadata, idp, await followProvider(resume.href, jar), verifier);
    expect(claims).toMatchObject({
      sub: 'typed@example.com',
      email: 'typed@example.com',
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Novak',
    });
  });

  it('publishes a tenant template at /common like a multi-tenant issuer', async () => {
    const idp = (running = await startOidcEmulator({
      redirectUris: [CALLBACK],
      tenant: 'tenant-a',
    }));
    expect(idp.issuer).toMatch(/\/common$/);
    const common = await discovery(idp.issuer);
    expect(common.issuer).toBe(idp.issuer.replace(/\/common$/, '/{tenantid}'));
    const tenant = await discovery(idp.issuer.replace(/\/common$/, '/tenant-a'));
    expect(tenant.issuer).toBe(idp.issuer.replace(/\/common$/, '/tenant-a'));
  });
});
