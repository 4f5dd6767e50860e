import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = new URL('../../../', import.meta.url).pathname;

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
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

/** The real server on a free port with a fresh data directory (removed again by `stop`). */
export interface AppServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts `node apps/server/src/server.ts` the way the browser tests need it: loopback, a free port, a fresh
 * PGlite data directory (so the demo seed runs), the embedded MQTT broker on free ports with the demo's simulated
 * controllers, and the server's own map tiles. Pass `port` when
 * something must know the address before the server starts (an OIDC provider's redirect). Used by the browser tests' global setup
 * and by the sign-in JavaScript measurement (scripts/measure-login-js.ts).
 */
export async function startAppServer(
  options: {
    env?: Record<string, string>;
    port?: number;
    /** The built SPA to serve (default apps/web/dist). */
    webDist?: string;
    stdio?: 'inherit' | 'ignore';
    timeoutMs?: number;
  } = {},
): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ec-e2e-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // The embedded broker on free ports with the demo's simulated controllers (live data on the overview), and a
      // week of demo history instead of a year (the browser tests look at today).
      MQTT_ENABLED: 'true',
      MQTT_PORT: '0',
      MQTT_WS_PORT: '0',
      DEMO_SIMULATOR: 'true',
      DEMO_HISTORY_DAYS: '7',
      // No Moj Elektro demo import (two years of three metering points) behind every test server: the Moj Elektro
      // browser test adds its own token and metering point.
      DEMO_MOJ_ELEKTRO: 'false',
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
      // The map draws the server's own SVG tiles: no outside tile server (and no failed loads) in tests.
      MAP_TILE_URL: 'local',
      ...options.env,
    },
    stdio: ['ignore', options.stdio ?? 'inherit', options.stdio ?? 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A first start (initdb, migrations, demo seed) takes 4 s when quiet and over a minute when CI runs the static
    // checks beside the browser tests on a machine that is busy anyway: wait long rather than fail.
    await waitForHealth(baseUrl, child, options.timeoutMs ?? 240_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, child, stop };
}
