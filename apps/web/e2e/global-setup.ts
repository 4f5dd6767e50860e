import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort, repoRoot, startAppServer, type AppServer } from './app-server.ts';
import { startOidcEmulator, type OidcEmulator } from '@ec/emulators/oidc';
import { LOCAL_OIDC } from './local-oidc.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Issuer of the local OpenID provider the server offers for social sign-in ('' with E2E_BASE_URL). */
    oidcIssuer: string;
  }
}

let server: AppServer | undefined;
let oidc: OidcEmulator | undefined;

export async function setup(project: TestProject): Promise<void> {
  // E2E_WEB_DIST builds into (and serves from) another folder, so parallel runs do not overwrite each other.
  const webDist = process.env.E2E_WEB_DIST;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
    execFileSync(
      'npm',
      [
        'run',
        '-s',
        'build',
        '-w',
        '@ec/web',
        '--',
        ...(webDist ? ['--outDir', webDist, '--emptyOutDir'] : []),
      ],
      { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
  }
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external);
    project.provide('oidcIssuer', '');
    return;
  }
  const port = await freePort();
  // The provider first: the server reads OIDC_PROVIDERS at start. Rate limits stay on (the default); the tests
  // keep within them (a fresh database per run) and one test checks the 429.
  oidc = await startOidcEmulator({
    redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/${LOCAL_OIDC.id}/callback`],
    login: 'form',
    name: LOCAL_OIDC.name,
    clientId: LOCAL_OIDC.clientId,
    clientSecret: LOCAL_OIDC.clientSecret,
  });
  const oidcProviders = [
    {
      id: LOCAL_OIDC.id,
      name: LOCAL_OIDC.name,
      issuer: oidc.issuer,
      clientId: LOCAL_OIDC.clientId,
      clientSecret: LOCAL_OIDC.clientSecret,
    },
  ];
  server = await startAppServer({
    port,
    webDist,
    env: {
      OIDC_PROVIDERS: JSON.stringify(oidcProviders),
      // The tests read the development mailbox without signing in (from this machine only: HOST is 127.0.0.1).
      DEV_MAILBOX: 'open',
    },
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('oidcIssuer', oidc.issuer);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await oidc?.close();
}
