import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  LOCAL_OIDC,
  startLocalOidcProvider,
  type LocalOidcProvider,
} from './local-oidc-provider.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Issuer of the local OpenID provider the server offers for social sign-in ('' with E2E_BASE_URL). */
    oidcIssuer: string;
  }
}

const repoRoot = new URL('../../../', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let oidc: LocalOidcProvider | undefined;

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
  dataDir = mkdtempSync(join(tmpdir(), 'ec-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The provider first: the server reads OIDC_PROVIDERS at start. Rate limits stay on (the default); the tests
  // keep within them (a fresh database per run) and one test checks the 429.
  oidc = await startLocalOidcProvider({
    redirectUri: `${baseUrl}/api/auth/oidc/${LOCAL_OIDC.id}/callback`,
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
  server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      MQTT_PORT: '0',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
      OIDC_PROVIDERS: JSON.stringify(oidcProviders),
      // The map draws the server's own SVG tiles: no outside tile server (and no failed loads) in tests.
      MAP_TILE_URL: 'local',
      // The tests read the development mailbox without signing in (from this machine only: HOST is 127.0.0.1).
      DEV_MAILBOX: 'open',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server, 90_000);
  project.provide('baseUrl', baseUrl);
  project.provide('oidcIssuer', oidc.issuer);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  await oidc?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
